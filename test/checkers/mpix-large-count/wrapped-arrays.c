// Count and displacement arrays handed to MPI through a wrapper of the
// program (Gadget4's myMPI_Allgatherv, held-out audit: the arrays its
// callers filled were never judged). A pointer parameter given to a
// v-collective as it came is judged at each call of the wrapper as that
// collective's array. The fix would retype the wrapper's parameter with
// every caller's array: it is left to the user, and the note says why.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES

#include <mpi.h>
#include <stddef.h>

struct leaf {
  double mass, pos[3];
};

static int gather_all(void *send, int count, MPI_Datatype type, void *recv,
                      int *counts, int *displs, MPI_Comm comm) {
  return MPI_Allgatherv(send, count, type, recv, counts, displs, type, comm);
}

void gather_leaves(struct leaf *mine, int n, struct leaf *all, MPI_Comm comm) {
  int np, bytes[1024], offsets[1024];
  MPI_Comm_size(comm, &np);
  if (np > 1024)
    return;
  MPI_Allgather(&n, 1, MPI_INT, bytes, 1, MPI_INT, comm);
  for (int i = 0; i < np; i++)
    bytes[i] = bytes[i] * sizeof(struct leaf);
  offsets[0] = 0;
  for (int i = 1; i < np; i++)
    offsets[i] = offsets[i - 1] + bytes[i - 1];
  gather_all(mine, n, MPI_BYTE, all, bytes, offsets, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: count array 'bytes' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:45: warning: displacement array 'offsets' of MPI_Allgatherv is an 'int' running sum
}
// NOTES: wrapped-arrays.c:18:28: note: no automatic fix: 'counts' of 'gather_all' is an array MPI reads: it changes type with the arrays passed to it, by hand
// NOTES: wrapped-arrays.c:19:50: note: 'gather_all' hands it to MPI_Allgatherv as its count array here
// NOTES: wrapped-arrays.c:18:41: note: no automatic fix: 'displs' of 'gather_all' is an array MPI reads: it changes type with the arrays passed to it, by hand
// NOTES: wrapped-arrays.c:19:58: note: 'gather_all' hands it to MPI_Allgatherv as its displacement array here

// Controls: arrays of small values through the same wrapper; a wrapper
// that fills the arrays itself, so that what callers pass is not what MPI
// reads; an array given to a parameter MPI does not read as counts.
void gather_ranks(int *all, MPI_Comm comm) {
  int np, me, ones[64], firsts[64];
  MPI_Comm_size(comm, &np);
  MPI_Comm_rank(comm, &me);
  if (np > 64)
    return;
  for (int i = 0; i < np; i++) {
    ones[i] = 1;
    firsts[i] = i;
  }
  gather_all(&me, 1, MPI_INT, all, ones, firsts, comm);
}

static int gather_even(void *send, int count, void *recv, int *counts,
                       int *displs, int np, MPI_Comm comm) {
  for (int i = 0; i < np; i++) {
    counts[i] = count;
    displs[i] = i * count;
  }
  return MPI_Allgatherv(send, count, MPI_BYTE, recv, counts, displs, MPI_BYTE,
                        comm);
}

void gather_blocks(char *mine, long len, char *all, MPI_Comm comm) {
  int np, counts[64], displs[64], sizes[64];
  MPI_Comm_size(comm, &np);
  if (np > 64)
    return;
  for (int i = 0; i < np; i++)
    sizes[i] = len * i;
  gather_even(mine, 16, all, counts, displs, np, comm);
  MPI_Allgather(&np, 1, MPI_INT, sizes, 1, MPI_INT, comm);
}
