// A unit that posts a receive in its large-count form: a request the
// analysis cannot follow may be that one, whose status can count past
// INT_MAX, so an int output of MPI_Get_count is reported again.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <mpix.h>

void post_ints(int *buf, MPI_Count n, MPI_Comm comm, MPI_Request *rq) {
  MPIX_Irecv_x(buf, n, MPI_INT, 0, 0, comm, rq);
}

void post_few(int *buf, MPI_Comm comm, MPI_Request *rq) {
  MPI_Irecv(buf, 16, MPI_INT, 0, 1, comm, rq);
}

int ints_of(MPI_Request *rq) {
  MPI_Status st;
  int got;
  MPI_Wait(rq, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}
