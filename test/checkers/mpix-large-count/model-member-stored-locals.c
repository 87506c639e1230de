// An 'int' member stored from a local holds what the local holds: a local
// given an 'int' product that can overflow, or a value narrowed from a
// wide type, stored into the member (alone or in a chain of stores) is
// reported where the member reaches MPI. A local bounded before the store
// is not.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

struct block { double *data; int n; };

void reduce_block(struct block *b, struct block *w, int m, int n,
                  MPI_Comm comm) {
  int total = m * n;
  b->n = w->n = total;
  MPI_Allreduce(b->data, w->data, b->n, MPI_DOUBLE, MPI_SUM, comm);
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: count 'b->n' holds a value computed in 'int' that can overflow; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'total' is stored into 'b->n' here, in 'reduce_block'
  // CHECK-NOTES: :[[@LINE-5]]:15: note: 'm * n' can overflow 'int' here: m unbounded, n unbounded
  // CHECK-NOTES: :[[@LINE-8]]:57: note: 'm' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-11]]:34: note: no automatic fix: 'n' is a member of 'block': changing its type changes the structure's layout
}

struct bytes { char *data; int len; };

void send_bytes(struct bytes *s, size_t len, MPI_Comm comm) {
  int l = len;
  s->len = l;
  MPI_Send(s->data, s->len, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: count 's->len' holds a value narrowed from 'size_t'; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'l' is stored into 's->len' here, in 'send_bytes'
  // CHECK-NOTES: :[[@LINE-5]]:11: note: 'len' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-7]]:41: note: 'len' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-10]]:32: note: no automatic fix: 'len' is a member of 'bytes': changing its type changes the structure's layout
}

struct plane { double *data; int cells; };

void send_plane(struct plane *p, int nx, int ny, MPI_Comm comm) {
  if (nx < 0 || nx > 4096 || ny < 0 || ny > 4096)
    return;
  int cells = nx * ny;
  p->cells = cells;
  MPI_Send(p->data, p->cells, MPI_DOUBLE, 0, 1, comm);
}
