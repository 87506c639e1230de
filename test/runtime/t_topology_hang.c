/* What mpix-graph-symmetry warns about: a neighborhood collective on an
   asymmetric MPI_Graph_create graph is accepted (MPI_SUCCESS) by both MPICH
   and Open MPI, and then never completes on the process that expects more
   messages than it is sent. On MPI-3.0 Example 7.5 rank 3 lists 2 twice but
   rank 2 lists 3 once: rank 3 waits forever.

   The program cannot clean up a collective that never completes, so it
   reports what it saw and aborts; the test passes on the printed line. */
#include "rt_test.h"

#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  rt_init(&argc, &argv);
  if (rt_size != 4) {
    if (rt_rank == 0) fprintf(stderr, "t_topology_hang needs 4 processes\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  static const int index[4] = {3, 5, 6, 9};
  static const int edges[9] = {1, 1, 3, 0, 0, 3, 0, 2, 2};
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &graph);
  int symmetric = -1;
  MPIX_Graph_check_symmetric(graph, &symmetric);

  int send = rt_rank, recv[3] = {-1, -1, -1}, done = 0;
  MPI_Request request;
  int rc = MPI_Ineighbor_allgather(&send, 1, MPI_INT, recv, 1, MPI_INT, graph, &request);
  for (double start = MPI_Wtime(); !done && MPI_Wtime() - start < 5.0;)
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);

  /* MPI_COMM_WORLD is a different context: usable while the graph's
     collective is pending. */
  int all_rc[4], all_done[4];
  MPI_Gather(&rc, 1, MPI_INT, all_rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gather(&done, 1, MPI_INT, all_done, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rt_rank == 0) {
    int accepted = all_rc[0] == MPI_SUCCESS && all_rc[1] == MPI_SUCCESS &&
                   all_rc[2] == MPI_SUCCESS && all_rc[3] == MPI_SUCCESS;
    printf("MPIX_Graph_check_symmetric: %d; MPI_Ineighbor_allgather accepted: %d; "
           "completed after 5 s: %d %d %d %d\n",
           symmetric, accepted, all_done[0], all_done[1], all_done[2], all_done[3]);
    if (symmetric == 0 && accepted && all_done[0] && all_done[1] && all_done[2] &&
        !all_done[3])
      printf("hang reproduced: asymmetric graph accepted, rank 3 never completes\n");
    fflush(stdout);
  }
  /* MPI_Abort may kill the launcher before it forwarded what rank 0
     printed: give it a moment. */
  MPI_Barrier(MPI_COMM_WORLD);
  sleep(1);
  MPI_Abort(MPI_COMM_WORLD, 0);
  return 0;
}
