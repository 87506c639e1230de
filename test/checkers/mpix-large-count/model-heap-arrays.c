// Arrays on the heap, held by a local pointer that only ever points to its
// own malloc or calloc block: the elements hold what the stores put there.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

// Every count is 2, so the i-th displacement is below 2 * size.
void equal_counts(const int *sendbuf, int *recvbuf, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  int *counts = malloc(size * sizeof(int));
  int *displs = malloc(size * sizeof(int));
  if (!counts || displs == NULL)
    return;
  for (int i = 0; i < size; i++) {
    counts[i] = 2;
    displs[i] = i * counts[i];
  }
  MPI_Allgatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, comm);
  free(counts);
  free(displs);
}

// calloc's zeroes and a store of 4: still small.
void zeroed_counts(const int *sendbuf, int *recvbuf, MPI_Comm comm) {
  int size, rank;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  int *counts = calloc(size, sizeof(int));
  int *displs = calloc(size, sizeof(int));
  counts[rank] = 4;
  for (int i = 0; i < size; i++)
    displs[i] = i * counts[i];
  MPI_Allgatherv(sendbuf, counts[rank], MPI_INT, recvbuf, counts, displs,
                 MPI_INT, comm);
  free(counts);
  free(displs);
}

// The counts come from the other processes: MPI writes them, any size.
void gathered_counts(const int *sendbuf, int mine, int *recvbuf, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  int *counts = malloc(size * sizeof(int));
  int *displs = malloc(size * sizeof(int));
  MPI_Allgather(&mine, 1, MPI_INT, counts, 1, MPI_INT, comm);
  for (int i = 0; i < size; i++)
    displs[i] = i * counts[i];
  MPI_Allgatherv(sendbuf, mine, MPI_INT, recvbuf, counts, displs, MPI_INT, comm);
  // CHECK-NOTES: :[[@LINE-1]]:59: warning: displacement array 'displs' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'i * counts[i]' can overflow 'int' here: i below the communicator size, counts[i] unbounded
  // CHECK-NOTES: :[[@LINE-4]]:21: note: 'counts[i]' is read from memory the analysis cannot see
  // CHECK-NOTES: :[[@LINE-12]]:46: note: no automatic fix: 'mine' is not a local of this function
  free(counts);
  free(displs);
}

// A second pointer to the block writes what the first does not see.
void aliased_counts(const int *sendbuf, int *recvbuf, long big, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  int *counts = malloc(size * sizeof(int));
  int *displs = malloc(size * sizeof(int));
  int *alias = counts;
  for (int i = 0; i < size; i++)
    counts[i] = 2;
  alias[0] = (int)big;
  for (int i = 0; i < size; i++)
    displs[i] = i * counts[i];
  MPI_Allgatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, comm);
  // CHECK-NOTES: :[[@LINE-1]]:56: warning: displacement array 'displs' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'i * counts[i]' can overflow 'int' here: i below the communicator size, counts[i] unbounded
  // CHECK-NOTES: :[[@LINE-4]]:21: note: 'counts[i]' is read from memory the analysis cannot see
  // CHECK-NOTES: :[[@LINE-10]]:16: note: no automatic fix: 'counts' is used here in a way that needs 'int' elements
  free(counts);
  free(displs);
}

// A pointer that may point to a caller's array is not an allocation of its own.
void borrowed_counts(const int *sendbuf, int *recvbuf, int *given, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  int *counts = malloc(size * sizeof(int));
  int *displs = malloc(size * sizeof(int));
  for (int i = 0; i < size; i++)
    counts[i] = 2;
  if (given)
    counts = given;
  for (int i = 0; i < size; i++)
    displs[i] = i * counts[i];
  MPI_Allgatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, comm);
  // CHECK-NOTES: :[[@LINE-1]]:56: warning: displacement array 'displs' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'i * counts[i]' can overflow 'int' here: i below the communicator size, counts[i] unbounded
  // CHECK-NOTES: :[[@LINE-4]]:21: note: 'counts[i]' is read from memory the analysis cannot see
  // CHECK-NOTES: :[[@LINE-7]]:14: note: no automatic fix: the pointer is set to memory this fix cannot resize
  free(displs);
}
