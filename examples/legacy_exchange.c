/* A small legacy MPI code of the kind mpix-tidy is for: its sizes are size_t,
 * but every MPI call takes an int count, so above 2^31-1 elements it sends a
 * truncated (or negative) count. It also asks a zero-dimensional Cartesian
 * communicator for its neighbours, which MPI says is erroneous.
 *
 *   usage: legacy_exchange [elements]   (default 5000)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static double checksum(const double *data, size_t n) {
  double sum = 0;
  for (size_t i = 0; i < n; ++i)
    sum += data[i];
  return sum;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  size_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 5000;
  double *data = malloc(n * sizeof(double));
  for (size_t i = 0; i < n; ++i)
    data[i] = rank == 0 ? (double)(i % 1000) : -1.0;

  /* Point to point: rank 0 sends everything to rank 1. */
  if (rank == 0) {
    MPI_Send(data, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Status status;
    int received;
    MPI_Recv(data, n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_DOUBLE, &received);
    printf("rank 1 received %d doubles, checksum %.0f\n", received,
           checksum(data, n));
  }

  /* Collectives: everyone gets rank 0's data, then sums it. */
  MPI_Bcast(data, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, data, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("allreduce over %d ranks, checksum %.0f\n", size, checksum(data, n));

  /* Topology: a Cartesian grid reduced to zero dimensions has no neighbours. */
  MPI_Comm grid, point;
  int dims[1] = {0}, periods[1] = {0}, remain[1] = {0};
  MPI_Dims_create(size, 1, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &grid);
  MPI_Cart_sub(grid, remain, &point);
  if (point != MPI_COMM_NULL) {
    int source, dest;
    MPI_Cart_shift(point, 0, 1, &source, &dest);
    MPI_Comm_free(&point);
  }
  MPI_Comm_free(&grid);

  free(data);
  MPI_Finalize();
  return 0;
}
