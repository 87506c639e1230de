// A wrapper that hands its count to MPI and, for a local target, to a copy
// helper whose int parameter reaches no MPI call (armci-mpi's ARMCI_Copy,
// second round of the fix audit): widening the wrapper's parameter would
// give MPI the whole size and the copy a truncated one, so the fix is not
// made, and the note names the helper.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTE
// NOTE: fix-wrapper-local-copy.c:20:20: note: no automatic fix: it is also passed to 'copy', whose parameter stays 'int'

#include <mpi.h>
#include <string.h>

static void copy(void *src, void *dst, int size) { memcpy(dst, src, size); }

static int get(void *src, void *dst, int size, int target, MPI_Win win) {
  // CHECK-FIXES: static int get(void *src, void *dst, int size, int target, MPI_Win win) {
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (target == me) {
    copy(src, dst, size);
    return 0;
  }
  return MPI_Get(dst, size, MPI_BYTE, target, 0, size, MPI_BYTE, win);
}

void get_block(double *a, double *buf, int edge, int target, MPI_Win win) {
  get(a, buf, edge * edge, target, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'edge * edge' is computed in 'int' and can overflow before parameter 'size' of 'get' passes it to MPI_Get as its count
  // CHECK-FIXES: get(a, buf, edge * edge, target, win);
}
