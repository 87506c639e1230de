// A helper's result that says which way a size fits bounds the size where
// the caller tests it: `int kind = pick(n); if (kind == 1) MPI_Send(b, n,
// ...)` with pick returning 1 only under `if (nbytes <= INT_MAX)` (AMReX's
// select_comm_data_type, held-out audit: 12 FALSE), `if (fits(n))` with a
// helper that returns its comparison, `if (!fits(n)) return;`, and a
// size compared once rounded up to a multiple of an alignment. Not
// when another return could give the same code, when the helper changes
// its parameter, or when the caller's variable changes after the call.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stddef.h>

static int pick(size_t nbytes) {
  if (nbytes <= (size_t)INT_MAX)
    return 1;
  else if (nbytes <= 8 * (size_t)INT_MAX)
    return 2;
  return 0;
}

static int fits(size_t n) { return n <= INT_MAX; }

void send_bytes(const char *buf, size_t n, int to, MPI_Comm comm) {
  const int kind = pick(n);
  if (kind == 1) {
    MPI_Send(buf, n, MPI_CHAR, to, 0, comm);
  } else if (kind == 2) {
    MPI_Send(buf, n / 8, MPI_UNSIGNED_LONG_LONG, to, 0, comm);
  } else {
    MPI_Abort(comm, 1);
  }
  if (pick(n) == 1)
    MPI_Send(buf, n, MPI_CHAR, to, 1, comm);
  if (fits(n))
    MPI_Send(buf, n, MPI_CHAR, to, 2, comm);
}

void send_checked(const char *buf, size_t n, int to, MPI_Comm comm) {
  if (!fits(n))
    return;
  MPI_Send(buf, n, MPI_CHAR, to, 3, comm);
}

/* Rounded up to a multiple of the alignment, a size is no smaller. */
static size_t round_up(size_t align, size_t size) {
  return ((size + (align - 1)) / align) * align;
}

static int pick_aligned(size_t nbytes) {
  if (round_up(8, nbytes) <= 8 * (size_t)INT_MAX)
    return 2;
  return 0;
}

void send_words(const char *buf, size_t n, int to, MPI_Comm comm) {
  if (pick_aligned(n) == 2)
    MPI_Send(buf, n / 8, MPI_UNSIGNED_LONG_LONG, to, 7, comm);
  if (pick_aligned(n) == 2)
    MPI_Send(buf, n / 4, MPI_UNSIGNED, to, 8, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'n / 4' of type 'size_t' is narrowed to 'int'
}

static int pick_twice(size_t nbytes) {
  if (nbytes <= (size_t)INT_MAX)
    return 1;
  if (nbytes % 2 == 0)
    return 1;
  return 0;
}

static int pick_halved(size_t nbytes) {
  nbytes /= 2;
  if (nbytes <= (size_t)INT_MAX)
    return 1;
  return 0;
}

void send_unproved(const char *buf, size_t n, size_t m, int to,
                   MPI_Comm comm) {
  if (pick_twice(n) == 1)
    MPI_Send(buf, n, MPI_CHAR, to, 4, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'n' of type 'size_t' is narrowed to 'int'
  if (pick_halved(n) == 1)
    MPI_Send(buf, n, MPI_CHAR, to, 5, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'n' of type 'size_t' is narrowed to 'int'
  int kind = pick(m);
  m *= 2;
  if (kind == 1)
    MPI_Send(buf, m, MPI_CHAR, to, 6, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'm' of type 'size_t' is narrowed to 'int'
}
