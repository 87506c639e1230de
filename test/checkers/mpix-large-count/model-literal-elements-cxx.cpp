// The model of a run, in C++: an element read at a literal index holds
// what was stored to that element (model-literal-elements.c).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

struct Panel {
  const int *meta;
  const double *vals;
  int width;
};

void post(const Panel &panel, MPI_Comm comm) {
  int cnt[2];
  cnt[0] = panel.meta[1] * panel.width;
  cnt[1] = panel.meta[2];
  MPI_Send(panel.meta, cnt[1], MPI_INT, 0, 0, comm);
  MPI_Send(panel.vals, cnt[0], MPI_DOUBLE, 0, 1, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'cnt[0]' holds a value computed in 'int' that can overflow
}
