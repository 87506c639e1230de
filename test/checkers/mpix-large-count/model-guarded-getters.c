// The model of a run: a function that changes nothing its callers see (it
// stores only into its own locals and calls only such functions) returns
// the same value for the same arguments. So a test of one call bounds the
// next call with the same arguments when nothing runs between them:
// `if (capacity(m) > INT_MAX) return -1; n = (int)capacity(m);`. A getter
// that counts its calls, a call between that may change the structure, or
// other arguments keep the report.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stdint.h>

struct table {
  int64_t capacity;
  int64_t used;
};

static inline int64_t stored_capacity(const struct table *t) {
  return t->capacity;
}
// Calls another reader: still only reads.
static int64_t capacity_of(const struct table *t) {
  int64_t c = stored_capacity(t);
  return c < 0 ? 0 : c;
}

static long calls;
static int64_t counted_capacity(const struct table *t) {
  ++calls;
  return t->capacity;
}

extern void grow(struct table *t);

int send_guarded(const struct table *t, const char *buf, MPI_Comm comm) {
  if (capacity_of(t) > INT_MAX)
    return -1;
  int n = (int)capacity_of(t);
  return MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
}

// The guard written the other way round, on the inline getter itself.
int send_guarded_reversed(const struct table *t, const char *buf, MPI_Comm comm) {
  if (INT_MAX < stored_capacity(t))
    return -1;
  return MPI_Send(buf, (int)stored_capacity(t), MPI_BYTE, 0, 0, comm);
}

int send_counted(const struct table *t, const char *buf, MPI_Comm comm) {
  if (counted_capacity(t) > INT_MAX)
    return -1;
  int n = (int)counted_capacity(t);
  return MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'n' holds a value narrowed from 'int64_t'
}

int send_after_growth(struct table *t, const char *buf, MPI_Comm comm) {
  if (capacity_of(t) > INT_MAX)
    return -1;
  grow(t);
  int n = (int)capacity_of(t);
  return MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'n' holds a value narrowed from 'int64_t'
}

int send_other_table(const struct table *t, const struct table *u,
                     const char *buf, MPI_Comm comm) {
  if (capacity_of(t) > INT_MAX)
    return -1;
  int n = (int)capacity_of(u);
  return MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'n' holds a value narrowed from 'int64_t'
}
