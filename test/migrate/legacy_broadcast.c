/* Legacy style: rank 0 decides how large a table is (a size_t read from the
 * command line), keeps the size in an int, broadcasts that int and then the
 * table. Above INT_MAX the int wraps on rank 0 before anyone sees it, so the
 * fix must widen the int before the broadcast and broadcast it as
 * MPI_COUNT.
 *
 * Size: argv[1] (bytes, default 4096). Run with 2 or more ranks. Only rank
 * 0 prints: the size every rank got, a checksum and the bytes that differ
 * from what the table should hold, summed over the ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned char entry(size_t i) { return (unsigned char)(i * 13 + 5); }

int main(int argc, char **argv) {
  int rank, nprocs, size = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (rank == 0)
    size = strtoull(argc > 1 ? argv[1] : "4096", NULL, 10);
  MPI_Bcast(&size, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (size <= 0 || nprocs < 2) {
    if (rank == 0)
      fprintf(stderr, "need 2 or more ranks and a size from 1 to INT_MAX\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  unsigned char *table = malloc(size);
  if (!table)
    MPI_Abort(MPI_COMM_WORLD, 2);
  if (rank == 0)
    for (size_t i = 0; i < (size_t)size; ++i)
      table[i] = entry(i);
  MPI_Bcast(table, size, MPI_BYTE, 0, MPI_COMM_WORLD);

  unsigned long long wrong = 0, sum = 0, all_wrong = 0, sizes = 0, all_sizes = 0;
  for (size_t i = 0; i < (size_t)size; ++i) {
    wrong += table[i] != entry(i);
    sum = sum * 31 + table[i] + (i & 0xff);
  }
  sizes = (unsigned long long)size;
  MPI_Reduce(&wrong, &all_wrong, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&sizes, &all_sizes, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("table of %llu bytes on %d ranks (%llu in all), checksum %llu, %llu wrong\n",
           sizes, nprocs, all_sizes, sum, all_wrong);
  free(table);
  MPI_Finalize();
  return 0;
}
