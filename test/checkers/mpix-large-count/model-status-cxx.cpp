// C++ cases of the status model (model-status-types.c and
// model-status-params.c have the C ones): a status pointer parameter of a
// function only this file calls, an inactive persistent request, and a
// struct datatype asked in basic elements, and a status reused by a query
// per fill.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

namespace {

int ints_in(const MPI_Status *s) {
  int got = 0;
  MPI_Get_count(s, MPI_INT, &got);
  return got;
}

} // namespace

int inactive(int *buf, MPI_Comm comm) {
  MPI_Request r;
  MPI_Status s;
  MPI_Recv_init(buf, 10, MPI_INT, 0, 0, comm, &r);
  MPI_Wait(&r, &s);
  int empty = ints_in(&s);
  MPI_Recv(buf, 10, MPI_INT, 0, 0, comm, &s);
  MPI_Request_free(&r);
  return empty + ints_in(&s);
}

int elements(char *buf, MPI_Comm comm) {
  int lengths[2] = {1, 256};
  MPI_Aint displs[2] = {0, sizeof(int)};
  MPI_Datatype types[2] = {MPI_INT, MPI_CHAR};
  MPI_Datatype record;
  MPI_Status st;
  int got;
  MPI_Type_create_struct(2, lengths, displs, types, &record);
  MPI_Recv(buf, 1, record, 0, 0, comm, &st);
  MPI_Get_elements(&st, record, &got);
  return got;
}

// Still reported: a method's status parameter (any caller may pass any).
struct Checker {
  int ints(MPI_Status *s) {
    int got;
    MPI_Get_count(s, MPI_INT, &got);
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
    return got;
  }
};

int method(int *buf, MPI_Comm comm) {
  MPI_Status st;
  MPI_Recv(buf, 10, MPI_INT, 0, 0, comm, &st);
  Checker c;
  return c.ints(&st);
}

// Each query sees the fill before it: the probe's unknown count, then the
// receive of at most v.size() ints, bounded by the vector's int count.
std::vector<int> probe_then_recv(MPI_Comm comm) {
  MPI_Status st;
  int probed = 0, got = 0;
  MPI_Probe(0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &probed);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'probed' of MPI_Get_count cannot represent counts over 2^31-1
  std::vector<int> v(16);
  MPI_Recv(v.data(), 16, MPI_INT, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  v.resize(got > probed ? probed : got);
  return v;
}
