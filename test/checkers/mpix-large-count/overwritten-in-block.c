// A narrowed value overwritten in the block of the call, before it: the
// block is entered only at its start, so the call sees the new value
// (Intel MPI Benchmarks' IMB_init.c shape). A twin whose block has a label
// before the call, or whose assignment is in another branch, still warns.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

void collect(int *all, int *end, int *cursor, int nprocs, MPI_Comm comm) {
  MPI_Status st;
  int dummy;
  for (int proc = 1; proc < nprocs; proc++) {
    int cnt = (int)(end - cursor);
    if (cnt <= 0) {
      cnt = 1;
      MPI_Recv(&dummy, cnt, MPI_INT, proc, 0, comm, &st);
    } else {
      MPI_Recv(cursor, cnt, MPI_INT, proc, 0, comm, &st);
      // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'cnt' holds a value narrowed from 'long'
    }
  }
  (void)all;
}

void jumped_over(int *buf, int *end, int flag, MPI_Comm comm) {
  MPI_Status st;
  int cnt = (int)(end - buf);
  {
    if (flag)
      goto recv;
    cnt = 1;
  recv:
    MPI_Recv(buf, cnt, MPI_INT, 0, 0, comm, &st);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'cnt' holds a value narrowed from 'long'
  }
}
