// A guard that compares an expression, not a variable, bounds that same
// expression in its branch: the chunked transfer stores `total - done` only
// where it is below INT_MAX. So does a guard before it that leaves the
// block, by a return or a goto (Zoltan's `if (p - buf > cap) goto End;`
// before the send of `p - buf` bytes, held-out audit).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stdint.h>

void send_in_chunks(const char *p, uint64_t total, MPI_Comm comm) {
  int chunk = INT_MAX;
  uint64_t done = 0;
  while (done < total) {
    if (total - done < INT_MAX)
      chunk = total - done;
    MPI_Send(p + done, chunk, MPI_BYTE, 1, 0, comm);
    done += chunk;
  }
}

// The other branch of the opposite test.
void send_rest(const char *p, uint64_t total, uint64_t done, MPI_Comm comm) {
  int chunk;
  if (total - done >= INT_MAX)
    chunk = INT_MAX;
  else
    chunk = total - done;
  MPI_Send(p, chunk, MPI_BYTE, 1, 0, comm);
}

// The branch changes what the guard read before the store.
void send_changed(const char *p, uint64_t total, uint64_t done, MPI_Comm comm) {
  int chunk = 0;
  if (total - done < INT_MAX) {
    done = 0;
    chunk = total - done;
  }
  MPI_Send(p, chunk, MPI_BYTE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'chunk' holds a value narrowed from 'uint64_t'
  // CHECK-NOTES: :[[@LINE-4]]:13: note: 'total - done' of type 'uint64_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-9]]:43: note: 'total' is a parameter: its callers may pass any value
}

// The guard tests another expression.
void send_other(const char *p, uint64_t total, uint64_t done, MPI_Comm comm) {
  int chunk = 0;
  if (total + done < INT_MAX)
    chunk = total - done;
  MPI_Send(p, chunk, MPI_BYTE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'chunk' holds a value narrowed from 'uint64_t'
  // CHECK-NOTES: :[[@LINE-3]]:13: note: 'total - done' of type 'uint64_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-7]]:41: note: 'total' is a parameter: its callers may pass any value
}

// An early exit: past it, the expression is at most the capacity.
int send_packed(const char *buf, const char *p, const int *cap, int to,
                MPI_Comm comm) {
  int err = 0;
  if (p - buf > cap[to]) {
    err = 1;
    goto done;
  }
  MPI_Send(buf, p - buf, MPI_BYTE, to, 0, comm);
done:
  return err;
}

int send_span(const long *buf, long a, long b, int cap, MPI_Comm comm) {
  if (a - b > cap)
    return 1;
  MPI_Send(buf, a - b, MPI_LONG, 0, 1, comm);
  return 0;
}

// Changed after the guard, the expression is not what it tested.
int send_span_moved(const long *buf, long a, long b, int cap, MPI_Comm comm) {
  if (a - b > cap)
    return 1;
  a += 8;
  MPI_Send(buf, a - b, MPI_LONG, 0, 2, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'a - b' of type 'long' is narrowed to 'int'; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-6]]:43: note: 'a' is a parameter: its callers may pass any value
  return 0;
}
