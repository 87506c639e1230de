// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

void implicit_narrowing(const double *buf, size_t n, long len, unsigned u,
                        MPI_Aint extent, MPI_Count big, ptrdiff_t diff,
                        MPI_Comm comm) {
  MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'; messages over 2^31-1 elements are truncated [mpix-large-count]
  MPI_Send(buf, len, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'len' of type 'long' is narrowed
  MPI_Send(buf, u, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'u' of type 'unsigned int' is narrowed
  MPI_Bcast((void *)buf, extent, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: count 'extent' of type 'MPI_Aint' is narrowed
  MPI_Bcast((void *)buf, big, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: count 'big' of type 'MPI_Count' is narrowed
  MPI_Bcast((void *)buf, diff, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: count 'diff' of type 'ptrdiff_t' is narrowed
}

void explicit_casts(double *buf, size_t n, MPI_Comm comm) {
  MPI_Recv(buf, (int)n, MPI_DOUBLE, 0, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
  MPI_Allreduce(MPI_IN_PLACE, buf, (int)(n * 2), MPI_DOUBLE, MPI_SUM, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: count 'n * 2' of type 'size_t' is narrowed to 'int'
}

// Values that fit are not reported.
void in_range(double *buf, short s, unsigned char c, int n, MPI_Comm comm) {
  MPI_Send(buf, s, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, c, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, n + 1, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, (int)sizeof(double), MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, 100, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(buf, (size_t)100, MPI_DOUBLE, 0, 0, comm);
}

// Calls that already take large counts are not reported.
void already_large(double *buf, size_t n, MPI_Comm comm) {
#if MPI_VERSION >= 4
  MPI_Send_c(buf, n, MPI_DOUBLE, 0, 0, comm);
#endif
  MPI_Count size;
  MPI_Type_size_x(MPI_DOUBLE, &size);
}

// Narrowing that never reaches MPI is not this check's business.
int not_mpi(size_t n) {
  int k = n;
  return k;
}
