// An 'int' member read as a count holds what the unit's stores put there:
// a store elsewhere that narrows a wide value into it, or overflows an
// 'int' product into it, is reported where the member reaches MPI.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stddef.h>

typedef struct { int cap; int cells; int small; int clamped; int cast; int same; } Halo;

struct msg { int id; double x[6]; };

void halo_init(Halo *h, size_t bytes, int nx, int ny) {
  h->cap = bytes;
  h->cells = nx * ny;
  h->small = 64 * sizeof(struct msg);
  h->clamped = bytes > INT_MAX ? INT_MAX : bytes;
  // The author's own narrowing, after a check, and an unsigned of the same
  // width: not judged.
  if (bytes < (size_t)1 << 40)
    h->cast = (int)bytes;
  h->same = (unsigned)nx;
}

void exchange(const Halo *h, char *sb, char *rb, MPI_Comm comm) {
  MPI_Recv(rb, h->cap, MPI_BYTE, 0, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: count 'h->cap' holds a value narrowed from 'size_t'; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-14]]:12: note: 'bytes' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-16]]:32: note: 'bytes' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-21]]:22: note: no automatic fix: 'cap' is a member of 'Halo': changing its type changes the structure's layout
  MPI_Send(sb, h->cells, MPI_DOUBLE, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: count 'h->cells' holds a value computed in 'int' that can overflow; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-18]]:14: note: 'nx * ny' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES: :[[@LINE-21]]:43: note: 'nx' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-26]]:31: note: no automatic fix: 'cells' is a member of 'Halo': changing its type changes the structure's layout
  MPI_Send(sb, h->small, MPI_BYTE, 0, 2, comm);
  MPI_Send(sb, h->clamped, MPI_BYTE, 0, 3, comm);
  MPI_Send(sb, h->cast, MPI_BYTE, 0, 4, comm);
  MPI_Send(sb, h->same, MPI_BYTE, 0, 5, comm);
  // A second read of the member: judged once, reported again.
  MPI_Send(sb, h->cap, MPI_BYTE, 0, 6, comm);
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: count 'h->cap' holds a value narrowed from 'size_t'; messages over 2^31-1 elements are truncated
  // CHECK-NOTES: :[[@LINE-29]]:12: note: 'bytes' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-31]]:32: note: 'bytes' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-36]]:22: note: no automatic fix: 'cap' is a member of 'Halo': changing its type changes the structure's layout
}

