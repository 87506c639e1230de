// A vector a function of the program returns has the sizes that function
// gave it: `std::vector<int> v(nd); ...; return v;` with an int nd holds at
// most INT_MAX elements, so its size() sent as a count fits (Boost.MPI's
// Cartesian coordinates, held-out audit). Through another function that
// returns the first's vector, too. A vector that grows before it is
// returned, or one a function fills by reference, is not bounded so.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

std::vector<int> coords_of(MPI_Comm cart, int rank) {
  int nd;
  MPI_Cartdim_get(cart, &nd);
  std::vector<int> coords(nd);
  MPI_Cart_coords(cart, rank, nd, coords.data());
  return coords;
}

struct Cartesian {
  MPI_Comm comm;
  std::vector<int> coordinates(int rank) const { return coords_of(comm, rank); }
};

std::vector<double> with_header(int n) {
  std::vector<double> v(n);
  v.push_back(0.0);
  return v;
}

void fill_dims(MPI_Comm cart, std::vector<int> &dims) {
  int nd;
  MPI_Cartdim_get(cart, &nd);
  dims.resize(nd);
}

void check(const Cartesian &cc, int p) {
  std::vector<int> local(coords_of(cc.comm, p));
  std::vector<int> lowest(local.size());
  MPI_Reduce(local.data(), lowest.data(), local.size(), MPI_INT, MPI_MIN, 0,
             cc.comm);
  auto mine = cc.coordinates(p);
  MPI_Bcast(mine.data(), mine.size(), MPI_INT, 0, cc.comm);
  auto values = with_header(p);
  MPI_Bcast(values.data(), values.size(), MPI_DOUBLE, 0, cc.comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: count 'values.size()' of type 'size_t' is narrowed to 'int'
  std::vector<int> dims;
  fill_dims(cc.comm, dims);
  MPI_Bcast(dims.data(), dims.size(), MPI_INT, 0, cc.comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: count 'dims.size()' of type 'size_t' is narrowed to 'int'
}
