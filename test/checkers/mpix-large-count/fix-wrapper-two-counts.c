// A local passed to two count parameters of one wrapper (HPL's 'usize' to
// HPL_sdrv's send and receive counts, in the fix audit): each parameter's
// fix widens the other too, so one pass retypes the local and both
// parameters. The fixed file compiles and the check finds nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>

static void sdrv(double *s, int scount, double *r, int rcount, int peer,
                 MPI_Comm comm) {
  // CHECK-FIXES: static void sdrv(double *s, MPI_Count scount, double *r, MPI_Count rcount, int peer,
  MPI_Sendrecv(s, scount, MPI_DOUBLE, peer, 0, r, rcount, MPI_DOUBLE, peer, 0,
               comm, MPI_STATUS_IGNORE);
  // CHECK-FIXES: MPIX_Sendrecv_x(s, scount, MPI_DOUBLE, peer, 0, r, rcount, MPI_DOUBLE, peer, 0,
}

void swap_rows(double *u, double *w, int jb, int n, int peer, MPI_Comm comm) {
  int usize = jb * n;
  // CHECK-FIXES: MPI_Count usize = (MPI_Count)jb * n;
  sdrv(u, usize, w, usize, peer, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'usize' holds a value computed in 'int' that can overflow; parameter 'scount' of 'sdrv' passes it to MPI_Sendrecv as its count
  // CHECK-MESSAGES: :[[@LINE-2]]:21: warning: 'usize' holds a value computed in 'int' that can overflow; parameter 'rcount' of 'sdrv' passes it to MPI_Sendrecv as its count
}
