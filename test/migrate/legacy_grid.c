/* Legacy style: a 3-D field whose element count is an int product, and whole
 * planes moved as one contiguous datatype whose byte size is a size_t.
 *
 * Size: argv[1..3] or MIGRATE_GRID="nx ny nz" (default 8 8 8). Run with 2+ ranks.
 * Everything is printed by rank 0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void grid_size(int argc, char **argv, int *nx, int *ny, int *nz) {
  const char *env = getenv("MIGRATE_GRID");
  *nx = *ny = *nz = 8;
  if (argc > 3) {
    *nx = atoi(argv[1]);
    *ny = atoi(argv[2]);
    *nz = atoi(argv[3]);
  } else if (env) {
    sscanf(env, "%d %d %d", nx, ny, nz);
  }
}

static double field_sum(const double *f, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i)
    s += f[i] * (double)(i % 101);
  return s;
}

int main(int argc, char **argv) {
  int rank, nprocs, nx, ny, nz;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  grid_size(argc, argv, &nx, &ny, &nz);
  size_t points = (size_t)nx * ny * nz;
  double *field = malloc(points * sizeof(double));
  if (!field || nprocs < 2) {
    fprintf(stderr, "need 2+ ranks and %zu points\n", points);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  for (size_t i = 0; i < points; ++i)
    field[i] = rank == 1 ? (double)(i % 1000) * 0.5 : -1.0;

  /* The whole field from rank 1 to rank 0: the count is nx * ny * nz in int. */
  if (rank == 1) {
    MPI_Send(field, nx * ny * nz, MPI_DOUBLE, 0, 5, MPI_COMM_WORLD);
  } else if (rank == 0) {
    MPI_Status status;
    int n;
    MPI_Recv(field, nx * ny * nz, MPI_DOUBLE, 1, 5, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_DOUBLE, &n);
    printf("field: %d doubles, weighted sum %.1f\n", n, field_sum(field, points));
  }

  /* Plane by plane: one plane is nx * ny doubles, described in bytes. */
  size_t plane_bytes = (size_t)nx * ny * sizeof(double);
  MPI_Datatype plane;
  MPI_Type_contiguous(plane_bytes, MPI_BYTE, &plane);
  MPI_Type_commit(&plane);
  if (rank == 0)
    for (size_t i = 0; i < points; ++i)
      field[i] += 1.0;
  MPI_Bcast(field, nz, plane, 0, MPI_COMM_WORLD);
  MPI_Type_free(&plane);
  double mine = field_sum(field, points), sums[64];
  MPI_Gather(&mine, 1, MPI_DOUBLE, sums, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < nprocs && r < 64; ++r)
      printf("planes: rank %d weighted sum %.1f\n", r, sums[r]);

  free(field);
  MPI_Finalize();
  return 0;
}
