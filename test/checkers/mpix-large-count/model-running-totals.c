// An int count that a loop adds values into (XBraid's refine.c, held-out
// audit; the classic `total += counts[i]` before a receive of the total):
// the sum wraps once the values added up exceed INT_MAX, however each one
// is bounded. Reported when two of the values can already overflow it and
// nothing bounds the sum where the call reads it; a sum of small steps
// (a count of things, `n += 8`) needs more turns than the model can bound,
// and is left alone.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>

int packed_reals(int i);

void recv_total(double *b, const int *counts, int n, MPI_Comm comm) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += counts[i];
  MPI_Recv(b, total, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'total' is an 'int' running sum; it wraps once the values added up exceed 2^31-1
  // CHECK-NOTES: :[[@LINE-3]]:5: note: the running sum is computed here, in a loop; 'counts[i]' can be any value of its type
}

void send_packed(double *b, int unum, MPI_Comm comm, MPI_Request *rq) {
  int send_size = 0, i = 0;
  while (unum > 0) {
    int size = packed_reals(i++);
    send_size += 1 + size;
    unum--;
  }
  MPI_Isend(b, send_size, MPI_DOUBLE, 0, 5, comm, rq);
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: count 'send_size' is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-5]]:5: note: the running sum is computed here, in a loop; '1 + size' can be any value of its type
}

// Sent inside the loop, after the sum: the same.
void send_prefixes(double *b, const int *counts, int n, MPI_Comm comm) {
  int sent = 0;
  for (int i = 0; i < n; i++) {
    sent += counts[i];
    MPI_Send(b, sent, MPI_DOUBLE, 0, 0, comm);
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'sent' is an 'int' running sum
    // CHECK-NOTES: :[[@LINE-3]]:5: note: the running sum is computed here, in a loop; 'counts[i]' can be any value of its type
  }
}

// A constant step over a counted loop of processes stays small.
void recv_fixed(double *b, MPI_Comm comm) {
  int np, total = 0;
  MPI_Comm_size(comm, &np);
  for (int i = 0; i < np; i++)
    total += 4;
  MPI_Recv(b, total, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
}

// Small values (a remainder, a unit step) need more turns than one can
// bound: not reported.
void recv_small_steps(double *b, const int *counts, int n, MPI_Comm comm) {
  int total = 0, items = 0;
  for (int i = 0; i < n; i++) {
    total += counts[i] % 1024;
    items += 1;
  }
  MPI_Recv(b, total, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
  MPI_Recv(b, items, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
}

// A guard before the call bounds the sum.
void recv_checked(double *b, const int *counts, int n, MPI_Comm comm) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += counts[i];
  if (total < 0 || total > (1 << 20))
    return;
  MPI_Recv(b, total, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
}

// Overwritten before the call, the sum never reaches it.
void recv_reset(double *b, const int *counts, int n, MPI_Comm comm) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += counts[i];
  total = 64;
  MPI_Recv(b, total, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
}

// Handed to a wrapper that passes it to MPI as a count: the same.
static void send_doubles(const double *b, int n, MPI_Comm comm) {
  MPI_Send(b, n, MPI_DOUBLE, 0, 0, comm);
}

void send_total(const double *b, const int *counts, int n, MPI_Comm comm) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += counts[i];
  send_doubles(b, total, comm);
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'total' is an 'int' running sum; parameter 'n' of 'send_doubles' passes it to MPI_Send as its count
  // CHECK-NOTES: :[[@LINE-3]]:5: note: the running sum is computed here, in a loop; 'counts[i]' can be any value of its type
  // CHECK-NOTES: :[[@LINE-10]]:15: note: it reaches MPI_Send as its count here
}
