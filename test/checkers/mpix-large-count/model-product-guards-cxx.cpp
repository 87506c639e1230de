// The guard of model-product-guards.c in C++: a [[noreturn]] handler of
// the program, and a store of the guarded product into a member read later.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <climits>
#include <cstddef>
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

// Guards that leave through an error macro's do-while(0), and a member
// bounded by the `if` whose `else if` condition makes the call (guards.c).
#define THROW_TO(label) do { status = -1; goto label; } while (0)
struct Extent { std::size_t block; };
void log_error(int code);
int build_blocks(const Extent *d, int n, MPI_Datatype t, MPI_Datatype *out) {
  int status = 0;
  const std::size_t limit = std::size_t(1) << 30;
  for (int i = 0; i < n; ++i) {
    if (limit < d[i].block)
      THROW_TO(done);
    else if (int rc = 0; MPI_SUCCESS != (rc = MPI_Type_contiguous(static_cast<int>(d[i].block), t, out)))
      log_error(rc);
    if (limit < d[i].block) {
      log_error(0);
    } else if (MPI_SUCCESS != MPI_Type_contiguous(static_cast<int>(d[i].block), t, out)) {
      log_error(1);
    }
    if (limit < d[i].block)
      THROW_TO(done);
    MPI_Type_contiguous(static_cast<int>(d[i].block), t, out);
  }
done:
  return status;
}
