/* Legacy style: the processes form a ring, built as a distributed graph,
 * and each sends a block of bytes to each of its two neighbours with
 * MPI_Neighbor_alltoallw. The blocks' int sizes are summed into an int
 * offset, stored widened into the MPI_Aint displacements (the shape a first
 * migration of OSU's benchmarks left). Rank 0 then sends rank 1 a block
 * through a pair of wrappers whose byte counts are already wide, with a
 * size computed as an int product.
 *
 * Size: argv[1] or MIGRATE_BYTES (bytes per block, default 3000). Rank 0
 * prints everything. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static size_t problem_size(int argc, char **argv) {
  const char *s = argc > 1 ? argv[1] : getenv("MIGRATE_BYTES");
  return s ? strtoull(s, NULL, 10) : 3000;
}

static unsigned char pattern(int rank, size_t i) {
  return (unsigned char)(rank * 31 + i % 251);
}

static void send_all(const unsigned char *buf, long long n, int to, MPI_Comm comm) {
  MPI_Send(buf, n, MPI_BYTE, to, 7, comm);
}

static void recv_all(unsigned char *buf, long long n, int from, MPI_Comm comm) {
  MPI_Recv(buf, n, MPI_BYTE, from, 7, comm, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
  int rank, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;
  int neighbours[2] = {left, right}, weights[2] = {1, 1};
  MPI_Comm ring;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, neighbours, weights, 2, neighbours,
                                 weights, MPI_INFO_NULL, 0, &ring);

  int block = problem_size(argc, argv);
  int counts[2], off = 0;
  MPI_Aint displs[2];
  MPI_Datatype types[2];
  for (int i = 0; i < 2; ++i) {
    counts[i] = block;
    displs[i] = off;
    types[i] = MPI_BYTE;
    off += block;
  }
  size_t whole = 2 * (size_t)block;
  unsigned char *out = malloc(whole), *in = malloc(whole);
  if (!out || !in)
    MPI_Abort(MPI_COMM_WORLD, 2);
  for (int i = 0; i < 2; ++i)
    for (size_t k = 0; k < (size_t)block; ++k)
      out[displs[i] + k] = pattern(rank, k);
  MPI_Neighbor_alltoallw(out, counts, displs, types, in, counts, displs, types, ring);

  /* Block 0 came from the left neighbour, block 1 from the right one. */
  int wrong = 0;
  for (size_t k = 0; k < (size_t)block; ++k) {
    wrong += in[k] != pattern(left, k);
    wrong += in[displs[1] + k] != pattern(right, k);
  }

  /* 1500 bytes a process, an int product. */
  int relayed = nprocs * 1500;
  unsigned char *copy = malloc((size_t)nprocs * 1500);
  if (!copy)
    MPI_Abort(MPI_COMM_WORLD, 2);
  for (size_t k = 0; k < (size_t)nprocs * 1500; ++k)
    copy[k] = rank == 0 ? pattern(0, k) : 0;
  if (rank == 0 && nprocs > 1)
    send_all(copy, relayed, 1, MPI_COMM_WORLD);
  if (rank == 1) {
    recv_all(copy, relayed, 0, MPI_COMM_WORLD);
    for (size_t k = 0; k < (size_t)nprocs * 1500; ++k)
      wrong += copy[k] != pattern(0, k);
  }
  int all_wrong = 0;
  MPI_Reduce(&wrong, &all_wrong, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("neighbors: %d ranks, %zu bytes a block, %d relayed, %d wrong\n", nprocs,
           (size_t)block, nprocs * 1500, all_wrong);
  free(copy);
  free(in);
  free(out);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
