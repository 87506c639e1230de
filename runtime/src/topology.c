/* MPIX_Graph_check_symmetric: may this MPI_Graph_create communicator be used
   with neighborhood collectives?

   MPI-3.1 §7.6 (MPI-4.1 §8.6) allows them only when any two processes list
   each other equally often; neither MPICH nor Open MPI checks it, and an
   asymmetric graph makes a neighborhood collective wait forever. Codes that
   compute their adjacency at run time call this once, collectively, before
   their first neighborhood collective.

   Every process holds the whole graph, so one process could decide alone in
   O(edges). Instead each process checks only its own row against the rows
   of its distinct neighbours (O(d log d + sum of their degrees)), and one
   allreduce gives every process the same answer: the work is spread and no
   process reads the whole graph. */
#include "internal.h"

#include <stdlib.h>

static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* How many times `list` names `node`. */
static int occurrences(const int *list, int n, int node) {
  int k = 0;
  for (int i = 0; i < n; ++i) k += list[i] == node;
  return k;
}

/* 1 if this process's row agrees with its neighbours' rows, 0 if not, -1 if
   it could not tell (no memory, an MPI call failed; *rc says which). */
static int row_is_symmetric(MPI_Comm comm, int *rc) {
  int rank, nnodes, nedges, degree;
  if ((*rc = MPI_Comm_rank(comm, &rank)) != MPI_SUCCESS ||
      (*rc = MPI_Graphdims_get(comm, &nnodes, &nedges)) != MPI_SUCCESS ||
      (*rc = MPI_Graph_neighbors_count(comm, rank, &degree)) != MPI_SUCCESS)
    return -1;
  /* Any row has at most nedges entries; +1 keeps malloc(0) out of the way. */
  int *mine = malloc(sizeof(int) * ((size_t)degree + 1));
  int *theirs = malloc(sizeof(int) * ((size_t)nedges + 1));
  int result = -1;
  if (!mine || !theirs) {
    *rc = MPI_ERR_NO_MEM;
    goto done;
  }
  if ((*rc = MPI_Graph_neighbors(comm, rank, degree, mine)) != MPI_SUCCESS) goto done;
  /* Sorted, each distinct neighbour is one run whose length is our count. */
  qsort(mine, (size_t)degree, sizeof(int), compare_ints);
  result = 1;
  for (int i = 0, run; i < degree && result == 1; i += run) {
    int j = mine[i], their_degree;
    for (run = 1; i + run < degree && mine[i + run] == j; ++run) {}
    if (j == rank) continue; /* A self loop needs no partner. */
    if ((*rc = MPI_Graph_neighbors_count(comm, j, &their_degree)) != MPI_SUCCESS ||
        (*rc = MPI_Graph_neighbors(comm, j, their_degree, theirs)) != MPI_SUCCESS) {
      result = -1;
      break;
    }
    /* A neighbour j that we do not list is caught by j's own row. */
    result = occurrences(theirs, their_degree, rank) == run;
  }
done:
  free(mine);
  free(theirs);
  return result;
}

int MPIX_Graph_check_symmetric(MPI_Comm comm, int *is_symmetric) {
  mpix_ctx ctx = mpix_ctx_comm(comm);
  int status, rc = MPI_SUCCESS;
  if (comm == MPI_COMM_NULL) return mpix_error(&ctx, MPI_ERR_COMM);
  if (!is_symmetric) return mpix_error(&ctx, MPI_ERR_ARG);
  if ((rc = MPI_Topo_test(comm, &status)) != MPI_SUCCESS) return mpix_check(&ctx, rc);
  /* Cartesian and distributed graph topologies have rules of their own. */
  if (status != MPI_GRAPH) return mpix_error(&ctx, MPI_ERR_TOPOLOGY);

  /* MIN over {1 symmetric, 0 not, -1 failed}: every process learns the same
     verdict, and a failure anywhere is a failure everywhere (no process is
     left waiting in a collective the others skipped). */
  int verdict = row_is_symmetric(comm, &rc);
  int all;
  int arc = MPI_Allreduce(&verdict, &all, 1, MPI_INT, MPI_MIN, comm);
  if (arc != MPI_SUCCESS) return mpix_check(&ctx, arc);
  if (all < 0) return verdict < 0 ? mpix_check(&ctx, rc) : mpix_error(&ctx, MPI_ERR_OTHER);
  *is_symmetric = all;
  return MPI_SUCCESS;
}
