// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// Notes, and fixes, are tested in vcoll-notes.c and the fix-* tests.

#include <mpi.h>
#include <stdlib.h>

void running_sum_from_previous(double *sb, double *rb, int *counts, int p, MPI_Comm comm) {
  int *displs = malloc(p * sizeof(int));
  displs[0] = 0;
  for (int i = 1; i < p; ++i)
    displs[i] = displs[i - 1] + counts[i - 1];
  MPI_Gatherv(sb, counts[0], MPI_DOUBLE, rb, counts, displs, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum; it wraps once the data before a rank exceeds 2^31-1 elements [mpix-large-count]
  free(displs);
}

void running_sum_in_accumulator(double *sb, double *rb, int *counts, int p, MPI_Comm comm) {
  int displs[128];
  int offset = 0;
  for (int i = 0; i < p; ++i) {
    displs[i] = offset;
    offset += counts[i];
  }
  MPI_Allgatherv(sb, counts[0], MPI_DOUBLE, rb, counts, displs, MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: displacement array 'displs' of MPI_Allgatherv is an 'int' running sum
}

void narrowed_counts(double *sb, double *rb, size_t *sizes, int *displs, int p, MPI_Comm comm) {
  int counts[128];
  for (int i = 0; i < p; ++i)
    counts[i] = sizes[i];
  MPI_Scatterv(sb, counts, displs, MPI_DOUBLE, rb, counts[0], MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count array 'counts' of MPI_Scatterv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated [mpix-large-count]
}

void alltoallv_with_sum(double *sb, double *rb, int *sc, int *rc, int p, MPI_Comm comm) {
  int sd[64], rd[64];
  sd[0] = rd[0] = 0;
  for (int i = 1; i < p; ++i) {
    sd[i] = sd[i - 1] + sc[i - 1];
    rd[i] = rd[i - 1] + rc[i - 1];
  }
  MPI_Alltoallv(sb, sc, sd, MPI_DOUBLE, rb, rc, rd, MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: displacement array 'sd' of MPI_Alltoallv is an 'int' running sum
  // CHECK-MESSAGES: :[[@LINE-2]]:49: warning: displacement array 'rd' of MPI_Alltoallv is an 'int' running sum
}

// rank * chunk in int overflows as soon as the whole buffer passes 2^31-1.
void strided_layout(double *sb, double *rb, int p, int chunk, MPI_Comm comm) {
  int counts[64], displs[64];
  for (int i = 0; i < p; ++i) {
    counts[i] = chunk;
    displs[i] = i * chunk;
  }
  MPI_Gatherv(sb, chunk, MPI_DOUBLE, rb, counts, displs, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: displacement array 'displs' of MPI_Gatherv is filled with values that can exceed INT_MAX; messages over 2^31-1 elements are truncated [mpix-large-count]
}

// Displacements that are not sums of counts are fine.
void fixed_layout(double *sb, double *rb, MPI_Comm comm) {
  int counts[4] = {16, 16, 16, 16}, displs[4] = {0, 16, 32, 48};
  MPI_Gatherv(sb, 16, MPI_DOUBLE, rb, counts, displs, MPI_DOUBLE, 0, comm);
  int small[4];
  for (int i = 0; i < 4; ++i)
    small[i] = i * 16;
  MPI_Gatherv(sb, 16, MPI_DOUBLE, rb, counts, small, MPI_DOUBLE, 0, comm);
}
