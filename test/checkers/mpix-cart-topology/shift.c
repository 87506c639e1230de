// RUN: %check_mpix_tidy %s mpix-cart-topology %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

// Every communicator below is compared with MPI_COMM_NULL before use, so that
// only the rule under test can fire.

void negative_ndims(MPI_Comm comm) {
  int dims[2] = {2, 2}, periods[2] = {0, 0};
  MPI_Comm cart;
  MPI_Cart_create(comm, -1, dims, periods, 0, &cart);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: MPI_Cart_create with ndims = -1 is erroneous: the number of dimensions must not be negative (MPI-3.1 §7.5.1, MPI-4.1 §8.5.1) [mpix-cart-topology]
  int bad = -2;
  MPI_Cart_create(comm, bad, dims, periods, 0, &cart);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: MPI_Cart_create with ndims = -2 is erroneous
}

void nonnegative_ndims(MPI_Comm comm, int n) {
  int dims[2] = {2, 2}, periods[2] = {0, 0};
  MPI_Comm cart;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Cart_create(comm, n, dims, periods, 0, &cart);
  MPI_Cart_create(MPI_COMM_SELF, 0, dims, periods, 0, &cart);
}

void shift_zero_dimensional_create(MPI_Comm comm) {
  MPI_Comm cart;
  int src, dst;
  MPI_Cart_create(comm, 0, NULL, NULL, 0, &cart);
  if (cart != MPI_COMM_NULL)
    MPI_Cart_shift(cart, 0, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous (MPI-3.1 §7.5.6, MPI-4.1 §8.5.6): MPICH returns MPI_ERR_TOPOLOGY, Open MPI returns MPI_SUCCESS and MPI_PROC_NULL for both neighbours [mpix-cart-topology]
}

void shift_all_false_sub(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {1, 1}, remain[2] = {0, 0};
  MPI_Comm cart, sub, subsub;
  int src, dst;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, remain, &sub);
  if (sub == MPI_COMM_NULL)
    return;
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
  // A sub-grid of a zero-dimensional grid is zero-dimensional too, and every
  // process that has the parent gets it.
  int none[1] = {1};
  MPI_Cart_sub(sub, none, &subsub);
  MPI_Cart_shift(subsub, 0, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
}

// A one-dimensional sub-grid is an ordinary Cartesian communicator.
void shift_one_dimensional_sub(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {1, 1}, remain[2] = {1, 0};
  MPI_Comm cart, row;
  int src, dst;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, remain, &row);
  MPI_Cart_shift(row, 0, 1, &src, &dst);
  MPI_Cart_shift(row, 1, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: MPI_Cart_shift with direction 1 on a 1-dimensional communicator is erroneous: the direction must be in [0, ndims) (MPI-3.1 §7.5.6, MPI-4.1 §8.5.6); MPICH returns MPI_ERR_ARG, Open MPI does not detect it and returns MPI_SUCCESS with meaningless ranks [mpix-cart-topology]
}

void shift_direction(MPI_Comm comm, int d) {
  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0};
  MPI_Comm cart;
  int src, dst;
  MPI_Cart_create(comm, 3, dims, periods, 1, &cart);
  MPI_Cart_shift(cart, -1, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: MPI_Cart_shift with direction -1 is erroneous: the direction must be in [0, ndims) (MPI-3.1 §7.5.6, MPI-4.1 §8.5.6); MPICH returns MPI_ERR_ARG, Open MPI MPI_ERR_DIMS [mpix-cart-topology]
  MPI_Cart_shift(cart, 3, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: MPI_Cart_shift with direction 3 on a 3-dimensional communicator is erroneous
  MPI_Cart_shift(cart, 0, 1, &src, &dst);
  MPI_Cart_shift(cart, 2, -1, &src, &dst);
  MPI_Cart_shift(cart, d, 1, &src, &dst);
}

// A negative direction is erroneous whatever the communicator is.
void shift_unknown_comm(MPI_Comm comm) {
  int src, dst;
  MPI_Cart_shift(comm, -1, 1, &src, &dst);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: MPI_Cart_shift with direction -1 is erroneous
  MPI_Cart_shift(comm, 5, 1, &src, &dst);
}
