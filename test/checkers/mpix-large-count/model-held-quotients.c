// A multiple of a quotient, `(X / Y) * Y`, lies between 0 and X, and
// `X - (X / Y) * Y` is X % Y: both hold when the quotient is kept in an
// assignment (`(j = k / m) * m`) or in a local whose store reaches the
// product alone, with its operands unchanged since (`t = (n - 1) / nb;
// kb = n - t * nb;`, t and n written again further on), as dense linear
// algebra codes write them (HPL's panel packing and triangular solve,
// held-out audit). The divisor may be a constant too: the last piece of a
// 64-bit size sent in INT_MAX chunks (SuperLU_DIST, held-out audit).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stdint.h>

void tail_of_panel(double *a, int k, int m, MPI_Comm comm) {
  int j, left;
  if (m <= 0 || k < 0)
    return;
  left = m - (k - (j = k / m) * m);
  MPI_Send(a, left, MPI_DOUBLE, 0, j, comm);
}

void last_block(double *a, int n, int nb, MPI_Comm comm) {
  int t, kb;
  if (n <= 0 || nb <= 0)
    return;
  t = (n - 1) / nb;
  kb = n - t * nb;
  MPI_Send(a, kb, MPI_DOUBLE, 0, 1, comm);
  MPI_Send(a, t * nb, MPI_DOUBLE, 0, 2, comm);
  for (; n > 0; n -= kb) {
    kb = nb;
    t = n / kb;
  }
}

void spelled_remainder(double *a, int k, int m, MPI_Comm comm) {
  if (m <= 0 || k < 0)
    return;
  MPI_Send(a, m - (k - (k / m) * m), MPI_DOUBLE, 0, 3, comm);
}

// The divisor changes after the quotient is kept: the product is not a
// rounding of n any more. The doubled divisor can overflow itself: widening
// the product would carry it wrapped, and the parameter cannot be widened.
void changed_divisor(double *a, int n, int nb, MPI_Comm comm) {
  int t = n / nb;
  nb = nb * 2;
  MPI_Send(a, t * nb, MPI_DOUBLE, 0, 4, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 't * nb' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: 't * nb' can overflow 'int' here: t unbounded, nb in [-1073741824, 1073741823]
  // CHECK-NOTES: :[[@LINE-5]]:11: note: 't' is assigned 'n / nb' here, which the analysis cannot bound
  // CHECK-NOTES: :[[@LINE-5]]:8: note: 'nb * 2' can overflow 'int' here
  // CHECK-NOTES: :[[@LINE-8]]:44: note: no automatic fix: 'nb' is not a local of this function
}

// In a loop that changes the divisor after the product, the next turn
// reads the quotient of the previous divisor.
void loop_changes_divisor(double *a, int n, int nb, MPI_Comm comm) {
  int t = n / nb;
  for (int i = 0; i < 4; i++) {
    MPI_Send(a, t * nb, MPI_DOUBLE, 0, 6, comm);
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 't * nb' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
    // CHECK-NOTES: :[[@LINE-2]]:17: note: 't * nb' can overflow 'int' here: t unbounded, nb unbounded
    // CHECK-NOTES: :[[@LINE-5]]:11: note: 't' is assigned 'n / nb' here, which the analysis cannot bound
    nb += 1000;
  }
}

// Kept twice, the quotient read is not known to be either.
void stored_twice(double *a, int n, int nb, int w, MPI_Comm comm) {
  int t = n / nb;
  if (w)
    t = w;
  MPI_Send(a, t * nb, MPI_DOUBLE, 0, 5, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 't * nb' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: 't * nb' can overflow 'int' here: t unbounded, nb unbounded
  // CHECK-NOTES: :[[@LINE-4]]:5: note: 't' is assigned 'w' here, which the analysis cannot bound
}

// The remainder after whole chunks of INT_MAX bytes fits in 'int'.
void bcast_in_chunks(char *p, int64_t size, MPI_Comm comm) {
  int64_t chunks = size / INT_MAX;
  for (int64_t i = 0; i < chunks; ++i)
    MPI_Bcast(p + i * (int64_t)INT_MAX, INT_MAX, MPI_BYTE, 0, comm);
  MPI_Bcast(p + chunks * (int64_t)INT_MAX, size - chunks * INT_MAX, MPI_BYTE,
            0, comm);
}

// Another constant divides: the rest is not below INT_MAX.
void bcast_in_halves(char *p, int64_t size, MPI_Comm comm) {
  int64_t chunks = size / (INT_MAX / 2);
  MPI_Bcast(p, size - chunks * INT_MAX, MPI_BYTE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: count 'size - chunks * INT_MAX' of type 'int64_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-4]]:39: note: 'size' is a parameter: its callers may pass any value
}

// The remainder after whole pieces of a 2^30-byte step written as a shift
// (HDF5's big-I/O types): the quotient's operands are a variable and a
// constant shift, and the rest is below the step.
#define BIG_STEP ((uint64_t)1 << 30)
int rest_type(uint64_t n, MPI_Datatype *t) {
  uint64_t whole = n / BIG_STEP;
  uint64_t rest = n - whole * BIG_STEP;
  return MPI_Type_contiguous((int)rest, MPI_BYTE, t);
}

// A size divisor of at most 4096 bounds the rest, as `%` would (the
// division before leaves 0 out); `step != 0` cuts 0 off its range.
int rest_by_step(uint64_t n, uint64_t step, MPI_Datatype *t) {
  if (step == 0 || step > 4096)
    return 1;
  uint64_t rest = n - (n / step) * step;
  return MPI_Type_contiguous((int)rest, MPI_BYTE, t);
}

// A divisor known only to be a size: the rest is any size.
int rest_by_any_step(uint64_t n, uint64_t step, MPI_Datatype *t) {
  uint64_t rest = n - (n / step) * step;
  return MPI_Type_contiguous((int)rest, MPI_BYTE, t);
  // CHECK-NOTES: :[[@LINE-1]]:30: warning: count 'rest' of type 'uint64_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:19: note: 'rest' is assigned 'n - (n / step) * step' here, which the analysis cannot bound
}
