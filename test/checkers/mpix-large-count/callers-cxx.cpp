// V in C++: a call from a lambda (or a block) is not in any function's facts,
// so the callee's parameters stay unknown there; a global of an anonymous
// namespace that nothing writes is a constant, as a static one is.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

namespace {
int stride = 11;
}

// n is 30 at the one direct call: 120 bytes.
static void put_at(int *buf, int n, MPI_Win win) {
  MPI_Put(buf, 1, MPI_INT, 0, n * 4, 1, MPI_INT, win);
}
static void put_at_from_lambda(int *buf, int n, MPI_Win win) {
  MPI_Put(buf, 1, MPI_INT, 0, n * 4, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: displacement 'n * 4' is computed in 'int' and can overflow
}

void caller(int *buf, int p, MPI_Win win) {
  put_at(buf, 30, win);
  auto later = [&] { put_at_from_lambda(buf, 30, win); };
  later();
  for (int j = 0; j < 7; j++)
    MPI_Put(buf, 1, MPI_INT, 0, j * stride, 1, MPI_INT, win);
}
