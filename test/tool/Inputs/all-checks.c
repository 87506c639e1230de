#include <mpi.h>
#include <stddef.h>

/* One finding per mpix check, in separate functions. */

void large_count(MPI_Comm comm, const double *buf, size_t n) {
  MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
}

void cart_topology(MPI_Comm comm) {
  int dims[2] = {2, 2}, periods[2] = {0, 0};
  MPI_Comm cart;
  MPI_Cart_create(comm, -1, dims, periods, 0, &cart);
}

void graph_symmetry(MPI_Comm comm) {
  int index[2] = {1, 2}, edges[2] = {1, 5};
  MPI_Comm graph;
  MPI_Graph_create(comm, 2, index, edges, 0, &graph);
}
