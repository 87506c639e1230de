// A receive buffer held in a std::vector of pointers and allocated by the
// ranks that are not the root, with the product the count is, in a branch
// (SW4's material patches, held-out audit): the fix widens the allocation
// with the count, or the widened broadcast would overrun it. The fixed file
// compiles and gives nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <vector>

void bcast_patches(const std::vector<int> &ni, const std::vector<int> &nj,
                   std::vector<float *> &patch, int rank, MPI_Comm comm) {
  if (rank != 0)
    for (std::size_t p = 0; p < patch.size(); p++)
      patch[p] = new float[ni[p] * nj[p]];
  // CHECK-FIXES: patch[p] = new float[(size_t)ni[p] * nj[p]];
  for (std::size_t p = 0; p < patch.size(); p++)
    MPI_Bcast(patch[p], ni[p] * nj[p], MPI_FLOAT, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'ni[p] * nj[p]' is computed in 'int' and can overflow before MPI sees it
  // CHECK-FIXES: MPIX_Bcast_x(patch[p], (MPI_Count)ni[p] * nj[p], MPI_FLOAT, 0, comm);
}
