// Counts computed in floating point and converted back: `(int) ceil((double)
// total / nprocs)` is at most total, and a padding of `ceil((7 - p) /
// 32.0)` blocks is one block (libsc's file format, held-out audit). The
// analysis follows an integer converted to floating point, constants,
// + - * /, ceil, floor, trunc, round and `?:`; any other floating value
// (a parameter, sqrt, a division by what may be zero) is unbounded.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <math.h>
#include <mpi.h>
#include <stddef.h>

void shares(double *b, int total, size_t n, double x, MPI_Comm comm) {
  int nprocs;
  MPI_Comm_size(comm, &nprocs);
  // At most total: fits.
  MPI_Send(b, (int) ceil((double) total / nprocs), MPI_DOUBLE, 0, 0, comm);
  MPI_Send(b, (size_t) ceil(total / 3.0), MPI_DOUBLE, 0, 1, comm);
  MPI_Send(b, (size_t) floorf(0.5f * (total % 1000)), MPI_DOUBLE, 0, 2, comm);
  // Four times it, twice it, and a size_t's half do not.
  MPI_Send(b, 4 * (int) ceil((double) total / nprocs), MPI_DOUBLE, 0, 3, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '4 * (int) ceil((double) total / nprocs)' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '4 * (int) ceil((double) total / nprocs)' can overflow 'int' here: 4, (int) ceil((double) total / nprocs) unbounded
  // CHECK-NOTES: :[[@LINE-3]]:19: note: '(int) ceil((double) total / nprocs)' is returned by a call the analysis cannot bound
  MPI_Send(b, (size_t) ceil(total / 0.5), MPI_DOUBLE, 0, 4, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '(size_t) ceil(total / 0.5)' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '(size_t) ceil(total / 0.5)' is returned by a call the analysis cannot bound
  MPI_Send(b, (size_t) ceil((double) n / 2), MPI_DOUBLE, 0, 5, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '(size_t) ceil((double) n / 2)' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '(size_t) ceil((double) n / 2)' is returned by a call the analysis cannot bound
  // Floating values the analysis does not follow.
  MPI_Send(b, (size_t) floor(x), MPI_DOUBLE, 0, 6, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '(size_t) floor(x)' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '(size_t) floor(x)' is returned by a call the analysis cannot bound
  MPI_Send(b, (size_t) ceil(sqrt((double) (total % 100))), MPI_DOUBLE, 0, 7, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '(size_t) ceil(sqrt((double) (total % 100)))' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '(size_t) ceil(sqrt((double) (total % 100)))' is returned by a call the analysis cannot bound
  MPI_Send(b, (size_t) ceil(100.0 / (total % 100)), MPI_DOUBLE, 0, 8, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '(size_t) ceil(100.0 / (total % 100))' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '(size_t) ceil(100.0 / (total % 100))' is returned by a call the analysis cannot bound
}

// A gap rounded up by a block when it is short: one block.
void padding(MPI_File fh, const char *zeros, size_t n) {
  size_t pad = (32 - n % 32) % 32;
  if (pad < 7)
    pad += 32 * (size_t) ceil((7 - pad) / (double) 32);
  MPI_File_write(fh, zeros, pad, MPI_CHAR, MPI_STATUS_IGNORE);
}
