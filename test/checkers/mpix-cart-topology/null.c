// RUN: %check_mpix_tidy %s mpix-cart-topology %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

void unchecked_create(MPI_Comm comm) {
  MPI_Comm point;
  MPI_Cart_create(comm, 0, NULL, NULL, 0, &point);
  MPI_Barrier(point);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'point' may be MPI_COMM_NULL here: MPI_Cart_create with ndims = 0 gives the communicator to one process and MPI_COMM_NULL to the others (MPI-3.1 §7.5.1, MPI-4.1 §8.5.1); compare it with MPI_COMM_NULL before using it [mpix-cart-topology]
  // Reported once per communicator.
  MPI_Comm_free(&point);
  MPI_Barrier(point);
}

// The same all-false sub-grid, used unchecked and checked by two helpers.
static void size_unchecked(MPI_Comm sub) {
  int size;
  MPI_Comm_size(sub, &size);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'sub' may be MPI_COMM_NULL here: MPICH (up to 5.0.1) gives the result of an all-false MPI_Cart_sub only to the parent's rank 0 and MPI_COMM_NULL to the others, Open MPI gives every process a size-1 communicator (MPI-3.1 §7.5.7, MPI-4.1 §8.5.7); compare it with MPI_COMM_NULL before using it [mpix-cart-topology]
}

static void size_checked(MPI_Comm sub) {
  if (sub == MPI_COMM_NULL)
    return;
  int size;
  MPI_Comm_size(sub, &size);
}

void all_false_sub(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0}, remain[2] = {0, 0};
  MPI_Comm cart, sub;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, remain, &sub);
  size_checked(sub);
  size_unchecked(sub);
}

void checked_if(MPI_Comm comm) {
  MPI_Comm point;
  MPI_Cart_create(comm, 0, NULL, NULL, 0, &point);
  if (point != MPI_COMM_NULL) {
    MPI_Barrier(point);
    MPI_Comm_free(&point);
  }
}

void checked_else(MPI_Comm comm) {
  MPI_Comm point;
  MPI_Cart_create(comm, 0, NULL, NULL, 0, &point);
  if (MPI_COMM_NULL == point)
    ;
  else
    MPI_Barrier(point);
}

int checked_conjunction(MPI_Comm comm) {
  MPI_Comm point;
  MPI_Cart_create(comm, 0, NULL, NULL, 0, &point);
  int size = 0;
  return point != MPI_COMM_NULL && MPI_Comm_size(point, &size) == MPI_SUCCESS;
}

// MPI_COMM_SELF has one process: it always gets the zero-dimensional grid.
void on_self(void) {
  MPI_Comm point;
  MPI_Cart_create(MPI_COMM_SELF, 0, NULL, NULL, 0, &point);
  MPI_Barrier(point);
}

// Communicators with dimensions, and sub-grids that keep one, reach every
// process of the grid.
void with_dimensions(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0}, remain[2] = {0, 1};
  MPI_Comm cart, column;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, remain, &column);
  MPI_Barrier(column);
}
