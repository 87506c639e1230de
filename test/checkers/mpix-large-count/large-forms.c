// Calls already in their large-count form take MPI_Count, but an int
// product computed before the conversion wraps all the same: it is
// reported, and fixed by computing it as MPI_Count. An int local given
// such a product, or an MPI_Count local given one, is too. The fixed file
// compiles and the check finds nothing in it. MPIX_*_x calls (libmpix)
// under both MPI flavours.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags %mpix_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <mpix.h>

void plane(double *b, int nx, int ny, MPI_Comm comm) {
  MPIX_Send_x(b, nx * ny, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'nx * ny' is computed in 'int' and can overflow before it is converted to 'MPI_Count'
  // CHECK-FIXES: MPIX_Send_x(b, (MPI_Count)nx * ny, MPI_DOUBLE, 1, 0, comm);
  MPI_Count cells = nx * ny + 1;
  // CHECK-FIXES: MPI_Count cells = (MPI_Count)nx * ny + 1;
  MPIX_Send_x(b, cells, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'cells' holds a value computed in 'int' that can overflow
  int rows = nx * ny;
  // CHECK-FIXES: MPI_Count rows = (MPI_Count)nx * ny;
  MPIX_Recv_x(b, rows, MPI_DOUBLE, 1, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'rows' holds a value computed in 'int' that can overflow
}

// Computed wide already, or small: nothing to report.
void fine(double *b, int nx, int ny, MPI_Comm comm) {
  MPIX_Send_x(b, (MPI_Count)nx * ny, MPI_DOUBLE, 1, 0, comm);
  MPIX_Send_x(b, 64 * 1024, MPI_DOUBLE, 1, 0, comm);
  MPI_Count total = (MPI_Count)nx * ny;
  MPIX_Send_x(b, total, MPI_DOUBLE, 1, 0, comm);
}
