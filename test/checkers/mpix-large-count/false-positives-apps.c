// Patterns that the second MPICH test/mpi run and the BigMPI run
// (docs/corpus.md) reported falsely; none is a large-count hazard. Each real
// twin below still is.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <assert.h>
#include <limits.h>
#include <mpi.h>
#include <string.h>

extern void set_extents(int *extents);

// L: a negative sentinel stored before the real value is no count; the
// product stored later is what the diagnostic points at (sentinel-note.c).
void sentinel(int *v, int limit, int elem, MPI_Comm comm) {
  int len = -1;
  for (len = 0; len < limit; len > 0 ? len *= 2 : len++)
    MPI_Bcast(v, len, MPI_INT, 0, comm);
  // The doubling itself overflows once limit passes 2^30, as `len = len * 2`
  // would (model-compound-products.c); the sentinel is not what is reported.
  // CHECK-MESSAGES: :[[@LINE-3]]:18: warning: count 'len' holds a value computed in 'int' that can overflow

  int bytes = -1;
  bytes = 4 * elem;
  MPI_Bcast(v, bytes, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: count 'bytes' holds a value computed in 'int' that can overflow

  int never = -1;
  MPI_Bcast(v, never, MPI_INT, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: constant count 'never' is negative (-1)
}

// M: strlen of a fixed-size buffer is below its size, and of any other
// string at most the model's MaxStringLength (2^30: model-strings.c).
void string_length(const char *msg, MPI_Comm comm) {
  char word[64];
  strncpy(word, msg, 8);
  word[8] = '\0';
  MPI_Send(word, strlen(word) + 1, MPI_CHAR, 0, 0, comm);
  MPI_Send(msg, strlen(msg) + 1, MPI_CHAR, 0, 0, comm);
}

// N: (K / n) * n rounds K down to a multiple of n; it is at most K.
void round_down(int *v, int np, int k, MPI_Comm comm) {
  int total = (6000 / np) * np;
  MPI_Bcast(v, total, MPI_INT, 0, comm);
  int wrong = (6000 / np) * k;
  MPI_Bcast(v, wrong, MPI_INT, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: count 'wrong' holds a value computed in 'int' that can overflow
}

// O: an array handed to a `const int[]` parameter keeps its constants.
void const_array_argument(int *v, MPI_Datatype *t, MPI_Comm comm) {
  int sides[3], kinds[3], args[3], grid[3];
  sides[0] = 16; sides[1] = 16; sides[2] = 16;
  kinds[0] = kinds[1] = kinds[2] = MPI_DISTRIBUTE_BLOCK;
  args[0] = args[1] = args[2] = MPI_DISTRIBUTE_DFLT_DARG;
  grid[0] = grid[1] = grid[2] = 1;
  MPI_Type_create_darray(1, 0, 3, sides, kinds, args, grid, MPI_ORDER_C,
                         MPI_INT, t);
  int cells = sides[0] * sides[1] * sides[2];
  MPI_Send(v, cells, MPI_INT, 0, 0, comm);

  // A callee taking a non-const pointer may change the elements.
  int dims[2];
  dims[0] = dims[1] = 0;
  set_extents(dims);
  int area = dims[0] * dims[1];
  MPI_Send(v, area, MPI_INT, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'area' holds a value computed in 'int' that can overflow

  // Unless it is MPI_Dims_create: each extent is at most its 4 processes.
  int grid2[2];
  grid2[0] = grid2[1] = 0;
  MPI_Dims_create(4, 2, grid2);
  int area2 = grid2[0] * grid2[1];
  MPI_Send(v, area2, MPI_INT, 0, 0, comm);
}

// P: a count bounded above by INT_MAX fits; below INT_MIN it would be a
// negative count, an error of its own.
static const MPI_Count small_enough = INT_MAX;
void upper_bound_only(char *b, MPI_Count n, MPI_Comm comm) {
  if (n <= small_enough)
    MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
  else
    MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'MPI_Count' is narrowed to 'int'
}

// Displacement units may be negative: both bounds matter.
void displacement_needs_both_bounds(int *b, MPI_Aint unit, MPI_Win *w) {
  if (unit <= INT_MAX)
    MPI_Win_create(b, 64, unit, MPI_INFO_NULL, MPI_COMM_WORLD, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: displacement unit 'unit' of type 'MPI_Aint' is narrowed to 'int'; values over 2^31-1 are truncated
  if (unit >= INT_MIN && unit <= INT_MAX)
    MPI_Win_create(b, 64, unit, MPI_INFO_NULL, MPI_COMM_WORLD, w);
}

// Q: likely() / unlikely() wrap the condition in __builtin_expect.
#define my_likely(x) __builtin_expect(!!(x), 1)
#define my_unlikely(x) __builtin_expect(!!(x), 0)
void expected_branch(char *b, MPI_Count n, MPI_Comm comm) {
  if (my_likely(n <= INT_MAX))
    MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
  if (my_unlikely(n > INT_MAX))
    return;
  MPI_Recv(b, (int)n, MPI_CHAR, 0, 0, comm, MPI_STATUS_IGNORE);
}
void expected_wrong_way(char *b, MPI_Count n, MPI_Comm comm) {
  if (my_likely(n > INT_MAX))
    MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'MPI_Count' is narrowed to 'int'
}

// R: assert(c) guards the statements after it.
void asserted(char *b, MPI_Count n, MPI_Comm comm) {
  MPI_Count blocks = n / INT_MAX;
  assert(blocks < INT_MAX);
  MPI_Send(b, blocks, MPI_CHAR, 0, 0, comm);
}
void asserted_too_late(char *b, MPI_Count n, MPI_Comm comm) {
  MPI_Count blocks = n / 2;
  MPI_Send(b, blocks, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'blocks' of type 'MPI_Count' is narrowed to 'int'
  assert(blocks < INT_MAX);
}

// S: an array refilled with small values before a later call; the first
// fill does not reach that call. A refill that may be skipped does not count.
void refilled(MPI_Datatype *t, int rows, int cols, int rank, int once) {
  int full[2], part[2], from[2];
  full[0] = 256 * rows; full[1] = 256 * cols;
  part[0] = part[1] = 255;
  from[0] = 256 * rank; from[1] = 0;
  MPI_Type_create_subarray(2, full, part, from, MPI_ORDER_C, MPI_BYTE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: size array 'full' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:43: warning: start array 'from' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX
  if (once) {
    full[0] = 256;
    full[1] = 256;
  }
  MPI_Type_create_subarray(2, full, part, from, MPI_ORDER_C, MPI_BYTE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: size array 'full' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:43: warning: start array 'from' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX
  full[0] = 256;
  full[1] = 256;
  from[0] = 0;
  MPI_Type_create_subarray(2, full, part, from, MPI_ORDER_C, MPI_BYTE, t);
}

// A jump that lands between the refill and the call bypasses the refill: a
// goto label or a case there lets the first fill reach the call. A label
// before the refill does not, since the refill still runs after it.
void refill_bypassed(MPI_Datatype *t, int rows, int skip, int mode) {
  int full[1], part[1], from[1];
  full[0] = 256 * rows;
  part[0] = 255;
  from[0] = 0;
  if (skip)
    goto build;
  full[0] = 256;
build:
  MPI_Type_create_subarray(1, full, part, from, MPI_ORDER_C, MPI_BYTE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: size array 'full' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX
  full[0] = 256 * rows;
  switch (mode) {
  case 0:
    part[0] = 1;
    full[0] = 256;
  case 1:
    MPI_Type_create_subarray(1, full, part, from, MPI_ORDER_C, MPI_BYTE, t);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: size array 'full' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX
  }
}
void refill_after_label(MPI_Datatype *t, int rows, int retries) {
  int full[1], part[1], from[1];
  full[0] = 256 * rows;
  from[0] = 0;
again:
  part[0] = 255;
  full[0] = 256;
  MPI_Type_create_subarray(1, full, part, from, MPI_ORDER_C, MPI_BYTE, t);
  if (retries-- > 0)
    goto again;
}
