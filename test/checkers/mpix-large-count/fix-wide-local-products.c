// A 64-bit local given an int product (`size_t npts = ng * nj * nk`) holds
// a value that wrapped before it was widened. A narrowed call computed from
// it is fixed with the product, in one run: renaming the call alone would
// carry the wrapped value, and only a second run would find the product
// (SW4's halo faces, held-out audit). The fixed file compiles and gives
// nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <stddef.h>

void send_face(const double *buf, int ng, int nj, int nk, int nc, int peer,
               MPI_Comm comm) {
  size_t npts = ng * nj * nk;
  // CHECK-FIXES: size_t npts = (MPI_Count)ng * nj * nk;
  MPI_Send(buf, npts * nc, MPI_DOUBLE, peer, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'npts * nc' of type 'size_t' is narrowed to 'int'
  // CHECK-FIXES: MPIX_Send_x(buf, npts * nc, MPI_DOUBLE, peer, 0, comm);
}

// The control: a product computed in size_t wraps nowhere; the call alone
// is fixed.
void send_wide_face(const double *buf, int ng, int nj, int nk, int nc,
                    int peer, MPI_Comm comm) {
  size_t npts = (size_t)ng * nj * nk;
  // CHECK-FIXES: size_t npts = (size_t)ng * nj * nk;
  MPI_Send(buf, npts * nc, MPI_DOUBLE, peer, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'npts * nc' of type 'size_t' is narrowed to 'int'
  // CHECK-FIXES: MPIX_Send_x(buf, npts * nc, MPI_DOUBLE, peer, 0, comm);
}
