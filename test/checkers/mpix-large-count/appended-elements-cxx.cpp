// Elements appended to a std::vector count array, `sizes.push_back(v)`,
// are stores converted to its element type as `sizes[i] = v` is: a box
// volume of type long long appended to a std::vector<int> (heFFTe's
// reshape plans, held-out audit) is a narrowed count. The fix retypes the
// vector, and push_back takes the wide value.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <vector>

struct box {
  long long nx, ny, nz;
  long long count() const { return nx * ny * nz; }
};

void exchange(const std::vector<box> &boxes, const double *sbuf, double *rbuf,
              MPI_Comm comm) {
  std::vector<int> sizes, offsets;
  // CHECK-FIXES: std::vector<MPI_Count> sizes;
  // CHECK-FIXES-NEXT: std::vector<MPI_Aint> offsets;
  for (const box &b : boxes) {
    sizes.push_back(b.count());
    offsets.push_back(0);
  }
  MPI_Alltoallv(sbuf, sizes.data(), offsets.data(), MPI_DOUBLE, rbuf,
                sizes.data(), offsets.data(), MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:23: warning: count array 'sizes' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: count array 'sizes' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-FIXES: MPIX_Alltoallv_x(sbuf, sizes.data(), offsets.data(), MPI_DOUBLE, rbuf,
}

// Control: appended values that fit.
void exchange_small(const std::vector<box> &boxes, const double *sbuf,
                    double *rbuf, MPI_Comm comm) {
  std::vector<int> sizes, offsets;
  for (const box &b : boxes) {
    sizes.push_back(b.nx > 1000 ? 1000 : (int)b.nx);
    offsets.push_back(0);
  }
  MPI_Alltoallv(sbuf, sizes.data(), offsets.data(), MPI_DOUBLE, rbuf,
                sizes.data(), offsets.data(), MPI_DOUBLE, comm);
}
