// The model of a run, in C++: extents and coordinates of one process grid at
// distinct dimensions multiply to at most the communicator's size.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

class Decomposition {
public:
  explicit Decomposition(MPI_Comm world) {
    int size;
    MPI_Comm_size(world, &size);
    int dims[2] = {0, 0}, periods[2] = {0, 0};
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(world, 2, dims, periods, 1, &cart_);
  }

  // Each process's block starts a column of blocks times a row further.
  void scatter(const double *all, double *mine, MPI_Datatype block) const {
    int size, dims[2], periods[2], me[2];
    MPI_Comm_size(cart_, &size);
    MPI_Cart_get(cart_, 2, dims, periods, me);
    std::vector<int> counts(size, 1), displs(size);
    for (int r = 0; r < size; ++r) {
      int at[2];
      MPI_Cart_coords(cart_, r, 2, at);
      displs[r] = at[0] + at[1] * dims[0] * 16;
    }
    MPI_Scatterv(all, counts.data(), displs.data(), block, mine, 1, block, 0,
                 cart_);
  }

  // The coordinate of the same dimension as the extent: no bound.
  void scatter_rows(const double *all, double *mine, MPI_Datatype block) const {
    int size, dims[2], periods[2], me[2];
    MPI_Comm_size(cart_, &size);
    MPI_Cart_get(cart_, 2, dims, periods, me);
    std::vector<int> counts(size, 1), displs(size);
    for (int r = 0; r < size; ++r) {
      int at[2];
      MPI_Cart_coords(cart_, r, 2, at);
      displs[r] = at[1] * dims[1] * 16;
    }
    MPI_Scatterv(all, counts.data(), displs.data(), block, mine, 1, block, 0,
                 cart_);
    // CHECK-MESSAGES: :[[@LINE-2]]:38: warning: displacement array 'displs' of MPI_Scatterv is filled with values that can exceed INT_MAX
  }

private:
  MPI_Comm cart_;
};
