// A store after the last call that reads a local reaches it only on a later
// turn of a loop around both, after a jump back, or, for a static local, on
// the function's next call; otherwise it is gone before MPI could read it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

// Stored for the tag only: the count never sees it.
void after_the_call(double *buf, size_t len, MPI_Comm comm) {
  int n = 1;
  MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
  n = len;
  MPI_Send(buf, 1, MPI_DOUBLE, 0, n & 0x7fff, comm);
}

void next_turn(double *buf, size_t len, MPI_Comm comm) {
  int n = 1;
  for (int i = 0; i < 3; i++) {
    MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
    // CHECK-NOTES: :[[@LINE-1]]:19: warning: count 'n' holds a value narrowed from 'size_t'; messages over 2^31-1 elements are truncated [mpix-large-count]
    // CHECK-NOTES: :[[@LINE+2]]:9: note: 'len' of type 'size_t' is narrowed to 'int' here
    // CHECK-NOTES: :[[@LINE-6]]:36: note: 'len' is a parameter: its callers may pass any value
    n = len;
  }
}

void jump_back(double *buf, size_t len, MPI_Comm comm) {
  int n = 1, again = 1;
send:
  MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE+2]]:7: note: 'len' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:36: note: 'len' is a parameter: its callers may pass any value
  n = len;
  if (again--)
    goto send;
}

void next_call(double *buf, size_t len, MPI_Comm comm) {
  static int n = 1;
  MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE+3]]:7: note: 'len' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:36: note: 'len' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-5]]:14: note: no automatic fix: 'n' is static; only automatic locals are retyped
  n = len;
}

// The next call stores before it sends: what this one left is never read.
void next_call_stores_first(double *buf, size_t len, int even, MPI_Comm comm) {
  static int n;
  if (even)
    n = 2;
  else
    n = 1;
  MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
  n = len;
}
