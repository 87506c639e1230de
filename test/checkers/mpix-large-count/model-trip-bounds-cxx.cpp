// Loops of bounded trips in C++: a power of two found by doubling, halved
// back down in a for loop's increment, with the displacements kept in a
// std::vector (docs/checks/mpix-large-count.md, "Loops of bounded trips").
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <cstdlib>
#include <mpi.h>
#include <vector>

static MPI_Datatype heap_path(MPI_Comm comm) {
  int size = 0, rank = 0;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  int top = 1;
  while (top < size)
    top *= 2;
  std::vector<int> disp(32);
  int node = 0, depth = 0;
  for (int w = top; w >= 1 && depth < 32; w /= 2) {
    disp[depth] = node * 2;
    node += rank % 2 == 0 ? 1 : w;
    ++depth;
  }
  MPI_Datatype t;
  MPI_Type_create_indexed_block(depth, 1, disp.data(), MPI_INT, &t);
  return t;
}

// The same loop halving a power read from the environment: unbounded.
static MPI_Datatype heap_path_from_env() {
  const char *s = std::getenv("TOP");
  int top = s ? std::atoi(s) : 1;
  std::vector<int> disp(32);
  int node = 0, depth = 0;
  for (int w = top; w >= 1 && depth < 32; w /= 2) {
    disp[depth] = node * 2;
    node += 2 * w;
    ++depth;
  }
  MPI_Datatype t;
  MPI_Type_create_indexed_block(depth, 1, disp.data(), MPI_INT, &t);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: displacement array 'disp' of MPI_Type_create_indexed_block is filled with values that can exceed INT_MAX
  return t;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Datatype a = heap_path(MPI_COMM_WORLD), b = heap_path_from_env();
  MPI_Type_free(&a);
  MPI_Type_free(&b);
  MPI_Finalize();
  return 0;
}
