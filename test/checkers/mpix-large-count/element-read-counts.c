// A count read from an element of the function's own int array carries
// what the array's stores put there: a 64-bit size narrowed into
// `counts[i]` is sent truncated, whether `counts[i]` is the count or a
// local given it (mpifileutils' chunk lists, held-out audit: missed). The
// fix is left to the user: the array's element type must change. Stores
// that keep the value in range, and arrays handed in, are not reported.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>

void send_chunks(const uint64_t *bytes, char **bufs, int n, MPI_Request *req) {
  int *counts = malloc((size_t)n * sizeof(int));
  for (int i = 0; i < n; i++)
    counts[i] = (int)bytes[i];
  for (int i = 0; i < n; i++)
    MPI_Isend(bufs[i], counts[i], MPI_BYTE, i, 0, MPI_COMM_WORLD, &req[i]);
  // CHECK-NOTES: :[[@LINE-1]]:24: warning: count 'counts[i]' holds a value narrowed from 'uint64_t'; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-4]]:22: note: 'bytes[i]' of type 'uint64_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:22: note: no automatic fix: the count is read from 'counts', whose elements must become MPI_Count by hand
  free(counts);
}

void recv_chunks(const uint64_t *bytes, char **bufs, int n, MPI_Request *req) {
  int counts[64];
  for (int i = 0; i < n && i < 64; i++)
    counts[i] = bytes[i];
  for (int i = 0; i < n && i < 64; i++) {
    int c = counts[i];
    MPI_Irecv(bufs[i], c, MPI_BYTE, i, 0, MPI_COMM_WORLD, &req[i]);
    // CHECK-NOTES: :[[@LINE-1]]:24: warning: count 'c' holds a value narrowed from 'uint64_t'
    // CHECK-NOTES: :[[@LINE-5]]:17: note: 'bytes[i]' of type 'uint64_t' is narrowed to 'int' here
    // CHECK-NOTES: :[[@LINE-6]]:17: note: no automatic fix: the count is read from 'counts', whose elements must become MPI_Count by hand
  }
}

// Clamped as they are stored: every element fits.
void send_clamped(const uint64_t *bytes, char **bufs, int n, MPI_Request *req) {
  int *counts = malloc((size_t)n * sizeof(int));
  for (int i = 0; i < n; i++)
    counts[i] = bytes[i] > INT_MAX ? INT_MAX : (int)bytes[i];
  for (int i = 0; i < n; i++)
    MPI_Isend(bufs[i], counts[i], MPI_BYTE, i, 0, MPI_COMM_WORLD, &req[i]);
  free(counts);
}

// Handed in: its stores are the caller's.
void send_given(const int *counts, char **bufs, int n, MPI_Request *req) {
  for (int i = 0; i < n; i++)
    MPI_Isend(bufs[i], counts[i], MPI_BYTE, i, 0, MPI_COMM_WORLD, &req[i]);
}
