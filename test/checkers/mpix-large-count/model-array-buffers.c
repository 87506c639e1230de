// A count that describes an array variable of fewer than 2^31 bytes, with
// a predefined datatype (a byte an element at least), cannot reach INT_MAX
// in a run that does not overrun the array: the buffer just before the
// count (both buffers of a reduction) bounds it (hypre's `2 * ndim` into
// `int buf[6]`, held-out audit), and so does a place in it (`&a[k]`,
// `a + k`, `&grid[i][0]`) or a member array that is not its structure's
// last. Pointers (a pointer read from an array of them too: `bufs[0]`,
// Zoltan's `pins[0]`), a last member or a union's (which may start a longer
// block) and derived datatypes bound nothing.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

static double totals[64];

void bounds(const int *lo, const int *hi, int ndim, int *out, MPI_Comm comm) {
  int mine[6];
  for (int d = 0; d < ndim; d++) {
    mine[d] = lo[d];
    mine[d + ndim] = -hi[d];
  }
  MPI_Allreduce(mine, out, 2 * ndim, MPI_INT, MPI_MIN, comm);
  MPI_Send(totals, 8 * ndim, MPI_DOUBLE, 0, 0, comm);
}

struct block { int n; double data[1]; };

void others(double *buf, struct block *b, int ndim, MPI_Datatype pair,
            MPI_Comm comm) {
  double pairs[16];
  MPI_Send(buf, 2 * ndim, MPI_DOUBLE, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count '2 * ndim' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: '2 * ndim' can overflow 'int' here: 2, ndim unbounded
  // CHECK-NOTES: :[[@LINE-6]]:47: note: 'ndim' is a parameter: its callers may pass any value
  MPI_Send(b->data, 2 * ndim, MPI_DOUBLE, 0, 2, comm);
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: count '2 * ndim' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: '2 * ndim' can overflow 'int' here: 2, ndim unbounded
  // CHECK-NOTES: :[[@LINE-10]]:47: note: 'ndim' is a parameter: its callers may pass any value
  MPI_Send(pairs, 2 * ndim, pair, 0, 3, comm);
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: count '2 * ndim' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: '2 * ndim' can overflow 'int' here: 2, ndim unbounded
  // CHECK-NOTES: :[[@LINE-14]]:47: note: 'ndim' is a parameter: its callers may pass any value
}

struct halo { double faces[6]; int nfaces; };
union scratch { double d[4]; char bytes[32]; };

void places(struct halo *h, union scratch *u, int ndim, int k, MPI_Comm comm) {
  double grid[8][8];
  int mine[6];
  MPI_Send(&mine[1], 2 * ndim, MPI_INT, 0, 6, comm);
  MPI_Send(mine + k, 2 * ndim, MPI_INT, 0, 7, comm);
  MPI_Send(&grid[k][0], 2 * ndim, MPI_DOUBLE, 0, 8, comm);
  MPI_Send((void *)grid[k], 2 * ndim, MPI_DOUBLE, 0, 9, comm);
  MPI_Allreduce(MPI_IN_PLACE, h->faces, 2 * ndim, MPI_DOUBLE, MPI_SUM, comm);
  double *bufs[4] = {0};
  MPI_Send(bufs[0], 2 * ndim, MPI_DOUBLE, 0, 11, comm);
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: count '2 * ndim' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: '2 * ndim' can overflow 'int' here: 2, ndim unbounded
  // CHECK-NOTES: :[[@LINE-12]]:51: note: 'ndim' is a parameter: its callers may pass any value
  MPI_Send(&bufs[1][k], 2 * ndim, MPI_DOUBLE, 0, 12, comm);
  // CHECK-NOTES: :[[@LINE-1]]:25: warning: count '2 * ndim' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:25: note: '2 * ndim' can overflow 'int' here: 2, ndim unbounded
  // CHECK-NOTES: :[[@LINE-16]]:51: note: 'ndim' is a parameter: its callers may pass any value
  MPI_Send(u->d, 2 * ndim, MPI_DOUBLE, 0, 10, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count '2 * ndim' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:18: note: '2 * ndim' can overflow 'int' here: 2, ndim unbounded
  // CHECK-NOTES: :[[@LINE-20]]:51: note: 'ndim' is a parameter: its callers may pass any value
}

// The array bounds the count from above only: a negative one is an error.
void negative(MPI_Comm comm) {
  int small[4];
  MPI_Send(small, -1, MPI_INT, 0, 4, comm);
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: constant count '-1' is negative (-1); MPI rejects it with MPI_ERR_COUNT [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: no automatic fix: a negative count is a bug, not a large count
  int none = -1;
  MPI_Recv(small, none, MPI_INT, 0, 5, comm, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: constant count 'none' is negative (-1); MPI rejects it with MPI_ERR_COUNT [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: no automatic fix: a negative count is a bug, not a large count
}
