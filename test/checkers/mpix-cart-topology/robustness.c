// Code shapes the topology checks must survive without claiming anything
// they cannot know: K&R definitions, recursion, cycles between locals,
// communicators in arrays and structs, self-referencing MPI_Cart_sub, GNU
// statement expressions, computed gotos, function pointers, huge nnodes.
// RUN: %check_mpix_tidy --check-suffix=CART %s mpix-cart-topology %t -- -std=gnu11 %mpi_cflags
// RUN: %check_mpix_tidy --check-suffix=GRAPH %s mpix-graph-symmetry %t-graph -- -std=gnu11 %mpi_cflags
// CHECK-MESSAGES-CART-NOT: warning:

#include <mpi.h>
#include <stddef.h>

static void knr(grid) MPI_Comm grid;
{
  int src, dst;
  MPI_Cart_shift(grid, 0, 1, &src, &dst);
}

static void recursive(MPI_Comm grid, int depth) {
  int src, dst;
  MPI_Cart_shift(grid, 1, 1, &src, &dst);
  if (depth > 0)
    recursive(grid, depth - 1);
}

struct holder {
  MPI_Comm comm;
};

extern MPI_Comm global_grid;

void shapes(MPI_Comm comm, int flag, void (*callback)(MPI_Comm)) {
  int dims[1] = {0}, periods[1] = {0}, remain[1] = {0};
  int src, dst;
  MPI_Comm a, b, comms[2];
  struct holder h;

  MPI_Cart_create(comm, 1, dims, periods, 0, &a);
  knr(a);
  recursive(a, 3);

  // Cycles between locals.
  b = a;
  a = b;
  MPI_Cart_shift(b, 0, 1, &src, &dst);

  // Elements and members are not followed.
  MPI_Cart_create(comm, 0, dims, periods, 0, &comms[0]);
  MPI_Cart_shift(comms[0], 0, 1, &src, &dst);
  MPI_Cart_create(comm, 0, dims, periods, 0, &h.comm);
  MPI_Cart_shift(h.comm, 0, 1, &src, &dst);
  MPI_Cart_create(comm, 0, dims, periods, 0, &global_grid);
  MPI_Cart_shift(global_grid, 0, 1, &src, &dst);

  // MPI_Cart_sub writing its own input.
  MPI_Comm self_sub;
  MPI_Cart_create(comm, 1, dims, periods, 0, &self_sub);
  MPI_Cart_sub(self_sub, remain, &self_sub);
  MPI_Cart_shift(self_sub, 0, 1, &src, &dst);

  // A statement expression and a computed goto.
  MPI_Comm c = ({ MPI_Comm t = a; t; });
  MPI_Cart_shift(c, 0, 1, &src, &dst);
  void *target = flag ? &&done : &&done;
  goto *target;
done:
  callback(a);
}

void huge_graphs(MPI_Comm comm) {
  int index[4] = {1, 2, 3, 4}, edges[4] = {1, 2, 3, 0};
  MPI_Comm g;
  MPI_Graph_create(comm, 1 << 30, index, edges, 0, &g);
  // CHECK-MESSAGES-GRAPH: :[[@LINE-1]]:35: warning: MPI_Graph_create: 'index' has 4 elements but nnodes is 1073741824
  int *p = index;
  MPI_Graph_create(comm, 1 << 30, p, edges, 0, &g);
  int send = 0, recv = 0;
  MPI_Neighbor_allgather(&send, 1, MPI_INT, &recv, 1, MPI_INT, g);
}
