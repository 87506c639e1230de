// Every report says why the value can be large, with a note where it comes
// from: the parameter, the store of memory the analysis cannot see, the MPI
// output the model cannot bound, the product's operands, or the call that
// filled the status a count is asked of.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

struct pool {
  MPI_Aint count;
  MPI_Datatype type;
};

// A wide count read from a structure that other code fills.
void send_from_pool(const char *buf, const struct pool *p, MPI_Comm comm) {
  MPI_Aint count;
  count = p->count;
  MPI_Send(buf, count, p->type, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'count' of type 'MPI_Aint' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'count' is assigned 'p->count' here, which the analysis cannot bound
}

// The extent of a datatype the model cannot see, as a displacement unit.
void window_of(void *base, MPI_Aint bytes, const struct pool *p, MPI_Comm comm) {
  MPI_Aint lb, extent;
  MPI_Win win;
  MPI_Type_get_extent(p->type, &lb, &extent);
  MPI_Win_create(base, bytes, extent, MPI_INFO_NULL, comm, &win);
  // CHECK-NOTES: :[[@LINE-1]]:31: warning: displacement unit 'extent' of type 'MPI_Aint' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'extent' is an output of MPI_Type_get_extent here, which the analysis cannot bound
  MPI_Win_free(&win);
}

// Both factors grow with a loop counter; the loop's bound, a parameter, is
// where the size comes from.
void triangle(MPI_Win win, const int *b, int n) {
  for (int i = 0; i < n; i++)
    MPI_Put(b, 1, MPI_INT, 1, i * (i + 2), 1, MPI_INT, win);
  // CHECK-NOTES: :[[@LINE-1]]:31: warning: displacement 'i * (i + 2)' is computed in 'int' and can overflow
  // CHECK-NOTES: :[[@LINE-2]]:31: note: 'i * (i + 2)' can overflow 'int' here: i below n, i + 2 unbounded
  // CHECK-NOTES: :[[@LINE-5]]:46: note: 'n' is a parameter: its callers may pass any value
}

// A product of a parameter and a rank.
void offset_of(MPI_File fh, double *buf, int chunk, MPI_Comm comm) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  MPI_File_read_at(fh, rank * chunk, buf, 10, MPI_DOUBLE, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:24: warning: offset 'rank * chunk' is computed in 'int' and can overflow before it is converted to 'MPI_Offset'
  // CHECK-NOTES: :[[@LINE-2]]:24: note: 'rank * chunk' can overflow 'int' here: rank below the communicator size, chunk unbounded
  // CHECK-NOTES: :[[@LINE-6]]:46: note: 'chunk' is a parameter: its callers may pass any value
}

// Twin: a constant factor is bounded, and no note is needed for it.
void offset_of_constant(MPI_File fh, double *buf, MPI_Comm comm) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  MPI_File_read_at(fh, rank * 64, buf, 10, MPI_DOUBLE, MPI_STATUS_IGNORE);
}

// A probe in a unit without main: the sender is not in view.
int probed(MPI_Comm comm) {
  MPI_Status st;
  int n;
  MPI_Probe(0, 0, comm, &st);
  MPI_Get_count(&st, MPI_BYTE, &n);
  // CHECK-NOTES: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'st' is filled here by MPI_Probe, with the size of a message whose send the analysis does not see
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is returned as 'int'
  return n;
}

// A receive of a count the analysis cannot bound.
int received(char *buf, int cap, MPI_Comm comm) {
  MPI_Status st;
  int n;
  MPI_Recv(buf, cap * 2, MPI_BYTE, 0, 0, comm, &st);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'cap * 2' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'cap * 2' can overflow 'int' here: cap unbounded, 2
  // CHECK-NOTES: :[[@LINE-6]]:29: note: 'cap' is a parameter: its callers may pass any value
  MPI_Get_count(&st, MPI_BYTE, &n);
  // CHECK-NOTES: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE-6]]:3: note: 'st' is filled here by MPI_Recv, with a count the analysis cannot bound
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is returned as 'int'
  return n;
}

// A status preset and then filled only when a test's flag is set.
int tested(MPI_Request req) {
  MPI_Status st;
  int n, done;
  memset(&st, 0, sizeof st);
  MPI_Test(&req, &done, &st);
  MPI_Get_count(&st, MPI_BYTE, &n);
  // CHECK-NOTES: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'st' is written here, and no call that fills it replaces that on every path to the query
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is returned as 'int'
  return n;
}

// A status pointer parameter.
int asked(const MPI_Status *status) {
  int n;
  MPI_Get_count(status, MPI_BYTE, &n);
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE-4]]:29: note: 'status' is a parameter: its callers may pass any status
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is returned as 'int'
  return n;
}

// A wide value the analysis bounds, but past INT_MAX: the bound says why.
void send_bounded(const char *buf, int k, MPI_Comm comm) {
  MPI_Count c = (MPI_Count)(k % 1000) * 10000000;
  MPI_Send(buf, c, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'c' of type 'MPI_Count' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'c' can exceed INT_MAX here: c in [-9990000000, 9990000000]
}

// A sum that is also sent by address: a send buffer is only read, so the
// note is at the last store before the use, not at the send, nor at the
// store of the other branch.
void send_total(const long long *counts, int n, int *buf, int rank,
                MPI_Comm comm) {
  long long total = 0;
  if (rank == 0) {
    for (int i = 0; i < n; i++)
      total += counts[i];
  } else {
    for (int i = 0; i < n; i++)
      total += counts[i];
    MPI_Send(&total, 1, MPI_LONG_LONG, 0, 0, comm);
    MPI_Send(buf, 2 * total, MPI_INT, 0, 1, comm);
    // CHECK-NOTES: :[[@LINE-1]]:19: warning: count '2 * total' of type 'long long' is narrowed to 'int'
    // CHECK-NOTES: :[[@LINE-4]]:7: note: 'total' is changed by 'total += counts[i]' here, which the analysis cannot bound
  }
}

// A parameter the body stores a wide value into: what the caller passed is
// the caller's business, the store is this function's own.
void send_rebound(const char *buf, int n, const struct pool *p, MPI_Comm comm) {
  if (n < 0)
    n = p->count;
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'MPI_Aint'
  // CHECK-NOTES: :[[@LINE-3]]:9: note: 'p->count' of type 'MPI_Aint' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-4]]:9: note: 'p->count' is read through the parameter 'p': its callers may set it to any value
  // CHECK-NOTES: :[[@LINE-7]]:40: note: no automatic fix: 'n' is not a local of this function
}

// A parameter only clamped by the body: nothing of its own to report.
void send_clamped_param(const char *buf, int n, MPI_Comm comm) {
  if (n > 1024)
    n = 1024;
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
}

// A member of a global that an option parser of this file sets: the note
// points at the store.
struct options {
  size_t size;
  long iterations;
};
struct options opts;
static int set_size(long long value) {
  if (value <= 0)
    return -1;
  opts.size = value;
  return 0;
}
int parse_size(const char *arg) { return set_size(atoll(arg)); }
void send_option(const char *buf, MPI_Comm comm) {
  MPI_Send(buf, opts.size, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'opts.size' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'opts.size' is assigned 'value' here, in 'set_size'
}

// One no function of this file sets.
extern struct options shared_opts;
void send_shared(const char *buf, MPI_Comm comm) {
  MPI_Send(buf, shared_opts.iterations, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'shared_opts.iterations' of type 'long' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'shared_opts.iterations' is a member of the global 'shared_opts', which other files may set
}

// A choice between a constant and a wide parameter: the note goes to the
// branch that is large.
void send_unless_empty(const char *buf, long n, int empty, MPI_Comm comm) {
  const int k = empty ? 0 : n;
  MPI_Send(buf, k, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'k' holds a value narrowed from 'long'
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'empty ? 0 : n' of type 'long' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:46: note: 'n' is a parameter: its callers may pass any value
}

// An update the analysis can bound: the note says how far it takes the
// value, and a later update that stays within 'int' is not the reason.
void send_doubled(const char *buf, int n, MPI_Comm comm) {
  long long bytes = n;
  bytes *= 2;
  long long blocks = bytes;
  blocks /= 1024;
  MPI_Send(buf, bytes, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'bytes' of type 'long long' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-5]]:3: note: 'bytes *= 2' can make 'bytes' exceed INT_MAX here: bytes in [-4294967296, 4294967294]
  MPI_Send(buf, blocks, MPI_BYTE, 0, 1, comm);
}
