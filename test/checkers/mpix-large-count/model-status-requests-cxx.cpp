// The same in C++, where one of the unit's receives posts a count narrowed
// from a vector's size: its fix widens the receive, after which a status
// can hold more than INT_MAX, so a request the analysis cannot follow is
// any request again.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

void post_ints(std::vector<int> &buf, int src, MPI_Comm comm, MPI_Request *rq) {
  MPI_Irecv(buf.data(), buf.size(), MPI_INT, src, 0, comm, rq);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'buf.size()' of type 'size_t' is narrowed to 'int'
}

int ints_of(MPI_Request *rq) {
  MPI_Status st;
  int got;
  MPI_Wait(rq, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}
