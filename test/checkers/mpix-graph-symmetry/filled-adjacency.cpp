// RUN: %check_mpix_tidy %s mpix-graph-symmetry %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

// Adjacency held in std::vector or filled by counting loops.

// A directed ring 0 -> 1 -> 2 -> 0 built by loops: asymmetric.
void loop_ring(MPI_Comm comm, double *s, double *r) {
  int index[3], edges[3];
  for (int i = 0; i < 3; i++)
    index[i] = i + 1;
  for (int i = 0; i < 3; i++)
    edges[i] = (i + 1) % 3;
  MPI_Comm g;
  MPI_Graph_create(comm, 3, index, edges, 0, &g);
  MPI_Neighbor_alltoall(s, 1, MPI_DOUBLE, r, 1, MPI_DOUBLE, g);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Neighbor_alltoall on a graph communicator whose adjacency is not symmetric
}

// The same ring both ways: each node lists both others.
void loop_both_ways(MPI_Comm comm, double *s, double *r) {
  int index[3], edges[6];
  for (int i = 0; i < 3; i++)
    index[i] = 2 * (i + 1);
  for (int i = 0; i < 6; i++)
    edges[i] = (i / 2 + 1 + i % 2) % 3;
  MPI_Comm g;
  MPI_Graph_create(comm, 3, index, edges, 0, &g);
  MPI_Neighbor_alltoall(s, 1, MPI_DOUBLE, r, 2, MPI_DOUBLE, g);
}

void vector_pair(MPI_Comm comm, double *s, double *r) {
  std::vector<int> index = {1, 1}, edges = {1};
  MPI_Comm g;
  MPI_Graph_create(comm, 2, index.data(), edges.data(), 0, &g);
  MPI_Neighbor_alltoall(s, 1, MPI_DOUBLE, r, 1, MPI_DOUBLE, g);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Neighbor_alltoall on a graph communicator whose adjacency is not symmetric
}

void vector_symmetric(MPI_Comm comm, double *s, double *r) {
  std::vector<int> index = {1, 2}, edges = {1, 0};
  MPI_Comm g;
  MPI_Graph_create(comm, 2, index.data(), edges.data(), 0, &g);
  MPI_Neighbor_alltoall(s, 1, MPI_DOUBLE, r, 1, MPI_DOUBLE, g);
}
