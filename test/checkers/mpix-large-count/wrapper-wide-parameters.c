// A wrapper whose count parameter is already wide (size_t, long long)
// keeps a count whole, but not what a caller's int arithmetic wrapped
// before the call: such a caller is reported as one that passes the
// product to MPI directly would be (HPL's wrappers after a first --fix,
// fix audit). The wrapper's own narrowing into a classic call is its own
// report. A caller that computes wide, or passes a bounded value, is not
// reported.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

static void send_bytes(const char *b, size_t n, MPI_Comm comm) {
  MPI_Send(b, n, MPI_BYTE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n' of type 'size_t' is narrowed to 'int'
}

static void send_record(const char *b, long long n, MPI_Comm comm) {
  send_bytes(b, n, comm);
}

void rows_of(const char *b, int rows, int width, MPI_Comm comm) {
  send_bytes(b, rows * width, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'rows * width' is computed in 'int' and can overflow before parameter 'n' of 'send_bytes' passes it to MPI_Send as its count
  int whole = rows * width;
  send_record(b, whole, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'whole' holds a value computed in 'int' that can overflow; parameter 'n' of 'send_record' passes it to MPI_Send as its count
  send_bytes(b, (size_t)rows * width, comm);
  if (rows >= 0 && rows < 1024 && width >= 0 && width < 1024)
    send_record(b, rows * width, comm);
}
