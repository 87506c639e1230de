// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

void products(double *buf, int nx, int ny, int nz, int k, MPI_Comm comm) {
  MPI_Send(buf, nx * ny * nz, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'nx * ny * nz' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  MPI_Send(buf, nx * ny + nz, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'nx * ny' is computed in 'int' and can overflow
  MPI_Send(buf, nx << k, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'nx << k' is computed in 'int' and can overflow
  unsigned un = nx;
  MPI_Send(buf, un * 4u, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'un * 4u' of type 'unsigned int' is narrowed to 'int'
}

// Products that provably fit, sums and differences are not reported.
void safe_arithmetic(double *buf, int n, MPI_Comm comm) {
  MPI_Send(buf, n + 1, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, n - 1, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, 4 * 1024, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, (n % 100) * 1000, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, n / 2, MPI_DOUBLE, 0, 0, comm);
  const int rows = 1000, cols = 2000;
  MPI_Send(buf, rows * cols, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, (short)n * 100, MPI_DOUBLE, 0, 0, comm);
}

void constants(double *buf, MPI_Comm comm) {
  MPI_Send(buf, 2 * 1024 * 1024 * 1024, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: constant count '2 * 1024 * 1024 * 1024' is 2147483648, which does not fit in 'int' (INT_MAX is 2147483647) [mpix-large-count]
  MPI_Send(buf, 3000000000LL, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: constant count '3000000000LL' is 3000000000, which does not fit in 'int'
  MPI_Send(buf, -4, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: constant count '-4' is negative (-4); MPI rejects it with MPI_ERR_COUNT
  MPI_Send(buf, 1 << 31, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: constant count '1 << 31' is 2147483648, which does not fit in 'int'
  MPI_Send(buf, 2147483647, MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, 0, MPI_BYTE, 0, 0, comm);
}

// Parameters that are already MPI_Aint or MPI_Offset overflow only while the
// arithmetic is still done in int.
void wide_parameters(MPI_File fh, MPI_Win win, double *buf, int rank, int chunk) {
  MPI_File_write_at(fh, rank * chunk, buf, chunk, MPI_DOUBLE, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: offset 'rank * chunk' is computed in 'int' and can overflow before it is converted to 'MPI_Offset'
  MPI_File_write_at(fh, (MPI_Offset)rank * chunk, buf, chunk, MPI_DOUBLE, MPI_STATUS_IGNORE);
  MPI_Put(buf, chunk, MPI_DOUBLE, 1, rank * chunk, chunk, MPI_DOUBLE, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: displacement 'rank * chunk' is computed in 'int' and can overflow before it is converted to 'MPI_Aint'
}
