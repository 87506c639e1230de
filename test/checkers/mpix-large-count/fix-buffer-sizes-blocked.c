// A buffer size computed inside a macro body cannot be widened, so neither
// is the count that describes the buffer: the warning stays, with a note at
// the allocation and one that says why nothing changes.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES --implicit-check-not=warning:

#include <mpi.h>
#include <stdlib.h>

#define ALLOC_QUADS(n) malloc(4 * (n) * sizeof(int))

void bcast_quads(int quads, MPI_Comm comm) {
  int *quad = ALLOC_QUADS(quads);
  // CHECK-FIXES: int *quad = ALLOC_QUADS(quads);
  MPI_Bcast(quad, 4 * quads, MPI_INT, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count '4 * quads' is computed in 'int' and can overflow
  // CHECK-FIXES: MPI_Bcast(quad, 4 * quads, MPI_INT, 0, comm);
  free(quad);
}
// NOTES: fix-buffer-sizes-blocked.c:15:19: warning: count '4 * quads'
// NOTES: fix-buffer-sizes-blocked.c:13:15: note: 'quad' is allocated with '4 * (quads)', computed in 'int'
// NOTES: fix-buffer-sizes-blocked.c:13:15: note: no automatic fix: the arithmetic to widen is spelled inside a macro; widen it by hand

// An allocator that takes its size as an int narrows whatever the caller
// computes: the count cannot be widened past what it can be asked for.
int *int_alloc(int n);
void recv_pairs(const int *counts, int peers, int most, MPI_Comm comm) {
  int *pairs = int_alloc(2 * most);
  // CHECK-FIXES: int *pairs = int_alloc(2 * most);
  for (int p = 0; p < peers; p++)
    MPI_Recv(pairs, 2 * counts[p], MPI_INT, p, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: count '2 * counts[p]' is computed in 'int' and can overflow
  // CHECK-FIXES: MPI_Recv(pairs, 2 * counts[p], MPI_INT, p, 0, comm, MPI_STATUS_IGNORE);
  free(pairs);
}
// NOTES: fix-buffer-sizes-blocked.c:31:21: warning: count '2 * counts[p]'
// NOTES: fix-buffer-sizes-blocked.c:28:26: note: 'pairs' is allocated by 'int_alloc' with '2 * most', which it takes as 'int': it wraps as the count does, and a widened count would overrun it
// NOTES: fix-buffer-sizes-blocked.c:28:26: note: no automatic fix: 'int_alloc' takes the size as 'int': widen its parameter first

// The count is shared by a send whose buffer is fine and a receive into a
// buffer the int allocator sized: retyping it would widen the receive too,
// so neither call changes (SuperLU_DIST's pddistribute.c, fifth audit).
void exchange_pairs(const int *out, const int *counts, int peers, int most,
                    MPI_Comm comm) {
  int *in = int_alloc(2 * most);
  int n;
  // CHECK-FIXES: int n;
  for (int p = 0; p < peers; p++) {
    n = 2 * counts[p];
    MPI_Send(out, n, MPI_INT, p, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'n' holds a value computed in 'int' that can overflow
    // CHECK-FIXES: MPI_Send(out, n, MPI_INT, p, 0, comm);
    MPI_Recv(in, n, MPI_INT, p, 0, comm, MPI_STATUS_IGNORE);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'n' holds a value computed in 'int' that can overflow
    // CHECK-FIXES: MPI_Recv(in, n, MPI_INT, p, 0, comm, MPI_STATUS_IGNORE);
  }
  free(in);
}
// NOTES: fix-buffer-sizes-blocked.c:50:19: warning: count 'n'
// NOTES: fix-buffer-sizes-blocked.c:45:23: note: no automatic fix: 'int_alloc' takes the size as 'int': widen its parameter first
// NOTES: fix-buffer-sizes-blocked.c:53:18: warning: count 'n'
// NOTES: fix-buffer-sizes-blocked.c:45:23: note: 'in' is allocated by 'int_alloc' with '2 * most', which it takes as 'int'

// The caller sizes the buffer through an int local of its own: the callee's
// migration cannot retype it, so nothing changes, and the note says where.
static void swap_halo(double *halo, int nx, int ny, int peer, MPI_Comm comm) {
  MPI_Sendrecv_replace(halo, nx * ny, MPI_DOUBLE, peer, 0, peer, 0, comm,
                       MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:30: warning: count 'nx * ny' is computed in 'int' and can overflow
  // CHECK-FIXES: MPI_Sendrecv_replace(halo, nx * ny, MPI_DOUBLE, peer, 0, peer, 0, comm,
}

void step_halo(int nx, int ny, int peer, MPI_Comm comm) {
  int bytes = nx * ny * (int)sizeof(double);
  // CHECK-FIXES: int bytes = nx * ny * (int)sizeof(double);
  double *halo = malloc(bytes);
  swap_halo(halo, nx, ny, peer, comm);
  free(halo);
}
// NOTES: fix-buffer-sizes-blocked.c:67:30: warning: count 'nx * ny'
// NOTES: fix-buffer-sizes-blocked.c:76:25: note: 'halo' is allocated with 'bytes', an 'int' that can wrap as the count does
// NOTES: fix-buffer-sizes-blocked.c:74:15: note: 'bytes' is given 'nx * ny * (int)sizeof(double)' here, which can overflow 'int'
// NOTES: fix-buffer-sizes-blocked.c:76:25: note: no automatic fix: 'bytes' is an 'int' local of 'step_halo', which allocates the buffer: widen it there

// A global buffer sized through an int local of the function allocating
// it: the same.
static double *field;

void setup_field(int nx, int ny) {
  int cells = nx * ny;
  field = malloc(cells * sizeof(double));
}

void bcast_field(int nx, int ny, MPI_Comm comm) {
  MPI_Bcast(field, nx * ny, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count 'nx * ny' is computed in 'int' and can overflow
  // CHECK-FIXES: MPI_Bcast(field, nx * ny, MPI_DOUBLE, 0, comm);
}
// NOTES: fix-buffer-sizes-blocked.c:95:20: warning: count 'nx * ny'
// NOTES: fix-buffer-sizes-blocked.c:91:18: note: 'field' is allocated with 'cells', an 'int' that can wrap as the count does
// NOTES: fix-buffer-sizes-blocked.c:90:15: note: 'cells' is given 'nx * ny' here, which can overflow 'int'
// NOTES: fix-buffer-sizes-blocked.c:91:18: note: no automatic fix: 'cells' is an 'int' local of 'setup_field', which allocates the buffer: widen it there

// A caller's int running offset into the buffer it hands in: the same.
static void send_block(const double *blk, int rows, int cols, int peer,
                       MPI_Comm comm) {
  MPI_Send(blk, rows * cols, MPI_DOUBLE, peer, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'rows * cols' is computed in 'int' and can overflow
  // CHECK-FIXES: MPI_Send(blk, rows * cols, MPI_DOUBLE, peer, 0, comm);
}

void send_blocks(const double *all, const int *rows, int nblocks, int cols,
                 MPI_Comm comm) {
  int off = 0;
  for (int b = 0; b < nblocks; ++b) {
    send_block(all + off, rows[b], cols, b, comm);
    off += rows[b] * cols;
  }
}
// NOTES: fix-buffer-sizes-blocked.c:107:17: warning: count 'rows * cols'
// NOTES: fix-buffer-sizes-blocked.c:116:22: note: 'all' is offset by 'off', an 'int' that can wrap as the count does
// NOTES: fix-buffer-sizes-blocked.c:116:22: note: no automatic fix: 'off' is an 'int' local of 'send_blocks', which offsets the buffer: widen it there
