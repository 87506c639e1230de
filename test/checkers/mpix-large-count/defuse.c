// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

void narrowed_local(char *buf, size_t nbytes, MPI_Comm comm) {
  int n = nbytes;
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-3]]:11: note: 'nbytes' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:39: note: 'nbytes' is a parameter: its callers may pass any value
}

void overflowing_local(double *buf, int nx, int ny, MPI_Comm comm) {
  int total;
  total = nx * ny;
  MPI_Bcast(buf, total, MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count 'total' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:11: note: 'nx * ny' can overflow 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:41: note: 'nx' is a parameter: its callers may pass any value
}

// A local written through a pointer may hold anything; a parameter is passed
// through unchanged; a local from a small value is fine.
void not_reported(char *buf, int count, size_t nbytes, MPI_Comm comm) {
  int received;
  MPI_Status status;
  MPI_Recv(&received, 1, MPI_INT, 0, 0, comm, &status);
  MPI_Send(buf, received, MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, count, MPI_BYTE, 0, 0, comm);
  int small = nbytes < 4096 ? nbytes : 4096;
  MPI_Send(buf, small, MPI_BYTE, 0, 0, comm);
  int copy = count;
  MPI_Send(buf, copy, MPI_BYTE, 0, 0, comm);
}

// A local whose address goes only to a send buffer (a pointer to const) is
// still followed: the send reads it, nothing writes through it.
double *shared_buffer(void);
void sent_then_counted(int k, int peer, MPI_Comm comm) {
  int n = k * 7;
  int m = 0;
  MPI_Sendrecv(&n, 1, MPI_INT, peer, 0, &m, 1, MPI_INT, peer, 0, comm,
               MPI_STATUS_IGNORE);
  double *buf = shared_buffer();
  MPI_Send(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-7]]:11: note: 'k * 7' can overflow 'int' here: k unbounded, 7
  // CHECK-NOTES: :[[@LINE-9]]:28: note: 'k' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-7]]:16: note: no automatic fix: it is a message buffer of 'MPI_Sendrecv'
  MPI_Send(buf, m, MPI_DOUBLE, peer, 1, comm);
}
