// A count widened for MPI describes a buffer whose allocation was computed
// from the same quantities: `malloc(4 * n * sizeof(int))` computes `4 * n`
// in 'int'. Widened alone, the count would make MPI overrun the wrapped
// allocation, so each report says where the buffer is allocated and the
// fix widens that arithmetic too, as it does an offset into the buffer.
// The fixed file compiles and the check finds nothing in it.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | grep -v '^ *[0-9]* |' | FileCheck %s --check-prefix=NOTES --implicit-check-not=warning:

#include <mpi.h>
#include <stdlib.h>

void *tracked_alloc(size_t bytes, const char *file, int line);
#define TRACKED_ALLOC(bytes) tracked_alloc(bytes, __FILE__, __LINE__)

// The buffer grows when a peer announces more blocks; the receive counts
// the blocks just announced.
void collect_blocks(int peers, MPI_Comm comm) {
  int *blocks = NULL;
  int capacity = 0;
  for (int p = 1; p < peers; p++) {
    int announced;
    MPI_Recv(&announced, 1, MPI_INT, p, 1, comm, MPI_STATUS_IGNORE);
    if (announced > capacity) {
      free(blocks);
      capacity = announced;
      blocks = (int *)TRACKED_ALLOC(4 * capacity * sizeof(int));
      // CHECK-FIXES: blocks = (int *)TRACKED_ALLOC((size_t)4 * capacity * sizeof(int));
    }
    MPI_Recv(blocks, 4 * announced, MPI_INT, p, 2, comm, MPI_STATUS_IGNORE);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count '4 * announced' is computed in 'int' and can overflow
    // CHECK-FIXES: MPIX_Recv_x(blocks, (MPI_Count)4 * announced, MPI_INT, p, 2, comm, MPI_STATUS_IGNORE);
  }
  free(blocks);
}
// NOTES: fix-buffer-sizes.c:33:22: warning: count '4 * announced'
// NOTES: fix-buffer-sizes.c:30:37: note: 'blocks' is allocated with '4 * capacity', computed in 'int': it wraps as the count does, and a widened count would overrun it

// A buffer held in a structure, broadcast at an offset.
struct plan {
  int pairs;
  int *table;
};

void share_plan(struct plan *pl, MPI_Comm comm) {
  MPI_Bcast(&pl->pairs, 1, MPI_INT, 0, comm);
  pl->table = calloc(2 * pl->pairs + 1, sizeof(int));
  // CHECK-FIXES: pl->table = calloc((size_t)2 * pl->pairs + 1, sizeof(int));
  pl->table[0] = pl->pairs;
  MPI_Bcast(pl->table + 1, 2 * pl->pairs, MPI_INT, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: count '2 * pl->pairs' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Bcast_x(pl->table + 1, (MPI_Count)2 * pl->pairs, MPI_INT, 0, comm);
}
// NOTES: fix-buffer-sizes.c:53:28: warning: count '2 * pl->pairs'
// NOTES: fix-buffer-sizes.c:50:22: note: 'pl->table' is allocated with '2 * pl->pairs + 1', computed in 'int'

// A reduction's count describes both of its buffers; a size cast to size_t
// after the product was computed is no wider. A product split over lines is
// quoted on one.
double *sum_fields(const double *local, int cells, int fields, MPI_Comm comm) {
  double *mine = malloc(sizeof(double) * (size_t)(cells * fields));
  // CHECK-FIXES: double *mine = malloc(sizeof(double) * ((size_t)cells * fields));
  double *all = malloc(cells *
                       fields * sizeof(double));
  // CHECK-FIXES: double *all = malloc((size_t)cells *
  for (int i = 0; i < cells; i++)
    mine[i] = local[i];
  MPI_Allreduce(mine, all, cells * fields, MPI_DOUBLE, MPI_SUM, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: count 'cells * fields' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Allreduce_x(mine, all, (MPI_Count)cells * fields, MPI_DOUBLE, MPI_SUM, comm);
  free(mine);
  return all;
}
// NOTES: fix-buffer-sizes.c:71:28: warning: count 'cells * fields'
// NOTES: fix-buffer-sizes.c:64:51: note: 'mine' is allocated with 'cells * fields', computed in 'int'
// NOTES: fix-buffer-sizes.c:66:24: note: 'all' is allocated with 'cells * fields', computed in 'int'

// Controls. A size computed in size_t from the start; another buffer's
// allocation; a size the guard before it bounds.
void send_rows(const double *grid, int rows, int cols, int small,
               MPI_Comm comm) {
  double *copy = malloc(rows * sizeof(double) * cols);
  int *other = malloc(2 * rows * sizeof(int));
  MPI_Send(copy, rows * cols, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'rows * cols' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Send_x(copy, (MPI_Count)rows * cols, MPI_DOUBLE, 1, 0, comm);
  if (small > 0 && small < 1000) {
    int *tiny = malloc(4 * small * sizeof(int));
    MPI_Send(tiny, 4 * small * cols, MPI_INT, 1, 1, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count '4 * small * cols' is computed in 'int' and can overflow
    // CHECK-FIXES: MPIX_Send_x(tiny, (MPI_Count)4 * small * cols, MPI_INT, 1, 1, comm);
    free(tiny);
  }
  free(copy);
  free(other);
  (void)grid;
}
// NOTES: fix-buffer-sizes.c:87:18: warning: count 'rows * cols'
// NOTES-NOT: note: '{{copy|other}}' is allocated
// NOTES: fix-buffer-sizes.c:92:20: warning: count '4 * small * cols'
// NOTES-NOT: note: 'tiny' is allocated

// An element of an array of buffers is a buffer of its own; an allocation
// in the other branch, or one replaced before the call, is not the call's.
void exchange_planes(int nx, int ny, int rank, MPI_Comm comm) {
  double *planes[2];
  planes[0] = malloc(2 * nx * ny * sizeof(double));
  // CHECK-FIXES: planes[0] = malloc((size_t)2 * nx * ny * sizeof(double));
  planes[1] = malloc(3 * nx * ny * sizeof(double));
  double *edge;
  if (rank == 0) {
    edge = malloc(4 * nx * sizeof(double));
    // CHECK-FIXES: edge = malloc((size_t)4 * nx * sizeof(double));
    MPI_Send(edge, 4 * nx, MPI_DOUBLE, 1, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count '4 * nx' is computed in 'int' and can overflow
    // CHECK-FIXES: MPIX_Send_x(edge, (MPI_Count)4 * nx, MPI_DOUBLE, 1, 0, comm);
  } else {
    edge = malloc(5 * ny * sizeof(double));
    // CHECK-FIXES: edge = malloc((size_t)5 * ny * sizeof(double));
    MPI_Recv(edge, 5 * ny, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count '5 * ny' is computed in 'int' and can overflow
    // CHECK-FIXES: MPIX_Recv_x(edge, (MPI_Count)5 * ny, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
  }
  free(edge);
  MPI_Bcast(planes[0], 2 * nx * ny, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count '2 * nx * ny' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Bcast_x(planes[0], (MPI_Count)2 * nx * ny, MPI_DOUBLE, 0, comm);
  free(planes[0]);
  free(planes[1]);
}
// NOTES: fix-buffer-sizes.c:117:20: warning: count '4 * nx'
// NOTES: fix-buffer-sizes.c:115:19: note: 'edge' is allocated with '4 * nx', computed in 'int'
// NOTES-NOT: is allocated with '5 * ny'
// NOTES: fix-buffer-sizes.c:123:20: warning: count '5 * ny'
// NOTES-NOT: is allocated with '4 * nx'
// NOTES: fix-buffer-sizes.c:121:19: note: 'edge' is allocated with '5 * ny', computed in 'int'
// NOTES: fix-buffer-sizes.c:128:24: warning: count '2 * nx * ny'
// NOTES: fix-buffer-sizes.c:110:22: note: 'planes[0]' is allocated with '2 * nx * ny', computed in 'int'
// NOTES-NOT: is allocated with

// Offsets into the buffer computed in int wrap with the count: widened
// with it, as MPI_Aint (an offset may be negative).
void exchange_halo(double *grid, int width, int nx, int ny, int rank,
                   MPI_Comm comm) {
  double *top = grid + 3 * width;
  // CHECK-FIXES: double *top = grid + (MPI_Aint)3 * width;
  MPI_Send(top, 3 * width, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count '3 * width' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Send_x(top, (MPI_Count)3 * width, MPI_DOUBLE, 1, 0, comm);
  MPI_Recv(&grid[nx * ny], nx * ny, MPI_DOUBLE, 1, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: count 'nx * ny' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Recv_x(&grid[(MPI_Aint)nx * ny], (MPI_Count)nx * ny, MPI_DOUBLE, 1, 0, comm, MPI_STATUS_IGNORE);
  MPI_Send(grid + rank, 2 * nx, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count '2 * nx' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Send_x(grid + rank, (MPI_Count)2 * nx, MPI_DOUBLE, 1, 0, comm);
}
// NOTES: fix-buffer-sizes.c:150:17: warning: count '3 * width'
// NOTES: fix-buffer-sizes.c:148:24: note: 'top' is offset by '3 * width', computed in 'int': it wraps as the count does, and would point the widened call outside the buffer
// NOTES: fix-buffer-sizes.c:153:28: warning: count 'nx * ny'
// NOTES: fix-buffer-sizes.c:153:18: note: 'grid' is offset by 'nx * ny', computed in 'int'
// NOTES: fix-buffer-sizes.c:156:25: warning: count '2 * nx'
// NOTES-NOT: is offset by

// A global buffer, or a member of any object of the type, allocated by
// another function of the file (at start-up): widened with the count too.
struct field {
  int cells, vars;
  double *values;
};
static struct field state;
static double *halo_buffer;

void setup_field(struct field *f, int cells, int vars, int width) {
  f->cells = cells;
  f->vars = vars;
  f->values = malloc(f->cells * (f->vars + 1) * sizeof(double));
  // CHECK-FIXES: f->values = malloc((size_t)f->cells * (f->vars + 1) * sizeof(double));
  halo_buffer = malloc(2 * width * vars * sizeof(double));
  // CHECK-FIXES: halo_buffer = malloc((size_t)2 * width * vars * sizeof(double));
}

void share_field(int width, MPI_Comm comm) {
  MPI_Bcast(state.values, state.cells * (state.vars + 1), MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: count 'state.cells * (state.vars + 1)' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Bcast_x(state.values, (MPI_Count)state.cells * (state.vars + 1), MPI_DOUBLE, 0, comm);
  MPI_Send(halo_buffer, 2 * width * state.vars, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count '2 * width * state.vars' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Send_x(halo_buffer, (MPI_Count)2 * width * state.vars, MPI_DOUBLE, 1, 0, comm);
}
// NOTES: fix-buffer-sizes.c:186:27: warning: count 'state.cells * (state.vars + 1)'
// NOTES: fix-buffer-sizes.c:179:22: note: 'f->values' is allocated with 'f->cells * (f->vars + 1)', computed in 'int'
// NOTES: fix-buffer-sizes.c:189:25: warning: count '2 * width * state.vars'
// NOTES: fix-buffer-sizes.c:181:24: note: 'halo_buffer' is allocated with '2 * width * vars', computed in 'int'

// An int running offset into the send buffer wraps as the counts it adds
// up do: it becomes MPI_Aint, and what it adds is computed so. An int term
// of a count computed wide wraps before the count is: widened too.
void send_blocks(const double *rhs, int nrhs, const int *rows, int peers,
                 MPI_Comm comm) {
  int offset, p;
  // CHECK-FIXES: MPI_Aint offset;
  // CHECK-FIXES-NEXT: int p;
  for (offset = 0, p = 0; p < peers; ++p) {
    MPI_Send(rhs + offset, nrhs * rows[p], MPI_DOUBLE, p, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: count 'nrhs * rows[p]' is computed in 'int' and can overflow
    // CHECK-FIXES: MPIX_Send_x(rhs + offset, (MPI_Count)nrhs * rows[p], MPI_DOUBLE, p, 0, comm);
    offset += nrhs * rows[p];
    // CHECK-FIXES: offset += (MPI_Aint)nrhs * rows[p];
  }
}

void send_tail(const char *data, long long bytes, int pieces, int piece,
               MPI_Comm comm) {
  MPI_Send(data, bytes - pieces * piece, MPI_BYTE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'bytes - pieces * piece' of type 'long long' is narrowed to 'int'
  // CHECK-FIXES: MPIX_Send_x(data, bytes - (MPI_Count)pieces * piece, MPI_BYTE, 1, 0, comm);
}
// NOTES: fix-buffer-sizes.c:207:28: warning: count 'nrhs * rows[p]'
// NOTES: fix-buffer-sizes.c:207:20: note: 'rhs' is offset by 'offset', an 'int' that can wrap as the count does: it would point the widened call outside the buffer
// NOTES: fix-buffer-sizes.c:217:18: warning: count 'bytes - pieces * piece'
// NOTES: fix-buffer-sizes.c:217:26: note: 'pieces * piece' is computed in 'int' before the count is: it wraps even in the widened count

// An offset into a buffer the analysis cannot name is still the call's.
void bcast_rest(void **array, long long size, int pieces, MPI_Comm comm) {
  MPI_Bcast(&(((char *)*array)[pieces * 1000]), size - pieces * 1000, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: count 'size - pieces * 1000' of type 'long long' is narrowed to 'int'
  // CHECK-FIXES: MPIX_Bcast_x(&(((char *)*array)[(MPI_Aint)pieces * 1000]), size - (MPI_Count)pieces * 1000, MPI_BYTE, 0, comm);
}
// NOTES: fix-buffer-sizes.c:228:49: warning: count 'size - pieces * 1000'
// NOTES: fix-buffer-sizes.c:228:56: note: 'pieces * 1000' is computed in 'int' before the count is
// NOTES: fix-buffer-sizes.c:228:32: note: '((char *)*array)' is offset by 'pieces * 1000', computed in 'int'

// The size reaches the allocator through an int local: `nbytes` holds the
// wrapped product, so it becomes MPI_Count with what it is given, and the
// guard that compares the same product with it is computed wide too (left
// int, it would be false for exactly the sizes that need the realloc).
void grow_and_bcast(int cnt, int width, MPI_Comm comm) {
  char *scratch = NULL;
  int nbytes = 0;
  // CHECK-FIXES: MPI_Count nbytes = 0;
  if (cnt * width > nbytes) {
    // CHECK-FIXES: if ((MPI_Count)cnt * width > nbytes) {
    nbytes = cnt * width;
    // CHECK-FIXES: nbytes = (MPI_Count)cnt * width;
    scratch = realloc(scratch, nbytes * sizeof(char));
  }
  MPI_Bcast(scratch, cnt * width, MPI_CHAR, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'cnt * width' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Bcast_x(scratch, (MPI_Count)cnt * width, MPI_CHAR, 0, comm);
  free(scratch);
}
// NOTES: fix-buffer-sizes.c:250:22: warning: count 'cnt * width'
// NOTES: fix-buffer-sizes.c:248:32: note: 'scratch' is allocated with 'nbytes', an 'int' that can wrap as the count does: a widened count would overrun it
// NOTES: fix-buffer-sizes.c:246:14: note: 'nbytes' is given 'cnt * width' here, which can overflow 'int'

// The root's buffer holds every rank's rows x cols tile, their sizes added
// up in an int: the sum wraps as the count does, and becomes MPI_Count.
void scatter_tiles(const int *tile_sizes, int nprocs, int rows, int cols,
                   double *mine, MPI_Comm comm) {
  int total = 0;
  // CHECK-FIXES: MPI_Count total = 0;
  for (int p = 0; p < nprocs; ++p)
    total += tile_sizes[p];
  double *all = malloc(total * sizeof(double));
  MPI_Scatter(all, rows * cols, MPI_DOUBLE, mine, rows * cols, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count 'rows * cols' is computed in 'int' and can overflow
  // CHECK-MESSAGES: :[[@LINE-2]]:51: warning: count 'rows * cols' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Scatter_x(all, (MPI_Count)rows * cols, MPI_DOUBLE, mine, (MPI_Count)rows * cols, MPI_DOUBLE, 0, comm);
  free(all);
}
// NOTES: fix-buffer-sizes.c:268:20: warning: count 'rows * cols'
// NOTES: fix-buffer-sizes.c:267:24: note: 'all' is allocated with 'total', an 'int' that can wrap as the count does
// NOTES: fix-buffer-sizes.c:266:5: note: 'total' is an 'int' running sum here
// NOTES: fix-buffer-sizes.c:268:51: warning: count 'rows * cols'

// Sized by an int local that cannot wrap (a count of at most 1024): no
// note, and the allocation is left alone.
void bcast_small_table(int nx, int ny, MPI_Comm comm) {
  int entries = 1024;
  double *table = malloc(entries * sizeof(double));
  MPI_Bcast(table, nx * ny, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count 'nx * ny' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Bcast_x(table, (MPI_Count)nx * ny, MPI_DOUBLE, 0, comm);
  free(table);
}
// NOTES: fix-buffer-sizes.c:284:20: warning: count 'nx * ny'
// NOTES-NOT: 'entries'

// A buffer handed in by the unit's callers: the caller's allocation is what
// the widened call writes, and is widened with it. A caller that computes
// its size wide needs nothing.
static void swap_plane(double *plane, int nx, int ny, int peer, MPI_Comm comm) {
  MPI_Sendrecv_replace(plane, nx * ny, MPI_DOUBLE, peer, 0, peer, 0, comm,
                       MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:31: warning: count 'nx * ny' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Sendrecv_replace_x(plane, (MPI_Count)nx * ny, MPI_DOUBLE, peer, 0, peer, 0, comm,
}

void step_planes(int nx, int ny, int peer, MPI_Comm comm) {
  double *front = malloc(nx * ny * sizeof(double));
  // CHECK-FIXES: double *front = malloc((size_t)nx * ny * sizeof(double));
  double *back = malloc((size_t)nx * ny * sizeof(double));
  swap_plane(front, nx, ny, peer, comm);
  swap_plane(back, nx, ny, peer, comm);
  free(front);
  free(back);
}
// NOTES: fix-buffer-sizes.c:296:31: warning: count 'nx * ny'
// NOTES: fix-buffer-sizes.c:303:26: note: 'front' is allocated with 'nx * ny', computed in 'int': it wraps as the count does, and a widened count would overrun it

// Per-peer pointers into one pool: the pool's allocation and the running
// offset of each peer's part are the sends' buffer, and widened with them.
void send_parts(const int *nsend, int procs, int total, MPI_Comm comm) {
  double *pool = malloc(2 * total * sizeof(double));
  // CHECK-FIXES: double *pool = malloc((size_t)2 * total * sizeof(double));
  double **part = malloc(procs * sizeof(double *));
  MPI_Request *req = malloc(procs * sizeof(MPI_Request));
  int off = 0;
  // CHECK-FIXES: MPI_Aint off = 0;
  for (int p = 0; p < procs; ++p) {
    part[p] = &pool[off];
    off += 2 * nsend[p];
    // CHECK-FIXES: off += (MPI_Aint)2 * nsend[p];
  }
  for (int p = 0; p < procs; ++p) {
    int n = 2 * nsend[p];
    // CHECK-FIXES: MPI_Count n = (MPI_Count)2 * nsend[p];
    MPI_Isend(part[p], n, MPI_DOUBLE, p, 0, comm, &req[p]);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'n' holds a value computed in 'int' that can overflow
    // CHECK-FIXES: MPIX_Isend_x(part[p], n, MPI_DOUBLE, p, 0, comm, &req[p]);
  }
  MPI_Waitall(procs, req, MPI_STATUSES_IGNORE);
  free(req);
  free(part);
  free(pool);
}
// NOTES: fix-buffer-sizes.c:331:24: warning: count 'n' holds
// NOTES: fix-buffer-sizes.c:324:21: note: 'part[p]' is offset by 'off', an 'int' that can wrap as the count does
// NOTES: fix-buffer-sizes.c:317:25: note: 'pool' is allocated with '2 * total', computed in 'int'
