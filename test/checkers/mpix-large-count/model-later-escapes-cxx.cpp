// The C++ forms of a local handed out after the call: bound to a non-const
// reference parameter, or to a reference local, once the call is made.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

int npoints();
void resize(int &size);

void recv_then_resize(double *b, MPI_Comm comm) {
  int points = npoints();
  int size = points * 3;
  MPI_Recv(b, size, MPI_DOUBLE, 0, 4, comm, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'size' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:14: note: 'points * 3' can overflow 'int' here: points unbounded, 3
  // CHECK-NOTES: :[[@LINE-5]]:16: note: 'points' is assigned 'npoints()' here, which the analysis cannot bound
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is passed to 'resize', which expects 'int'
  resize(size);
}

void resize_then_recv(double *b, MPI_Comm comm) {
  int points = npoints();
  int size = points * 3;
  int &alias = size;
  alias = 4;
  MPI_Recv(b, size, MPI_DOUBLE, 0, 4, comm, MPI_STATUS_IGNORE);
}
