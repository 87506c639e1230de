// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stdlib.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))

void bounded(char *buf, size_t n, long len, MPI_Comm comm) {
  MPI_Send(buf, n < INT_MAX ? n : INT_MAX, MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, MIN(n, 1024), MPI_BYTE, 0, 0, comm);
  if (len <= INT_MAX && len >= 0)
    MPI_Send(buf, len, MPI_BYTE, 0, 0, comm);
  else
    MPI_Send(buf, len, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'len' of type 'long' is narrowed to 'int'
}

void guarded_by_return(char *buf, size_t n, MPI_Comm comm) {
  if (n > INT_MAX)
    return;
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
}

void guarded_by_abort(char *buf, size_t n, MPI_Comm comm) {
  if (n > (size_t)INT_MAX) {
    MPI_Abort(comm, 1);
  }
  int count = n;
  MPI_Send(buf, count, MPI_BYTE, 0, 0, comm);
}

void guarded_by_exit(char *buf, unsigned long n, MPI_Comm comm) {
  if (n >= 1000)
    exit(1);
  MPI_Send(buf, n * 4, MPI_BYTE, 0, 0, comm);
}

// A guard that does not leave protects nothing.
void guard_that_falls_through(char *buf, size_t n, MPI_Comm comm) {
  if (n > INT_MAX) {
    n = n;
  }
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
}

// Two variables bound each other: an int at least n leaves n at most
// INT_MAX, so n - 1 fits (ParRes Kernels' p2p grouping factor).
void capped_by_int(double *b, char **argv, MPI_Comm comm) {
  long n = atol(argv[1]);
  if (n < 1)
    return;
  int grp = atoi(argv[2]);
  if (grp < 1)
    grp = 1;
  else if (grp >= n)
    grp = n - 1;
  MPI_Send(b, grp, MPI_DOUBLE, 1, 0, comm);
}

// Compared with a long, the long bounds nothing.
void capped_by_long(double *b, char **argv, MPI_Comm comm) {
  long n = atol(argv[1]), m = atol(argv[2]);
  int grp = 1;
  if (m >= n && n >= 1)
    grp = n - 1;
  MPI_Send(b, grp, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'grp' holds a value narrowed from 'long'
}

// Two sizes compared, the bounded one on the left (`limit >= n`): n is at
// most the limit, for unsigned sizes as for ints; a limit bounded by an
// earlier guard bounds n as well.
void capped_by_size_limit(char *buf, size_t n, size_t cap, MPI_Comm comm) {
  size_t limit = (size_t)1 << 30;
  if (limit >= n)
    MPI_Send(buf, (int)n, MPI_BYTE, 0, 0, comm);
  if (cap > 4096)
    return;
  if (n <= cap)
    MPI_Send(buf, (int)n, MPI_BYTE, 0, 0, comm);
}

// A guard on the same product that leaves by return: the product fits
// after it, as a sum does.
int bcast_entries(char *buf, size_t nent, MPI_Comm comm) {
  if ((sizeof(double) + 1) * nent > INT_MAX)
    return -1;
  return MPI_Bcast(buf, (int)((sizeof(double) + 1) * nent), MPI_BYTE, 0, comm);
}

// The same guard leaving through an error macro's `do { ...; goto done; }
// while (0)`. A macro whose `break` only ends its own do-while leaves
// nothing: the call after it is still reported.
#define FAIL_TO(label, rc) do { status = (rc); goto label; } while (0)
#define NOTE_ONLY(rc) do { status = (rc); break; } while (0)
int bcast_entries_or_fail(char *buf, size_t nent, MPI_Comm comm) {
  int status = 0;
  if ((sizeof(double) + 1) * nent > INT_MAX)
    FAIL_TO(done, -1);
  status = MPI_Bcast(buf, (int)((sizeof(double) + 1) * nent), MPI_BYTE, 0, comm);
done:
  return status;
}

int bcast_entries_noted(char *buf, size_t nent, MPI_Comm comm) {
  int status = 0;
  if ((sizeof(double) + 1) * nent > INT_MAX)
    NOTE_ONLY(-1);
  status = MPI_Bcast(buf, (int)((sizeof(double) + 1) * nent), MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: count '(sizeof(double) + 1) * nent' of type 'unsigned long' is narrowed to 'int'
  return status;
}

// An element bounded by the `if` whose `else if` condition makes the call:
// the error report in that `else if`'s branch runs after the call, and
// cannot change the element first. A call before it in the branch can.
struct extent { size_t block; };
void report_failure(int code);
int contiguous_blocks(struct extent *d, int n, MPI_Datatype t, MPI_Datatype *out) {
  size_t limit = (size_t)1 << 30;
  for (int i = 0; i < n; i++) {
    int rc;
    if (limit < d[i].block)
      return -1;
    else if (MPI_SUCCESS != (rc = MPI_Type_contiguous((int)d[i].block, t, out))) {
      report_failure(rc);
      return -1;
    }
  }
  return 0;
}

int contiguous_blocks_after_call(struct extent *d, int n, MPI_Datatype t, MPI_Datatype *out) {
  size_t limit = (size_t)1 << 30;
  for (int i = 0; i < n; i++) {
    if (limit < d[i].block) {
      return -1;
    } else {
      report_failure(0);
      MPI_Type_contiguous((int)d[i].block, t, out);
      // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: count 'd[i].block' of type 'size_t' is narrowed to 'int'
    }
  }
  return 0;
}

// The guarded call in the condition of an `if` whose branch reports the
// error: the report runs after the call.
int bcast_entries_checked(char *buf, size_t nent, MPI_Comm comm) {
  int status = 0, rc;
  if ((sizeof(double) + 1) * nent > INT_MAX)
    FAIL_TO(done, -1);
  if (MPI_SUCCESS != (rc = MPI_Bcast(buf, (int)((sizeof(double) + 1) * nent), MPI_BYTE, 0, comm)))
    report_failure(rc);
done:
  return status;
}
