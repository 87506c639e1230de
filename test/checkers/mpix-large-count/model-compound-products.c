// `x *= y` and `x <<= y` are judged as `x = x * y` is: a running product of
// extents (armci-mpi's strided transfers) overflows 'int' as surely.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

void strided(const int *count, int levels, MPI_Datatype *t) {
  int size = 1;
  for (int i = 0; i < levels; i++)
    size *= count[i];
  MPI_Type_contiguous(size, MPI_BYTE, t);
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: count 'size' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:5: note: 'size *= count[i]' can overflow 'int' here: size unbounded, count[i] unbounded
  // CHECK-NOTES: :[[@LINE-4]]:5: note: 'size' is changed by 'size *= count[i]' here, which the analysis cannot bound
}

void shifted(int k, MPI_Datatype *t) {
  int size = 1;
  size <<= k;
  MPI_Type_contiguous(size, MPI_BYTE, t);
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: count 'size' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'size <<= k' can overflow 'int' here: size unbounded, k unbounded
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'size' is changed by 'size <<= k' here, which the analysis cannot bound
}

// Bounded factors, and a wide product: nothing to report.
void bounded(int rank, MPI_Datatype *t) {
  int size = 16;
  size *= 4;
  MPI_Type_contiguous(size, MPI_BYTE, t);
  long long bytes = 1;
  for (int i = 0; i < rank; i++)
    bytes *= 2;
  MPI_Type_contiguous(1, MPI_BYTE, t);
  (void)bytes;
}
