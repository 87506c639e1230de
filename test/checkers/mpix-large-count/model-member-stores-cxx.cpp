// C++ twins of model-member-stores.c: members set by one method and read
// as counts by another.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

class Halo {
public:
  void resize(const std::vector<char> &buffer, int faces) {
    cap_ = buffer.size();
    faces_ = faces;
  }
  void exchange(char *rb, MPI_Comm comm) const {
    MPI_Recv(rb, cap_, MPI_BYTE, 0, 0, comm, MPI_STATUS_IGNORE);
    // CHECK-NOTES: :[[@LINE-1]]:18: warning: count 'cap_' holds a value narrowed from 'size_t'; messages over 2^31-1 elements are truncated
    // CHECK-NOTES: :[[@LINE-6]]:12: note: 'buffer.size()' of type 'size_t' is narrowed to 'int' here
    // CHECK-NOTES: :[[@LINE-7]]:12: note: 'buffer.size()' is returned by a call the analysis cannot bound
    // CHECK-NOTES: :[[@LINE+6]]:7: note: no automatic fix: 'cap_' is a member of 'Halo': changing its type changes the structure's layout
    // An int stored as it is.
    MPI_Recv(rb, faces_, MPI_BYTE, 0, 1, comm, MPI_STATUS_IGNORE);
  }

private:
  int cap_ = 0;
  int faces_ = 0;
};

// A member array filled by one method and handed to MPI by another,
// through `this`.
class Exchange {
public:
  void plan(int cells, int vars, int np) {
    counts_ = new int[np];
    for (int p = 0; p < np; ++p)
      counts_[p] = cells * vars;
  }
  void run(double *sb, double *rb, int *displs, MPI_Comm comm) {
    MPI_Alltoallv(sb, counts_, displs, MPI_DOUBLE, rb, counts_, displs,
                  MPI_DOUBLE, comm);
    // CHECK-NOTES: :[[@LINE-2]]:23: warning: count array 'counts_' of MPI_Alltoallv is filled with values that can exceed INT_MAX
    // CHECK-NOTES: :[[@LINE-6]]:20: note: 'cells * vars' can overflow 'int' here (in 'plan'): cells unbounded, vars unbounded
    // CHECK-NOTES: :[[@LINE-10]]:17: note: 'cells' is a parameter: its callers may pass any value
    // CHECK-NOTES: :[[@LINE-5]]:23: note: no automatic fix: 'counts_' must become MPI_Count by hand
    // CHECK-NOTES: :[[@LINE-6]]:56: warning: count array 'counts_' of MPI_Alltoallv is filled with values that can exceed INT_MAX
    // CHECK-NOTES: :[[@LINE-10]]:20: note: 'cells * vars' can overflow 'int' here (in 'plan'): cells unbounded, vars unbounded
    // CHECK-NOTES: :[[@LINE-14]]:17: note: 'cells' is a parameter: its callers may pass any value
  }

private:
  int *counts_ = nullptr;
};
