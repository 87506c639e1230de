// RUN: %check_mpix_tidy %s mpix-graph-symmetry %t -- %mpi_cflags

#include <mpi.h>

// A one-way ring 0 -> 1 -> 2 -> 3 -> 0, filled element by element.
void one_way_ring(void) {
  int index[4], edges[4];
  index[0] = 1;
  index[1] = 2;
  index[2] = 3;
  index[3] = 4;
  edges[0] = 1;
  edges[1] = 2;
  edges[2] = 3;
  edges[3] = 0;
  MPI_Comm ring;
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &ring);
  int send[1] = {0}, recv[1];
  MPI_Neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, ring);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: MPI_Neighbor_alltoall on a graph communicator whose adjacency is not symmetric
  // CHECK-NOTES: :[[@LINE-4]]:3: note: graph created here; rank 0 lists 1 once, rank 1 does not list 0
}

// A symmetric ring with multi-edges and a self loop: every pair lists each
// other the same number of times.
void symmetric_ring_with_multi_edges(void) {
  static const int index[4] = {3, 6, 8, 11};
  static const int edges[11] = {1, 1, 3, 0, 0, 2, 1, 2, 0, 3, 3};
  MPI_Comm ring;
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 1, &ring);
  int send[3] = {0}, recv[3];
  MPI_Neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, ring);
}

// Compound literals: a pair that lists each other, and one that does not.
void compound_literals(void) {
  MPI_Comm pair, one_way;
  int send = 0, recv[2];
  MPI_Graph_create(MPI_COMM_WORLD, 2, (int[]){1, 2}, (int[]){1, 0}, 0, &pair);
  MPI_Neighbor_allgather(&send, 1, MPI_INT, recv, 1, MPI_INT, pair);
  MPI_Graph_create(MPI_COMM_WORLD, 2, (int[]){1, 1}, (int[]){1}, 0, &one_way);
  MPI_Neighbor_allgather(&send, 1, MPI_INT, recv, 1, MPI_INT, one_way);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: MPI_Neighbor_allgather on a graph communicator whose adjacency is not symmetric
  // CHECK-NOTES: :[[@LINE-3]]:3: note: graph created here; rank 0 lists 1 once, rank 1 does not list 0
}

// Distributed graphs name both directions explicitly: not this check's
// business, even when one-way.
void distributed_graph(void) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int source = (rank + size - 1) % size, destination = (rank + 1) % size;
  MPI_Comm ring;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &source, MPI_UNWEIGHTED, 1,
                                 &destination, MPI_UNWEIGHTED, MPI_INFO_NULL,
                                 0, &ring);
  int send = rank, recv;
  MPI_Neighbor_allgather(&send, 1, MPI_INT, &recv, 1, MPI_INT, ring);
  int one = 1, nodes[1] = {0};
  MPI_Comm graph;
  MPI_Dist_graph_create(MPI_COMM_WORLD, 1, nodes, &one, &destination,
                        MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &graph);
  MPI_Neighbor_allgather(&send, 1, MPI_INT, &recv, 1, MPI_INT, graph);
}

// A Cartesian communicator is always symmetric.
void cartesian(void) {
  int dims[1] = {0}, periods[1] = {1};
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  int send = 0, recv[2];
  MPI_Neighbor_allgather(&send, 1, MPI_INT, recv, 1, MPI_INT, cart);
}
