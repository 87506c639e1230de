// RUN: %check_mpix_tidy %s mpix-cart-topology %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

// remain_dims masks filled by a counting loop, or held in a std::vector:
// the check reads what the call reads, element by element.

void loop_all_false(MPI_Comm comm) {
  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0};
  int remain[3];
  for (int i = 0; i < 3; i++)
    remain[i] = 0;
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, 3, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, remain, &sub);
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
  // CHECK-MESSAGES: :[[@LINE-2]]:18: warning: 'sub' may be MPI_COMM_NULL here
}

// remain[i] = (i == 1) keeps one dimension: shifting along it is fine.
void loop_keeps_one(MPI_Comm comm) {
  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0};
  int remain[3];
  for (int i = 0; i < 3; ++i)
    remain[i] = (i == 1);
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, 3, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, remain, &sub);
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
}

// A loop bounded by a value the check cannot know: nothing to say.
void loop_unknown_bound(MPI_Comm comm, int keep) {
  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0};
  int remain[3] = {0, 0, 0};
  for (int i = 0; i < keep; i++)
    remain[i] = 1;
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, 3, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, remain, &sub);
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
}

void vector_all_false(MPI_Comm comm) {
  std::vector<int> dims(2, 0), periods(2, 0), remain(2, 0);
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, 2, dims.data(), periods.data(), 0, &cart);
  MPI_Cart_sub(cart, remain.data(), &sub);
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
  // CHECK-MESSAGES: :[[@LINE-2]]:18: warning: 'sub' may be MPI_COMM_NULL here
}

void vector_list(MPI_Comm comm, MPI_Comm cart) {
  std::vector<int> remain = {0, 0};
  MPI_Comm sub;
  int src, dst;
  MPI_Cart_sub(cart, &remain[0], &sub);
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
  // CHECK-MESSAGES: :[[@LINE-2]]:18: warning: 'sub' may be MPI_COMM_NULL here
}

// An element set after construction keeps a dimension.
void vector_stored(MPI_Comm cart) {
  std::vector<int> remain(2);
  remain[1] = 1;
  MPI_Comm sub;
  int src, dst;
  MPI_Cart_sub(cart, remain.data(), &sub);
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
}

void fill_remain(std::vector<int> &r);

// Handed to another function first: it may change the mask.
void vector_handed_out(MPI_Comm cart) {
  std::vector<int> remain(2, 0);
  fill_remain(remain);
  MPI_Comm sub;
  int src, dst;
  MPI_Cart_sub(cart, remain.data(), &sub);
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
}
