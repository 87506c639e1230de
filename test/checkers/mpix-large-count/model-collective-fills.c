// A collective that gives an array one block per process of a communicator
// (MPI_Allgather, MPI_Alltoall, and MPI_Gather at its root) replaces what
// earlier stores put in it, for a collective on the same communicator that
// reads one element a process: the counts of an MPI_Allgatherv, of an
// MPI_Gatherv at the same root (Zoltan's matching and coarsening, held-out
// audit). A fill on another communicator, at another root, or for a reader
// that is not rooted where the fill is, replaces nothing it reads.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

void refilled(char *out, char *in, const size_t *lens, int mine, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *sizes = malloc(np * sizeof(int));
  int *displs = calloc(np, sizeof(int));
  for (int i = 0; i < np; i++)
    sizes[i] = lens[i] * sizeof(double);
  MPI_Allgather(&mine, 1, MPI_INT, sizes, 1, MPI_INT, comm);
  MPI_Allgatherv(out, mine, MPI_CHAR, in, sizes, displs, MPI_CHAR, comm);
  free(sizes);
  free(displs);
}

void gathered_at_root(int *out, int *in, const size_t *lens, int mine,
                      int root, MPI_Comm comm) {
  int np, err;
  MPI_Comm_size(comm, &np);
  int *sizes = malloc(np * sizeof(int));
  int *displs = calloc(np, sizeof(int));
  for (int i = 0; i < np; i++)
    sizes[i] = lens[i];
  err = MPI_Gather(&mine, 1, MPI_INT, &sizes[0], 1, MPI_INT, root, comm);
  MPI_Gatherv(out, mine, MPI_INT, in, sizes, displs, MPI_INT, root, comm);
  (void)err;
  free(sizes);
  free(displs);
}

void other_communicator(char *out, char *in, const size_t *lens, int mine,
                        MPI_Comm rows, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *sizes = malloc(np * sizeof(int));
  int *displs = calloc(np, sizeof(int));
  for (int i = 0; i < np; i++)
    sizes[i] = lens[i];
  MPI_Allgather(&mine, 1, MPI_INT, sizes, 1, MPI_INT, rows);
  MPI_Allgatherv(out, mine, MPI_CHAR, in, sizes, displs, MPI_CHAR, comm);
  // CHECK-NOTES: :[[@LINE-1]]:43: warning: count array 'sizes' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-4]]:16: note: 'lens[i]' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-12]]:70: note: no automatic fix: 'mine' is not a local of this function
  free(sizes);
  free(displs);
}

void gathered_for_everyone(char *out, char *in, const size_t *lens, int mine,
                           MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *sizes = malloc(np * sizeof(int));
  int *displs = calloc(np, sizeof(int));
  for (int i = 0; i < np; i++)
    sizes[i] = lens[i];
  MPI_Gather(&mine, 1, MPI_INT, sizes, 1, MPI_INT, 0, comm);
  MPI_Allgatherv(out, mine, MPI_CHAR, in, sizes, displs, MPI_CHAR, comm);
  // CHECK-NOTES: :[[@LINE-1]]:43: warning: count array 'sizes' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-4]]:16: note: 'lens[i]' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-12]]:73: note: no automatic fix: 'mine' is not a local of this function
  free(sizes);
  free(displs);
}

void stored_after(char *out, char *in, const size_t *lens, int mine,
                  MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *sizes = malloc(np * sizeof(int));
  int *displs = calloc(np, sizeof(int));
  MPI_Allgather(&mine, 1, MPI_INT, sizes, 1, MPI_INT, comm);
  for (int i = 0; i < np; i++)
    sizes[i] = lens[i];
  MPI_Allgatherv(out, mine, MPI_CHAR, in, sizes, displs, MPI_CHAR, comm);
  // CHECK-NOTES: :[[@LINE-1]]:43: warning: count array 'sizes' of MPI_Allgatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-3]]:16: note: 'lens[i]' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-12]]:64: note: no automatic fix: 'mine' is not a local of this function
  free(sizes);
  free(displs);
}
