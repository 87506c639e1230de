// RUN: %check_mpix_tidy %s mpix-graph-symmetry %t -- %mpi_cflags

#include <mpi.h>

// MPI-3.0 Example 7.5, exactly: four processes, neighbours 0:{1,1,3}
// 1:{0,0} 2:{3} 3:{0,2,2}. Legal to create; rank 2 lists 3 once and rank 3
// lists 2 twice, so neighborhood collectives on it are undefined.
void example_7_5(void) {
  int nnodes = 4;
  int index[4] = {3, 5, 6, 9};
  int edges[9] = {1, 1, 3, 0, 0, 3, 0, 2, 2};
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, nnodes, index, edges, 0, &graph);
  int sendbuf = 0, recvbuf[3];
  MPI_Neighbor_allgather(&sendbuf, 1, MPI_INT, recvbuf, 1, MPI_INT, graph);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: MPI_Neighbor_allgather on a graph communicator whose adjacency is not symmetric: the result is undefined (MPI-3.1 §7.6, MPI-4.1 §8.6); neither MPICH nor Open MPI detects it, and a process may wait forever [mpix-graph-symmetry]
  // CHECK-NOTES: :[[@LINE-4]]:3: note: graph created here; rank 2 lists 3 once, rank 3 lists 2 twice
  MPI_Request request;
  MPI_Ineighbor_allgather(&sendbuf, 1, MPI_INT, recvbuf, 1, MPI_INT, graph,
                          &request);
  // CHECK-NOTES: :[[@LINE-2]]:3: warning: MPI_Ineighbor_allgather on a graph communicator whose adjacency is not symmetric
  // CHECK-NOTES: :[[@LINE-9]]:3: note: graph created here; rank 2 lists 3 once, rank 3 lists 2 twice
  MPI_Wait(&request, MPI_STATUS_IGNORE);
}

// The same graph, created and queried but never used in a neighborhood
// collective: legal, no report.
void example_7_5_without_collective(void) {
  int index[4] = {3, 5, 6, 9};
  int edges[9] = {1, 1, 3, 0, 0, 3, 0, 2, 2};
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &graph);
  int rank, count, neighbours[3];
  MPI_Comm_rank(graph, &rank);
  MPI_Graph_neighbors_count(graph, rank, &count);
  MPI_Graph_neighbors(graph, rank, 3, neighbours);
  MPI_Barrier(graph);
}

// Example 7.5 made symmetric (rank 2 lists 3 twice): no report.
void example_7_5_symmetric(void) {
  int index[4] = {3, 5, 7, 10};
  int edges[10] = {1, 1, 3, 0, 0, 3, 3, 0, 2, 2};
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &graph);
  int sendbuf = 0, recvbuf[3];
  MPI_Neighbor_allgather(&sendbuf, 1, MPI_INT, recvbuf, 1, MPI_INT, graph);
}
