// The model of a run: the extent of a predefined datatype is a few bytes, as
// its size is; each extent of a grid MPI_Dims_create makes, and each
// coordinate MPI_Cart_coords gives, is at most the number of processes.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

extern void fill_dims(int *dims);

// The extent of MPI_INT as a window's displacement unit.
int int_window(int *mem, int n, MPI_Win *w) {
  MPI_Aint lb, ext;
  MPI_Type_get_extent(MPI_INT, &lb, &ext);
  return MPI_Win_create(mem, n * ext, ext, MPI_INFO_NULL, MPI_COMM_WORLD, w);
}

// The extent of a datatype the caller built can be anything.
int typed_window(void *mem, MPI_Aint bytes, MPI_Datatype t, MPI_Win *w) {
  MPI_Aint lb, ext;
  MPI_Type_get_extent(t, &lb, &ext);
  return MPI_Win_create(mem, bytes, ext, MPI_INFO_NULL, MPI_COMM_WORLD, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: displacement unit 'ext' of type 'MPI_Aint' is narrowed to 'int'; values over 2^31-1 are truncated
}

// dims[0] is at most 2^24 under the process model: 8 * dims[0] fits.
int column_type(MPI_Datatype *t) {
  int np, dims[2] = {0, 0};
  int stride;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Dims_create(np, 2, dims);
  stride = 8 * dims[0];
  return MPI_Type_vector(4, 8, stride, MPI_DOUBLE, t);
}

// The extents of a Cartesian communicator are bounded the same way.
int cart_column_type(MPI_Comm cart, MPI_Datatype *t) {
  int dims[2], periods[2], coords[2];
  MPI_Cart_get(cart, 2, dims, periods, coords);
  return MPI_Type_vector(4, 8, 10 * dims[0], MPI_DOUBLE, t);
}

// Each extent is bounded, not their product with another factor.
int plane_type(MPI_Datatype *t) {
  int np, dims[3] = {0, 0, 0};
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Dims_create(np, 3, dims);
  return MPI_Type_contiguous(dims[0] * dims[1] * 1024, MPI_DOUBLE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: count 'dims[0] * dims[1] * 1024' is computed in 'int' and can overflow before MPI sees it
}

// Extents another function wrote are not known.
int filled_elsewhere(MPI_Datatype *t) {
  int dims[2] = {0, 0};
  fill_dims(dims);
  return MPI_Type_vector(4, 8, 8 * dims[0], MPI_DOUBLE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: stride '8 * dims[0]' is computed in 'int' and can overflow before MPI sees it
}

// A coordinate is below the number of processes.
int coordinate_offset(MPI_Comm cart, int rank, MPI_Datatype *t) {
  int coords[2];
  MPI_Cart_coords(cart, rank, 2, coords);
  return MPI_Type_contiguous(64 * coords[0] + coords[1], MPI_DOUBLE, t);
}

// The number of grid points read from the array being filled: unknown while
// the array is judged, so the extents are bounded by their type only (and
// the analysis does not loop).
int self_referential(MPI_Datatype *t) {
  int dims[2] = {4, 0};
  MPI_Dims_create(dims[0], 2, dims);
  return MPI_Type_contiguous(dims[0] * dims[1] * 1024, MPI_DOUBLE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: count 'dims[0] * dims[1] * 1024' is computed in 'int' and can overflow before MPI sees it
}
