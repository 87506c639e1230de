// A count array gathered from each process's own count, `MPI_Allgather(&n,
// 1, MPI_INT, counts, ...)`, holds what n held: a size narrowed into n
// (`int n = k * sizeof(T)`) reaches the v-collective that reads the array
// (Gadget4's subfind gathers, held-out audit: only the displacements were
// reported). The fix would change the gather's datatype with both: it is
// left to the user.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES

#include <mpi.h>
#include <stddef.h>

struct cand {
  long long len, bound;
  int parent;
};

void gather_cands(const struct cand *mine, size_t ncand, char *all,
                  MPI_Comm comm) {
  int np, counts[256];
  MPI_Comm_size(comm, &np);
  if (np > 256)
    return;
  int bytes = ncand * sizeof(struct cand);
  MPI_Allgather(&bytes, 1, MPI_INT, counts, 1, MPI_INT, comm);
  int displs[256] = {0};
  MPI_Gatherv(mine, bytes, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: count 'bytes' holds a value narrowed from 'unsigned long'
  // CHECK-MESSAGES: :[[@LINE-2]]:43: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
}
// NOTES: gathered-counts.c:25:17: note: 'bytes' is gathered into the array here
// NOTES: gathered-counts.c:25:17: note: no automatic fix: 'bytes' is gathered into the array: the collective's datatypes change with the two, by hand

// Controls: a count that fits, and one the author converts by a cast.
void gather_small(const int *mine, size_t n, int *all, MPI_Comm comm) {
  int np, counts[64], displs[64] = {0};
  MPI_Comm_size(comm, &np);
  if (np > 64 || n > 1000)
    return;
  int k = n;
  MPI_Allgather(&k, 1, MPI_INT, counts, 1, MPI_INT, comm);
  MPI_Allgatherv(mine, k, MPI_INT, all, counts, displs, MPI_INT, comm);
  int m = (int)(n * 2);
  MPI_Allgather(&m, 1, MPI_INT, counts, 1, MPI_INT, comm);
  MPI_Allgatherv(mine, 1, MPI_INT, all, counts, displs, MPI_INT, comm);
}
