// The model of a run: a status passed by value is the function's own copy.
// A fill that every path to a query runs (a receive, MPI_Status_set_elements)
// replaces what the caller gave, so the query holds that fill's count. And a
// count whose first read after the query compares it with MPI_UNDEFINED is
// handled by the program: what MPI returns for a count its 'int' cannot hold
// is what the program looks for.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>

extern void use(int);

// Every caller's status is unknown here: extern, callable from any unit.
int refilled(MPI_Status status, MPI_Count expected) {
  int count = 0;
  if (expected <= INT_MAX) {
    MPI_Status_set_elements_x(&status, MPI_INT, expected);
    MPI_Get_count(&status, MPI_INT, &count);
  }
  return count;
}

int received(MPI_Status status, int *buf, MPI_Comm comm) {
  int count;
  MPI_Recv(buf, 64, MPI_INT, 0, 0, comm, &status);
  MPI_Get_count(&status, MPI_INT, &count);
  return count;
}

// Filled on one path only: the caller's status reaches the query.
int filled_on_one_path(MPI_Status status, int *buf, MPI_Comm comm, int flag) {
  int count;
  if (flag)
    MPI_Recv(buf, 64, MPI_INT, 0, 0, comm, &status);
  MPI_Get_count(&status, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  return count;
}

// A fill with a count that can exceed INT_MAX.
int set_large(MPI_Status status, MPI_Count expected) {
  int count;
  MPI_Status_set_elements_x(&status, MPI_INT, expected);
  MPI_Get_count(&status, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  return count;
}

// Compared with MPI_UNDEFINED before any other read: handled.
int checked(MPI_Status *st) {
  int count;
  MPI_Get_count(st, MPI_INT, &count);
  if (count == MPI_UNDEFINED)
    return -1;
  return count;
}

int checked_reversed(MPI_Status *st) {
  int elements;
  MPI_Get_elements(st, MPI_DOUBLE, &elements);
  if (MPI_UNDEFINED != elements)
    use(elements);
  return 0;
}

// The comparison inside a macro of the program's own.
#define EXPECT(cond) do { if (!(cond)) use(-1); } while (0)
int checked_in_macro(MPI_Status *st) {
  int elements;
  MPI_Get_elements(st, MPI_INT, &elements);
  EXPECT(elements == MPI_UNDEFINED);
  return 0;
}

// Read before the comparison: the read sees the undefined count.
int read_first(MPI_Status *st) {
  int count;
  MPI_Get_count(st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  use(count);
  if (count == MPI_UNDEFINED)
    return -1;
  return count;
}

// Compared with something else.
int compared_otherwise(MPI_Status *st) {
  int count;
  MPI_Get_count(st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  if (count == 0)
    return -1;
  return count;
}
