// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stdlib.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))

void bounded(char *buf, size_t n, long len, MPI_Comm comm) {
  MPI_Send(buf, n < INT_MAX ? n : INT_MAX, MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, MIN(n, 1024), MPI_BYTE, 0, 0, comm);
  if (len <= INT_MAX && len >= 0)
    MPI_Send(buf, len, MPI_BYTE, 0, 0, comm);
  else
    MPI_Send(buf, len, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'len' of type 'long' is narrowed to 'int'
}

void guarded_by_return(char *buf, size_t n, MPI_Comm comm) {
  if (n > INT_MAX)
    return;
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
}

void guarded_by_abort(char *buf, size_t n, MPI_Comm comm) {
  if (n > (size_t)INT_MAX) {
    MPI_Abort(comm, 1);
  }
  int count = n;
  MPI_Send(buf, count, MPI_BYTE, 0, 0, comm);
}

void guarded_by_exit(char *buf, unsigned long n, MPI_Comm comm) {
  if (n >= 1000)
    exit(1);
  MPI_Send(buf, n * 4, MPI_BYTE, 0, 0, comm);
}

// A guard that does not leave protects nothing.
void guard_that_falls_through(char *buf, size_t n, MPI_Comm comm) {
  if (n > INT_MAX) {
    n = n;
  }
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
}
