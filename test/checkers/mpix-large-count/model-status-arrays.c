// Statuses kept in a local array (`MPI_Status st[2]`, filled by element or
// whole by MPI_Waitall): each element holds one of the counts the fills of
// the array leave, whichever element a fill or a query names (ECP-VeloC's
// shuffile exchanges file chunks so, held-out audit). A fill, store or call
// the model does not bound leaves every element unknown.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <string.h>

extern int chunk;
extern void fill_status(MPI_Status *st);

// A chunk of at most `chunk` bytes, an int: at most INT_MAX.
int chunk_received(char *buf, int peer, MPI_Comm comm) {
  MPI_Request rq[2];
  MPI_Status st[2];
  int got;
  MPI_Irecv(buf, chunk, MPI_BYTE, peer, 0, comm, &rq[0]);
  MPI_Isend(buf, chunk, MPI_BYTE, peer, 0, comm, &rq[1]);
  MPI_Wait(&rq[1], &st[1]);
  MPI_Wait(&rq[0], &st[0]);
  MPI_Get_count(&st[0], MPI_BYTE, &got);
  return got;
}

// Filled whole by MPI_Waitall, read by index.
int all_received(int *a, int *b, int n, MPI_Comm comm) {
  MPI_Request rq[2];
  MPI_Status st[2];
  int i, got, total = 0;
  MPI_Irecv(a, n, MPI_INT, 0, 0, comm, &rq[0]);
  MPI_Irecv(b, n, MPI_INT, 1, 0, comm, &rq[1]);
  MPI_Waitall(2, rq, st);
  for (i = 0; i < 2; i++) {
    MPI_Get_count(&st[i], MPI_INT, &got);
    total = got > total ? got : total;
  }
  return total;
}

// Filled in part by MPI_Waitsome (p4est's balance exchange, held-out
// audit), or by MPI_Testsome: each status is one of the requests'.
int some_received(int *vals, MPI_Comm comm) {
  MPI_Request rq[8];
  MPI_Status st[8];
  int i, done, idx[8], got, total = 0;
  for (i = 0; i < 8; i++)
    MPI_Irecv(&vals[i], 1, MPI_INT, i, 0, comm, &rq[i]);
  MPI_Waitsome(8, rq, &done, idx, st);
  for (i = 0; i < done; i++) {
    MPI_Get_count(&st[i], MPI_INT, &got);
    total += got;
  }
  MPI_Testsome(8, rq, &done, idx, st);
  for (i = 0; i < done; i++) {
    MPI_Get_count(&st[i], MPI_INT, &got);
    total += got;
  }
  return total;
}

// By blocking receives, one bounded by 16: the other, a long count, is not.
int recv_pair(int *a, long n, MPI_Comm comm) {
  MPI_Status st[2];
  int small, large;
  MPI_Recv(a, 16, MPI_INT, 0, 0, comm, &st[0]);
  MPI_Recv(a, n, MPI_INT, 0, 0, comm, &st[1]);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'n' of type 'long' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-6]]:28: note: 'n' is a parameter: its callers may pass any value
  MPI_Get_count(&st[0], MPI_INT, &small);
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: 'int' output 'small' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE+4]]:10: note: no automatic fix: it is returned as 'int'
  MPI_Get_count(&st[1], MPI_INT, &large);
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: 'int' output 'large' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE+1]]:18: note: no automatic fix: it is returned as 'int'
  return small + large;
}

// An element handed to a function that may write any count.
int handed_out(int *a, MPI_Comm comm) {
  MPI_Status st[2];
  int got;
  MPI_Recv(a, 16, MPI_INT, 0, 0, comm, &st[0]);
  fill_status(&st[1]);
  MPI_Get_count(&st[0], MPI_INT, &got);
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'st' is handed to fill_status here, which may write any count in it
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is returned as 'int'
  return got;
}

// Cleared before the receives: which element a receive fills again is not
// followed, so what memset left may still be read.
int cleared(int *a, MPI_Comm comm) {
  MPI_Status st[2];
  int got;
  memset(st, 0xff, sizeof st);
  MPI_Recv(a, 16, MPI_INT, 0, 0, comm, &st[0]);
  MPI_Get_count(&st[0], MPI_INT, &got);
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'st' is written here, and which of its elements a later fill replaces is not followed
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is returned as 'int'
  return got;
}
