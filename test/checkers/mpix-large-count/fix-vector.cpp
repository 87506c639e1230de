// std::vector count and displacement arrays: reported like arrays, and fixed
// with their element type, the exchange that fills them and the int that
// accumulates the displacements.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <vector>

void gather(const double *sb, int nmine, double *rb, MPI_Comm comm) {
  int p;
  MPI_Comm_size(comm, &p);
  std::vector<int> counts(p);
  std::vector<int> displs(p);
  int mine = nmine;
  // CHECK-FIXES-MPICH: std::vector<MPI_Count> counts(p);
  // CHECK-FIXES-MPICH-NEXT: std::vector<MPI_Aint> displs(p);
  // CHECK-FIXES-MPICH-NEXT: MPI_Count mine = nmine;
  // CHECK-FIXES-OPENMPI: std::vector<MPI_Count> counts(p);
  // CHECK-FIXES-OPENMPI-NEXT: std::vector<MPI_Aint> displs(p);
  // CHECK-FIXES-OPENMPI-NEXT: MPI_Count mine = nmine;
  MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
  // CHECK-FIXES-MPICH: MPI_Allgather(&mine, 1, MPI_COUNT, counts.data(), 1, MPI_COUNT, comm);
  // CHECK-FIXES-OPENMPI: MPI_Allgather(&mine, 1, MPI_COUNT, counts.data(), 1, MPI_COUNT, comm);
  int offset = 0;
  // CHECK-FIXES-MPICH: MPI_Aint offset = 0;
  // CHECK-FIXES-OPENMPI: MPI_Aint offset = 0;
  for (int r = 0; r < p; ++r) {
    displs[r] = offset;
    offset += counts[r];
  }
  MPI_Gatherv(sb, nmine, MPI_DOUBLE, rb, counts.data(), displs.data(), MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:57: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:57: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-FIXES-MPICH: MPI_Gatherv_c(sb, nmine, MPI_DOUBLE, rb, counts.data(), displs.data(), MPI_DOUBLE, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Gatherv_x(sb, nmine, MPI_DOUBLE, rb, counts.data(), displs.data(), MPI_DOUBLE, 0, comm);
}

void narrowed_sizes(const std::vector<std::size_t> &sizes, const double *sb, double *rb,
                    MPI_Comm comm) {
  std::vector<int> displs(sizes.size(), 0);
  std::vector<int> counts(sizes.size());
  // CHECK-FIXES-MPICH: std::vector<MPI_Aint> displs(sizes.size(), 0);
  // CHECK-FIXES-MPICH-NEXT: std::vector<MPI_Count> counts(sizes.size());
  // CHECK-FIXES-OPENMPI: std::vector<MPI_Aint> displs(sizes.size(), 0);
  // CHECK-FIXES-OPENMPI-NEXT: std::vector<MPI_Count> counts(sizes.size());
  for (std::size_t r = 0; r < sizes.size(); ++r)
    counts[r] = sizes[r];
  MPI_Scatterv(sb, &counts[0], displs.data(), MPI_DOUBLE, rb, counts[0], MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:20: warning: count array 'counts' of MPI_Scatterv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:20: warning: count array 'counts' of MPI_Scatterv is filled with values that can exceed INT_MAX
  // CHECK-FIXES-MPICH: MPI_Scatterv_c(sb, &counts[0], displs.data(), MPI_DOUBLE, rb, counts[0], MPI_DOUBLE, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Scatterv_x(sb, &counts[0], displs.data(), MPI_DOUBLE, rb, counts[0], MPI_DOUBLE, 0, comm);
}
