// The pass over the control flow: each use sees the stores and the branches
// that reach it. Clamps, reassignments, loop conditions and calls that never
// return bound what reaches MPI; values that grow in a loop do not.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

// A clamp by a later store in a branch: at the call piece <= INT_MAX.
void send_in_pieces(const char *buf, size_t n, MPI_Comm comm) {
  for (size_t off = 0; off < n;) {
    size_t piece = n - off;
    if (piece > INT_MAX)
      piece = INT_MAX;
    MPI_Send(buf + off, (int)piece, MPI_BYTE, 0, 0, comm);
    off += piece;
  }
}

// The same clamp written as a reassignment through a conditional.
void send_clamped(const double *buf, size_t n, MPI_Comm comm) {
  n = n < INT_MAX ? n : INT_MAX;
  MPI_Send(buf, (int)n, MPI_DOUBLE, 0, 0, comm);
}

// Narrowed first, clamped after: the narrowed value reaches the call only
// on the path where n <= INT_MAX.
void send_clamped_later(const double *buf, size_t n, MPI_Comm comm) {
  int cnt = (int)n;
  if (n > INT_MAX)
    cnt = INT_MAX;
  MPI_Send(buf, cnt, MPI_DOUBLE, 0, 0, comm);
}

// A doubling loop: inside it cnt < 660000, so 2 * cnt cannot overflow.
void ping_sizes(char *buf, MPI_Comm comm) {
  int cnt, tag;
  for (cnt = 1, tag = 1; cnt < 660000; cnt = 2 * cnt, tag++)
    MPI_Send(buf, cnt, MPI_BYTE, 0, tag, comm);
}

// Past a call that never returns, the bound holds.
void send_checked(const double *buf, size_t n, MPI_Comm comm) {
  if (n > INT_MAX)
    MPI_Abort(comm, 1);
  MPI_Send(buf, (int)n, MPI_DOUBLE, 0, 0, comm);
}

// The condition compares the sum itself, not a variable.
void send_sum(const double *buf, size_t n, size_t m, MPI_Comm comm) {
  MPI_Send(buf, (int)(n + m > INT_MAX ? INT_MAX : n + m), MPI_DOUBLE, 0, 0,
           comm);
}

// Displacements that count ranks: no running sum of sizes.
void gather_one_each(int *rc, int *buf, int np, MPI_Comm comm) {
  int *displs = malloc(np * sizeof(int));
  for (int i = 0; i < np; i++)
    displs[i] = i;
  MPI_Gatherv(buf, 1, MPI_INT, buf, rc, displs, MPI_INT, 0, comm);
  free(displs);
}

// Misses the pass must not make: a value that doubles without a bound.
void grow(char *buf, int steps, MPI_Comm comm) {
  int cnt = 1;
  for (int i = 0; i < steps; i++)
    cnt = 2 * cnt;
  MPI_Send(buf, cnt, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'cnt' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:11: note: '2 * cnt' can overflow 'int' here
  // CHECK-NOTES: :[[@LINE-4]]:5: note: 'cnt' is assigned '2 * cnt' here, which the analysis cannot bound
}

// A clamp on one path only: the other still narrows.
void clamp_one_path(const double *buf, size_t n, int small, MPI_Comm comm) {
  if (small && n > INT_MAX)
    n = INT_MAX;
  MPI_Send(buf, (int)n, MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-5]]:47: note: 'n' is a parameter: its callers may pass any value
}

// A bound checked before a store that changes the value again.
void clamp_then_grow(const double *buf, size_t n, MPI_Comm comm) {
  if (n > INT_MAX)
    n = INT_MAX;
  n = n * 4;
  MPI_Send(buf, (int)n, MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-6]]:48: note: 'n' is a parameter: its callers may pass any value
}

// A loop counter grown by `length * 2 + 1` below a bound, with a loop
// inside: the inner loop's widening loses the outer condition on the way
// round, and a wrapping product would have made length anything. Signed
// overflow is undefined, so a run that goes on has length * 2 in range:
// length stays positive, below 66000 at the call (MPICH coll/alltoallv0.c).
void odd_lengths(int *buf, MPI_Comm comm) {
  for (int length = 1; length < 66000; length = length * 2 + 1) {
    for (int i = 0; i < length; i++)
      buf[i] = i;
    MPI_Send(buf, length, MPI_INT, 0, 0, comm);
  }
}

// With -fwrapv the product wraps, and nothing is assumed.
// RUN: %mpix_tidy --checks='-*,mpix-large-count' %s -- -fwrapv %mpi_cflags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WRAPV
// WRAPV: flow.c:[[@LINE-7]]:19: warning: count 'length' holds a value computed in 'int' that can overflow
