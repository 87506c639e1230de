// C++ twins of model-heap-arrays.c: new[] blocks held by local pointers.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>

void equal_counts(const int *sendbuf, int *recvbuf, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  int *counts = new int[size];
  int *displs = new int[size]();
  for (int i = 0; i < size; i++) {
    counts[i] = 3;
    displs[i] = i * counts[i];
  }
  MPI_Allgatherv(sendbuf, 3, MPI_INT, recvbuf, counts, displs, MPI_INT, comm);
  delete[] counts;
  delete[] displs;
}

// A list initializer stores elements the element writes do not list.
void listed_counts(const int *sendbuf, int *recvbuf, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  int *counts = new int[4]{2, 2, 2, 1 << 30};
  int *displs = new int[4];
  for (int i = 0; i < 3; i++)
    counts[i] = 2;
  for (int i = 0; i < 4; i++)
    displs[i] = i * counts[i];
  MPI_Allgatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, comm);
  // CHECK-NOTES: :[[@LINE-1]]:56: warning: displacement array 'displs' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'i * counts[i]' can overflow 'int' here: i below 4, counts[i] unbounded
  // CHECK-NOTES: :[[@LINE-4]]:21: note: 'counts[i]' is read from memory the analysis cannot see
  delete[] counts;
  delete[] displs;
}
