// The model of a run: for a count over 2^31-1 a status query stores
// MPI_UNDEFINED into its 'int' output. MPI_UNDEFINED is unequal to every
// count an 'int' can hold, as the exact count is, so a program that only
// tests the output for equality (with any value) or prints it behaves as it
// would with the exact count. Every read that the query's value reaches
// counts: later ones, earlier ones in a loop around the query, ones past a
// re-query; not ones after a whole reassignment.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int errs;
#define check(cond) do { if (!(cond)) { ++errs; fprintf(stderr, "%s\n", #cond); } } while (0)

extern void use(int);

// Tested against a constant, through the program's own macro.
void tested_against_constant(MPI_Status *st) {
  int count = -1;
  MPI_Get_count(st, MPI_INT, &count);
  check(count == 1);
}

// Tested against an array's element, and printed when it differs.
void tested_against_expected(MPI_Status *st, const int *expected, int j) {
  int count;
  MPI_Get_count(st, MPI_DOUBLE, &count);
  if (count != expected[j])
    fprintf(stderr, "got %d expected %d\n", count, expected[j]);
}

// Queried again into the same output and tested each time.
void queried_twice(MPI_Status *st, MPI_Datatype t) {
  int elements;
  MPI_Get_elements(st, t, &elements);
  check(elements == 4);
  MPI_Get_elements(st, MPI_INT, &elements);
  check(elements != 0);
}

// The output reused as the count of the next receive, after a reassignment:
// the query's value does not reach it.
void reused_after_reassignment(MPI_Status *st, int *buf) {
  int count = -1;
  MPI_Get_count(st, MPI_INT, &count);
  check(count == 0);
  count = 2;
  MPI_Recv(buf, count, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

// An equality test that bounds a loop reads the count as a size.
void loop_until_count(MPI_Status *st) {
  int count, i;
  MPI_Get_count(st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  for (i = 0; i != count; ++i)
    use(i);
}

// Tested, then used as a size.
void tested_then_allocated(MPI_Status *st) {
  int count;
  MPI_Get_count(st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  if (count == 0)
    return;
  free(malloc(count * sizeof(int)));
}

// Used as the next receive's count without a reassignment.
void reused_without_reassignment(MPI_Status *st, int *buf) {
  int count;
  MPI_Get_count(st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  check(count == 2);
  MPI_Recv(buf, count, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

// In a loop, the next turn's receive reads the count before the query.
void read_by_next_turn(int *buf, int turns) {
  int count = 1;
  for (int t = 0; t < turns; ++t) {
    MPI_Status st;
    MPI_Recv(buf, count, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &count);
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
    check(count != 0);
  }
}

// Its address kept: a read through the pointer does not name it.
void address_kept(MPI_Status *st) {
  int count;
  int *seen = &count;
  MPI_Get_count(st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  check(count == 1);
  use(*seen);
}

// Sent on: another rank may size a buffer with it.
void sent_on(MPI_Status *st) {
  int count;
  MPI_Get_count(st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  check(count != 0);
  MPI_Send(&count, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
}
