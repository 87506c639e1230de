// U: i * (X / n) with 0 <= i < n is at most X: an index below the number of
// shares it multiplies (coll/alltoallw1.c `j * (N / p)` in a loop over p,
// io/i_noncontig_coll2.c `mynod * (SIZE / nprocs)` with the rank and size of
// one communicator). Each twin breaks one condition and still warns.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags -I %S/Inputs

#include <mpi.h>
#include <stdlib.h>
#include "shared-functions.h"

#define TOTAL 2000000000

void loop_shares(int *buf, int p, int q, MPI_Win win) {
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (TOTAL / p), 1, MPI_INT, win);
  for (int j = 0; p > j; ++j)
    MPI_Put(buf, 1, MPI_INT, j, (TOTAL / p) * j, 1, MPI_INT, win);

  // Divided by another variable than the loop's bound.
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (TOTAL / q), 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * (TOTAL / q)' is computed in 'int' and can overflow
  // The bound changes inside the loop.
  for (int j = 0; j < p; j++) {
    MPI_Put(buf, 1, MPI_INT, j, j * (TOTAL / p), 1, MPI_INT, win);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * (TOTAL / p)' is computed in 'int' and can overflow
    if (j == 3)
      p = 1;
  }
  // The index starts below zero.
  for (int j = -p; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, 0, j * (TOTAL / p), 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * (TOTAL / p)' is computed in 'int' and can overflow
}

void loop_share_bypassed(int *buf, int p, int start, MPI_Win win) {
  int j = start;
  if (start > 0)
    goto inside;
  for (j = 0; j < p; j++) {
  inside:
    MPI_Put(buf, 1, MPI_INT, 0, j * (TOTAL / p), 1, MPI_INT, win);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * (TOTAL / p)' is computed in 'int' and can overflow
  }
}

void rank_shares(int *buf, MPI_Comm comm, MPI_Comm other, MPI_File fh) {
  int rank, size, world_rank, world_size, other_size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  MPI_Comm_size(other, &other_size);
  MPI_File_write_at(fh, rank * (TOTAL / size), buf, 1, MPI_INT,
                    MPI_STATUS_IGNORE);
  MPI_File_write_at(fh, world_rank * (TOTAL / world_size), buf, 1, MPI_INT,
                    MPI_STATUS_IGNORE);

  // The size of another communicator.
  MPI_File_write_at(fh, rank * (TOTAL / other_size), buf, 1, MPI_INT,
                    MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: offset 'rank * (TOTAL / other_size)' is computed in 'int' and can overflow
  MPI_File_write_at(fh, world_rank * (TOTAL / size), buf, 1, MPI_INT,
                    MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: offset 'world_rank * (TOTAL / size)' is computed in 'int' and can overflow
}

void rank_reassigned(int *buf, MPI_Comm comm, MPI_Comm other, MPI_File fh) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  rank = rank + 1;
  MPI_File_write_at(fh, rank * (TOTAL / size), buf, 1, MPI_INT,
                    MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: offset 'rank * (TOTAL / size)' is computed in 'int' and can overflow
  MPI_Comm c = comm;
  int r, s;
  MPI_Comm_rank(c, &r);
  c = other;
  MPI_Comm_size(c, &s);
  MPI_File_write_at(fh, r * (TOTAL / s), buf, 1, MPI_INT, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: offset 'r * (TOTAL / s)' is computed in 'int' and can overflow
}

// The quotient kept in a local or an array element: the divisor must keep
// the value it was divided by.
void stored_shares(int *buf, int total, MPI_Comm comm, MPI_Win win) {
  int p, share, parts[2];
  MPI_Comm_size(comm, &p);
  share = TOTAL / p;
  parts[0] = TOTAL / p;
  parts[1] = TOTAL - (p - 1) * (TOTAL / p);
  for (int j = 0; j < p; j++) {
    MPI_Put(buf, 1, MPI_INT, j, j * share, 1, MPI_INT, win);
    MPI_Put(buf, 1, MPI_INT, j, j * parts[0], 1, MPI_INT, win);
    MPI_Put(buf, 1, MPI_INT, j, j * parts[1], 1, MPI_INT, win);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * parts[1]' is computed in 'int' and can overflow
  }
  int q = p, old = TOTAL / q;
  q = 2 * p;
  for (int j = 0; j < q; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * old, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * old' is computed in 'int' and can overflow
}

// V: a parameter of a static function that nothing but its calls names
// holds what the calls pass (coll/alltoallw1.c's Transpose(.., 20, 30, ..)):
// here n is at most 3000, and the byte displacement below 12000.
static void put_blocks(int *buf, int n, int p, MPI_Win win) {
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (n / p) * 4, 1, MPI_INT, win);
}
// One call passes a large n.
static void put_blocks_large(int *buf, int n, int p, MPI_Win win) {
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (n / p) * 4, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * (n / p) * 4' is computed in 'int' and can overflow
}
// Its address is taken: a call through the pointer may pass anything.
static void put_blocks_exposed(int *buf, int n, int p, MPI_Win win) {
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (n / p) * 4, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * (n / p) * 4' is computed in 'int' and can overflow
}
void (*exposed)(int *, int, int, MPI_Win) = put_blocks_exposed;
// Declared in a header: other units may call it.
void put_blocks_extern(int *buf, int n, int p, MPI_Win win) {
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (n / p) * 4, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * (n / p) * 4' is computed in 'int' and can overflow
}
// Visible to other units but declared only here: as for a global
// (unwritten-globals.c), no other unit has its prototype, so its calls are
// all here.
void put_blocks_here(int *buf, int n, int p, MPI_Win win);
void put_blocks_here(int *buf, int n, int p, MPI_Win win) {
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (n / p) * 4, 1, MPI_INT, win);
}

void caller(int *buf, int p, MPI_Win win) {
  int n = 30;
  put_blocks(buf, n, p, win);
  put_blocks(buf, 3000, p, win);
  put_blocks_large(buf, 30, p, win);
  put_blocks_large(buf, 1000000000, p, win);
  put_blocks_exposed(buf, 30, p, win);
  put_blocks_extern(buf, 30, p, win);
  put_blocks_here(buf, 30, p, win);
}

// A rank and a size passed apart keep their relation when every call passes
// such a pair (io/i_noncontig_coll2.c's test_file(.., mynod, nprocs, ..)).
void write_share(int *buf, int rank, int nprocs, MPI_File fh) {
  MPI_File_write_at(fh, rank * (TOTAL / nprocs), buf, 1, MPI_INT,
                    MPI_STATUS_IGNORE);
}
// One call passes the size as the index.
void write_share_mixed(int *buf, int rank, int nprocs, MPI_File fh) {
  MPI_File_write_at(fh, rank * (TOTAL / nprocs), buf, 1, MPI_INT,
                    MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: offset 'rank * (TOTAL / nprocs)' is computed in 'int' and can overflow
}
// The body changes the index.
void write_share_moved(int *buf, int rank, int nprocs, MPI_File fh) {
  rank += 1;
  MPI_File_write_at(fh, rank * (TOTAL / nprocs), buf, 1, MPI_INT,
                    MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: offset 'rank * (TOTAL / nprocs)' is computed in 'int' and can overflow
}

void share_caller(int *buf, MPI_Comm comm, MPI_File fh) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  write_share(buf, rank, size, fh);
  write_share(buf, rank, size, fh);
  write_share_mixed(buf, rank, size, fh);
  write_share_mixed(buf, size, size, fh);
  write_share_moved(buf, rank, size, fh);
}

// A budget split per process and again per neighbour: `share = BUDGET /
// (n * K)` with a constant K >= 1 is at most BUDGET / n, `share /= n`
// makes it no larger, and a `long` index below an `int` n compares as is
// (CombBLAS's ReadDistribute, held-out audit: 6 FALSE). Each displacement
// is at most BUDGET. A divisor that may be zero or negative still warns.
#define BUDGET (196 * 1048576)

void budget_shares(const long *rows, long *mine, int got, MPI_Comm comm) {
  int n;
  MPI_Comm_size(comm, &n);
  long share = BUDGET / (n * (2 * sizeof(long) + sizeof(double)));
  share /= n;
  int *counts = calloc(n, sizeof(int)), *displs = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    displs[i] = i * share;
  MPI_Scatterv(rows, counts, displs, MPI_LONG, mine, got, MPI_LONG, 0, comm);
}

// The same split by a grid's side that nothing bounds: cut by that side
// again, the share is still one of n for 0 <= i < n.
int grid_rows(MPI_Comm comm);

void budget_grid_shares(const long *rows, long *mine, int got, MPI_Comm comm) {
  int n = grid_rows(comm);
  long long share = BUDGET / (n * (2 * sizeof(long) + sizeof(double)));
  share /= n;
  int *counts = calloc(n, sizeof(int)), *displs = malloc(n * sizeof(int));
  for (long long i = 0; i < n; ++i)
    displs[i] = i * share;
  MPI_Scatterv(rows, counts, displs, MPI_LONG, mine, got, MPI_LONG, 0, comm);
}

void budget_cut_by_any(const long *rows, long *mine, int got, int k,
                       MPI_Comm comm) {
  int n;
  MPI_Comm_size(comm, &n);
  long share = BUDGET / n;
  share /= k;
  int *counts = calloc(n, sizeof(int)), *displs = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    displs[i] = i * share;
  MPI_Scatterv(rows, counts, displs, MPI_LONG, mine, got, MPI_LONG, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: displacement array 'displs' of MPI_Scatterv is filled with values that can exceed INT_MAX
}
