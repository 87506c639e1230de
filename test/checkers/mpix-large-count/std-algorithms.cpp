// The standard algorithms that sum: std::accumulate and std::reduce give
// the sum in the type of their initial value; std::partial_sum,
// std::inclusive_scan and std::exclusive_scan store running sums.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <numeric>
#include <vector>

void gather_scanned(double *out, const double *mine, int n,
                    const std::vector<int> &counts, MPI_Comm comm) {
  std::vector<int> displs(counts.size());
  std::exclusive_scan(counts.begin(), counts.end(), displs.begin(), 0);
  MPI_Gatherv(mine, n, MPI_DOUBLE, out, counts.data(), displs.data(),
              MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-2]]:56: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum; it wraps once the data before a rank exceeds 2^31-1 elements
  // CHECK-NOTES: :[[@LINE-4]]:3: note: the running sum is computed here
  // CHECK-NOTES: :[[@LINE-7]]:45: note: no automatic fix: 'counts' is not a local of this function
}

// Counts and displacements of this function: the fix widens both, and the
// scan sums from an MPI_Aint zero.
void gather_local(double *out, const double *mine, int n, int np,
                  MPI_Comm comm) {
  std::vector<int> counts(np, n);
  // CHECK-FIXES: std::vector<MPI_Count> counts(np, n);
  std::vector<int> displs(np);
  // CHECK-FIXES: std::vector<MPI_Aint> displs(np);
  std::exclusive_scan(counts.begin(), counts.end(), displs.begin(), 0);
  // CHECK-FIXES: std::exclusive_scan(counts.begin(), counts.end(), displs.begin(), (MPI_Aint)0);
  MPI_Gatherv(mine, n, MPI_DOUBLE, out, counts.data(), displs.data(),
              MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-2]]:56: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-5]]:3: note: the running sum is computed here
}

void gather_partial_sums(double *out, const double *mine, int n,
                         const std::vector<int> &counts, MPI_Comm comm) {
  std::vector<int> displs(counts.size(), 0);
  std::partial_sum(counts.begin(), counts.end() - 1, displs.begin() + 1);
  MPI_Gatherv(mine, n, MPI_DOUBLE, out, counts.data(), displs.data(),
              MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-2]]:56: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-4]]:3: note: the running sum is computed here
  // CHECK-NOTES: :[[@LINE-5]]:3: note: no automatic fix: 'std::partial_sum' sums in the type of its input: use std::exclusive_scan with an MPI_Aint initial value
}

// The scan blocks the call's fix: its note goes with the displacement
// array's warning, not with the send count's before it.
void gather_scaled(double *out, const double *mine, int n,
                   const std::vector<int> &counts, MPI_Comm comm) {
  int sendcount = 8 * n;
  std::vector<int> displs(counts.size(), 0);
  std::partial_sum(counts.begin(), counts.end() - 1, displs.begin() + 1);
  MPI_Gatherv(mine, sendcount, MPI_BYTE, out, counts.data(), displs.data(),
              MPI_BYTE, 0, comm);
  // CHECK-NOTES: :[[@LINE-2]]:21: warning: count 'sendcount' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-6]]:19: note: '8 * n' can overflow 'int' here: 8, n unbounded
  // CHECK-NOTES: :[[@LINE-9]]:57: note: 'n' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-5]]:62: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-7]]:3: note: the running sum is computed here
  // CHECK-NOTES: :[[@LINE-8]]:3: note: no automatic fix: 'std::partial_sum' sums in the type of its input
}

void broadcast_total(std::vector<double> &all, const std::vector<int> &counts,
                     MPI_Comm comm) {
  int total = std::accumulate(counts.begin(), counts.end(), 0);
  // CHECK-FIXES: MPI_Count total = std::accumulate(counts.begin(), counts.end(), (MPI_Count)0);
  MPI_Bcast(all.data(), total, MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:25: warning: count 'total' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-4]]:15: note: 'std::accumulate(counts.begin(), counts.end(), 0)' can overflow 'int' here
}

// Summed wide already: nothing to say.
void broadcast_wide_total(std::vector<double> &all,
                          const std::vector<int> &counts, MPI_Comm comm) {
  long long total = std::accumulate(counts.begin(), counts.end(), 0LL);
  if (total <= 1000)
    MPI_Bcast(all.data(), (int)total, MPI_DOUBLE, 0, comm);
}

// The sizes are widened for the exchange; the receive buffer is sized with
// their std::accumulate, which adds in the type of its 0: the total is
// retyped and summed from an MPI_Count zero, or it would wrap where the
// counts no longer do (miniVite's edge exchange, second fix audit).
void exchange_sized(const std::vector<double> &out,
                    std::vector<double> &in, std::vector<int> &sizes,
                    MPI_Comm comm) {
  std::vector<int> ssizes(sizes.size());
  // CHECK-FIXES: std::vector<MPI_Count> ssizes(sizes.size());
  std::vector<int> rsizes(sizes.size());
  // CHECK-FIXES: std::vector<MPI_Count> rsizes(sizes.size());
  for (size_t p = 0; p < sizes.size(); p++)
    ssizes[p] = sizes[p] * 1024;
  MPI_Alltoall(ssizes.data(), 1, MPI_INT, rsizes.data(), 1, MPI_INT, comm);
  // CHECK-FIXES: MPI_Alltoall(ssizes.data(), 1, MPI_COUNT, rsizes.data(), 1, MPI_COUNT, comm);
  const int total = std::accumulate(rsizes.begin(), rsizes.end(), 0);
  // CHECK-FIXES: const MPI_Count total = std::accumulate(rsizes.begin(), rsizes.end(), (MPI_Count)0);
  in.resize(total);
  // A sum over other elements, bounded by the vector's size, stays int.
  int firsts = std::accumulate(sizes.begin(), sizes.begin() + rsizes.size(), 0);
  // CHECK-FIXES: int firsts = std::accumulate(sizes.begin(), sizes.begin() + rsizes.size(), 0);
  (void)firsts;
  std::vector<int> sdispls(sizes.size()), rdispls(sizes.size());
  MPI_Alltoallv(out.data(), ssizes.data(), sdispls.data(), MPI_DOUBLE,
                in.data(), rsizes.data(), rdispls.data(), MPI_DOUBLE, comm);
  // CHECK-NOTES: :[[@LINE-2]]:29: warning: count array 'ssizes' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-14]]:17: note: 'sizes[p] * 1024' can overflow 'int' here
  // CHECK-NOTES: :[[@LINE-15]]:17: note: 'sizes[p]' is read from memory the analysis cannot see
}

// The running sums go to an int array the fix does not widen: no fix.
void gather_scanned(const std::vector<double> &out, std::vector<int> &sizes,
                    int *starts, MPI_Comm comm) {
  std::vector<int> ssizes(sizes.size());
  for (size_t p = 0; p < sizes.size(); p++)
    ssizes[p] = sizes[p] * 1024;
  std::exclusive_scan(ssizes.begin(), ssizes.end(), starts, 0);
  MPI_Gatherv(out.data(), 1, MPI_DOUBLE, nullptr, ssizes.data(), starts,
              MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-2]]:51: warning: count array 'ssizes' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-5]]:17: note: 'sizes[p] * 1024' can overflow 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:17: note: 'sizes[p]' is read from memory the analysis cannot see
  // CHECK-NOTES: :[[@LINE-6]]:53: note: no automatic fix: the sums are written here, into 'int' elements
  // CHECK-NOTES: :[[@LINE-6]]:66: warning: displacement array 'starts' of MPI_Gatherv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-8]]:3: note: the running sum is computed here
}
