// A count computed from a local that holds a truncated value carries the
// truncation: `size / tsize` after `size = min_size` (a size_t) into an int
// sends a wrong count as surely as `size` itself would. Followed through
// arithmetic in the argument, and through the stores of the local passed.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

extern size_t min_size, max_size;

void bench(char *buf, MPI_Datatype t, MPI_Comm comm) {
  int size, tsize;
  MPI_Type_size(t, &tsize);
  for (size = min_size; size <= max_size; size *= 2) {
    MPI_Bcast(buf, size / tsize, t, 0, comm);
    // CHECK-NOTES: :[[@LINE-1]]:20: warning: count 'size / tsize' is computed from 'size', which holds a value narrowed from 'size_t'
    // CHECK-NOTES: :[[@LINE-3]]:15: note: 'min_size' of type 'size_t' is narrowed to 'int' here
    // CHECK-NOTES: :[[@LINE-9]]:15: note: 'min_size' is a global that may be written elsewhere
  }
}

// Through a wide local's store: the size_t holds the int's truncation.
void bench_stored(char *buf, MPI_Comm comm) {
  int size = max_size;
  size_t elements = size / 8;
  MPI_Bcast(buf, elements, MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count 'elements' is computed from 'size', which holds a value narrowed from 'size_t'
  // CHECK-NOTES: :[[@LINE-4]]:14: note: 'max_size' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-20]]:25: note: 'max_size' is a global that may be written elsewhere
  // CHECK-NOTES: :[[@LINE-5]]:21: note: 'elements' is assigned 'size / 8' here
}

// An int product stored first, then halved: the overflow is carried.
void halves(double *b, int nx, int ny, MPI_Comm comm) {
  int cells = nx * ny;
  MPI_Send(b, cells / 2, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'cells / 2' is computed from 'cells', which holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:15: note: 'nx * ny' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES: :[[@LINE-5]]:28: note: 'nx' is a parameter: its callers may pass any value
}

// Not carried: a mask, a comparison, an index or a remainder bounds what
// the truncated value gives; a clamped store does not truncate.
void bounded(char *buf, const int *table, MPI_Comm comm) {
  int size = max_size;
  MPI_Bcast(buf, size & 0xff, MPI_CHAR, 0, comm);
  MPI_Bcast(buf, size > 100, MPI_CHAR, 0, comm);
  MPI_Bcast(buf, table[size], MPI_CHAR, 0, comm);
  MPI_Bcast(buf, 64 % (size | 1), MPI_CHAR, 0, comm);
  int small = max_size < 4096 ? max_size : 4096;
  MPI_Bcast(buf, small / 2, MPI_CHAR, 0, comm);
}

// A store overwritten before the call carries nothing.
void overwritten(char *buf, MPI_Comm comm) {
  int size = max_size;
  size = 1024;
  size_t half = size / 2;
  MPI_Bcast(buf, half, MPI_CHAR, 0, comm);
}

// Element stores carry it too: into a local array, and into a member array.
void subarray(int parts, MPI_Datatype *t) {
  int rows = max_size / 16;
  int sizes[2] = {parts, 1}, sub[2], starts[2] = {0, 0};
  sub[0] = 1;
  sub[1] = rows;
  MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_CHAR, t);
  // CHECK-NOTES: :[[@LINE-1]]:38: warning: size array 'sub' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-6]]:14: note: 'max_size / 16' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-4]]:12: note: 'rows' is stored into the array here
}

struct view {
  int sizes[2], sub[2], starts[2];
};

void member_subarray(MPI_Datatype *t) {
  int rows = max_size / 16;
  struct view v = {{4, 4}, {1, 1}, {0, 0}};
  v.sub[0] = rows / 2;
  MPI_Type_create_subarray(2, v.sizes, v.sub, v.starts, MPI_ORDER_C, MPI_CHAR, t);
  // CHECK-NOTES: :[[@LINE-1]]:40: warning: size array 'v.sub' of MPI_Type_create_subarray is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-5]]:14: note: 'max_size / 16' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-4]]:14: note: 'rows' is stored into the array here
  // CHECK-NOTES: :[[@LINE-4]]:31: note: no automatic fix: 'v.sizes' must become MPI_Count by hand
}

// Through a wrapper of the same file that hands its parameter to MPI.
static void exchange(double *b, int n, MPI_Comm comm) {
  MPI_Send(b, n, MPI_DOUBLE, 1, 0, comm);
}

void run_exchange(double *b, MPI_Comm comm) {
  int size = max_size;
  exchange(b, size / 2, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'size / 2' is computed from 'size', which holds a value narrowed from 'size_t'; parameter 'n' of 'exchange' passes it to MPI_Send as its count
  // CHECK-NOTES: :[[@LINE-3]]:14: note: 'max_size' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-8]]:15: note: it reaches MPI_Send as its count here
}
