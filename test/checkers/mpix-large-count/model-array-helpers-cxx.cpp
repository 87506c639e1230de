// Arrays that a helper fills, in C++: a std::vector handed by
// reference, and arrays reached through a free accessor of a code that
// predates data() (`c_data(v)`, `return v.empty() ? 0 : &v[0];`), which MPI
// reads the vector's elements through as it would through v.data().
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <cstddef>
#include <vector>

template <class T> T *c_data(std::vector<T> &v) {
  return v.empty() ? static_cast<T *>(0) : &(v[0]);
}

void to_offsets(const int *sizes, int *offsets, int n) {
  offsets[0] = 0;
  for (int i = 1; i < n; ++i)
    offsets[i] = offsets[i - 1] + sizes[i - 1];
}

// The vector overload hands the elements on.
void to_offsets(std::vector<int> &sizes, std::vector<int> &offsets) {
  offsets.resize(sizes.size());
  to_offsets(c_data(sizes), c_data(offsets), int(sizes.size()));
}

void gather(const std::vector<char> &mine, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  std::vector<int> sizes(np), offsets;
  int n = mine.size() < 1000000 ? int(mine.size()) : 1000000;
  MPI_Allgather(&n, 1, MPI_INT, c_data(sizes), 1, MPI_INT, comm);
  to_offsets(sizes, offsets);
  std::vector<char> all(1);
  MPI_Allgatherv(mine.data(), n, MPI_CHAR, c_data(all), c_data(sizes),
                 c_data(offsets), MPI_CHAR, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: displacement array 'offsets' of MPI_Allgatherv is an 'int' running sum; it wraps once the data before a rank exceeds 2^31-1 elements
}

// Through the accessor, the elements a loop stores are seen too.
void exchange(std::vector<char> &out, std::vector<int> &sizes, MPI_Comm comm) {
  std::vector<int> disps(sizes.size());
  for (std::size_t d = 0; d < sizes.size(); ++d)
    disps[d] = out.size();
  std::vector<char> in(1);
  MPI_Alltoallv(c_data(out), c_data(sizes), c_data(disps), MPI_CHAR, c_data(in),
                c_data(sizes), c_data(disps), MPI_CHAR, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:45: warning: displacement array 'disps' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:32: warning: displacement array 'disps' of MPI_Alltoallv is filled with values that can exceed INT_MAX
}

// A count vector a helper fills by reference with sizes narrowed to 'int'.
std::vector<char> pack_for(int dest);

void fill_parts(int np, std::vector<char> &out, std::vector<int> &sizes) {
  sizes.resize(np);
  for (int d = 0; d < np; ++d) {
    std::vector<char> part = pack_for(d);
    int size = part.size();
    out.insert(out.end(), part.begin(), part.end());
    sizes[d] = size;
  }
}

void scatter_parts(int *displs, char *recv, int count, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  std::vector<char> out;
  std::vector<int> sizes;
  fill_parts(np, out, sizes);
  MPI_Scatterv(out.data(), sizes.data(), displs, MPI_BYTE, recv, count,
               MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:28: warning: count array 'sizes' of MPI_Scatterv is filled with values that can exceed INT_MAX
}
