// Displacements that a helper fills (issue 15: hazards through helpers).
// An 'int' running sum stored into the elements of the array a function is
// handed (`offsets[i] = offsets[i-1] + sizes[i-1]`, or through a local
// total) wraps once the data before a rank exceeds 2^31-1 elements: the
// caller that hands the array to MPI as displacements is reported, with a
// note at the call that fills it and one at the sum. So is one helper that
// hands the array on to another. Values a helper of this file stores into
// the elements are judged as the array's own stores: a size narrowed to
// 'int' is reported at the call. A helper that stores ranks, or runs after
// the MPI call, is not a hazard.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

static void sizes_to_offsets(const int *sizes, int *offsets, int n) {
  offsets[0] = 0;
  for (int i = 1; i < n; ++i)
    offsets[i] = offsets[i - 1] + sizes[i - 1];
}

static void offsets_of(const int *sizes, int *offsets, int n) {
  sizes_to_offsets(sizes, offsets, n);
}

static void totals(const int *sizes, int *offsets, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    offsets[i] = sum;
    sum += sizes[i];
  }
}

static void ranks(int *offsets, int n) {
  for (int i = 0; i < n; ++i)
    offsets[i] = i;
}

void gather_direct(const char *mine, int count, char *all, int *sizes,
                   MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *offsets = malloc(np * sizeof(int));
  MPI_Allgather(&count, 1, MPI_INT, sizes, 1, MPI_INT, comm);
  sizes_to_offsets(sizes, offsets, np);
  MPI_Allgatherv(mine, count, MPI_CHAR, all, sizes, offsets, MPI_CHAR, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: displacement array 'offsets' of MPI_Allgatherv is an 'int' running sum; it wraps once the data before a rank exceeds 2^31-1 elements
  free(offsets);
}

void gather_forwarded(const char *mine, int count, char *all, int *sizes,
                      MPI_Comm comm) {
  int offsets[64];
  offsets_of(sizes, offsets, 64);
  MPI_Gatherv(mine, count, MPI_CHAR, all, sizes, offsets, MPI_CHAR, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: displacement array 'offsets' of MPI_Gatherv is an 'int' running sum; it wraps once the data before a rank exceeds 2^31-1 elements
}

void scatter_totals(const char *all, int *sizes, char *mine, int count,
                    MPI_Comm comm) {
  int offsets[64];
  totals(sizes, offsets, 64);
  MPI_Scatterv(all, sizes, offsets, MPI_CHAR, mine, count, MPI_CHAR, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: displacement array 'offsets' of MPI_Scatterv is an 'int' running sum; it wraps once the data before a rank exceeds 2^31-1 elements
}

static void byte_counts(const size_t *lengths, int *counts, int n) {
  for (int i = 0; i < n; ++i)
    counts[i] = lengths[i];
}

void scatter_lengths(const char *all, const size_t *lengths, char *mine,
                     int count, MPI_Comm comm) {
  int counts[64], offsets[64];
  byte_counts(lengths, counts, 64);
  ranks(offsets, 64);
  MPI_Scatterv(all, counts, offsets, MPI_CHAR, mine, count, MPI_CHAR, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: count array 'counts' of MPI_Scatterv is filled with values that can exceed INT_MAX
}

// Ranks, not sums.
void gather_ranks(const int *mine, int *all, int *ones, MPI_Comm comm) {
  int offsets[64];
  ranks(offsets, 64);
  MPI_Gatherv(mine, 1, MPI_INT, all, ones, offsets, MPI_INT, 0, comm);
}

// Filled after the call: MPI read what was there before.
void filled_after(const int *mine, int *all, int *ones, MPI_Comm comm) {
  int offsets[64] = {0};
  MPI_Gatherv(mine, 1, MPI_INT, all, ones, offsets, MPI_INT, 0, comm);
  sizes_to_offsets(ones, offsets, 64);
}
