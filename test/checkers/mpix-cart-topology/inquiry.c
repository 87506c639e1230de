// RUN: %check_mpix_tidy %s mpix-cart-topology %t -- %mpi_cflags

#include <mpi.h>
#include <stdio.h>

static MPI_Comm zero_dimensional(MPI_Comm comm) {
  MPI_Comm cart;
  MPI_Cart_create(comm, 0, NULL, NULL, 0, &cart);
  return cart;
}

// On a zero-dimensional communicator MPI_Cart_get and MPI_Cart_coords write
// nothing: outputs that nobody initialized are garbage when read. Both
// helpers receive the same zero-dimensional communicator from one caller.
static void unchanged_outputs_read(MPI_Comm point) {
  int d[2], p[2], c[2];
  MPI_Cart_get(point, 2, d, p, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: MPI_Cart_get on a zero-dimensional Cartesian communicator leaves 'd' unchanged (MPI-3.1 §7.5.5, MPI-4.1 §8.5.5), and it is read afterwards without having been initialized [mpix-cart-topology]
  // CHECK-MESSAGES: :[[@LINE-2]]:32: warning: MPI_Cart_get on a zero-dimensional Cartesian communicator leaves 'c' unchanged
  printf("%d %d\n", d[0], c[1]);
  int coords[1];
  MPI_Cart_coords(point, 0, 1, coords);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: MPI_Cart_coords on a zero-dimensional Cartesian communicator leaves 'coords' unchanged
  int x = coords[0];
  (void)x;
  int one;
  MPI_Cart_coords(point, 0, 1, &one);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: MPI_Cart_coords on a zero-dimensional Cartesian communicator leaves 'one' unchanged
  printf("%d\n", one);
}

// Initialized outputs keep a meaningful value; unread ones do no harm.
static void unchanged_outputs_initialized(MPI_Comm point) {
  int d[2] = {1, 1}, p[2], c[2];
  p[0] = 0;
  MPI_Cart_get(point, 2, d, p, c);
  printf("%d %d\n", d[0], p[0]);
  int coords[1];
  MPI_Cart_coords(point, 0, 0, coords);
  // Written between the call and the read: the read sees that value.
  int later[1], scalar;
  MPI_Cart_coords(point, 0, 1, later);
  later[0] = 0;
  MPI_Cart_coords(point, 0, 1, &scalar);
  MPI_Comm_rank(MPI_COMM_WORLD, &scalar);
  printf("%d %d\n", later[0], scalar);
}

void zero_dimensional_inquiries(MPI_Comm comm) {
  int remain[1] = {0};
  int dims[1] = {1}, periods[1] = {0};
  MPI_Comm line, point;
  MPI_Cart_create(comm, 1, dims, periods, 0, &line);
  MPI_Cart_sub(line, remain, &point);
  if (point == MPI_COMM_NULL)
    return;
  unchanged_outputs_read(point);
  unchanged_outputs_initialized(point);
}

// On a communicator with dimensions the outputs are written.
void outputs_written(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0};
  MPI_Comm cart;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  int d[2], p[2], c[2];
  MPI_Cart_get(cart, 2, d, p, c);
  printf("%d %d %d\n", d[0], p[0], c[0]);
}

void maxdims_too_small(MPI_Comm comm) {
  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0};
  MPI_Comm cart;
  MPI_Cart_create(comm, 3, dims, periods, 0, &cart);
  int d[2], p[2], c[2];
  MPI_Cart_get(cart, 2, d, p, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: MPI_Cart_get with maxdims = 2 below the communicator's 3 dimensions is unspecified (MPI-4.1 §8.5.5): MPICH writes ndims entries into each array, past their end; Open MPI fills only the first maxdims [mpix-cart-topology]
  MPI_Cart_coords(cart, 0, 2, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: MPI_Cart_coords with maxdims = 2 below the communicator's 3 dimensions is unspecified (MPI-4.1 §8.5.5): MPICH returns MPI_ERR_ARG, Open MPI returns MPI_SUCCESS and only the first maxdims coordinates [mpix-cart-topology]
}

void maxdims_large_enough(MPI_Comm comm, int unknown) {
  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0};
  MPI_Comm cart;
  MPI_Cart_create(comm, 3, dims, periods, 0, &cart);
  int d[4], p[4], c[4];
  MPI_Cart_get(cart, 3, d, p, c);
  MPI_Cart_get(cart, 4, d, p, c);
  MPI_Cart_coords(cart, 0, 3, c);
  MPI_Cart_coords(cart, 0, unknown, c);
}

// The communicator comes back from a helper: its origin is not followed
// through return values, so nothing is claimed.
void through_return(MPI_Comm comm) {
  MPI_Comm point = zero_dimensional(comm);
  int c[1];
  if (point != MPI_COMM_NULL)
    MPI_Cart_coords(point, 0, 1, c);
  printf("%d\n", c[0]);
}
