// An int running sum of displacements wraps only if its terms can add up
// past INT_MAX. It cannot when a total of the same counts, summed beside
// it, is checked before the call (AMReX's box and name gathers, held-out
// audit), or when each count is so small that the process count cannot
// make them overflow, or when they are a histogram of int-many items.
// Unknown counts, an unknown start or a total checked
// against a larger bound are still reported.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stdlib.h>

void gather_checked_total(const char *name, int len, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *lens = malloc(np * sizeof(int)), *displs = malloc(np * sizeof(int));
  MPI_Allgather(&len, 1, MPI_INT, lens, 1, MPI_INT, comm);
  long long total = lens[0];
  displs[0] = 0;
  for (int i = 1; i < np; i++) {
    displs[i] = displs[i - 1] + lens[i - 1];
    total += lens[i];
  }
  if (total > INT_MAX)
    MPI_Abort(comm, 1);
  char *all = malloc(total);
  MPI_Allgatherv(name, len, MPI_CHAR, all, lens, displs, MPI_CHAR, comm);
}

void gather_total_too_large(const char *name, int len, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *lens = malloc(np * sizeof(int)), *displs = malloc(np * sizeof(int));
  MPI_Allgather(&len, 1, MPI_INT, lens, 1, MPI_INT, comm);
  long long total = lens[0];
  displs[0] = 0;
  for (int i = 1; i < np; i++) {
    displs[i] = displs[i - 1] + lens[i - 1];
    total += lens[i];
  }
  if (total > 2LL * INT_MAX)
    MPI_Abort(comm, 1);
  char *all = malloc(total);
  MPI_Allgatherv(name, len, MPI_CHAR, all, lens, displs, MPI_CHAR, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: displacement array 'displs' of MPI_Allgatherv is an 'int' running sum
}

void gather_unchecked(const char *name, int len, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *lens = malloc(np * sizeof(int)), *displs = malloc(np * sizeof(int));
  MPI_Allgather(&len, 1, MPI_INT, lens, 1, MPI_INT, comm);
  displs[0] = 0;
  for (int i = 1; i < np; i++)
    displs[i] = displs[i - 1] + lens[i - 1];
  char *all = malloc((size_t)displs[np - 1] + lens[np - 1]);
  MPI_Allgatherv(name, len, MPI_CHAR, all, lens, displs, MPI_CHAR, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: displacement array 'displs' of MPI_Allgatherv is an 'int' running sum
}

// Eight elements per process: 8 * 2^24 processes stay below INT_MAX.
void gather_small_blocks(const int *mine, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *counts = malloc(np * sizeof(int));
  int *displs = malloc(np * sizeof(int));
  int *all = malloc(np * 8 * sizeof(int));
  int offset = 0;
  for (int i = 0; i < np; i++) {
    counts[i] = 8;
    displs[i] = offset;
    offset += counts[i];
  }
  MPI_Allgatherv(mine, 8, MPI_INT, all, counts, displs, MPI_INT, comm);
}

// The same sum started from a value the analysis cannot bound.
void gather_from_unknown_start(const int *mine, int start, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *counts = malloc(np * sizeof(int));
  int *displs = malloc(np * sizeof(int));
  int *all = malloc(np * 8 * sizeof(int));
  displs[0] = start;
  counts[0] = 8;
  for (int i = 1; i < np; i++) {
    counts[i] = 8;
    displs[i] = displs[i - 1] + counts[i - 1];
  }
  MPI_Allgatherv(mine, 8, MPI_INT, all, counts, displs, MPI_INT, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: displacement array 'displs' of MPI_Allgatherv is an 'int' running sum
}

// Blocks of 2^8 elements: 2^8 * 2^24 processes pass INT_MAX.
void gather_large_blocks(const int *mine, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *counts = malloc(np * sizeof(int));
  int *displs = malloc(np * sizeof(int));
  int *all = malloc((size_t)np * 256 * sizeof(int));
  int offset = 0;
  for (int i = 0; i < np; i++) {
    counts[i] = 256;
    displs[i] = offset;
    offset += counts[i];
  }
  MPI_Allgatherv(mine, 256, MPI_INT, all, counts, displs, MPI_INT, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: displacement array 'displs' of MPI_Allgatherv is an 'int' running sum
}

// A histogram of int-many items: each count is stepped once per item, so
// the counts, and every partial sum of them, add up to the items at most
// (p4est's trees per process, held-out audit).
void gather_per_owner(const long long *mine, long long *all, const int *owner,
                      int items, MPI_Comm comm) {
  int np, rank;
  MPI_Comm_size(comm, &np);
  MPI_Comm_rank(comm, &rank);
  int *counts = malloc(np * sizeof(int));
  int *displs = malloc((np + 1) * sizeof(int));
  for (int p = 0; p < np; p++)
    counts[p] = 0;
  for (int t = 0; t < items; t++)
    ++counts[owner[t]];
  displs[0] = 0;
  for (int p = 0; p < np; p++)
    displs[p + 1] = displs[p] + counts[p];
  MPI_Allgatherv(mine, counts[rank], MPI_LONG_LONG, all, counts, displs,
                 MPI_LONG_LONG, comm);
}

// The same over a 64-bit number of items: the counts can add up past it.
void gather_per_owner_wide(const long long *mine, long long *all,
                           const int *owner, long long items, MPI_Comm comm) {
  int np, rank;
  MPI_Comm_size(comm, &np);
  MPI_Comm_rank(comm, &rank);
  int *counts = malloc(np * sizeof(int));
  int *displs = malloc((np + 1) * sizeof(int));
  for (int p = 0; p < np; p++)
    counts[p] = 0;
  for (long long t = 0; t < items; t++)
    ++counts[owner[t]];
  displs[0] = 0;
  for (int p = 0; p < np; p++)
    displs[p + 1] = displs[p] + counts[p];
  MPI_Allgatherv(mine, counts[rank], MPI_LONG_LONG, all, counts, displs,
                 MPI_LONG_LONG, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:66: warning: displacement array 'displs' of MPI_Allgatherv is an 'int' running sum
}

// Stepped in a loop nested in another: the items are counted more than once.
void gather_per_owner_rounds(const long long *mine, long long *all,
                             const int *owner, int items, int rounds,
                             MPI_Comm comm) {
  int np, rank;
  MPI_Comm_size(comm, &np);
  MPI_Comm_rank(comm, &rank);
  int *counts = malloc(np * sizeof(int));
  int *displs = malloc((np + 1) * sizeof(int));
  for (int p = 0; p < np; p++)
    counts[p] = 0;
  for (int r = 0; r < rounds; r++)
    for (int t = 0; t < items; t++)
      ++counts[owner[t]];
  displs[0] = 0;
  for (int p = 0; p < np; p++)
    displs[p + 1] = displs[p] + counts[p];
  MPI_Allgatherv(mine, counts[rank], MPI_LONG_LONG, all, counts, displs,
                 MPI_LONG_LONG, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:66: warning: displacement array 'displs' of MPI_Allgatherv is an 'int' running sum
}

// Gathered, then stepped by one for a terminator (MPICH's processor-name
// gather): the counts are the gathered lengths, not a histogram.
void gather_names_plus_one(const char *mine, int len, char *all,
                           MPI_Comm comm) {
  int np, total = 0;
  MPI_Comm_size(comm, &np);
  int *lens = malloc(np * sizeof(int));
  int *displs = malloc((np + 1) * sizeof(int));
  MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, comm);
  displs[0] = 0;
  for (int i = 0; i < np; i++) {
    lens[i]++;
    total += lens[i];
    displs[i + 1] = total;
  }
  MPI_Gatherv(mine, len + 1, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
}
