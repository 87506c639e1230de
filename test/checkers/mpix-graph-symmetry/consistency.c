// RUN: %check_mpix_tidy %s mpix-graph-symmetry %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

// Arguments that do not describe a graph are reported at MPI_Graph_create,
// whether or not the graph is used.
void inconsistent(void) {
  MPI_Comm g;
  int index[4] = {1, 2, 3, 4};
  int far[4] = {1, 2, 3, 4};
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, far, 0, &g);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: MPI_Graph_create: edges[3] = 4 names no node: nnodes is 4 (MPI-3.1 §7.5.3, MPI-4.1 §8.5.3) [mpix-graph-symmetry]
  int negative[4] = {1, -1, 3, 0};
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, negative, 0, &g);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: MPI_Graph_create: edges[1] = -1 names no node: nnodes is 4
  int decreasing[3] = {2, 1, 3};
  int three[3] = {1, 0, 2};
  MPI_Graph_create(MPI_COMM_WORLD, 3, decreasing, three, 0, &g);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: MPI_Graph_create: index[1] = 1 is less than index[0] = 2; index holds running totals of the degrees (MPI-3.1 §7.5.3, MPI-4.1 §8.5.3) [mpix-graph-symmetry]
  int short_edges[3] = {1, 0, 3};
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, short_edges, 0, &g);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: MPI_Graph_create: index[nnodes-1] = 4 edges, but 'short_edges' has 3 elements (MPI-3.1 §7.5.3, MPI-4.1 §8.5.3) [mpix-graph-symmetry]
  int long_edges[5] = {1, 0, 3, 2, 0};
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, long_edges, 0, &g);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: MPI_Graph_create: index[nnodes-1] = 4 edges, but 'long_edges' has 5 elements
  int small_index[2] = {1, 2};
  MPI_Graph_create(MPI_COMM_WORLD, 4, small_index, far, 0, &g);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: MPI_Graph_create: 'small_index' has 2 elements but nnodes is 4
  MPI_Graph_create(MPI_COMM_WORLD, -1, index, far, 0, &g);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: MPI_Graph_create: nnodes = -1 is erroneous: it must not be negative
  int first_negative[2] = {-1, 1};
  int one_edge[1] = {0};
  MPI_Graph_create(MPI_COMM_WORLD, 2, first_negative, one_edge, 0, &g);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: MPI_Graph_create: index[0] = -1 is less than 0
}

// Well-formed graphs, empty ones, and graphs we cannot read are not
// reported.
void consistent(int n, const int *index, const int *edges) {
  MPI_Comm g;
  int ring_index[3] = {2, 4, 6};
  int ring_edges[6] = {1, 2, 0, 2, 0, 1};
  MPI_Graph_create(MPI_COMM_WORLD, 3, ring_index, ring_edges, 0, &g);
  int isolated[2] = {0, 0};
  MPI_Graph_create(MPI_COMM_WORLD, 2, isolated, NULL, 0, &g);
  MPI_Graph_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &g);
  MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 0, &g);
}
