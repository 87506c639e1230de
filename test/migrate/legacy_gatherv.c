/* Legacy style: every rank contributes a different number of bytes; the
 * counts are exchanged with MPI_Allgather as MPI_INT, the displacements are an
 * int running sum of them, and rank 0 collects everything with MPI_Gatherv.
 *
 * Size: argv[1] or MIGRATE_BYTES (bytes from rank 0, default 3000; rank r
 * sends that plus 7 * r). Everything is printed by rank 0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t problem_size(int argc, char **argv) {
  const char *s = argc > 1 ? argv[1] : getenv("MIGRATE_BYTES");
  return s ? strtoull(s, NULL, 10) : 3000;
}

int main(int argc, char **argv) {
  int rank, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  size_t mine = problem_size(argc, argv) + 7 * (size_t)rank;
  unsigned char *part = malloc(mine);
  if (!part) {
    fprintf(stderr, "cannot allocate %zu bytes\n", mine);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  for (size_t i = 0; i < mine; ++i)
    part[i] = (unsigned char)(rank * 40 + i % 37);

  int mycount = mine;
  int *counts = malloc(nprocs * sizeof(int));
  int *displs = malloc(nprocs * sizeof(int));
  MPI_Allgather(&mycount, 1, MPI_INT, counts, 1, MPI_INT, MPI_COMM_WORLD);
  displs[0] = 0;
  for (int r = 1; r < nprocs; ++r)
    displs[r] = displs[r - 1] + counts[r - 1];

  size_t total = (size_t)displs[nprocs - 1] + counts[nprocs - 1];
  unsigned char *all = rank == 0 ? malloc(total) : NULL;
  if (rank == 0 && !all)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Gatherv(part, mycount, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD);

  if (rank == 0) {
    printf("gatherv: %zu bytes from %d ranks\n", total, nprocs);
    for (int r = 0; r < nprocs; ++r) {
      unsigned long long h = 0;
      int bad = 0;
      for (size_t i = 0; i < (size_t)counts[r]; ++i) {
        unsigned char expect = (unsigned char)(r * 40 + i % 37);
        h = h * 31 + all[displs[r] + i];
        bad += all[displs[r] + i] != expect;
      }
      printf("rank %d: %d bytes at %d, checksum %llu, %d wrong\n", r, counts[r], displs[r], h,
             bad);
    }
    free(all);
  }
  free(counts);
  free(displs);
  free(part);
  MPI_Finalize();
  return 0;
}
