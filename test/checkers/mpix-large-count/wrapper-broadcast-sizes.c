// A wrapper that broadcasts its size parameter before the data
// (SuperLU_DIST's allocBcastArray, held-out audit): the broadcast gives
// every process the root's size, a value some call passed, so the
// parameter still reaches MPI as a count and a caller that narrows into it
// is reported. No automatic fix: widening the parameter would leave the
// size's broadcast in MPI_INT. A size handed to anything else by address
// is unknown, as before.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

static void alloc_bcast(void **a, int size, int root, MPI_Comm comm) {
  int me;
  MPI_Comm_rank(comm, &me);
  MPI_Bcast(&size, 1, MPI_INT, root, comm);
  if (me != root)
    *a = malloc(size);
  MPI_Bcast(*a, size, MPI_BYTE, root, comm);
}

void get_size(int *size);

static void asked_bcast(void *a, int size, MPI_Comm comm) {
  get_size(&size);
  MPI_Bcast(a, size, MPI_BYTE, 0, comm);
}

void bcast_scales(double **r, long m, MPI_Comm comm) {
  alloc_bcast((void **)r, m * sizeof(double), 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:27: warning: 'm * sizeof(double)' of type 'unsigned long' is narrowed to 'int' by parameter 'size' of 'alloc_bcast', which reaches MPI_Bcast as its count
  // CHECK-NOTES: :[[@LINE-13]]:17: note: it reaches MPI_Bcast as its count here
  // CHECK-NOTES: :[[@LINE-20]]:39: note: no automatic fix: 'size' is broadcast through its address: the broadcast's datatype must change with its type
  asked_bcast(*r, m * sizeof(double), comm);
}
