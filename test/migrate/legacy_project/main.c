/* A legacy multi-file code: its sizes are computed in one file and handed to
 * MPI in others, through int parameters and int helpers. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "comm.h"
#include "grid.h"

static double checksum(const double *v, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i)
    s += v[i] * (double)(i % 13 + 1);
  return s;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 4) {
    if (rank == 0)
      fprintf(stderr, "usage: %s nx ny nz\n", argv[0]);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int nx = atoi(argv[1]), ny = atoi(argv[2]), nz = atoi(argv[3]);
  size_t n = (size_t)nx * ny * nz;
  double *field = malloc(n * sizeof *field);
  for (size_t i = 0; i < n; ++i)
    field[i] = rank * 1000.0 + (double)(i % 97);

  int peer = size - 1 - rank;
  exchange(field, n, peer);            /* size_t into an int parameter */
  relay(field, nx * ny, peer);         /* an int product, two calls deep */
  share(field, cells(nx, ny, nz));     /* an int helper of another file */
  int counts[3] = {nx, ny, nz};
  MPI_Allreduce(MPI_IN_PLACE, field, total(counts, 3), MPI_DOUBLE, MPI_SUM,
                MPI_COMM_WORLD);

  double mine = checksum(field, n);
  if (rank == 0) {
    printf("rank 0: %.1f\n", mine);
    for (int r = 1; r < size; ++r) {
      double theirs;
      MPI_Recv(&theirs, 1, MPI_DOUBLE, r, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      printf("rank %d: %.1f\n", r, theirs);
    }
  } else {
    MPI_Send(&mine, 1, MPI_DOUBLE, 0, 9, MPI_COMM_WORLD);
  }
  free(field);
  MPI_Finalize();
  return 0;
}
