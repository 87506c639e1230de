// The model of a run: the extents of a process grid multiply to the number
// of processes, and a coordinate is below its extent. A product of a grid's
// extents and coordinates at distinct dimensions is at most the
// communicator's size; the grid is the communicator MPI_Cart_coords and
// MPI_Cart_get ask, or that MPI_Cart_create makes of MPI_Dims_create's
// extents.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

// Blocks of a 2-d decomposition: a column offset times a row of blocks.
void scatter_blocks(const double *sendbuf, double *recvbuf, MPI_Datatype block,
                    int rows) {
  int size, i, j, cnt = 0;
  int dims[2], periods[2] = {0, 0}, lcoords[2];
  int *counts, *displs;
  MPI_Comm grid;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  dims[0] = 0;
  dims[1] = 0;
  MPI_Dims_create(size, 2, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  counts = malloc(size * sizeof(int));
  displs = malloc(size * sizeof(int));
  int ny = rows > 0 && rows < 64 ? rows : 64;
  for (i = 0; i < dims[1]; i++)
    for (j = 0; j < dims[0]; j++) {
      counts[cnt] = 1;
      MPI_Cart_coords(grid, cnt, 2, lcoords);
      displs[cnt++] = lcoords[0] + lcoords[1] * (dims[0] * ny);
    }
  MPI_Scatterv(sendbuf, counts, displs, block, recvbuf, 1, block, 0, grid);
  free(counts);
  free(displs);
}

// Extents and coordinates of the communicator the caller made.
int plane_offset(MPI_Comm cart, int rank, MPI_Datatype *t) {
  int dims[3], periods[3], mine[3], coords[3];
  MPI_Cart_get(cart, 3, dims, periods, mine);
  MPI_Cart_coords(cart, rank, 3, coords);
  return MPI_Type_contiguous(coords[2] * dims[0] * dims[1] * 64, MPI_DOUBLE, t);
}

// The extents MPI_Dims_create computes, whatever communicator they make.
int planes(MPI_Datatype *t) {
  int np, dims[3] = {0, 0, 0};
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Dims_create(np, 3, dims);
  return MPI_Type_contiguous(dims[0] * dims[1] * 64, MPI_DOUBLE, t);
}

// A coordinate times the extent of its own dimension: up to size^2 / 4.
int same_dimension(MPI_Comm cart, int rank, MPI_Datatype *t) {
  int dims[2], periods[2], mine[2], coords[2];
  MPI_Cart_get(cart, 2, dims, periods, mine);
  MPI_Cart_coords(cart, rank, 2, coords);
  return MPI_Type_contiguous(coords[1] * dims[1] * 64, MPI_DOUBLE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: count 'coords[1] * dims[1] * 64' is computed in 'int' and can overflow before MPI sees it
}

// Coordinates in one grid, extents of another: no relation.
int two_grids(MPI_Comm a, MPI_Comm b, int rank, MPI_Datatype *t) {
  int dims[2], periods[2], mine[2], coords[2];
  MPI_Cart_get(a, 2, dims, periods, mine);
  MPI_Cart_coords(b, rank, 2, coords);
  return MPI_Type_contiguous(coords[1] * dims[0] * 64, MPI_DOUBLE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: count 'coords[1] * dims[0] * 64' is computed in 'int' and can overflow before MPI sees it
}

// An extent the program sets to something else.
int changed_extent(MPI_Comm cart, int n, MPI_Datatype *t) {
  int dims[2], periods[2], mine[2];
  MPI_Cart_get(cart, 2, dims, periods, mine);
  dims[1] = n;
  return MPI_Type_contiguous(dims[0] * dims[1] * 64, MPI_DOUBLE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: count 'dims[0] * dims[1] * 64' is computed in 'int' and can overflow before MPI sees it
}

// The grid's points times a factor large enough: at most 2^24 * 2^10.
int too_many_planes(MPI_Comm cart, int rank, MPI_Datatype *t) {
  int dims[2], periods[2], mine[2], coords[2];
  MPI_Cart_get(cart, 2, dims, periods, mine);
  MPI_Cart_coords(cart, rank, 2, coords);
  return MPI_Type_contiguous(coords[0] * dims[1] * 1024, MPI_DOUBLE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: count 'coords[0] * dims[1] * 1024' is computed in 'int' and can overflow before MPI sees it
}
