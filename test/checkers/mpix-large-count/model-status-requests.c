// A status completed from a request the analysis cannot follow (a
// parameter, an element of an array of requests; SuperLU_DIST posts its
// receives in one function and waits for them in another, held-out audit)
// holds what one of the unit's receives that make requests could post: an
// int count of its datatype, or the bytes that count spans when the status
// is asked in another datatype. Asked in the datatype of some of the
// receives, only those count: MPI_Get_count's datatype should match the
// receive's (MPI-4.0 3.2.5; SuperLU_DIST receives index and value panels
// in one unit). Without such a receive in the unit, or with one in its
// large-count form, the count stays unknown.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

void post_ints(int *buf, int n, int src, MPI_Comm comm, MPI_Request *rq) {
  MPI_Irecv(buf, n, MPI_INT, src, 0, comm, rq);
}

void post_pair(int *buf, int n, MPI_Comm comm, MPI_Request rq[2]) {
  MPI_Irecv(buf, n, MPI_INT, 0, 1, comm, &rq[0]);
  MPI_Irecv(buf + n, n, MPI_INT, 1, 1, comm, &rq[1]);
}

void post_values(double *buf, int n, int src, MPI_Comm comm, MPI_Request *rq) {
  MPI_Irecv(buf, n, MPI_DOUBLE, src, 2, comm, rq);
}

// In the datatype of a receive: at most INT_MAX, whatever the others post.
int ints_of(MPI_Request *rq) {
  MPI_Status st;
  int got;
  MPI_Wait(rq, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  return got;
}

int ints_of_any(MPI_Request rq[2]) {
  MPI_Status st;
  int got, which;
  MPI_Waitany(2, rq, &which, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  return got;
}

// In bytes: four bytes an int, past INT_MAX.
int bytes_of(MPI_Request *rq) {
  MPI_Status st;
  int got;
  MPI_Wait(rq, &st);
  MPI_Get_count(&st, MPI_BYTE, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

// Asked in doubles, only the double receive counts (the int ones, counted
// in the bytes they span, would reach 4 * INT_MAX).
int values_of(MPI_Request *rq) {
  MPI_Status st;
  int got;
  MPI_Wait(rq, &st);
  MPI_Get_count(&st, MPI_DOUBLE, &got);
  return got;
}

// In a datatype no receive posts: the bytes of the widest, past INT_MAX.
int shorts_of(MPI_Request *rq) {
  MPI_Status st;
  int got;
  MPI_Wait(rq, &st);
  MPI_Get_count(&st, MPI_SHORT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}
