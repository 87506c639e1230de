// C++ twins of model-executed-products.c: an int product a run computed
// bounds a smaller one after it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

// The buffer of `count` blocks of `block` elements is sized first; each
// block starts at `b * block`, b below count.
void put_blocks(MPI_Win win, int block, int count) {
  std::vector<double> buffer(block * count);
  for (int b = 0; b < count; ++b)
    MPI_Put(buffer.data(), block, MPI_DOUBLE, 1, b * block, block, MPI_DOUBLE,
            win);
}

// Sized after the puts: the product says nothing at them.
void put_blocks_then_size(MPI_Win win, int block, int count) {
  for (int b = 0; b < count; ++b)
    MPI_Put(nullptr, block, MPI_DOUBLE, 1, b * block, block, MPI_DOUBLE, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: displacement 'b * block' is computed in 'int' and can overflow
  std::vector<double> buffer(block * count);
}

// A lambda may run anywhere: its product bounds nothing outside it.
void sized_in_lambda(MPI_Win win, int block, int count) {
  auto size = [&] { return block * count; };
  for (int b = 0; b < count; ++b)
    MPI_Put(nullptr, block, MPI_DOUBLE, 1, b * block, block, MPI_DOUBLE, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: displacement 'b * block' is computed in 'int' and can overflow
  (void)size;
}
