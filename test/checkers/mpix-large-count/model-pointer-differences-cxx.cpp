// The model of a run, in C++: a difference of two pointers into one block,
// with the block a member of an object passed by reference, is bounded as
// in C (model-pointer-differences.c). A const method leaves the member
// where it was; any other method called on the object may move it, and
// keeps the report.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

struct Slots {
  int *data;
  void regrow();
  int filled() const;
};

int gather(Slots &slots, MPI_Comm comm) {
  int np, seen = 0;
  MPI_Comm_size(comm, &np);
  int *at = slots.data;
  MPI_Status st;
  for (int p = 1; p < np; ++p) {
    auto room = static_cast<int>(slots.data + np - at);
    if (room <= 0)
      break;
    int got;
    MPI_Recv(at, room, MPI_INT, p, 0, comm, &st);
    MPI_Get_count(&st, MPI_INT, &got);
    at += got;
    seen += slots.filled();
  }
  return seen;
}

void gather_regrowing(Slots &slots, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *at = slots.data;
  MPI_Status st;
  for (int p = 1; p < np; ++p) {
    auto room = static_cast<int>(slots.data + np - at);
    MPI_Recv(at, room, MPI_INT, p, 0, comm, &st);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'room' holds a value narrowed from 'long'
    slots.regrow();
    ++at;
  }
}
