// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

void constructors(size_t n, long blocks, int nx, int ny, MPI_Datatype *out) {
  MPI_Type_contiguous(n, MPI_DOUBLE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: count 'n' of type 'size_t' is narrowed to 'int'; datatypes over 2^31-1 elements are truncated [mpix-large-count]
  MPI_Type_vector(blocks, 4, 8, MPI_DOUBLE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'blocks' of type 'long' is narrowed
  MPI_Type_vector(4, nx * ny, 8, MPI_DOUBLE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: block length 'nx * ny' is computed in 'int'
  MPI_Type_vector(4, 4, n, MPI_DOUBLE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: stride 'n' of type 'size_t' is narrowed
  MPI_Type_create_hvector(2, n, 64, MPI_BYTE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: block length 'n' of type 'size_t' is narrowed
}

void arrays(size_t global, int local, MPI_Datatype *out) {
  int sizes[2], subsizes[2], starts[2] = {0, 0};
  sizes[0] = global;
  sizes[1] = 4;
  subsizes[0] = local;
  subsizes[1] = 4;
  MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: size array 'sizes' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX; datatypes over 2^31-1 elements are truncated [mpix-large-count]
}

// Negative strides are legal; small constants fit.
void not_reported(MPI_Datatype *out) {
  MPI_Type_vector(10, 1, -2, MPI_DOUBLE, out);
  MPI_Type_contiguous(1024, MPI_DOUBLE, out);
  int blocklens[3] = {1, 2, 3}, displs[3] = {0, 8, 16};
  MPI_Type_indexed(3, blocklens, displs, MPI_INT, out);
}
