// RUN: %check_mpix_tidy %s mpix-cart-topology %t -- %mpi_cflags

#include <mpi.h>

// The same rules in C++: bool remain_dims, constexpr sizes, references,
// anonymous namespaces, NOLINT.

constexpr int kDims = 2;

void bool_remain(MPI_Comm comm) {
  int dims[kDims] = {}, periods[kDims] = {};
  int remain[kDims] = {false, false};
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, kDims, dims, periods, false, &cart);
  MPI_Cart_sub(cart, remain, &sub);
  if (sub == MPI_COMM_NULL)
    return;
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous (MPI-3.1 §7.5.6, MPI-4.1 §8.5.6): MPICH returns MPI_ERR_TOPOLOGY, Open MPI returns MPI_SUCCESS and MPI_PROC_NULL for both neighbours [mpix-cart-topology]
}

void keep_one(MPI_Comm comm) {
  int dims[kDims] = {}, periods[kDims] = {};
  int remain[kDims] = {true, false};
  MPI_Comm cart, row;
  int src, dst;
  MPI_Cart_create(comm, kDims, dims, periods, false, &cart);
  MPI_Cart_sub(cart, remain, &row);
  MPI_Cart_shift(row, 0, 1, &src, &dst);
  MPI_Cart_shift(row, kDims - 1, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: MPI_Cart_shift with direction 1 on a 1-dimensional communicator is erroneous
}

namespace {
void shift_far(MPI_Comm grid) {
  int src, dst;
  MPI_Cart_shift(grid, 3, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: MPI_Cart_shift with direction 3 on a 3-dimensional communicator is erroneous
}
} // namespace

void anonymous_namespace_callee(MPI_Comm comm) {
  int dims[3] = {}, periods[3] = {};
  MPI_Comm cube;
  MPI_Cart_create(comm, 3, dims, periods, true, &cube);
  shift_far(cube);
}

void reset(MPI_Comm &c);

// A communicator a reference may rewrite is not known.
void through_reference(MPI_Comm comm) {
  int dims[3] = {}, periods[3] = {};
  MPI_Comm cube, other;
  int src, dst;
  MPI_Cart_create(comm, 3, dims, periods, true, &cube);
  reset(cube);
  MPI_Cart_shift(cube, 3, 1, &src, &dst);
  MPI_Cart_create(comm, 3, dims, periods, true, &other);
  MPI_Comm &alias = other;
  MPI_Cart_shift(other, 3, 1, &src, &dst);
  (void)alias;
}

void suppressed(MPI_Comm comm) {
  MPI_Comm cart;
  int dims[1] = {}, periods[1] = {};
  MPI_Cart_create(comm, -1, dims, periods, false, &cart); // NOLINT(mpix-cart-topology)
  MPI_Cart_create(comm, -1, dims, periods, false, &cart); // NOLINT
  // NOLINTNEXTLINE(mpix-cart-topology)
  MPI_Cart_create(comm, -1, dims, periods, false, &cart);
  MPI_Cart_create(comm, -1, dims, periods, false, &cart);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: MPI_Cart_create with ndims = -1 is erroneous
}

// Templates are judged per instantiation, once per spelling; lambdas are
// functions of their own.
template <int Direction> void shift_template(MPI_Comm comm) {
  int dims[2] = {}, periods[2] = {};
  MPI_Comm cart;
  int src, dst;
  MPI_Cart_create(comm, 2, dims, periods, false, &cart);
  MPI_Cart_shift(cart, Direction, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: MPI_Cart_shift with direction 2 on a 2-dimensional communicator is erroneous
}

void instantiate(MPI_Comm comm) {
  shift_template<0>(comm);
  shift_template<2>(comm);
  auto in_lambda = [comm] {
    MPI_Comm point;
    MPI_Cart_create(comm, 0, nullptr, nullptr, false, &point);
    int size;
    MPI_Comm_size(point, &size);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'point' may be MPI_COMM_NULL here
  };
  in_lambda();
}
