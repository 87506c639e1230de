// Calls already in their large-count form take MPI_Count, but an int
// product computed before the conversion wraps all the same: it is
// reported, and fixed by computing it as MPI_Count. An int local given
// such a product, or an MPI_Count local given one, is too, and so are the
// int products stored into their MPI_Count and MPI_Aint arrays. The fixed file
// compiles and the check finds nothing in it. MPIX_*_x calls (libmpix)
// under both MPI flavours.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags %mpix_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <mpix.h>
#include <stdlib.h>

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

// The arrays are MPI_Count and MPI_Aint: an int product stored into one
// wraps before it is widened, and is computed as wide as the array.
void alltoallv_blocks(const double *s, double *r, int block, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  MPI_Count *counts = malloc(sizeof(MPI_Count) * np);
  MPI_Aint *displs = malloc(sizeof(MPI_Aint) * np);
  for (int i = 0; i < np; i++) {
    counts[i] = block * 2;
    // CHECK-FIXES: counts[i] = (MPI_Count)block * 2;
    displs[i] = i * block;
    // CHECK-FIXES: displs[i] = (MPI_Aint)i * block;
  }
  MPIX_Alltoallv_x(s, counts, displs, MPI_DOUBLE, r, counts, displs,
                   MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:23: warning: count array 'counts' of MPIX_Alltoallv_x is filled with values computed in 'int' that can overflow before they are stored as 'MPI_Count'
  // CHECK-MESSAGES: :[[@LINE-3]]:31: warning: displacement array 'displs' of MPIX_Alltoallv_x is filled with values computed in 'int' that can overflow before they are stored as 'MPI_Aint'
  // CHECK-MESSAGES: :[[@LINE-4]]:54: warning: count array 'counts' of MPIX_Alltoallv_x is filled with values computed in 'int' that can overflow before they are stored as 'MPI_Count'
  // CHECK-MESSAGES: :[[@LINE-5]]:62: warning: displacement array 'displs' of MPIX_Alltoallv_x is filled with values computed in 'int' that can overflow before they are stored as 'MPI_Aint'
  free(counts);
  free(displs);
}

// A wrapper whose int parameter is handed to a large-count call: the
// wrapper cut the count already, so its callers' products are reported as
// they are for a classic call, and the fix widens the parameter.
static int post_pairs(const int *pairs, int count, int to, MPI_Comm comm) {
  // CHECK-FIXES: static int post_pairs(const int *pairs, MPI_Count count, int to, MPI_Comm comm) {
  return MPIX_Send_x(pairs, count, MPI_INT, to, 0, comm);
}
int ship_pairs(const int *pairs, int npairs, int to, MPI_Comm comm) {
  return post_pairs(pairs, 2 * npairs, to, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: '2 * npairs' is computed in 'int' and can overflow before parameter 'count' of 'post_pairs' passes it to MPIX_Send_x as its count
  // CHECK-FIXES: return post_pairs(pairs, (MPI_Count)2 * npairs, to, comm);
}
int ship_few(const int *pairs, int to, MPI_Comm comm) {
  return post_pairs(pairs, 64, to, comm);
}
