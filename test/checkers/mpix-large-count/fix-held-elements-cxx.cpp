// Counts stored into an array from an int local that a cast narrowed (`int
// c = static_cast<int>(bytes[i]); counts[i] = c;`, conduit's flatten
// helpers, held-out audit) hold what the cast cut, as a cast stored
// directly does: reported, and the fix widens the local and its cast with
// the array, so the 64-bit value reaches MPI.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpix.h>
#include <vector>

void gather_rows(double *out, const long *per_rank, int np, MPI_Comm comm) {
  // Each rank's rows overwrite the same place: the root keeps the last.
  std::vector<int> counts(np), displs(np, 0);
  for (int i = 0; i < np; i++) {
    int c = static_cast<int>(per_rank[i]);
    // CHECK-FIXES: MPI_Count c = static_cast<MPI_Count>(per_rank[i]);
    counts[i] = c;
  }
  MPI_Gatherv(nullptr, 0, MPI_DOUBLE, out, counts.data(), displs.data(),
              MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-2]]:44: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-3]]:44: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-FIXES-MPICH: MPI_Gatherv_c(nullptr, 0, MPI_DOUBLE, out, counts.data(), displs.data(),
  // CHECK-FIXES-OPENMPI: MPIX_Gatherv_x(nullptr, 0, MPI_DOUBLE, out, counts.data(), displs.data(),
}

// A local clamped before it is stored holds no more than INT_MAX.
void gather_clamped(double *out, const long *per_rank, int np, MPI_Comm comm) {
  std::vector<int> counts(np), displs(np, 0);
  for (int i = 0; i < np; i++) {
    long n = per_rank[i] < 1024 ? per_rank[i] : 1024;
    int c = n > 0 ? static_cast<int>(n) : 0;
    counts[i] = c;
  }
  MPI_Gatherv(nullptr, 0, MPI_DOUBLE, out, counts.data(), displs.data(),
              MPI_DOUBLE, 0, comm);
}
