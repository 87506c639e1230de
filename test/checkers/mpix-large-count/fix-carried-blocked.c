// A fix that cannot be made whole is not made at all: the int that
// carries a widened product to the call is cast back to int elsewhere, so
// neither the product nor the call changes, and a note says why.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES

#include <mpi.h>
#include <stdio.h>

void gather_rows(double *v, int shift, MPI_Comm comm) {
  int rank, np, side = 1 << shift;
  long long cells;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &np);
  if (rank == 0)
    cells = side * side;
  // CHECK-FIXES: cells = side * side;
  MPI_Bcast(&cells, 1, MPI_LONG_LONG, 0, comm);
  int rows = cells / np;
  // CHECK-FIXES: int rows = cells / np;
  printf("%d rows\n", (int)(2 * rows));
  MPI_Allgather(MPI_IN_PLACE, rows, MPI_DOUBLE, v, rows, MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: count 'rows' is computed from 'cells', which holds a value computed in 'int' that can overflow
  // CHECK-FIXES: MPI_Allgather(MPI_IN_PLACE, rows, MPI_DOUBLE, v, rows, MPI_DOUBLE, comm);
}

// The product's operand holds a narrowed size, and is stored into another
// int: it cannot be retyped, so the product is not widened either.
int last_reply_size;
void bcast_replies(char *buf, int replies, int header, int dim, MPI_Comm comm) {
  int reply_size;
  reply_size = header * sizeof(int) + dim * sizeof(float);
  last_reply_size = reply_size;
  MPI_Bcast(buf, replies * reply_size, MPI_CHAR, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'replies * reply_size' is computed in 'int' and can overflow
  // CHECK-FIXES: MPI_Bcast(buf, replies * reply_size, MPI_CHAR, 0, comm);
}
// NOTES: fix-carried-blocked.c:34:18: warning: count 'replies * reply_size'
// NOTES: fix-carried-blocked.c:32:16: note: 'header * sizeof(int) + dim * sizeof(float)' of type 'unsigned long' is narrowed to 'int' here
// NOTES: fix-carried-blocked.c:33:19: note: no automatic fix: the value is stored into 'int' here
