// C++ twins of model-member-shares.c: the sizes of a block distribution
// read through a const reference, into vectors of counts.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

struct Bench {
  int count;
  int nranks;
  MPI_Comm comm;
};

void gatherv_blocks(const Bench &b, const double *s, double *r) {
  std::vector<int> counts(b.nranks), displs(b.nranks);
  int chunk = b.count / b.nranks;
  for (int i = 0; i < b.nranks; ++i) {
    counts[i] = chunk;
    displs[i] = i * chunk;
  }
  MPI_Allgatherv(s, chunk, MPI_DOUBLE, r, counts.data(), displs.data(),
                 MPI_DOUBLE, b.comm);
}

// The index runs to the count, not to the divisor: a true overflow.
void gatherv_past(const Bench &b, const double *s, double *r) {
  std::vector<int> counts(b.count), displs(b.count);
  int chunk = b.count / b.nranks;
  for (int i = 0; i < b.count; ++i) {
    counts[i] = chunk;
    displs[i] = i * chunk;
  }
  MPI_Allgatherv(s, chunk, MPI_DOUBLE, r, counts.data(), displs.data(),
                 MPI_DOUBLE, b.comm);
  // CHECK-NOTES: :[[@LINE-2]]:58: warning: displacement array 'displs' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-5]]:17: note: 'i * chunk' can overflow 'int' here: i below b.count, chunk unbounded
  // CHECK-NOTES: :[[@LINE-9]]:15: note: 'chunk' is assigned 'b.count / b.nranks' here, which the analysis cannot bound
}
