// A user's error handler that never returns (no return statement, no
// label, and a top-level call that never returns: MPI_Abort, exit, abort,
// or another such handler) ends the run where a check fails, so the values
// the check tests are bounded after it: `CHECK(n <= INT_MAX)` before
// `MPI_Send(b, (int)n, ...)`. A handler that may return bounds nothing.
// Handlers of other files: test/tool/summaries-noreturn.test.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static void stop(int code) {
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, code);
}
static void die(const char *what) {
  fprintf(stderr, "check failed: %s\n", what);
  stop(1);
}
#define CHECK(x) do { if (!(x)) die(#x); } while (0)

void send_checked(const char *buf, size_t n, MPI_Comm comm) {
  CHECK(n <= INT_MAX);
  MPI_Send(buf, (int)n, MPI_BYTE, 0, 0, comm);
}

// Handlers that end in exit() or in a loop of their own calls.
static void quit(void) { exit(2); }
static void spin(int k) {
  if (k > 0)
    fprintf(stderr, "%d\n", k);
  quit();
}
void send_spun(const char *buf, long n, MPI_Comm comm) {
  if (n < 0 || n > 1000000)
    spin(1);
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
}

// Returns when asked to: the check bounds nothing.
static void complain(const char *what, int fatal) {
  fprintf(stderr, "%s\n", what);
  if (!fatal)
    return;
  MPI_Abort(MPI_COMM_WORLD, 1);
}
void send_complained(const char *buf, size_t n, MPI_Comm comm) {
  if (n > INT_MAX)
    complain("too large", 0);
  MPI_Send(buf, (int)n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-5]]:46: note: 'n' is a parameter: its callers may pass any value
}

// A label lets a jump come back past the call: not a handler.
static void retry(int *tries) {
again:
  if (++*tries < 3)
    goto again;
  MPI_Abort(MPI_COMM_WORLD, 1);
}
void send_retried(const char *buf, size_t n, MPI_Comm comm) {
  int tries = 0;
  if (n > INT_MAX)
    retry(&tries);
  MPI_Send(buf, (int)n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-6]]:43: note: 'n' is a parameter: its callers may pass any value
}

// Recursion is cut, not followed forever: neither handler is known to stop.
static void pong(int k);
static void ping(int k) { pong(k); }
static void pong(int k) { ping(k); }
void send_recursive(const char *buf, size_t n, MPI_Comm comm) {
  if (n > INT_MAX)
    ping(1);
  MPI_Send(buf, (int)n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-5]]:45: note: 'n' is a parameter: its callers may pass any value
}
