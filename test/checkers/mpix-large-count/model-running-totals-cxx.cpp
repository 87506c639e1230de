// The C++ forms of an int running sum passed as a count: a range-based for
// over a vector of sizes, and a sum kept in a class's method.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

void recv_all(std::vector<double> &b, const std::vector<int> &sizes,
              MPI_Comm comm) {
  int total = 0;
  for (int s : sizes)
    total += s;
  MPI_Recv(b.data(), total, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: count 'total' is an 'int' running sum; it wraps once the values added up exceed 2^31-1
  // CHECK-NOTES: :[[@LINE-3]]:5: note: the running sum is computed here, in a loop; 's' can be any value of its type
}

struct Exchange {
  std::vector<int> counts;
  void gather(double *b, MPI_Comm comm) const {
    int n = 0;
    for (unsigned i = 0; i < counts.size(); ++i)
      n += counts[i];
    MPI_Bcast(b, n, MPI_DOUBLE, 0, comm);
    // CHECK-NOTES: :[[@LINE-1]]:18: warning: count 'n' is an 'int' running sum
    // CHECK-NOTES: :[[@LINE-3]]:7: note: the running sum is computed here, in a loop; 'counts[i]' can be any value of its type
  }
};
