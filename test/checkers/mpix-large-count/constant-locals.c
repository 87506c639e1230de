// Locals that hold constants: found in the MPI Bugs Initiative and
// MPI-CorrBench runs (docs/corpus.md, patterns L and M).
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

// L: a placeholder initializer that is overwritten on every path before the
// call never reaches MPI.
void placeholder_then_loop(long *acc) {
  int len = -1;
  for (len = 0; len < 2048; len > 0 ? len *= 2 : len++)
    MPI_Reduce_local(acc, acc, len, MPI_LONG, MPI_MAX);
}

void placeholder_then_store(char *msg, int want, MPI_Comm comm) {
  int len = -1;
  len = want;
  MPI_Send(msg, len, MPI_CHAR, 1, 3, comm);
}

// Real twins: the placeholder can reach the call.
void placeholder_kept_on_a_path(char *msg, int want, MPI_Comm comm) {
  int len = -1;
  if (want > 0)
    len = want;
  MPI_Send(msg, len, MPI_CHAR, 1, 3, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'len' can be negative: it is assigned -1; MPI rejects a negative count with MPI_ERR_COUNT [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-5]]:13: note: '-1' is assigned here
  // CHECK-NOTES: :[[@LINE-6]]:13: note: no automatic fix: a negative count is a bug, not a large count
}

void placeholder_read_by_the_store(char *msg, MPI_Comm comm) {
  int len = -1;
  len = len * 4;
  MPI_Send(msg, len, MPI_CHAR, 1, 3, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'len' can be negative: it is assigned -1
  // CHECK-NOTES: :[[@LINE-4]]:13: note: '-1' is assigned here
  // CHECK-NOTES: :[[@LINE-5]]:13: note: no automatic fix: a negative count is a bug, not a large count
}

void placeholder_jumped_over(char *msg, int want, MPI_Comm comm) {
  int len = -1;
  if (want < 0)
    goto send;
  len = want;
send:
  MPI_Send(msg, len, MPI_CHAR, 1, 3, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'len' can be negative: it is assigned -1
  // CHECK-NOTES: :[[@LINE-7]]:13: note: '-1' is assigned here
  // CHECK-NOTES: :[[@LINE-8]]:13: note: no automatic fix: a negative count is a bug, not a large count
}

// The store nearest the call decides: a label after an earlier store does
// not matter when another store follows the label.
void placeholder_stored_again_after_label(char *msg, int want, MPI_Comm comm) {
  int len = -1;
  if (want < 0)
    goto send;
  len = want;
send:;
  len = want > 0 ? want : 0;
  MPI_Send(msg, len, MPI_CHAR, 1, 3, comm);
}

// M: a negative constant stored on one branch is a negative count, not an
// overflow; MPI_Count would not help, so no fix is offered.
void negative_on_a_branch(double *row, int argc, MPI_Comm comm) {
  int items = 8;
  if (argc > 2)
    items = -1;
  else
    items = 8;
  MPI_Bcast(row, items, MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count 'items' can be negative: it is assigned -1; MPI rejects a negative count with MPI_ERR_COUNT [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-5]]:13: note: '-1' is assigned here
  // CHECK-NOTES: :[[@LINE-6]]:13: note: no automatic fix: a negative count is a bug, not a large count
  // CHECK-FIXES: {{^}}  int items = 8;{{$}}
  // CHECK-FIXES: {{^}}  MPI_Bcast(row, items, MPI_DOUBLE, 0, comm);{{$}}
}

// A constant too large for the local: widening the local does fix that.
void too_large_on_a_branch(double *row, int argc, MPI_Comm comm) {
  int items = 8;
  if (argc > 2)
    items = 4000000000LL;
  MPI_Bcast(row, items, MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count 'items' is assigned 4000000000, which does not fit in 'int' (INT_MAX is 2147483647) [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-3]]:13: note: '4000000000LL' is assigned here
  // CHECK-FIXES: {{^}}  MPI_Count items = 8;{{$}}
  // CHECK-FIXES: {{^}}  {{MPI_Bcast_c|MPIX_Bcast_x}}(row, items, MPI_DOUBLE, 0, comm);{{$}}
}
