// The guard of model-product-guards.c in C++: a [[noreturn]] handler of
// the program, and a store of the guarded product into a member read later.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <climits>
#include <cstdint>
#include <mpi.h>

[[noreturn]] void fail(const char *why);

struct Staging {
  int capacity = 0;
  double *buf = nullptr;
  void reserve(int items, int per_item) {
    if (static_cast<int64_t>(items) * per_item > INT_MAX)
      fail("staging buffer too large");
    capacity = items * per_item;
    delete[] buf;
    buf = new double[capacity];
  }
  void receive(int from, MPI_Comm comm) {
    MPI_Recv(buf, capacity, MPI_DOUBLE, from, 0, comm, MPI_STATUS_IGNORE);
  }
  void receive_twice(int from, MPI_Comm comm, int items, int per_item) {
    MPI_Recv(buf, 2 * items * per_item, MPI_DOUBLE, from, 0, comm,
             MPI_STATUS_IGNORE);
    // CHECK-MESSAGES: :[[@LINE-2]]:19: warning: count '2 * items * per_item' is computed in 'int' and can overflow before MPI sees it
  }
};
