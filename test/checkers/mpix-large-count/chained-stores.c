// A chained store, `m = n = e`, gives m what n holds (pfft's ghost-cell
// exchange, held-out audit: the origin count of an MPI_Get set this way
// was missed). Where m and n are of one type, m holds e as n does; where
// they differ, m is computed from n. The fix widens both or neither: a
// chain through a variable it does not retype would carry the truncated
// value into the wide one, so it is blocked there. The fixed file
// compiles, and the check finds only the blocked calls again.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags %mpix_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' -- %mpi_cflags %mpix_cflags 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not=warning:
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags %mpix_cflags 2>&1 | FileCheck %s --check-prefix=NOTES

#include <mpi.h>
#include <mpix.h>
#include <stddef.h>

// Both ends of the chain are counts of the call: both are retyped.
void pull_plane(double *buf, ptrdiff_t rows, ptrdiff_t cols, int peer,
                MPI_Win win) {
  int origin, target;
  // CHECK-FIXES: MPI_Count origin;
  // CHECK-FIXES-NEXT: MPI_Count target;
  origin = target = (int)(rows * cols);
  // CHECK-FIXES: origin = target = (MPI_Count)(rows * cols);
  MPI_Get(buf, origin, MPI_DOUBLE, peer, 0, target, MPI_DOUBLE, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: count 'origin' holds a value narrowed from 'ptrdiff_t'
  // CHECK-MESSAGES: :[[@LINE-2]]:45: warning: count 'target' holds a value narrowed from 'ptrdiff_t'
  // CHECK-FIXES: MPIX_Get_x(buf, origin, MPI_DOUBLE, peer, 0, target, MPI_DOUBLE, win);
}

// Only the outer variable is sent: it is reported, and the fix, which
// would leave n an int on the way, is not made.
void send_plane(double *buf, ptrdiff_t rows, ptrdiff_t cols, int peer) {
  int n;
  int m = n = rows * cols;
  MPI_Send(buf, m, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'm' holds a value narrowed from 'ptrdiff_t'
  // CHECK-FIXES: int m = n = rows * cols;
  // CHECK-FIXES-NEXT: MPI_Send(buf, m, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
}
// NOTES: chained-stores.c:36:13: note: no automatic fix: the value is also stored into 'n' here, which this fix does not widen
// AGAIN: :{{[0-9]+}}:17: warning: count 'm' holds a value narrowed from 'ptrdiff_t'

// A wide variable given a value an int truncated on the way: the int is
// the one to retype.
void send_wide(double *buf, ptrdiff_t rows, ptrdiff_t cols, int peer) {
  int n;
  // CHECK-FIXES: MPI_Count n;
  MPI_Count m = n = rows * cols;
  MPIX_Send_x(buf, m, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count 'm' is computed from 'n', which holds a value narrowed from 'ptrdiff_t'
}
// NOTES: chained-stores.c:50:17: note: 'm' is assigned 'n = rows * cols' here

// Controls: a chain that narrows nothing, and one whose value fits.
void send_fits(double *buf, int rows, int peer) {
  int n;
  int m = n = rows;
  MPI_Send(buf, m, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
  MPI_Count c = n = 1000;
  MPIX_Send_x(buf, c, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
}
