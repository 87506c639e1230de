// V in C++: a call from a lambda (or a block) is not in any function's facts,
// so the callee's parameters stay unknown there; a global of an anonymous
// namespace that nothing writes is a constant, as a static one is.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

namespace {
int stride = 11;
}

static void put_blocks(int *buf, int n, int p, MPI_Win win) {
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (n / p) * 4, 1, MPI_INT, win);
}
static void put_blocks_from_lambda(int *buf, int n, int p, MPI_Win win) {
  for (int j = 0; j < p; j++)
    MPI_Put(buf, 1, MPI_INT, j, j * (n / p) * 4, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: displacement 'j * (n / p) * 4' is computed in 'int' and can overflow
}

void caller(int *buf, int p, MPI_Win win) {
  put_blocks(buf, 30, p, win);
  auto later = [&] { put_blocks_from_lambda(buf, 30, p, win); };
  later();
  for (int j = 0; j < 7; j++)
    MPI_Put(buf, 1, MPI_INT, 0, j * stride, 1, MPI_INT, win);
}
