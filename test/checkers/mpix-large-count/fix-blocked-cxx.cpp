// Vectors the fix cannot widen: a std::vector<MPI_Count> cannot be
// constructed as a copy of a std::vector<int>, so a count vector that
// copies another is reported with the reason and left alone.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

struct Edge {
  long from, to;
  double weight;
};

void copied(const std::vector<Edge> &out, std::vector<Edge> &in,
            const std::vector<int> &outgoing, MPI_Comm comm) {
  std::vector<int> scounts(outgoing), sdispls(outgoing.size());
  for (size_t p = 0; p < scounts.size(); p++)
    scounts[p] *= sizeof(Edge);
  MPI_Alltoallv(out.data(), scounts.data(), sdispls.data(), MPI_BYTE,
                in.data(), scounts.data(), sdispls.data(), MPI_BYTE, comm);
  // CHECK-NOTES: :[[@LINE-2]]:29: warning: count array 'scounts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-4]]:5: note: 'scounts[p] *= sizeof(Edge)' of type 'unsigned long' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-7]]:28: note: no automatic fix: 'scounts' is a copy of a 'std::vector<int>' here
  // CHECK-NOTES: :[[@LINE-4]]:28: warning: count array 'scounts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-7]]:5: note: 'scounts[p] *= sizeof(Edge)' of type 'unsigned long' is narrowed to 'int' here
}

std::vector<int> make_counts(int n);

void returned(const std::vector<Edge> &out, std::vector<Edge> &in, int n,
              MPI_Comm comm) {
  std::vector<int> scounts = make_counts(n);
  std::vector<int> sdispls(n);
  for (int p = 0; p < n; p++)
    scounts[p] *= sizeof(Edge);
  MPI_Alltoallv(out.data(), scounts.data(), sdispls.data(), MPI_BYTE,
                in.data(), scounts.data(), sdispls.data(), MPI_BYTE, comm);
  // CHECK-NOTES: :[[@LINE-2]]:29: warning: count array 'scounts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-4]]:5: note: 'scounts[p] *= sizeof(Edge)' of type 'unsigned long' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-8]]:30: note: no automatic fix: 'scounts' is a copy of a 'std::vector<int>' here
  // CHECK-NOTES: :[[@LINE-4]]:28: warning: count array 'scounts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-7]]:5: note: 'scounts[p] *= sizeof(Edge)' of type 'unsigned long' is narrowed to 'int' here
}
