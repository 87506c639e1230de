// An all-false MPI_Cart_sub's result reaches the parent's rank 0 on every MPI
// (MPICH gives it to no other process): a use under `rank == 0`, with rank
// taken from the parent, is safe. A rank of another communicator is not, and
// MPI_Cart_create with ndims = 0 may reorder, so rank 0 proves nothing there.
// RUN: %check_mpix_tidy %s mpix-cart-topology %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

void rank_zero_of_parent(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0}, remain[2] = {0, 0}, rank, size;
  MPI_Comm cart, sub;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Comm_rank(cart, &rank);
  MPI_Cart_sub(cart, remain, &sub);
  if (rank == 0)
    MPI_Comm_size(sub, &size);
  if (0 == rank && size > 0)
    MPI_Comm_free(&sub);
}

void rank_of_another_comm(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0}, remain[2] = {0, 0}, rank, size;
  MPI_Comm cart, sub;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Cart_sub(cart, remain, &sub);
  if (rank == 0)
    MPI_Comm_size(sub, &size);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'sub' may be MPI_COMM_NULL here: MPICH (up to 5.0.1) gives the result of an all-false MPI_Cart_sub only to the parent's rank 0
}

void rank_one_of_parent(MPI_Comm comm) {
  int dims[2] = {0, 0}, periods[2] = {0, 0}, remain[2] = {0, 0}, rank, size;
  MPI_Comm cart, sub;
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart);
  MPI_Comm_rank(cart, &rank);
  MPI_Cart_sub(cart, remain, &sub);
  if (rank == 1)
    MPI_Comm_size(sub, &size);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'sub' may be MPI_COMM_NULL here
}

void zero_dimensional_create(void) {
  int rank, size;
  MPI_Comm point;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Cart_create(MPI_COMM_WORLD, 0, NULL, NULL, 1, &point);
  if (rank == 0)
    MPI_Comm_size(point, &size);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'point' may be MPI_COMM_NULL here: MPI_Cart_create with ndims = 0
}
