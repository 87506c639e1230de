// A helper of the unit that writes a count through a pointer parameter is
// judged by its stores, for the arguments of each call: `sizes(n, &bytes)`
// then `MPI_Send(b, bytes, ...)` is as safe, or as hazardous, as
// `bytes = n * 8` would be.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

static void bytes_of(size_t n, int *bytes) { *bytes = n * sizeof(double); }

// The helper narrows an unbounded size_t into the caller's int.
void send_all(const double *b, size_t n, MPI_Comm comm) {
  int bytes;
  bytes_of(n, &bytes);
  MPI_Send(b, bytes, MPI_BYTE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'bytes' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'bytes' is written by 'bytes_of' here
  // CHECK-NOTES: :[[@LINE-9]]:55: note: 'n * sizeof(double)' of type 'unsigned long' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:3: note: 'n' is a parameter of 'bytes_of', which 'send_all' calls here with a value the analysis cannot bound
  // CHECK-NOTES: :[[@LINE-6]]:3: note: no automatic fix: 'bytes' is written through a parameter of 'bytes_of', whose type must change by hand
}

// The same helper given a small value: judged for this call, it fits.
void send_ten(const double *b, MPI_Comm comm) {
  int bytes;
  bytes_of(10, &bytes);
  MPI_Send(b, bytes, MPI_BYTE, 1, 0, comm);
}

// A product in the helper overflows 'int' for this call's arguments.
static void block_size(int nx, int ny, int *count) { *count = nx * ny; }

void send_plane(const double *b, int nx, int ny, MPI_Comm comm) {
  int count;
  block_size(nx, ny, &count);
  MPI_Send(b, count, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'count' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'count' is written by 'block_size' here
  // CHECK-NOTES: :[[@LINE-8]]:63: note: 'nx * ny' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES: :[[@LINE-5]]:3: note: 'nx' is a parameter of 'block_size', which 'send_plane' calls here with a value the analysis cannot bound
  // CHECK-NOTES: :[[@LINE-6]]:3: note: no automatic fix: 'count' is written through a parameter of 'block_size', whose type must change by hand
}

// Bounded by its callers' values: a rank's share of a small total.
static void share_of(int total, int parts, int *share) {
  if (share)
    *share = total / parts;
}

void send_share(const double *b, MPI_Comm comm) {
  int size, share;
  MPI_Comm_size(comm, &size);
  share_of(1000, size, &share);
  MPI_Send(b, share, MPI_DOUBLE, 1, 0, comm);
}

// A wide local set by a helper that stores only small values is no
// narrowing at the call.
static void pick(int big, size_t *n) {
  if (big)
    *n = 4096;
  else
    *n = 16;
}

void send_picked(const char *b, int big, MPI_Comm comm) {
  size_t n;
  pick(big, &n);
  MPI_Send(b, n, MPI_BYTE, 1, 0, comm);
}

// The helper's value is overwritten before the call.
void send_overwritten(const double *b, size_t n, MPI_Comm comm) {
  int bytes;
  bytes_of(n, &bytes);
  bytes = 64;
  MPI_Send(b, bytes, MPI_BYTE, 1, 0, comm);
}

// A helper that hands the pointer on, or updates through it, is not
// followed: the size_t keeps its type's range.
extern void fill(size_t *n);
static void forward(size_t *n) { fill(n); }
static void grow(size_t *n) { *n += 8; }

void send_forwarded(const char *b, MPI_Comm comm) {
  size_t n = 0, m = 0;
  forward(&n);
  MPI_Send(b, n, MPI_BYTE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:12: note: 'n' is handed out here: what is written through it is not known
  grow(&m);
  MPI_Send(b, m, MPI_BYTE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'm' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:9: note: 'm' is handed out here: what is written through it is not known
}

// A helper that updates through the pointer with an int product: its value
// is not known, but the product can wrap it whatever a callback stored
// first (a buffer size scaled by a number of vectors). Where the update is
// a sum, or the product is bounded, nothing wraps.
typedef void (*size_fn)(int *);
static void scaled_size(size_fn user_size, int *size, int vectors) {
  user_size(size);
  *size *= 1 + vectors;
}
static void padded_size(size_fn user_size, int *size) {
  user_size(size);
  *size += 64;
}
static void tripled_size(size_fn user_size, int *size, int vectors) {
  user_size(size);
  if (*size < 0 || *size > 4096 || vectors < 0 || vectors > 16)
    return;
  *size *= 1 + vectors;
}

void post_scaled(char *b, size_fn f, int vectors, MPI_Comm comm,
                 MPI_Request *rq) {
  int size, padded, tripled;
  scaled_size(f, &size, vectors);
  MPI_Irecv(b, size, MPI_BYTE, 0, 0, comm, rq);
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: count 'size' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'size' is written by 'scaled_size' here
  // CHECK-NOTES: :[[@LINE-20]]:3: note: '*size *= 1 + vectors' can overflow 'int' here: *size unbounded, 1 + vectors unbounded
  // CHECK-NOTES: :[[@LINE-21]]:3: note: '*size' is read from memory the analysis cannot see
  // CHECK-NOTES: :[[@LINE-6]]:3: note: no automatic fix: 'size' is written through a parameter of 'scaled_size', whose type must change by hand
  padded_size(f, &padded);
  MPI_Irecv(b, padded, MPI_BYTE, 0, 0, comm, rq);
  tripled_size(f, &tripled, vectors);
  MPI_Irecv(b, tripled, MPI_BYTE, 0, 0, comm, rq);
}

// Handed on to a wrapper that passes it to MPI as a count: the same.
static void recv_bytes(char *b, int n, MPI_Comm comm, MPI_Request *rq) {
  MPI_Irecv(b, n, MPI_BYTE, 0, 0, comm, rq);
}

void post_wrapped(char *b, size_fn f, int vectors, MPI_Comm comm,
                  MPI_Request *rq) {
  int size;
  scaled_size(f, &size, vectors);
  recv_bytes(b, size, comm, rq);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'size' holds a value computed in 'int' that can overflow; parameter 'n' of 'recv_bytes' passes it to MPI_Irecv as its count
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'size' is written by 'scaled_size' here
  // CHECK-NOTES: :[[@LINE-41]]:3: note: '*size *= 1 + vectors' can overflow 'int' here: *size unbounded, 1 + vectors unbounded
  // CHECK-NOTES: :[[@LINE-42]]:3: note: '*size' is read from memory the analysis cannot see
  // CHECK-NOTES: :[[@LINE-12]]:16: note: it reaches MPI_Irecv as its count here
  // CHECK-NOTES: :[[@LINE-7]]:3: note: no automatic fix: 'size' is written through a parameter of 'scaled_size', whose type must change by hand
}

// The helper's output copied into the local that is sent: the copy carries
// what the helper stored (libsc's block writes, held-out audit: the byte
// count of a rank's part copied before a collective write).
void send_plane_copied(const double *b, int nx, int ny, int flag,
                       MPI_Comm comm, MPI_Request *rq) {
  int count, n;
  block_size(nx, ny, &count);
  n = count;
  MPI_Send(b, n, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'n' is computed from 'count', which holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'count' is written by 'block_size' here
  // CHECK-NOTES: :[[@LINE-132]]:63: note: 'nx * ny' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES: :[[@LINE-129]]:3: note: 'nx' is a parameter of 'block_size', which 'send_plane' calls here with a value the analysis cannot bound
  // CHECK-NOTES: :[[@LINE-6]]:7: note: 'n' is assigned 'count' here
  // CHECK-NOTES: :[[@LINE-8]]:3: note: no automatic fix: 'count' is written through a parameter of 'block_size', whose type must change by hand
  n = flag ? (count > 0) : count;
  recv_bytes((char *)b, n, comm, rq);
  // CHECK-NOTES: :[[@LINE-1]]:25: warning: 'n' is computed from 'count', which holds a value computed in 'int' that can overflow; parameter 'n' of 'recv_bytes' passes it to MPI_Irecv as its count
  // CHECK-NOTES: :[[@LINE-12]]:3: note: 'count' is written by 'block_size' here
  // CHECK-NOTES: :[[@LINE-140]]:63: note: 'nx * ny' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES: :[[@LINE-137]]:3: note: 'nx' is a parameter of 'block_size', which 'send_plane' calls here with a value the analysis cannot bound
  // CHECK-NOTES: :[[@LINE-6]]:7: note: 'n' is assigned 'flag ? (count > 0) : count' here
  // CHECK-NOTES: :[[@LINE-38]]:16: note: it reaches MPI_Irecv as its count here
  // CHECK-NOTES: :[[@LINE-17]]:3: note: no automatic fix: 'count' is written through a parameter of 'block_size', whose type must change by hand
  // A copy of something else, or one overwritten before the call, carries
  // nothing.
  n = nx > 0;
  MPI_Send(b, n, MPI_DOUBLE, 1, 1, comm);
  n = count;
  n = 1;
  MPI_Send(b, n, MPI_DOUBLE, 1, 2, comm);
}
