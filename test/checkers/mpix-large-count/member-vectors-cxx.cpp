// Count and displacement arrays held in std::vector members, set up in a
// constructor and handed to MPI where the exchange runs (heFFTe's reshape
// plans, held-out audit: the alltoallv of its default path was missed).
// The constructor's element stores are judged as the array's: an int
// running sum of the sizes, a long long volume narrowed into an int
// element. The fix is left to the user: the member and its stores change
// type in another function.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- -std=c++17 %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES

#include <mpi.h>
#include <vector>

struct plan {
  std::vector<int> counts, displs;
  plan(const std::vector<long long> &volumes)
      : counts(volumes.size()), displs(volumes.size()) {
    int offset = 0;
    for (size_t i = 0; i < volumes.size(); i++) {
      counts[i] = volumes[i];
      displs[i] = offset;
      offset += counts[i];
    }
  }
};

struct exchange {
  plan send, recv;
  MPI_Comm comm;
  void apply(const double *sbuf, double *rbuf) const {
    MPI_Alltoallv(sbuf, send.counts.data(), send.displs.data(), MPI_DOUBLE,
                  rbuf, recv.counts.data(), recv.displs.data(), MPI_DOUBLE,
                  comm);
    // CHECK-MESSAGES: :[[@LINE-3]]:25: warning: count array 'send.counts.data()' of MPI_Alltoallv is filled with values that can exceed INT_MAX
    // CHECK-MESSAGES: :[[@LINE-4]]:45: warning: displacement array 'send.displs.data()' of MPI_Alltoallv is an 'int' running sum
    // CHECK-MESSAGES: :[[@LINE-4]]:25: warning: count array 'recv.counts.data()' of MPI_Alltoallv is filled with values that can exceed INT_MAX
    // CHECK-MESSAGES: :[[@LINE-5]]:45: warning: displacement array 'recv.displs.data()' of MPI_Alltoallv is an 'int' running sum
  }
};
// NOTES: member-vectors-cxx.cpp:20:19: note: 'volumes[i]' of type '{{.*}}' is narrowed to 'int' here (in 'plan')
// NOTES: member-vectors-cxx.cpp:22:7: note: the running sum is computed here

// The plan nested in a class template (heFFTe's reshape3d_alltoallv and
// its iotripple): the stores are those of the template's constructor.
template <typename T> struct reshape {
  struct tripple {
    std::vector<int> counts, displs;
    tripple(const std::vector<int> &sizes)
        : counts(sizes.size()), displs(sizes.size()) {
      int offset = 0;
      for (size_t i = 0; i < sizes.size(); i++) {
        counts[i] = sizes[i];
        displs[i] = offset;
        offset += sizes[i];
      }
    }
  };
  tripple send;
  MPI_Comm comm;
  void apply(const T *sbuf, T *rbuf) const {
    MPI_Alltoallv(sbuf, send.counts.data(), send.displs.data(), MPI_DOUBLE,
                  rbuf, send.counts.data(), send.displs.data(), MPI_DOUBLE,
                  comm);
    // CHECK-MESSAGES: :[[@LINE-3]]:45: warning: displacement array 'send.displs.data()' of MPI_Alltoallv is an 'int' running sum
    // CHECK-MESSAGES: :[[@LINE-3]]:45: warning: displacement array 'send.displs.data()' of MPI_Alltoallv is an 'int' running sum
  }
};
template struct reshape<double>;

// Control: a member set up with values that fit.
struct ring {
  std::vector<int> ones, steps;
  ring(int np) : ones(np), steps(np) {
    for (int i = 0; i < np && i < 64; i++) {
      ones[i] = 1;
      steps[i] = i;
    }
  }
  void apply(const int *sbuf, int *rbuf, MPI_Comm comm) const {
    MPI_Alltoallv(sbuf, ones.data(), steps.data(), MPI_INT, rbuf, ones.data(),
                  steps.data(), MPI_INT, comm);
  }
};
