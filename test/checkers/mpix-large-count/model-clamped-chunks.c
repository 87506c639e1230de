// A chunk clamped to what a buffer holds, `maxlen = BUF / size; if (n >
// maxlen) n = maxlen;`, times the bytes per element: `size * n` fills at
// most the buffer, whatever size and n were (Gadget4's snapshot I/O,
// held-out audit: 6 FALSE reports). The relation holds while neither the
// chunk nor the limit is written after the clamp, and only when neither
// factor can be negative; a chunk clamped to anything else is judged by
// its range as before.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

#define BUF_BYTES (32 * 1024LL * 1024LL)

void write_blocks(char *buf, long long left, unsigned size, int dest,
                  MPI_Comm comm) {
  int maxlen = (int)(BUF_BYTES / size);
  while (left > 0) {
    long long n = left;
    if (n > maxlen)
      n = maxlen;
    MPI_Send(buf, size * n, MPI_BYTE, dest, 0, comm);
    left -= n;
  }
}

void read_blocks(char *buf, int left, unsigned size, int src,
                 MPI_Comm comm) {
  int maxlen = BUF_BYTES / size;
  do {
    int n = left;
    if (maxlen < n) {
      n = maxlen;
    }
    if (n > 0)
      MPI_Recv(buf, n * size, MPI_BYTE, src, 0, comm, MPI_STATUS_IGNORE);
    left -= n;
  } while (left > 0);
}

// The element size from a helper the analysis cannot bound, kept unsigned
// (Gadget4's particle I/O): only a negative size would change in the
// conversion, a bug of its own, which no count computed from it carries.
int element_size(int field);
void write_field(char *buf, int left, int field, int dest, MPI_Comm comm) {
  unsigned size = element_size(field);
  int maxlen = BUF_BYTES / size;
  do {
    int n = left;
    if (n > maxlen)
      n = maxlen;
    if (n > 0)
      MPI_Send(buf, size * n, MPI_BYTE, dest, 0, comm);
    left -= n;
  } while (left > 0);
  MPI_Send(buf, size / 2, MPI_BYTE, dest, 1, comm);
}

// A chunk that may be negative (a count received, which the pass does not
// follow) makes the product negative, not large.
void received_chunks(char *buf, unsigned size, int src, MPI_Comm comm) {
  int maxlen = (int)(BUF_BYTES / size);
  long long left;
  MPI_Recv(&left, 1, MPI_LONG_LONG, src, 0, comm, MPI_STATUS_IGNORE);
  while (left > 0) {
    long long n = left;
    if (n > maxlen)
      n = maxlen;
    MPI_Recv(buf, size * n, MPI_BYTE, src, 1, comm, MPI_STATUS_IGNORE);
    left -= n;
  }
}

// Controls. The size can be negative; the limit is not a share of the
// buffer over this size; the chunk is changed after the clamp; the limit
// is changed after it.
void not_clamped(char *buf, long long left, unsigned size, unsigned other,
                 long long signed_size, int dest, MPI_Comm comm) {
  int maxlen = (int)(BUF_BYTES / size);
  if (left <= 0 || signed_size == 0)
    return;
  int signed_max = BUF_BYTES / signed_size;
  long long i = left;
  if (i > signed_max)
    i = signed_max;
  MPI_Send(buf, signed_size * i, MPI_BYTE, dest, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'signed_size * i' of type 'long long' is narrowed to 'int'
  int share = (int)(BUF_BYTES / other);
  long long m = left;
  if (m > share)
    m = share;
  MPI_Send(buf, size * m, MPI_BYTE, dest, 1, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'size * m' of type 'long long' is narrowed to 'int'
  long long k = left;
  if (k > maxlen)
    k = maxlen;
  k *= 2;
  MPI_Send(buf, size * k, MPI_BYTE, dest, 2, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'size * k' of type 'long long' is narrowed to 'int'
  long long j = left;
  if (j > maxlen)
    j = maxlen;
  maxlen = left;
  MPI_Send(buf, size * j, MPI_BYTE, dest, 3, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'size * j' of type 'long long' is narrowed to 'int'
}
