// MPI_Bcast(&n, ...) leaves in n what the root's n held: every process runs
// the same program, so n still holds one of the values the function stores
// into it. A narrowed or overflowing store before the broadcast reaches the
// counts after it, and a small one keeps them small. The fix widens the
// local and broadcasts it as MPI_COUNT; the fixed file compiles and the
// check finds nothing in it.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void narrowed_then_broadcast(double *buf, size_t total, MPI_Comm comm) {
  int rank, n = 0;
  // CHECK-FIXES: MPI_Count n = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0)
    n = total;
  MPI_Bcast(&n, 1, MPI_INT, 0, comm);
  // CHECK-FIXES: MPI_Bcast(&n, 1, MPI_COUNT, 0, comm);
  MPI_Send(buf, n, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-NOTES: :[[@LINE-5]]:9: note: 'total' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-11]]:50: note: 'total' is a parameter: its callers may pass any value
  // CHECK-FIXES: MPIX_Send_x(buf, n, MPI_DOUBLE, 1, 0, comm);
}

void product_then_broadcast(double *buf, int edge, MPI_Comm comm) {
  int rank, cells = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0)
    cells = edge * edge;
  // CHECK-FIXES: cells = (MPI_Count)edge * edge;
  MPI_Bcast(&cells, 1, MPI_INT, 0, comm);
  MPI_Send(buf, cells, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'cells' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-5]]:13: note: 'edge * edge' can overflow 'int' here: edge unbounded, edge unbounded
  // CHECK-NOTES: :[[@LINE-10]]:46: note: 'edge' is a parameter: its callers may pass any value
}

void input_then_broadcast(double *buf, char **argv, MPI_Comm comm) {
  int rank, k = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0)
    k = atoi(argv[1]);
  MPI_Bcast(&k, 1, MPI_INT, 0, comm);
  MPI_Send(buf, k * k, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'k * k' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'k * k' can overflow 'int' here: k unbounded, k unbounded
  // CHECK-NOTES: :[[@LINE-5]]:5: note: 'k' is assigned 'atoi(argv[1])' here, which the analysis cannot bound
}

// The root's k is 0 or 100 on every process after the broadcast: the cube
// fits.
void small_then_broadcast(double *buf, MPI_Comm comm) {
  int rank, k = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0)
    k = 100;
  MPI_Bcast(&k, 1, MPI_INT, 0, comm);
  MPI_Send(buf, k * k * k, MPI_DOUBLE, 1, 0, comm);
}

// A size broadcast stays a size: the displacements i * 2 below it fit.
void size_then_broadcast(int *sbuf, int *rbuf, MPI_Comm comm) {
  int nprocs = 1;
  MPI_Comm_size(comm, &nprocs);
  MPI_Bcast(&nprocs, 1, MPI_INT, 0, comm);
  int *counts = malloc(sizeof(int) * nprocs), *displs = malloc(sizeof(int) * nprocs);
  for (int i = 0; i < nprocs; i++) {
    counts[i] = 2;
    displs[i] = i * 2;
  }
  MPI_Allgatherv(sbuf, 2, MPI_INT, rbuf, counts, displs, MPI_INT, comm);
  free(counts);
  free(displs);
}

// Handed to a function that may write anything as well: unknown, as before.
void read_count(int *k);
void written_elsewhere_then_broadcast(double *buf, MPI_Comm comm) {
  int k = 0;
  read_count(&k);
  MPI_Bcast(&k, 1, MPI_INT, 0, comm);
  MPI_Send(buf, k * k, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'k * k' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'k * k' can overflow 'int' here: k unbounded, k unbounded
  // CHECK-NOTES: :[[@LINE-5]]:15: note: 'k' is handed out here: what is written through it is not known
}

// The length of a literal's copy is the literal's: 8 on the root, and so
// on every process after the broadcast.
void name_then_broadcast(MPI_Comm comm) {
  int rank, len = 0;
  char *name = NULL;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    name = strdup("testfile");
    len = strlen(name);
  }
  MPI_Bcast(&len, 1, MPI_INT, 0, comm);
  if (rank != 0)
    name = malloc(len + 1);
  MPI_Bcast(name, len + 1, MPI_CHAR, 0, comm);
  free(name);
}

// A caller's size can be larger than INT_MAX.
void path_then_broadcast(char *path, size_t bytes, MPI_Comm comm) {
  int rank, len = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0)
    len = bytes;
  // CHECK-FIXES: MPI_Count len = 0;
  MPI_Bcast(&len, 1, MPI_INT, 0, comm);
  // CHECK-FIXES: MPI_Bcast(&len, 1, MPI_COUNT, 0, comm);
  MPI_Bcast(path, len + 1, MPI_CHAR, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: count 'len + 1' is computed from 'len', which holds a value narrowed from 'size_t'
  // CHECK-NOTES: :[[@LINE-6]]:11: note: 'bytes' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-11]]:45: note: 'bytes' is a parameter: its callers may pass any value
  // CHECK-FIXES: MPIX_Bcast_x(path, len + 1, MPI_CHAR, 0, comm);
}
