// A spelled cast that narrows a 64-bit value (SUNDIALS' `(int)(ns) * my`
// with an int64 ns, held-out audit). In an int product, the fix makes that
// cast the wide one rather than casting its cut result; handed to a
// large-count call, which takes the whole value, it is reported too, and
// the fix drops it. The fixed file compiles and gives the check nothing
// more to say.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags %mpix_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <mpix.h>
#include <stdint.h>

struct web {
  int64_t ns;
  int my;
  double *buf;
};

void send_block(struct web *w) {
  int n = ((int)(w->ns)) * (w->my);
  // CHECK-FIXES: MPI_Count n = ((MPI_Count)(w->ns)) * (w->my);
  MPI_Send(w->buf, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:20: warning: count 'n' holds a value computed in 'int' that can overflow
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:20: warning: count 'n' holds a value computed in 'int' that can overflow
  // CHECK-FIXES-MPICH: MPI_Send_c(w->buf, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(w->buf, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}

void send_species(struct web *w) {
  MPIX_Send_x(w->buf, (int)w->ns, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:23: warning: count 'w->ns' of type 'int64_t' is narrowed to 'int'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:23: warning: count 'w->ns' of type 'int64_t' is narrowed to 'int'
  // CHECK-FIXES: MPIX_Send_x(w->buf, w->ns, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}

// A cast whose operand fits: nothing is cut.
void send_small(struct web *w, int16_t k) {
  MPIX_Send_x(w->buf, (int)k, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}
