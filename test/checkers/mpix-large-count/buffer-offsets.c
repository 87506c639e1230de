// A count that fits can still be sent from a wrapped address. A buffer
// walked in pieces of the message, `&buf[i * piece]` or `buf + off` after
// `off += n`, computes the piece's offset in 'int': it wraps once the data
// before the piece exceeds 2^31-1 elements, the large message the pieces
// carry. Each is reported at the buffer when the count is not, and the fix
// widens the offset; the fixed file compiles, and the check finds nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | grep -v '^ *[0-9]* |' | FileCheck %s --check-prefix=NOTES --implicit-check-not=warning:

#include <limits.h>
#include <mpi.h>
#include <stdint.h>

// Pieces of INT_MAX bytes: the third one's offset wraps.
void bcast_pieces(void **array, int64_t size, MPI_Comm comm) {
  int pieces = (int)(size / INT_MAX);
  for (int i = 0; i < pieces; i++)
    MPI_Bcast(&((char *)*array)[i * INT_MAX], INT_MAX, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: buffer of MPI_Bcast is offset by 'i * INT_MAX', computed in 'int' and able to overflow; the address wraps once the offset exceeds 2^31-1 elements
  // CHECK-FIXES: MPI_Bcast(&((char *)*array)[(MPI_Aint)i * INT_MAX], INT_MAX, MPI_BYTE, 0, comm);
}
// NOTES: buffer-offsets.c:21:15: warning: buffer of MPI_Bcast
// NOTES: buffer-offsets.c:21:33: note: 'i * INT_MAX' can overflow 'int' here: i below pieces, INT_MAX = 2147483647
// NOTES: buffer-offsets.c:19:16: note: 'pieces' is assigned '(int)(size / INT_MAX)' here, which the analysis cannot bound

// One block per peer, at the peer's place in the buffer.
void send_blocks(const double *all, int block, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  for (int p = 0; p < size; p++)
    MPI_Send(all + p * block, block, MPI_DOUBLE, p, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: buffer of MPI_Send is offset by 'p * block', computed in 'int' and able to overflow
  // CHECK-FIXES: MPI_Send(all + (MPI_Aint)p * block, block, MPI_DOUBLE, p, 0, comm);
}
// NOTES: buffer-offsets.c:34:14: warning: buffer of MPI_Send
// NOTES: buffer-offsets.c:34:20: note: 'p * block' can overflow 'int' here: p below the communicator size, block unbounded

// A pointer moved before the call, by whole messages of two counts.
void recv_rows(double *field, int rows, int cols, int steps, MPI_Comm comm) {
  for (int s = 0; s < steps; s++) {
    double *row = field + s * rows * cols;
    // CHECK-FIXES: double *row = field + (MPI_Aint)s * rows * cols;
    MPI_Recv(row, rows * cols, MPI_DOUBLE, 0, s, comm, MPI_STATUS_IGNORE);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'rows * cols' is computed in 'int' and can overflow
    // CHECK-FIXES: MPIX_Recv_x(row, (MPI_Count)rows * cols, MPI_DOUBLE, 0, s, comm, MPI_STATUS_IGNORE);
  }
}
// NOTES: buffer-offsets.c:46:19: warning: count 'rows * cols'
// NOTES: buffer-offsets.c:44:27: note: 'row' is offset by 's * rows * cols', computed in 'int': it wraps as the count does

// A message sent in chunks of at most 2^30 bytes, from an int offset.
void send_chunked(const char *data, long long total, MPI_Comm comm) {
  int off = 0;
  // CHECK-FIXES: MPI_Aint off = 0;
  while (total > 0) {
    int n = total < (1 << 30) ? (int)total : (1 << 30);
    MPI_Send(data + off, n, MPI_CHAR, 1, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: buffer of MPI_Send is offset by 'off', an 'int' running sum; the address wraps once the offset exceeds 2^31-1 elements
    off += n;
    total -= n;
  }
}
// NOTES: buffer-offsets.c:60:14: warning: buffer of MPI_Send
// NOTES: buffer-offsets.c:62:5: note: 'off' advances by the count here, in a loop: nothing bounds the number of pieces

// Controls. Offsets bounded by the communicator's size and a constant, or
// computed wide; a loop index; a one-off offset, which wraps only in a
// buffer of more than 2^31 elements (a count of its own would say so); an
// offset that is not a whole number of the call's messages, or a fixed
// one, or one the loops around the call do not move.
void controls(double *buf, int n, int nx, int ny, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  for (int p = 0; p < size; p++)
    MPI_Send(buf + p * 4, 4, MPI_DOUBLE, p, 0, comm);
  for (int i = 0; i < n; i++) {
    MPI_Send(buf + (MPI_Aint)i * n, n, MPI_DOUBLE, 0, 0, comm);
    MPI_Send(buf + i, 1, MPI_DOUBLE, 0, 0, comm);
    MPI_Send(buf + i * nx, ny, MPI_DOUBLE, 0, 0, comm);
  }
  MPI_Send(buf + nx * ny, n, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf + 3 * n, n, MPI_DOUBLE, 0, 0, comm);
  double *second = buf + nx * n;
  for (int i = 0; i < 4; i++)
    MPI_Send(second, n, MPI_DOUBLE, i, 0, comm);
}

// The rest after the whole pieces, from a piece count narrowed to 'int':
// the widened call would carry the truncated count of pieces, so the fix
// retypes it with the call.
void bcast_rest(char *data, int64_t size, MPI_Comm comm) {
  int pieces = size / INT_MAX;
  // CHECK-FIXES: MPI_Count pieces = size / INT_MAX;
  MPI_Bcast(data + (int64_t)pieces * INT_MAX, size - (int64_t)pieces * INT_MAX,
            MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:47: warning: count 'size - (int64_t)pieces * INT_MAX' of type 'int64_t' is narrowed to 'int'
  // CHECK-FIXES: MPIX_Bcast_x(data + (int64_t)pieces * INT_MAX, size - (int64_t)pieces * INT_MAX,
}
// NOTES: buffer-offsets.c:97:47: warning: count 'size - (int64_t)pieces * INT_MAX'
// NOTES: buffer-offsets.c:94:37: note: 'size' is a parameter: its callers may pass any value
// NOTES: buffer-offsets.c:95:16: note: 'size / INT_MAX' of type 'int64_t' is narrowed to 'int' here

// Pieces of a constant length, the last one shorter: the count is chosen
// against the stride.
#define PIECE (1 << 30)
void send_in_pieces(const char *data, long long total, MPI_Comm comm) {
  long long npieces = (total + PIECE - 1) / PIECE;
  for (int i = 0; i < npieces; i++) {
    int n = i == npieces - 1 ? (int)(total - (long long)i * PIECE) : PIECE;
    MPI_Send(data + i * PIECE, n, MPI_CHAR, 1, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: buffer of MPI_Send is offset by 'i * PIECE', computed in 'int' and able to overflow
    // CHECK-FIXES: MPI_Send(data + (MPI_Aint)i * PIECE, n, MPI_CHAR, 1, 0, comm);
  }
}
// NOTES: buffer-offsets.c:113:14: warning: buffer of MPI_Send is offset by 'i * PIECE'
// NOTES: buffer-offsets.c:113:21: note: 'i * PIECE' can overflow 'int' here: i below npieces, PIECE = 1073741824

// Controls: blocks of an int total's share per rank, the share kept with
// a cast that changes no value (a course code's hand-written scatter).
void send_shares(const double *all, int length, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  const int delta = (int)(length / size);
  for (int p = 0; p < size; p++)
    MPI_Send(all + p * delta, delta, MPI_DOUBLE, p, 0, comm);
}

// A constant spelled as a macro (`1 << 20`) is cast whole when the count
// it scales is widened.
#define BLOCK (1 << 20)
void send_blocks_of(const char *data, int k, MPI_Comm comm) {
  MPI_Send(data, BLOCK * k, MPI_CHAR, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'BLOCK * k' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Send_x(data, (MPI_Count)BLOCK * k, MPI_CHAR, 1, 0, comm);
}
// NOTES: buffer-offsets.c:135:18: warning: count 'BLOCK * k' is computed in 'int'
// NOTES: buffer-offsets.c:135:18: note: 'BLOCK * k' can overflow 'int' here: BLOCK = 1048576, k unbounded

// Controls: a piece index clamped before the call, as the control flow
// sees it (judged without it, k would be any rank).
void send_clamped(const double *buf, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  for (int i = 0; i < size; i++) {
    int k = i;
    if (k > 8)
      k = 8;
    MPI_Send(buf + k * 1000, 1000, MPI_DOUBLE, i, 0, comm);
  }
}

// The piece's address chosen only when there is a piece: either branch of
// `?:` may be the buffer (libsc's payload exchange, held-out audit).
void send_payloads(const char *packed, int size, const int *peers, int n,
                   MPI_Comm comm, MPI_Request *rq) {
  for (int i = 0; i < n; i++) {
    const char *piece = size ? &packed[i * size] : 0;
    // CHECK-FIXES: const char *piece = size ? &packed[(MPI_Aint)i * size] : 0;
    MPI_Isend(piece, size, MPI_CHAR, peers[i], 0, comm, &rq[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: buffer of MPI_Isend is offset by 'i * size', computed in 'int' and able to overflow
  }
}
// NOTES: buffer-offsets.c:[[@LINE-4]]:15: warning: buffer of MPI_Isend is offset by 'i * size'
// NOTES: buffer-offsets.c:[[@LINE-7]]:33: note: 'piece' is computed here, offset by 'i * size'
// NOTES: buffer-offsets.c:[[@LINE-8]]:40: note: 'i * size' can overflow 'int' here: i below n, size unbounded
// NOTES: buffer-offsets.c:[[@LINE-12]]:44: note: 'size' is a parameter: its callers may pass any value
