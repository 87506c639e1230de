// The note under "array ... is filled with values that can exceed INT_MAX"
// says what is known: a product can overflow, a constant does not fit.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

void strided_blocks(float *out, float *in, int blk, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *cnt = malloc(np * sizeof(int));
  int *off = malloc(np * sizeof(int));
  for (int r = 0; r < np; r++) {
    cnt[r] = blk;
    off[r] = r * blk;
  }
  MPI_Allgatherv(in, blk, MPI_FLOAT, out, cnt, off, MPI_FLOAT, comm);
  // CHECK-NOTES: :[[@LINE-1]]:48: warning: displacement array 'off' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-4]]:14: note: 'r * blk' can overflow 'int' here: r below the communicator size, blk unbounded
  // CHECK-NOTES: :[[@LINE-12]]:48: note: 'blk' is a parameter: its callers may pass any value
  free(cnt);
  free(off);
}

void constant_block(float *out, float *in, MPI_Comm comm) {
  int cnt[2] = {1, 1}, off[2];
  off[0] = 0;
  off[1] = 3000000000LL;
  MPI_Allgatherv(in, 1, MPI_FLOAT, out, cnt, off, MPI_FLOAT, comm);
  // CHECK-NOTES: :[[@LINE-1]]:46: warning: displacement array 'off' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: '3000000000LL' does not fit in 'int' here
}
