/* The topology behaviours mpix-cart-topology and mpix-graph-symmetry state in
   their messages, shown on the MPI flavour this is built with, and
   MPIX_Graph_check_symmetric. Needs exactly 4 processes (MPI-3.0 Example
   7.5 has 4 nodes). */
#include "rt_test.h"

#include <stdlib.h>

#if defined(MPICH_VERSION)
#define RT_MPICH 1
#elif defined(OPEN_MPI)
#define RT_MPICH 0
#else
#error "MPICH or Open MPI"
#endif

static int error_class(int rc) {
  int cls = rc;
  if (rc != MPI_SUCCESS) MPI_Error_class(rc, &cls);
  return cls;
}

/* A zero-dimensional Cartesian communicator reaches one process only. */
static void zero_dimensional_create(void) {
  MPI_Comm point;
  CHECK_RC(MPI_Cart_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &point));
  CHECK((point != MPI_COMM_NULL) == (rt_rank == 0));
  if (point == MPI_COMM_NULL) return;
  MPI_Comm_set_errhandler(point, MPI_ERRORS_RETURN);
  int ndims = -1, src = -7, dst = -7;
  CHECK_RC(MPI_Cartdim_get(point, &ndims));
  CHECK(ndims == 0);
  /* Erroneous; MPICH says MPI_ERR_TOPOLOGY, Open MPI answers MPI_PROC_NULL. */
  int rc = MPI_Cart_shift(point, 0, 1, &src, &dst);
  if (RT_MPICH) {
    CHECK(error_class(rc) == MPI_ERR_TOPOLOGY);
  } else {
    CHECK(rc == MPI_SUCCESS);
    CHECK(src == MPI_PROC_NULL && dst == MPI_PROC_NULL);
  }
  /* MPI_Cart_get and MPI_Cart_coords leave their outputs unchanged. */
  int dims[1] = {-3}, periods[1] = {-3}, coords[1] = {-3};
  CHECK_RC(MPI_Cart_get(point, 1, dims, periods, coords));
  CHECK(dims[0] == -3 && periods[0] == -3 && coords[0] == -3);
  CHECK_RC(MPI_Cart_coords(point, 0, 1, coords));
  CHECK(coords[0] == -3);
  MPI_Comm_free(&point);
}

/* An all-false MPI_Cart_sub: MPICH gives it to the parent's rank 0 only,
   Open MPI to every process; shifting on it is erroneous either way. */
static void all_false_sub(void) {
  int dims[2] = {0, 0}, periods[2] = {0, 0}, remain[2] = {0, 0};
  MPI_Comm cart, sub;
  CHECK_RC(MPI_Dims_create(rt_size, 2, dims));
  CHECK_RC(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart));
  MPI_Comm_set_errhandler(cart, MPI_ERRORS_RETURN);
  int cart_rank;
  MPI_Comm_rank(cart, &cart_rank);
  CHECK_RC(MPI_Cart_sub(cart, remain, &sub));
  CHECK((sub != MPI_COMM_NULL) == (RT_MPICH ? cart_rank == 0 : 1));
  if (sub != MPI_COMM_NULL) {
    int size = 0, ndims = -1, src = -7, dst = -7;
    MPI_Comm_set_errhandler(sub, MPI_ERRORS_RETURN);
    CHECK_RC(MPI_Comm_size(sub, &size));
    CHECK_RC(MPI_Cartdim_get(sub, &ndims));
    CHECK(size == 1 && ndims == 0);
    int rc = MPI_Cart_shift(sub, 0, 1, &src, &dst);
    if (RT_MPICH)
      CHECK(error_class(rc) == MPI_ERR_TOPOLOGY);
    else
      CHECK(rc == MPI_SUCCESS && src == MPI_PROC_NULL && dst == MPI_PROC_NULL);
    MPI_Comm_free(&sub);
  }

  /* Directions outside [0, ndims). */
  int src, dst;
  int rc = MPI_Cart_shift(cart, -1, 1, &src, &dst);
  CHECK(error_class(rc) == (RT_MPICH ? MPI_ERR_ARG : MPI_ERR_DIMS));
  rc = MPI_Cart_shift(cart, 2, 1, &src, &dst);
  CHECK(error_class(rc) == (RT_MPICH ? MPI_ERR_ARG : MPI_SUCCESS));
  CHECK_RC(MPI_Cart_shift(cart, 1, 1, &src, &dst));

  /* maxdims below ndims: MPICH's MPI_Cart_get writes ndims entries, past
     maxdims; Open MPI's writes maxdims. MPICH's MPI_Cart_coords fails, Open
     MPI's returns the first maxdims coordinates. The arrays have room for
     the overrun, so that it shows instead of corrupting the stack. */
  int d[3] = {-3, -3, -3}, p[3] = {-3, -3, -3}, c[3] = {-3, -3, -3};
  CHECK_RC(MPI_Cart_get(cart, 1, d, p, c));
  CHECK(d[0] == dims[0] && d[2] == -3);
  CHECK(RT_MPICH ? d[1] == dims[1] && p[1] == 0 && c[1] != -3
                 : d[1] == -3 && p[1] == -3 && c[1] == -3);
  int coords[3] = {-3, -3, -3};
  rc = MPI_Cart_coords(cart, rt_size - 1, 1, coords);
  CHECK(error_class(rc) == (RT_MPICH ? MPI_ERR_ARG : MPI_SUCCESS));
  CHECK(RT_MPICH ? coords[0] == -3 : coords[0] == dims[0] - 1);
  CHECK(coords[1] == -3);
  MPI_Comm_free(&cart);
}

/* MPI_Dims_create with ndims = 0 is defined for nnodes = 1 only. */
static void dims_create_zero(void) {
  int dims[1] = {-3};
  CHECK_RC(MPI_Dims_create(1, 0, dims));
  int rc = MPI_Dims_create(rt_size, 0, dims);
  CHECK(error_class(rc) == (RT_MPICH ? MPI_SUCCESS : MPI_ERR_DIMS));
}

/* Builds the graph, asks MPIX_Graph_check_symmetric, checks the answer is
   `expected` on every process. */
static void graph_case(int nnodes, const int *index, const int *edges, int expected) {
  MPI_Comm graph;
  CHECK_RC(MPI_Graph_create(MPI_COMM_WORLD, nnodes, index, edges, 0, &graph));
  if (graph == MPI_COMM_NULL) return;
  int symmetric = -1;
  CHECK_RC(MPIX_Graph_check_symmetric(graph, &symmetric));
  CHECK(symmetric == expected);
  MPI_Comm_free(&graph);
}

/* Random graphs on 4 nodes (the same on every process: the generator is
   seeded alike), judged by brute force against MPIX_Graph_check_symmetric.
   Odd seeds are made symmetric by adding each edge both ways. */
static void random_graphs(void) {
  enum { N = 4, MAX_EDGES = 64 };
  for (unsigned seed = 1; seed <= 40; ++seed) {
    unsigned state = seed * 2654435761u;
    int count[N][N] = {{0}};
    for (int k = 0; k < 12; ++k) {
      state = state * 1103515245u + 12345u;
      int i = (int)(state >> 16) % N;
      state = state * 1103515245u + 12345u;
      int j = (int)(state >> 16) % N;
      count[i][j]++;
      if (seed % 2 && i != j) count[j][i]++;
    }
    int index[N], edges[MAX_EDGES], e = 0, expected = 1;
    for (int i = 0; i < N; ++i) {
      for (int j = 0; j < N; ++j) {
        for (int c = 0; c < count[i][j]; ++c) edges[e++] = j;
        if (i != j && count[i][j] != count[j][i]) expected = 0;
      }
      index[i] = e;
    }
    if (seed % 2) CHECK(expected == 1);
    graph_case(N, index, edges, expected);
  }
}

/* Errors go through the communicator's error handler. */
static int handler_calls, handler_class;
static void count_errors(MPI_Comm *comm, int *code, ...) {
  handler_calls++;
  MPI_Error_class(*code, &handler_class);
}

static void graph_check_errors(void) {
  int dims[1] = {0}, periods[1] = {1}, symmetric = -1;
  MPI_Comm ring, dist;
  MPI_Errhandler counting;
  CHECK_RC(MPI_Dims_create(rt_size, 1, dims));
  CHECK_RC(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring));
  CHECK_RC(MPI_Comm_create_errhandler(count_errors, &counting));
  CHECK_RC(MPI_Comm_set_errhandler(ring, counting));
  CHECK(error_class(MPIX_Graph_check_symmetric(ring, &symmetric)) == MPI_ERR_TOPOLOGY);
  CHECK(handler_calls == 1 && handler_class == MPI_ERR_TOPOLOGY);
  CHECK(symmetric == -1);
  MPI_Comm_free(&ring);
  MPI_Errhandler_free(&counting);

  /* Distributed graphs have a rule of their own (MPI-3.1 §7.5.4). */
  int next = (rt_rank + 1) % rt_size, prev = (rt_rank + rt_size - 1) % rt_size, weight = 1;
  CHECK_RC(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &prev, &weight, 1, &next, &weight,
                                          MPI_INFO_NULL, 0, &dist));
  MPI_Comm_set_errhandler(dist, MPI_ERRORS_RETURN);
  CHECK(error_class(MPIX_Graph_check_symmetric(dist, &symmetric)) == MPI_ERR_TOPOLOGY);
  MPI_Comm_free(&dist);

  CHECK(error_class(MPIX_Graph_check_symmetric(MPI_COMM_NULL, &symmetric)) == MPI_ERR_COMM);
  static const int index[4] = {1, 2, 3, 4}, edges[4] = {1, 0, 3, 2};
  MPI_Comm graph;
  CHECK_RC(MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &graph));
  CHECK(error_class(MPIX_Graph_check_symmetric(graph, NULL)) == MPI_ERR_ARG);
  MPI_Comm_free(&graph);
}

static void graph_symmetry(void) {
  /* MPI-3.0 Example 7.5: rank 2 lists 3 once, rank 3 lists 2 twice. */
  static const int ex_index[4] = {3, 5, 6, 9};
  static const int ex_edges[9] = {1, 1, 3, 0, 0, 3, 0, 2, 2};
  graph_case(4, ex_index, ex_edges, 0);
  /* The same with rank 2 listing 3 twice. */
  static const int fixed_index[4] = {3, 5, 7, 10};
  static const int fixed_edges[10] = {1, 1, 3, 0, 0, 3, 3, 0, 2, 2};
  graph_case(4, fixed_index, fixed_edges, 1);
  /* A one-way ring, and a two-way ring with multi-edges and self loops. */
  static const int ring_index[4] = {1, 2, 3, 4};
  static const int ring_edges[4] = {1, 2, 3, 0};
  graph_case(4, ring_index, ring_edges, 0);
  static const int multi_index[4] = {3, 6, 8, 11};
  static const int multi_edges[11] = {1, 1, 3, 0, 0, 2, 1, 2, 0, 3, 3};
  graph_case(4, multi_index, multi_edges, 1);
  /* Rank 0 lists 1 but 1 lists nobody: only rank 0's row sees it. */
  static const int lone_index[4] = {1, 1, 1, 1};
  static const int lone_edges[1] = {1};
  graph_case(4, lone_index, lone_edges, 0);
  /* No edges at all. */
  static const int empty_index[4] = {0, 0, 0, 0};
  static const int no_edges[1] = {0};
  graph_case(4, empty_index, no_edges, 1);

  /* Not a graph communicator: MPI_ERR_TOPOLOGY through its error handler. */
  int symmetric = -1;
  CHECK(error_class(MPIX_Graph_check_symmetric(MPI_COMM_WORLD, &symmetric)) == MPI_ERR_TOPOLOGY);
  CHECK(symmetric == -1);
  int dims[1] = {0}, periods[1] = {1};
  MPI_Comm ring;
  CHECK_RC(MPI_Dims_create(rt_size, 1, dims));
  CHECK_RC(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring));
  CHECK(error_class(MPIX_Graph_check_symmetric(ring, &symmetric)) == MPI_ERR_TOPOLOGY);
  MPI_Comm_free(&ring);
}

int main(int argc, char **argv) {
  rt_init(&argc, &argv);
  if (rt_size != 4) {
    if (rt_rank == 0) fprintf(stderr, "t_topology needs 4 processes\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  zero_dimensional_create();
  all_false_sub();
  dims_create_zero();
  graph_symmetry();
  random_graphs();
  graph_check_errors();
  return rt_finish();
}
