// RUN: %check_mpix_tidy %s mpix-cart-topology %t -- %mpi_cflags

#include <mpi.h>

void zero_dimensions(MPI_Comm comm) {
  int dims[1] = {0};
  MPI_Dims_create(4, 0, dims);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Dims_create with ndims = 0 is defined only for nnodes = 1 (MPI-4.0 §8.5.2, MPI-4.1 §8.5.2) and nnodes is 4: unspecified; Open MPI returns MPI_ERR_DIMS, MPICH returns MPI_SUCCESS [mpix-cart-topology]
  int size;
  MPI_Comm_size(comm, &size);
  MPI_Dims_create(size, 0, dims);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Dims_create with ndims = 0 is defined only for nnodes = 1 (MPI-4.0 §8.5.2, MPI-4.1 §8.5.2) and nnodes is not known to be 1
  const int none = 0;
  MPI_Dims_create(2, none, dims);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Dims_create with ndims = 0 is defined only for nnodes = 1 {{.*}} and nnodes is 2
}

void defined_uses(MPI_Comm comm, int ndims) {
  int dims[3] = {0, 0, 0};
  int size;
  MPI_Comm_size(comm, &size);
  MPI_Dims_create(1, 0, dims);
  MPI_Dims_create(size, 3, dims);
  MPI_Dims_create(size, ndims, dims);
}
