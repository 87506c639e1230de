// RUN: %check_mpix_tidy %s mpix-cart-topology %t -- %mpi_cflags

#include <mpi.h>
#include <string.h>

// How the check learns ndims and remain_dims, and follows the communicator.

void through_assignment_and_dup(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0};
  MPI_Comm cart = MPI_COMM_NULL, alias, copy;
  int src, dst;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  alias = cart;
  MPI_Comm_dup(alias, &copy);
  MPI_Cart_shift(copy, 2, 1, &src, &dst);
  // CHECK-NOTES: :[[@LINE-1]]:24: warning: MPI_Cart_shift with direction 2 on a 2-dimensional communicator is erroneous
  // CHECK-NOTES: :[[@LINE-5]]:3: note: 2-dimensional communicator created here
}

void remain_dims_stored(MPI_Comm comm) {
  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0};
  int remain[3];
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, 3, dims, periods, 0, &cart);
  remain[0] = 0;
  remain[1] = 0;
  remain[2] = 0;
  MPI_Cart_sub(cart, remain, &sub);
  if (sub != MPI_COMM_NULL)
    MPI_Cart_shift(sub, 0, 1, &src, &dst);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
  // CHECK-NOTES: :[[@LINE-4]]:3: note: zero-dimensional communicator created here: every remain_dims entry is false
}

// A compound literal is read like an initialized array.
void remain_dims_compound_literal(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0};
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, (int[]){0, 0}, &sub);
  if (sub != MPI_COMM_NULL)
    MPI_Cart_shift(sub, 0, 1, &src, &dst);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
  // CHECK-NOTES: :[[@LINE-4]]:3: note: zero-dimensional communicator created here: every remain_dims entry is false
  MPI_Comm row;
  MPI_Cart_sub(cart, (int[2]){1}, &row);
  MPI_Cart_shift(row, 1, 1, &src, &dst);
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: MPI_Cart_shift with direction 1 on a 1-dimensional communicator is erroneous
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 1-dimensional communicator created here
}

static const int keep_none[2] = {0, 0};

void remain_dims_global_constant(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0};
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, keep_none, &sub);
  if (sub != MPI_COMM_NULL)
    MPI_Cart_shift(sub, 0, 1, &src, &dst);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
  // CHECK-NOTES: :[[@LINE-4]]:3: note: zero-dimensional communicator created here: every remain_dims entry is false
}

// Stores that may not happen, or arrays written behind our back, are not
// known: nothing is claimed.
void remain_dims_unknown(MPI_Comm comm, int flag) {
  int dims[2] = {0, 0}, periods[2] = {0, 0};
  int remain[2] = {0, 0}, cleared[2] = {1, 1};
  MPI_Comm cart, sub, sub2;
  int src, dst;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  if (flag)
    remain[1] = 1;
  MPI_Cart_sub(cart, remain, &sub);
  MPI_Cart_shift(sub, 0, 1, &src, &dst);
  memset(cleared, 0, sizeof cleared);
  MPI_Cart_sub(cart, cleared, &sub2);
  MPI_Cart_shift(sub2, 0, 1, &src, &dst);
}

// In a loop, a store after the call reaches the next iteration's call.
void remain_dims_in_loop(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0}, remain[2] = {0, 0};
  MPI_Comm cart, sub;
  int src, dst;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  for (int i = 0; i < 2; ++i) {
    MPI_Cart_sub(cart, remain, &sub);
    if (sub != MPI_COMM_NULL)
      MPI_Cart_shift(sub, 0, 1, &src, &dst);
    remain[i] = 1;
  }
}

// A communicator assigned two different origins is not known.
void two_origins(MPI_Comm comm, int flag) {
  int dims[2] = {0, 0}, periods[2] = {0, 0};
  MPI_Comm a, b, c;
  int src, dst;
  MPI_Cart_create(comm, 0, dims, periods, 0, &a);
  MPI_Cart_create(comm, 2, dims, periods, 0, &b);
  c = flag ? a : b;
  c = a;
  c = b;
  MPI_Cart_shift(c, 0, 1, &src, &dst);
}

// Into a static callee: every call site passes the same zero-dimensional
// communicator, compared with MPI_COMM_NULL first.
static void shift_in_callee(MPI_Comm grid) {
  int src, dst;
  MPI_Cart_shift(grid, 0, 1, &src, &dst);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: MPI_Cart_shift on a zero-dimensional Cartesian communicator is erroneous
  // CHECK-NOTES: :[[@LINE+6]]:3: note: zero-dimensional communicator created here (ndims = 0)
}

void caller(MPI_Comm comm) {
  int dims[1] = {1}, periods[1] = {0};
  MPI_Comm point;
  MPI_Cart_create(comm, 0, dims, periods, 0, &point);
  if (point != MPI_COMM_NULL)
    shift_in_callee(point);
}

// Unchecked at the call site: the callee's use may see MPI_COMM_NULL.
static void barrier_in_callee(MPI_Comm grid) {
  MPI_Barrier(grid);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'grid' may be MPI_COMM_NULL here
  // CHECK-NOTES: :[[@LINE+6]]:3: note: zero-dimensional communicator created here (ndims = 0)
}

void unchecked_caller(MPI_Comm comm) {
  int dims[1] = {1}, periods[1] = {0};
  MPI_Comm point;
  MPI_Cart_create(comm, 0, dims, periods, 0, &point);
  barrier_in_callee(point);
}

// A callee whose callers disagree, or that a caller reaches with an unknown
// communicator, is not judged.
static void shift_mixed(MPI_Comm grid) {
  int src, dst;
  MPI_Cart_shift(grid, 0, 1, &src, &dst);
}

void mixed_callers(MPI_Comm comm) {
  int dims[1] = {1}, periods[1] = {0};
  MPI_Comm point;
  MPI_Cart_create(comm, 0, dims, periods, 0, &point);
  if (point != MPI_COMM_NULL)
    shift_mixed(point);
  shift_mixed(comm);
}

// A recursive callee that passes its communicator on unchanged keeps the
// origin its outside callers give it.
static void recurse(MPI_Comm grid, int depth) {
  int src, dst;
  MPI_Cart_shift(grid, 1, 1, &src, &dst);
  // CHECK-NOTES: :[[@LINE-1]]:24: warning: MPI_Cart_shift with direction 1 on a 1-dimensional communicator is erroneous
  // CHECK-NOTES: :[[@LINE+8]]:3: note: 1-dimensional communicator created here
  if (depth > 0)
    recurse(grid, depth - 1);
}

void recursive_caller(MPI_Comm comm) {
  int dims[1] = {0}, periods[1] = {0};
  MPI_Comm line;
  MPI_Cart_create(comm, 1, dims, periods, 0, &line);
  recurse(line, 3);
}
