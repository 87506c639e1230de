// A count array gathered from each process's own count, `MPI_Allgather(&n,
// 1, MPI_INT, counts, ...)`, holds what n held: a size narrowed into n
// (`int n = k * sizeof(T)`) reaches the v-collective that reads the array
// (Gadget4's subfind gathers, held-out audit: only the displacements were
// reported). The fix retypes n with the array, and the gather's datatypes
// follow them; the fixed file compiles, and the check finds nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags
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
  // CHECK-FIXES: MPI_Count counts[256];
  MPI_Comm_size(comm, &np);
  if (np > 256)
    return;
  int bytes = ncand * sizeof(struct cand);
  // CHECK-FIXES: MPI_Count bytes = ncand * sizeof(struct cand);
  MPI_Allgather(&bytes, 1, MPI_INT, counts, 1, MPI_INT, comm);
  // CHECK-FIXES: MPI_Allgather(&bytes, 1, MPI_COUNT, counts, 1, MPI_COUNT, comm);
  int displs[256] = {0};
  // CHECK-FIXES: MPI_Aint displs[256] = {0};
  MPI_Gatherv(mine, bytes, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: count 'bytes' holds a value narrowed from 'unsigned long'
  // CHECK-MESSAGES: :[[@LINE-2]]:43: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-FIXES: MPIX_Gatherv_x(mine, bytes, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, comm);
}
// NOTES: gathered-counts.c:30:17: note: 'bytes' is gathered into the array here

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
