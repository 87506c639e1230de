// A local bound to a reference parameter of a small function that neither
// writes it nor lets it go (a logging macro compiled out into
// `ignore_unused(Ts &&...) {}`, Comb's LOGPRINTF) keeps its value: the
// narrowing before it is reported at the call after it. A parameter the
// template deduces takes the fixed type with it. A callee that writes
// through the reference replaces the value, which is not reported.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicxx -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <vector>

template <typename... Ts> inline void ignore_unused(Ts &&...) {}
#define TRACE(...)                                                             \
  do {                                                                         \
    ignore_unused(__VA_ARGS__);                                                \
  } while (0)

inline void reset(int &n) { n = 0; }

void post(const std::vector<double> &v, MPI_Comm comm, MPI_Request *req) {
  int n = v.size() * 2;
  // CHECK-FIXES: MPI_Count n = v.size() * 2;
  TRACE("posting", n);
  MPI_Send_init(v.data(), n, MPI_DOUBLE, 1, 0, comm, req);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-FIXES: MPIX_Send_init_x(v.data(), n, MPI_DOUBLE, 1, 0, comm, req);
}

void post_none(const std::vector<double> &v, MPI_Comm comm,
               MPI_Request *req) {
  int n = v.size() * 2;
  reset(n);
  MPI_Send_init(v.data(), n, MPI_DOUBLE, 1, 0, comm, req);
}
