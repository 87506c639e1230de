// The C++ shape of model-compound-narrowing.c: count vectors received as
// ints and scaled to bytes in place before MPI_Alltoallv (a graph code's
// edge exchange). The fix makes the vectors MPI_Count and receives the
// counts as MPI_COUNT.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <vector>

struct Edge {
  long from, to;
  double weight;
};

void exchange(const std::vector<Edge> &out, std::vector<Edge> &in,
              const std::vector<int> &outgoing, int nprocs, MPI_Comm comm) {
  std::vector<int> scounts(nprocs), rcounts(nprocs), sdispls(nprocs), rdispls(nprocs);
  // CHECK-FIXES: std::vector<MPI_Count> scounts(nprocs);
  // CHECK-FIXES-NEXT: std::vector<MPI_Count> rcounts(nprocs);
  for (int p = 0; p < nprocs; p++)
    scounts[p] = outgoing[p];
  MPI_Alltoall(scounts.data(), 1, MPI_INT, rcounts.data(), 1, MPI_INT, comm);
  // CHECK-FIXES: MPI_Alltoall(scounts.data(), 1, MPI_COUNT, rcounts.data(), 1, MPI_COUNT, comm);
  for (int p = 0; p < nprocs; p++) {
    scounts[p] *= sizeof(Edge);
    rcounts[p] *= sizeof(Edge);
    sdispls[p] = 0;
    rdispls[p] = 0;
  }
  MPI_Alltoallv(out.data(), scounts.data(), sdispls.data(), MPI_BYTE, in.data(),
                rcounts.data(), rdispls.data(), MPI_BYTE, comm);
  // CHECK-NOTES: :[[@LINE-2]]:29: warning: count array 'scounts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-8]]:5: note: 'scounts[p] *= sizeof(Edge)' of type 'unsigned long' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-3]]:17: warning: count array 'rcounts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-9]]:5: note: 'rcounts[p] *= sizeof(Edge)' of type 'unsigned long' is narrowed to 'int' here
  // CHECK-FIXES: MPIX_Alltoallv_x(out.data(), scounts.data(), sdispls.data(), MPI_BYTE, in.data(),
}
