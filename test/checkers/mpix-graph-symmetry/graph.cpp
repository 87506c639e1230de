// RUN: %check_mpix_tidy %s mpix-graph-symmetry %t -- %mpi_cflags

#include <mpi.h>

// C++: constexpr adjacency, every MPI-3 neighborhood collective, a callee in
// an anonymous namespace, NOLINT.

namespace {
constexpr int kIndex[] = {3, 5, 6, 9};
constexpr int kEdges[] = {1, 1, 3, 0, 0, 3, 0, 2, 2};

void exchange(MPI_Comm graph) {
  int counts[3] = {1, 1, 1};
  int displs[3] = {0, 1, 2};
  MPI_Aint bytes[3] = {0, 4, 8};
  MPI_Datatype types[3] = {MPI_INT, MPI_INT, MPI_INT};
  int send[3] = {}, recv[3] = {};
  MPI_Request r;
  MPI_Neighbor_allgatherv(send, 1, MPI_INT, recv, counts, displs, MPI_INT, graph);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Neighbor_allgatherv on a graph communicator whose adjacency is not symmetric
  MPI_Neighbor_alltoallv(send, counts, displs, MPI_INT, recv, counts, displs,
                         MPI_INT, graph);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: MPI_Neighbor_alltoallv on a graph communicator whose adjacency is not symmetric
  MPI_Neighbor_alltoallw(send, counts, bytes, types, recv, counts, bytes,
                         types, graph);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: MPI_Neighbor_alltoallw on a graph communicator whose adjacency is not symmetric
  MPI_Ineighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, graph, &r);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Ineighbor_alltoall on a graph communicator whose adjacency is not symmetric
  MPI_Ineighbor_allgatherv(send, 1, MPI_INT, recv, counts, displs, MPI_INT,
                           graph, &r);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: MPI_Ineighbor_allgatherv on a graph communicator whose adjacency is not symmetric
  MPI_Ineighbor_alltoallv(send, counts, displs, MPI_INT, recv, counts, displs,
                          MPI_INT, graph, &r);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: MPI_Ineighbor_alltoallv on a graph communicator whose adjacency is not symmetric
  MPI_Ineighbor_alltoallw(send, counts, bytes, types, recv, counts, bytes,
                          types, graph, &r);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: MPI_Ineighbor_alltoallw on a graph communicator whose adjacency is not symmetric
  MPI_Neighbor_allgather(send, 1, MPI_INT, recv, 1, MPI_INT, graph); // NOLINT(mpix-graph-symmetry)
  // NOLINTNEXTLINE(mpix-graph-symmetry)
  MPI_Neighbor_allgather(send, 1, MPI_INT, recv, 1, MPI_INT, graph);
  MPI_Neighbor_allgather(send, 1, MPI_INT, recv, 1, MPI_INT, graph); // NOLINT(mpix-large-count)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Neighbor_allgather on a graph communicator whose adjacency is not symmetric
}
} // namespace

void example_7_5() {
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, 4, kIndex, kEdges, false, &graph);
  exchange(graph);
}

// A local constexpr adjacency that is symmetric: no report.
void symmetric_pair() {
  constexpr int index[2] = {1, 2};
  constexpr int edges[2] = {1, 0};
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, 2, index, edges, true, &graph);
  int send = 0, recv = 0;
  MPI_Neighbor_alltoall(&send, 1, MPI_INT, &recv, 1, MPI_INT, graph);
}
