// A global read in a braced list is read, not written. A brace-elided list
// (a std::array's) has a written form apart from its semantic one, where
// the read has no conversion around it; the walk of the unit met that one
// first and took the global as written, so its initializer no longer
// bounded it anywhere in the unit. Control: a global whose address is
// handed out is still unknown.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <array>

static int chunk = 1 << 20;
static int handed = 1 << 20;

void set_chunk(int *c);

int plan_parts(int n) {
  std::array<int, 2> p = {chunk, n};
  set_chunk(&handed);
  return p[1];
}

void send_chunks(double *buf, int peer, MPI_Comm comm) {
  MPI_Send(buf, chunk * 4, MPI_DOUBLE, peer, 0, comm);
  MPI_Send(buf, handed * 4, MPI_DOUBLE, peer, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'handed * 4' is computed in 'int' and can overflow before MPI sees it
}
