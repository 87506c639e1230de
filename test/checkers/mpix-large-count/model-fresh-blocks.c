// A pointer given a fresh malloc block in every pass of a loop: what an
// earlier pass stored through it went to the old block, so a call early in
// the pass sees only the stores made since (a test harness's loop over
// communicators, each pass allocating its own arrays). Twins whose block
// comes from outside the loop, or only on one branch, still warn.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

int next_comm(MPI_Comm *comm);

void per_pass_blocks(const int *sendbuf, int *recvbuf) {
  MPI_Comm comm;
  while (next_comm(&comm)) {
    int size;
    MPI_Comm_size(comm, &size);
    int *counts = (int *)malloc(size * sizeof(int));
    int *displs = (int *)malloc(size * sizeof(int));
    for (int i = 0; i < size; i++) {
      counts[i] = 1;
      displs[i] = i;
    }
    MPI_Gatherv(sendbuf, 1, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, comm);
    for (int i = 0; i < size; i++)
      displs[i] = i * (2 * size);
    MPI_Gatherv(sendbuf, 1, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX
    free(counts);
    free(displs);
  }
}

void assigned_per_pass(const int *sendbuf, int *recvbuf) {
  MPI_Comm comm;
  int *counts, *displs, size;
  while (next_comm(&comm)) {
    MPI_Comm_size(comm, &size);
    counts = (int *)malloc(size * sizeof(int));
    displs = (int *)malloc(size * sizeof(int));
    if (!counts || !displs)
      MPI_Abort(comm, 1);
    for (int i = 0; i < size; i++) {
      counts[i] = 1;
      displs[i] = i;
    }
    MPI_Gatherv(sendbuf, 1, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, comm);
    if (size > 1) {
      for (int i = 0; i < size; i++)
        displs[i] = i * (2 * size);
    }
    free(counts);
    free(displs);
  }
}

void block_from_outside(const int *sendbuf, int *recvbuf, int size) {
  MPI_Comm comm;
  int *counts = (int *)malloc(size * sizeof(int));
  int *displs = (int *)malloc(size * sizeof(int));
  while (next_comm(&comm)) {
    for (int i = 0; i < size; i++) {
      counts[i] = 1;
      displs[i] = i;
    }
    MPI_Gatherv(sendbuf, 1, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX
    for (int i = 0; i < size; i++)
      displs[i] = i * (2 * size);
    MPI_Gatherv(sendbuf, 1, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX
  }
  free(counts);
  free(displs);
}

void block_on_one_branch(const int *sendbuf, int *recvbuf, int size, int fresh) {
  MPI_Comm comm;
  int counts[64];
  int *displs = (int *)malloc(size * sizeof(int));
  while (next_comm(&comm)) {
    if (fresh)
      displs = (int *)malloc(size * sizeof(int));
    for (int i = 0; i < 64; i++)
      counts[i] = 1;
    MPI_Gatherv(sendbuf, 1, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX
    for (int i = 0; i < size; i++)
      displs[i] = i * (2 * size);
  }
}
