// RUN: %check_mpix_tidy --check-suffix=DEFAULT %s mpix-graph-symmetry %t -- %mpi_cflags
// RUN: %check_mpix_tidy --check-suffix=UNPROVABLE %s mpix-graph-symmetry %t-unprovable \
// RUN:   --config="{CheckOptions: {mpix-graph-symmetry.WarnWhenUnprovable: true}}" -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

// An adjacency computed at run time cannot be shown symmetric; by default
// that is not reported, with WarnWhenUnprovable it is.
// CHECK-MESSAGES-DEFAULT-NOT: warning:
void computed_at_run_time(int nnodes, const int *index, const int *edges) {
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, nnodes, index, edges, 0, &graph);
  double send = 1.0, recv[8];
  MPI_Neighbor_allgather(&send, 1, MPI_DOUBLE, recv, 1, MPI_DOUBLE, graph);
  // CHECK-NOTES-UNPROVABLE: :[[@LINE-1]]:3: warning: MPI_Neighbor_allgather on a graph communicator whose adjacency cannot be shown symmetric: neighborhood collectives on an asymmetric MPI_Graph_create graph are undefined (MPI-3.1 §7.6, MPI-4.1 §8.6); use MPI_Dist_graph_create_adjacent, or check the graph at run time with MPIX_Graph_check_symmetric [mpix-graph-symmetry]
  // CHECK-NOTES-UNPROVABLE: :[[@LINE-4]]:3: note: graph created here
}

void filled_in_a_loop(int size) {
  int *index = malloc(size * sizeof *index), *edges = malloc(size * sizeof *edges);
  for (int i = 0; i < size; ++i) {
    index[i] = i + 1;
    edges[i] = (i + 1) % size;
  }
  MPI_Comm ring;
  MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &ring);
  int send = 0, recv = 0;
  MPI_Neighbor_alltoall(&send, 1, MPI_INT, &recv, 1, MPI_INT, ring);
  // CHECK-NOTES-UNPROVABLE: :[[@LINE-1]]:3: warning: MPI_Neighbor_alltoall on a graph communicator whose adjacency cannot be shown symmetric
  // CHECK-NOTES-UNPROVABLE: :[[@LINE-4]]:3: note: graph created here
  free(index);
  free(edges);
}

// Known to be symmetric, or not from MPI_Graph_create, or of unknown
// origin: no report even with the option.
void known_or_not_a_graph(MPI_Comm unknown) {
  int index[2] = {1, 2}, edges[2] = {1, 0};
  MPI_Comm pair;
  MPI_Graph_create(MPI_COMM_WORLD, 2, index, edges, 0, &pair);
  int send = 0, recv[2];
  MPI_Neighbor_allgather(&send, 1, MPI_INT, recv, 1, MPI_INT, pair);
  MPI_Neighbor_allgather(&send, 1, MPI_INT, recv, 1, MPI_INT, unknown);
}
