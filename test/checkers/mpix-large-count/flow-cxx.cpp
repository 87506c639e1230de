// The pass over the control flow in C++: clamps with std::min, chunking
// loops over a std::vector, helpers, and what the pass must not follow.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <algorithm>
#include <climits>
#include <cstddef>
#include <mpi.h>
#include <vector>

void send_chunks(const std::vector<char> &v, MPI_Comm comm) {
  std::size_t off = 0;
  while (off < v.size()) {
    std::size_t piece = v.size() - off;
    if (piece > static_cast<std::size_t>(INT_MAX))
      piece = INT_MAX;
    MPI_Send(v.data() + off, static_cast<int>(piece), MPI_CHAR, 0, 0, comm);
    off += piece;
  }
}

void send_min(const std::vector<double> &v, MPI_Comm comm) {
  std::size_t n = v.size();
  n = std::min<std::size_t>(n, INT_MAX);
  MPI_Send(v.data(), static_cast<int>(n), MPI_DOUBLE, 0, 0, comm);
}

namespace {
int cells(int nx, int ny) { return nx * ny; }
}

void send_plane(const char *buf, int nx, int ny, MPI_Comm comm) {
  MPI_Send(buf, cells(nx, ny), MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'nx * ny' is computed in 'int' and can overflow before MPI sees it
}

// A lambda may change n between the clamp and the call: not followed.
void send_after_lambda(const std::vector<char> &v, MPI_Comm comm) {
  std::size_t n = v.size();
  if (n > static_cast<std::size_t>(INT_MAX))
    n = INT_MAX;
  auto grow = [&n] { n *= 2; };
  grow();
  MPI_Send(v.data(), static_cast<int>(n), MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'n' of type 'std::size_t' is narrowed to 'int'
}
