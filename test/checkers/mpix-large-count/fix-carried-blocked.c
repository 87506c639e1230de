// A fix that cannot be made whole is not made at all: the int that
// carries a widened product to the call is cast back to int elsewhere, so
// neither the product nor the call changes, and a note says why.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

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
