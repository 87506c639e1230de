// An MPI array argument may be a part of an array: `&displs[k]` or
// `displs + k` (a sub-communicator's slice of a table built for all). Its
// elements are the array's, so the array's stores judge them, and the fix
// widens the whole array. The fixed file compiles and is clean.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>

void gather_slice(double *s, double *r, int n, int k, MPI_Comm comm) {
  int counts[64], displs[64];
  // CHECK-FIXES: MPI_Count counts[64];
  // CHECK-FIXES-NEXT: MPI_Aint displs[64];
  for (int i = 0; i < 64; i++) {
    counts[i] = n;
    displs[i] = i * n;
    // CHECK-FIXES: displs[i] = (MPI_Aint)i * n;
  }
  MPI_Allgatherv(s, n, MPI_DOUBLE, r, &counts[k], &displs[k], MPI_DOUBLE, comm);
  // CHECK-NOTES: :[[@LINE-1]]:51: warning: displacement array 'displs' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-5]]:17: note: 'i * n' can overflow 'int' here: i below 64, n unbounded
  // CHECK-NOTES: :[[@LINE-12]]:45: note: 'n' is a parameter: its callers may pass any value
  // CHECK-FIXES: MPIX_Allgatherv_x(s, n, MPI_DOUBLE, r, &counts[k], &displs[k], MPI_DOUBLE, comm);
}

void gather_offset(double *s, double *r, long *sizes, int k, MPI_Comm comm) {
  int counts[64], displs[64];
  // CHECK-FIXES: MPI_Count counts[64];
  // CHECK-FIXES-NEXT: MPI_Aint displs[64];
  for (int i = 0; i < 64; i++) {
    counts[i] = sizes[i];
    displs[i] = 0;
  }
  MPI_Allgatherv(s, 1, MPI_DOUBLE, r, counts + k, displs + k, MPI_DOUBLE, comm);
  // CHECK-NOTES: :[[@LINE-1]]:39: warning: count array 'counts' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-5]]:17: note: 'sizes[i]' of type 'long' is narrowed to 'int' here
  // CHECK-FIXES: MPIX_Allgatherv_x(s, 1, MPI_DOUBLE, r, counts + k, displs + k, MPI_DOUBLE, comm);
}

// Small values in every element: nothing to report in any part.
void gather_small(double *s, double *r, int k, MPI_Comm comm) {
  int counts[64], displs[64];
  for (int i = 0; i < 64; i++) {
    counts[i] = 2;
    displs[i] = i * 2;
  }
  MPI_Allgatherv(s, 2, MPI_DOUBLE, r, counts + k, &displs[k], MPI_DOUBLE, comm);
}
