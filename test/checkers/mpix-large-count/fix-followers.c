// What a widened variable may meet and still be fixed, and where every
// reason seen on real code to give up was not a real one (docs/corpus.md,
// the audit of "no automatic fix"): another MPI call that takes it follows
// it to its large-count form, pointer tests and floating arithmetic take
// any element type, sizeof *p follows the new type.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// The same output in two calls (after probes: the sender decides the size):
// both are renamed.
long long twice_received(char *buf, MPI_Comm comm) {
  MPI_Status st;
  int got;
  // CHECK-FIXES: MPI_Count got;
  long long total = 0;
  MPI_Probe(1, 0, comm, &st);
  MPI_Get_count(&st, MPI_BYTE, &got);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-FIXES: MPIX_Get_count_x(&st, MPI_BYTE, &got);
  total += got;
  MPI_Probe(1, 0, comm, &st);
  MPI_Get_count(&st, MPI_BYTE, &got);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-FIXES: MPIX_Get_count_x(&st, MPI_BYTE, &got);
  return total + got;
}

// The same arrays in two collectives, tested for NULL, sized with sizeof *p,
// and printed through floating arithmetic.
void gather_twice(const char *s, char *r, int p, size_t each, MPI_Comm comm) {
  int *counts = malloc(p * sizeof *counts);
  // CHECK-FIXES: MPI_Count *counts = malloc(p * sizeof *counts);
  int *displs = malloc(p * sizeof(int));
  // CHECK-FIXES: MPI_Aint *displs = malloc(p * sizeof(MPI_Aint));
  if (!counts || !displs)
    MPI_Abort(comm, 1);
  for (int i = 0; i < p; i++) {
    counts[i] = each;
    displs[i] = i * each;
  }
  printf("%.1f MB\n", (double)counts[0] * p / 1048576);
  MPI_Gatherv(s, each, MPI_BYTE, r, counts, displs, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:18: warning: count 'each' of type 'size_t' is narrowed to 'int'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:18: warning: count 'each' of type 'size_t' is narrowed to 'int'
  // CHECK-MESSAGES-MPICH: :[[@LINE-3]]:37: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-4]]:37: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-MPICH: :[[@LINE-5]]:45: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-6]]:45: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-FIXES: MPIX_Gatherv_x(s, each, MPI_BYTE, r, counts, displs, MPI_BYTE, 0, comm);
  MPI_Gatherv(s, each, MPI_BYTE, r, counts, displs, MPI_BYTE, 1, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:18: warning: count 'each' of type 'size_t' is narrowed to 'int'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:18: warning: count 'each' of type 'size_t' is narrowed to 'int'
  // CHECK-MESSAGES-MPICH: :[[@LINE-3]]:37: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-4]]:37: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-MPICH: :[[@LINE-5]]:45: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-6]]:45: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-FIXES: MPIX_Gatherv_x(s, each, MPI_BYTE, r, counts, displs, MPI_BYTE, 1, comm);
  free(counts);
  free(displs);
}

// Floating stores, initializers and parameters, and a wide return, hold an
// MPI_Count's value.
struct stats { double mb; };
long send_counted(char *b, size_t nb, struct stats *s, double *total, MPI_Comm c) {
  int n = nb;
  // CHECK-FIXES: MPI_Count n = nb;
  s->mb = n;
  *total += n;
  double root = sqrt(n);
  MPI_Send(b, n, MPI_BYTE, 1, 0, c);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:15: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:15: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-FIXES: MPIX_Send_x(b, n, MPI_BYTE, 1, 0, c);
  return n + (long)root;
}

// Every product and sum of a displacement computed in int is widened, not
// only the first one.
void put_strided(int *src, int t, int np, int rank, int i, MPI_Win win) {
  MPI_Put(src, 4, MPI_INT, t, 300 * np + 4 * (rank + i * np), 4, MPI_INT, win);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:31: warning: displacement '4 * (rank + i * np)' is computed in 'int' and can overflow
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:31: warning: displacement '4 * (rank + i * np)' is computed in 'int' and can overflow
  // CHECK-FIXES: MPI_Put(src, 4, MPI_INT, t, (MPI_Aint)300 * np + (MPI_Aint)4 * ((MPI_Aint)rank + (MPI_Aint)i * np), 4, MPI_INT, win);
}
