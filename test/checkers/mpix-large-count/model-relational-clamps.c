// A piece clamped to what is left of a total (`if (off + n > total) n =
// total - off;`) is below n, as long as off is below the total there: an
// unsigned difference of an offset past the end would wrap. mpifileutils'
// dbcast reads its file in such pieces (held-out audit, S9). The offset
// and the total must be the ones the guard read; a difference not guarded
// from below, or an operand changed after the guard, is still reported.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

enum { Chunk = 1 << 20 };

void send_tail(const char *b, uint64_t off, uint64_t total, MPI_Comm comm) {
  size_t n = Chunk;
  if (off < total) {
    if (off + n > total)
      n = (size_t)(total - off);
    MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
  }
}

// The sum held in a local first, the lower guard an early return.
void send_through_last(const char *b, uint64_t off, uint64_t total,
                       MPI_Comm comm) {
  size_t n = Chunk;
  if (off >= total)
    return;
  uint64_t last = off + (uint64_t)n;
  if (last > total)
    n = (size_t)(total - off);
  MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
}

// A conditional expression in a loop guarded by its condition, and the
// complement of the test in an else branch.
void stream(const char *b, size_t total, MPI_Comm comm) {
  for (size_t off = 0; off < total;) {
    size_t len = off + Chunk > total ? total - off : Chunk;
    MPI_Send(b + off, (int)len, MPI_CHAR, 0, 0, comm);
    off += len;
  }
  size_t off = 0;
  while (off < total) {
    size_t len;
    if (off + Chunk <= total)
      len = Chunk;
    else
      len = total - off;
    MPI_Send(b + off, (int)len, MPI_CHAR, 0, 0, comm);
    off += len;
  }
}

// A total handed out before the loop (Global Arrays' binning): nothing
// between the tests and the difference can change it. The bins go to a
// helper that sends them as bytes.
extern void inquire(long *n);
static void send_counts(const int *b, int n, MPI_Comm comm) {
  MPI_Send(b, sizeof(int) * n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'sizeof(int) * n' of type 'unsigned long' is narrowed to 'int'
}
void send_bins(const int *b, MPI_Comm comm) {
  long nbin;
  inquire(&nbin);
  for (int i = 0; i < nbin; i += 2000) {
    int cn = (i + 2000) < nbin ? 2000 : nbin - i;
    send_counts(b + i, cn, comm);
  }
}

// Controls. A call between the test and the difference may change it.
extern void touch(void);
void send_bins_touched(const int *b, MPI_Comm comm) {
  long nbin;
  inquire(&nbin);
  for (int i = 0; i < nbin; i += 2000) {
    int cn = 2000;
    if (i + 2000 > nbin) {
      touch();
      cn = nbin - i;
    }
    send_counts(b + i, cn, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'cn' holds a value narrowed from 'long'; parameter 'n' of 'send_counts' passes it to MPI_Send as its count
  }
}

// Nothing keeps the offset below the total: the difference wraps.
void send_unguarded(const char *b, uint64_t off, uint64_t total,
                    MPI_Comm comm) {
  size_t n = Chunk;
  if (off + n > total)
    n = (size_t)(total - off);
  MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n' of type 'size_t' is narrowed to 'int'
}

// The offset moves between the test and the difference.
void send_moved(const char *b, uint64_t off, uint64_t total, uint64_t skip,
                MPI_Comm comm) {
  size_t n = Chunk;
  if (off < total && off + n > total) {
    off -= skip;
    n = (size_t)(total - off);
  }
  MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n' of type 'size_t' is narrowed to 'int'
}

// The piece is as large as the caller says.
void send_any(const char *b, uint64_t off, uint64_t total, size_t n,
              MPI_Comm comm) {
  if (off < total && off + n > total)
    n = (size_t)(total - off);
  MPI_Send(b, (int)n, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n' of type 'size_t' is narrowed to 'int'
}

// What is left of a total under the loop that walks it, `total - i` with
// `i < total`, is at least 1: clamped to 64 above, the piece times a
// million fits (a chunking loop).
void send_left_in_pieces(const char *b, int total, MPI_Comm comm) {
  for (int i = 0; i < total; i += 64) {
    int len = total - i;
    if (len > 64)
      len = 64;
    MPI_Send(b + i, len * 1000000, MPI_BYTE, 0, 0, comm);
  }
}

// Still reported: no guard keeps i below the total.
void send_left_unguarded(const char *b, int total, int i, MPI_Comm comm) {
  int len = total - i;
  if (len > 64)
    len = 64;
  MPI_Send(b, len * 1000000, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'len * 1000000' is computed in 'int' and can overflow
}
