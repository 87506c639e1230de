// The model of a run: signed overflow is undefined, so a run that went past
// a signed product `k * v` (k at least 1) computed it in range, and v is at
// most INT_MAX / k from there on, as long as nothing sets v again. A program
// whose own `int` arithmetic on a value wraps first is broken before the MPI
// call; the report goes to that arithmetic when it reaches MPI. With
// -fwrapv, overflow is defined and nothing is assumed.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpix_tidy --checks='-*,mpix-large-count' %s -- -fwrapv %mpi_cflags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WRAPV

#include <mpi.h>
#include <stdlib.h>

extern int input(void);

// The window's own size, 4400 ints per process, is an int product: the
// displacements, at most 200 per process, are smaller.
void window_sized_first(MPI_Win win, const int *values) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  int length = 4400 * wsize;
  int *window = malloc(length * sizeof(int));
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // WRAPV: model-executed-products.c:[[@LINE-1]]:40: warning: displacement 'i * wsize'
  free(window);
}

// The product comes after the calls: nothing is known at them.
void window_sized_after(MPI_Win win, const int *values) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: displacement 'i * wsize' is computed in 'int' and can overflow
  int length = 4400 * wsize;
  int *window = malloc(length * sizeof(int));
  free(window);
}

// Set again after the product: the bound is gone.
void set_again(MPI_Win win, const int *values) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  int length = 4400 * wsize;
  wsize = input();
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: displacement 'i * wsize' is computed in 'int' and can overflow
  (void)length;
}

// The condition of an if runs whenever the if does: a table of three ints
// per process allocated there bounds the process count's other multiples
// (Zoltan's `if ((send = malloc(3 * nprocs * sizeof(int))) == NULL)`).
void allocated_in_a_condition(const int *values, int nprocs, MPI_Comm comm) {
  int *table;
  if ((table = malloc(3 * nprocs * sizeof(int))) == NULL)
    return;
  MPI_Send(values, 2 * nprocs, MPI_INT, 0, 0, comm);
  // WRAPV: model-executed-products.c:[[@LINE-1]]:20: warning: count '2 * nprocs'
  free(table);
}

// Its branches do not: a product there says nothing after the if.
void allocated_in_a_branch(const int *values, int nprocs, int big,
                           MPI_Comm comm) {
  int *table = 0;
  if (big)
    table = malloc(3 * nprocs * sizeof(int));
  MPI_Send(values, 2 * nprocs, MPI_INT, 0, 1, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count '2 * nprocs' is computed in 'int' and can overflow
  free(table);
}

// A product computed only on one branch says nothing after it.
void product_on_a_branch(MPI_Win win, const int *values, int verbose) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  int length = verbose ? 4400 * wsize : 0;
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: displacement 'i * wsize' is computed in 'int' and can overflow
  (void)length;
}

// A product in unsigned arithmetic wraps by definition: no bound.
void unsigned_product(MPI_Win win, const int *values) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  unsigned length = 4400u * wsize;
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: displacement 'i * wsize' is computed in 'int' and can overflow
  (void)length;
}

// Two equal offsets: both are reported. The first is an MPI argument, which
// the fix widens, so it bounds nothing after it: were the second judged by
// it, the fixed code would have a new report.
void twice(MPI_File fh, int *buf, int rank) {
  MPI_File_write_at(fh, rank * 1000, buf, 1, MPI_INT, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: offset 'rank * 1000' is computed in 'int'
  MPI_File_write_at(fh, rank * 1000 + 4, buf, 1, MPI_INT, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: offset 'rank * 1000' is computed in 'int'
}

// One step of relation: the window of `w` messages of `size` bytes is
// allocated with the int product `size * w`, then each message goes at
// `j * size` with 0 <= j < w. That is smaller than the product the run
// already computed, whatever w is (unbounded here).
extern int window_size;
void put_window(MPI_Win win) {
  int w = window_size;
  for (int size = 1; size <= (1 << 20); size *= 2) {
    char *b = malloc(size * w);
    for (int j = 0; j < w; j++)
      MPI_Put(b + j * size, size, MPI_CHAR, 1, j * size, size, MPI_CHAR, win);
    // WRAPV: model-executed-products.c:[[@LINE-1]]:48: warning: displacement 'j * size'
    free(b);
  }
}

// The factors in the other order, and both of them indices.
void put_grid(MPI_Win win, int rows, int cols) {
  double *grid = malloc(sizeof(double) * (cols * rows));
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      MPI_Put(&grid[0], 1, MPI_DOUBLE, 0, c * r, 1, MPI_DOUBLE, win);
  free(grid);
}

// A power of one variable bounds it by the root: after the int cell count
// n * n * n, n is at most 1290, so a face of n * n * 6 values fits and one
// of n * n * 2000 does not. After n * n, n is at most 46340.
void cube_faces(double *b, MPI_Comm comm) {
  int n = input();
  int cells = n * n * n;
  double *field = malloc(sizeof(double) * cells);
  MPI_Send(b, n * n * 6, MPI_DOUBLE, 1, 0, comm);
  MPI_Send(b, n * n * 2000, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n * n * 2000' is computed in 'int' and can overflow
  free(field);
}

void square_edges(double *b, MPI_Comm comm) {
  int n = input();
  int cells = n * n;
  double *field = malloc(sizeof(double) * cells);
  MPI_Send(b, n * 6, MPI_DOUBLE, 1, 0, comm);
  MPI_Send(b, n * n * 6, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n * n * 6' is computed in 'int' and can overflow
  free(field);
}

// An index below size, times itself plus one, is below size * size: the
// triangular offsets of an all-to-all test. Plus two is not.
void triangular_offsets(MPI_Win win, int size) {
  int *b = malloc(size * size * sizeof(int));
  for (int i = 0; i < size; i++)
    MPI_Put(b, 1, MPI_INT, 1, (i * (i + 1)) / 2, 1, MPI_INT, win);
  for (int i = 0; i < size; i++)
    MPI_Put(b, 1, MPI_INT, 1, ((1 + i) * i) / 2, 1, MPI_INT, win);
  for (int i = 0; i < size; i++)
    MPI_Put(b, 1, MPI_INT, 1, (i * (i + 2)) / 2, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: displacement 'i * (i + 2)' is computed in 'int' and can overflow
  free(b);
}

// j reaches w: j * size can equal size * w, which the run computed.
void put_window_inclusive(MPI_Win win, int size, int w) {
  char *b = malloc(size * w);
  for (int j = 0; j <= w; j++)
    MPI_Put(b, size, MPI_CHAR, 1, j * size, size, MPI_CHAR, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: displacement 'j * size' is computed in 'int' and can overflow
  free(b);
}

// w changes after the allocation: the product bounds the old value only.
void put_window_grown(MPI_Win win, int size, int w) {
  char *b = malloc(size * w);
  w = input();
  for (int j = 0; j < w; j++)
    MPI_Put(b, size, MPI_CHAR, 1, j * size, size, MPI_CHAR, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: displacement 'j * size' is computed in 'int' and can overflow
  free(b);
}

// The earlier product has another factor.
void put_window_other(MPI_Win win, int size, int w, int k) {
  char *b = malloc(size * k);
  for (int j = 0; j < w; j++)
    MPI_Put(b, size, MPI_CHAR, 1, j * size, size, MPI_CHAR, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: displacement 'j * size' is computed in 'int' and can overflow
  free(b);
}

// A broadcast into a factor before the product is a store at the call: the
// product still bounds what follows. A nonblocking receive into it may
// complete after the product, and does not.
void starts_broadcast(MPI_Comm comm, int root_starts) {
  int np, starts = root_starts;
  MPI_Comm_size(comm, &np);
  MPI_Bcast(&starts, 1, MPI_INT, 0, comm);
  long *all = malloc(sizeof(long) * (size_t)(np * starts));
  int *displs = malloc(sizeof(int) * np), *counts = malloc(sizeof(int) * np);
  for (int p = 0; p < np; p++) {
    counts[p] = 1;
    displs[p] = starts * p;
  }
  MPI_Alltoallv(all, counts, displs, MPI_LONG, all, counts, displs, MPI_LONG, comm);
  // WRAPV: model-executed-products.c:[[@LINE-1]]:30: warning: displacement array 'displs'
  free(all), free(displs), free(counts);
}

void starts_received_later(MPI_Comm comm, int root_starts) {
  int np, starts = root_starts;
  MPI_Request req;
  MPI_Comm_size(comm, &np);
  MPI_Irecv(&starts, 1, MPI_INT, 0, 0, comm, &req);
  long *all = malloc(sizeof(long) * (size_t)(np * starts));
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  int *displs = malloc(sizeof(int) * np), *counts = malloc(sizeof(int) * np);
  for (int p = 0; p < np; p++) {
    counts[p] = 1;
    displs[p] = starts * p;
  }
  MPI_Alltoallv(all, counts, displs, MPI_LONG, all, counts, displs, MPI_LONG, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: displacement array 'displs' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:61: warning: displacement array 'displs' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  free(all), free(displs), free(counts);
}

// A product stored into a local that MPI is handed is widened by the fix
// of that call: it bounds nothing after it either.
void same_plane_twice(double *b, int nx, int ny, MPI_Comm comm) {
  int cells = nx * ny;
  MPI_Send(b, cells, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'cells' holds a value computed in 'int' that can overflow
  MPI_Recv(b, nx * ny, MPI_DOUBLE, 1, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'nx * ny' is computed in 'int' and can overflow
}

// A harness hands out one communicator after another: the rank and the size
// read one right after the other from the same variable belong together, and
// `i * rank` lies below the `size * size` the allocation computed.
int next_comm(MPI_Comm *comm);
void each_communicator(void) {
  MPI_Comm comm;
  int rank, size;
  while (next_comm(&comm)) {
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    int *buf = malloc(size * size * sizeof(int));
    int *counts = malloc(size * sizeof(int));
    int *displs = malloc(size * sizeof(int));
    for (int i = 0; i < size; i++) {
      counts[i] = rank;
      displs[i] = i * rank;
    }
    MPI_Alltoallv(buf, counts, displs, MPI_INT, buf, counts, displs, MPI_INT, comm);
    free(buf);
    free(counts);
    free(displs);
  }
}

// Another communicator comes between the two calls: the rank is not below
// that size.
void communicator_between(void) {
  MPI_Comm comm;
  int rank, size;
  while (next_comm(&comm)) {
    MPI_Comm_size(comm, &size);
    next_comm(&comm);
    MPI_Comm_rank(comm, &rank);
    int *buf = malloc(size * size * sizeof(int));
    int *counts = malloc(size * sizeof(int));
    int *displs = malloc(size * sizeof(int));
    for (int i = 0; i < size; i++) {
      counts[i] = rank;
      displs[i] = i * rank;
    }
    MPI_Alltoallv(buf, counts, displs, MPI_INT, buf, counts, displs, MPI_INT, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: displacement array 'displs' of MPI_Alltoallv is filled with values that can exceed INT_MAX
    // CHECK-MESSAGES: :[[@LINE-2]]:62: warning: displacement array 'displs' of MPI_Alltoallv is filled with values that can exceed INT_MAX
    free(buf);
    free(counts);
    free(displs);
  }
}
