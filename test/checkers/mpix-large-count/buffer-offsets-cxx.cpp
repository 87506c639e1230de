// Offsets computed in 'int' into C++ containers: `&v[k * n]` and
// `v.data() + k * n` are reported at the buffer when the count is not, and
// widened by the fix; the fixed file compiles, and the check finds nothing.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpicxx -fsyntax-only -Wall -Werror %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags

#include <mpi.h>
#include <vector>

void scatter_rows(std::vector<double> &field, int rows, int width,
                  MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  for (int r = 0; r < rows; ++r)
    MPI_Send(&field[r * width], width, MPI_DOUBLE, r % size, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: buffer of MPI_Send is offset by 'r * width', computed in 'int' and able to overflow
  // CHECK-FIXES: MPI_Send(&field[(MPI_Aint)r * width], width, MPI_DOUBLE, r % size, 0, comm);
}

void gather_slabs(std::vector<float> &all, int slab, int slabs, MPI_Comm comm) {
  for (int k = 0; k < slabs; ++k)
    MPI_Recv(all.data() + k * slab, slab, MPI_FLOAT, k, 1, comm,
             MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: buffer of MPI_Recv is offset by 'k * slab', computed in 'int' and able to overflow
  // CHECK-FIXES: MPI_Recv(all.data() + (MPI_Aint)k * slab, slab, MPI_FLOAT, k, 1, comm,
}

// Controls: a product of a bounded index and a constant; an index in
// size_t.
void controls(std::vector<int> &table, MPI_Comm comm) {
  for (int i = 0; i < 16; ++i)
    MPI_Send(&table[i * 64], 64, MPI_INT, 0, i, comm);
  for (size_t i = 0; i < table.size(); ++i)
    MPI_Send(&table[i], 1, MPI_INT, 0, 0, comm);
}

// A vector sent in chunks from an int offset the loop advances by each
// chunk's count.
void send_vector(const std::vector<char> &bytes, MPI_Comm comm) {
  int off = 0;
  // CHECK-FIXES: MPI_Aint off = 0;
  for (long long left = bytes.size(); left > 0;) {
    int n = left < (1 << 30) ? static_cast<int>(left) : (1 << 30);
    MPI_Send(bytes.data() + off, n, MPI_CHAR, 1, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: buffer of MPI_Send is offset by 'off', an 'int' running sum
    off += n;
    left -= n;
  }
}
