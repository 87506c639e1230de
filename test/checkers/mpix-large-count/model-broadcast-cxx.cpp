// C++ twins of model-broadcast.c: a vector's size narrowed into an int on
// the root, then broadcast, is still narrowed on every process; a size kept
// small is still small.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

void vector_size_then_broadcast(const std::vector<double> &v, double *buf,
                                MPI_Comm comm) {
  int rank = 0, n = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0)
    n = v.size();
  MPI_Bcast(&n, 1, MPI_INT, 0, comm);
  MPI_Recv(buf, n, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-NOTES: :[[@LINE-4]]:9: note: 'v.size()' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:9: note: 'v.size()' is returned by a call the analysis cannot bound
}

void capped_then_broadcast(const std::vector<double> &v, double *buf,
                           MPI_Comm comm) {
  int rank = 0, n = 0;
  MPI_Comm_rank(comm, &rank);
  std::size_t len = v.size();
  if (rank == 0)
    n = len < 1024 ? static_cast<int>(len) : 1024;
  MPI_Bcast(&n, 1, MPI_INT, 0, comm);
  MPI_Recv(buf, n * n, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
}
