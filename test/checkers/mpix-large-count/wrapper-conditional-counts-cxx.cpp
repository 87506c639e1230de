// A member wrapper whose count goes through a local set from a conditional
// with a constant arm: the caller's narrowed value reaches MPI. The local
// keeps it 'int', so no automatic fix is made.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

struct Rows {
  MPI_Comm comm;
  int rank;
  void send(const double *v, int n) const {
    int count = (rank == 0) ? 0 : n;
    MPI_Send(v, count, MPI_DOUBLE, 0, 1, comm);
  }
  void run(const std::vector<double> &v) const {
    send(v.data(), v.size());
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'v.size()' of type 'size_t' is narrowed to 'int' by parameter 'n' of 'Rows::send', which reaches MPI_Send as its count
  }
};
