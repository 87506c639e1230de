// REQUIRES: mpi-mpich
// RUN: %check_mpix_tidy %s mpix-graph-symmetry %t -- %mpi_cflags

// MPI-4 forms (persistent _init, large-count _c; only MPICH 4 has them) and
// libmpix's _x forms are neighborhood collectives too.

#include <mpi.h>

int MPIX_Neighbor_allgather_x(const void *sendbuf, MPI_Count sendcount,
                              MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype,
                              MPI_Comm comm);

void one_way_ring(void) {
  static const int index[3] = {1, 2, 3};
  static const int edges[3] = {1, 2, 0};
  MPI_Comm ring;
  MPI_Graph_create(MPI_COMM_WORLD, 3, index, edges, 0, &ring);
  int send = 0, recv = 0;
  MPI_Request r;
  MPI_Neighbor_allgather_init(&send, 1, MPI_INT, &recv, 1, MPI_INT, ring,
                              MPI_INFO_NULL, &r);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: MPI_Neighbor_allgather_init on a graph communicator whose adjacency is not symmetric
  MPI_Neighbor_alltoall_c(&send, 1, MPI_INT, &recv, 1, MPI_INT, ring);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Neighbor_alltoall_c on a graph communicator whose adjacency is not symmetric
  MPI_Ineighbor_alltoall_c(&send, 1, MPI_INT, &recv, 1, MPI_INT, ring, &r);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPI_Ineighbor_alltoall_c on a graph communicator whose adjacency is not symmetric
  MPIX_Neighbor_allgather_x(&send, 1, MPI_INT, &recv, 1, MPI_INT, ring);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: MPIX_Neighbor_allgather_x on a graph communicator whose adjacency is not symmetric
}
