// C: counts stored from an int local a cast narrowed are reported, and the
// fix widens the local and its cast with the array.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpix.h>
#include <stdint.h>

#define MAX_RANKS 64

void gather_rows(double *out, const int64_t *per_rank, int np, MPI_Comm comm) {
  int counts[MAX_RANKS], displs[MAX_RANKS] = {0};
  if (np > MAX_RANKS)
    return;
  for (int i = 0; i < np; i++) {
    int c = (int)per_rank[i];
    // CHECK-FIXES: MPI_Count c = (MPI_Count)per_rank[i];
    counts[i] = c;
  }
  MPI_Gatherv(0, 0, MPI_DOUBLE, out, counts, displs, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:38: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:38: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-FIXES-MPICH: MPI_Gatherv_c(0, 0, MPI_DOUBLE, out, counts, displs, MPI_DOUBLE, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Gatherv_x(0, 0, MPI_DOUBLE, out, counts, displs, MPI_DOUBLE, 0, comm);
}
