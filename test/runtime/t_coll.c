/* Collectives with one count per process: bcast, gather, scatter, allgather,
   alltoall, blocking and nonblocking, in place where MPI allows it, and the
   neighborhood allgather/alltoall on a periodic ring; edge counts with MPI_INT
   and a gappy derived type. Rank r's block is filled with seed + r. */
#include "rt_test.h"

#include <stdlib.h>

typedef struct {
  MPI_Datatype type;
  int ints_per;
} kind;

static int *buf_of(const kind *k, MPI_Count n, int blocks) {
  return calloc((size_t)(n * k->ints_per * blocks + 1), sizeof(int));
}
static int *block(const kind *k, int *b, MPI_Count n, int i) { return b + (size_t)i * n * k->ints_per; }
static void fill(const kind *k, int *b, MPI_Count n, int seed) {
  if (k->ints_per == 1) rt_fill_int(b, n, seed);
  else rt_gappy_fill(b, n, seed);
}
static int ok(const kind *k, const int *b, MPI_Count n, int seed) {
  return k->ints_per == 1 ? rt_check_int(b, n, seed) : rt_gappy_ok(b, n, seed);
}

/* Completes the call (persistent: rounds starts; 1 where a second round
   would reduce or exchange its own result again). */
static void wait_if(int nb, MPI_Request *r, int rounds) { rt_complete(nb, r, rounds); }

static void test_bcast(const kind *k, MPI_Count n, int nb) {
  int *b = buf_of(k, n, 1);
  MPI_Request r;
  const int root = 1;
  if (rt_rank == root) fill(k, b, n, 3);
  CHECK_RC(RT_COLL(nb, &r, Bcast, Ibcast, b, n, k->type, root, MPI_COMM_WORLD));
  wait_if(nb, &r, 2);
  CHECK(ok(k, b, n, 3));
  free(b);
}

static void test_gather_scatter(const kind *k, MPI_Count n, int nb, int in_place) {
  int *mine = buf_of(k, n, 1), *all = buf_of(k, n, rt_size), i;
  MPI_Request r;
  const int root = rt_size - 1, is_root = rt_rank == root;
  const void *send = in_place && is_root ? MPI_IN_PLACE : mine;
  fill(k, mine, n, 20 + rt_rank);
  if (in_place && is_root) fill(k, block(k, all, n, root), n, 20 + root);
  /* non-roots pass garbage receive arguments: they must not be looked at */
  CHECK_RC(RT_COLL(nb, &r, Gather, Igather, send, n, k->type, is_root ? all : NULL, is_root ? n : -5,
                                  is_root ? k->type : MPI_DATATYPE_NULL, root, MPI_COMM_WORLD));
  wait_if(nb, &r, 2);
  for (i = 0; is_root && i < rt_size; i++) CHECK(ok(k, block(k, all, n, i), n, 20 + i));

  /* scatter back blocks seeded 40 + i */
  for (i = 0; is_root && i < rt_size; i++) fill(k, block(k, all, n, i), n, 40 + i);
  memset(mine, 0, (size_t)(n * k->ints_per + 1) * sizeof(int));
  {
    void *recv = in_place && is_root ? MPI_IN_PLACE : mine;
    CHECK_RC(RT_COLL(nb, &r, Scatter, Iscatter, is_root ? all : NULL, is_root ? n : -5,
                                     is_root ? k->type : MPI_DATATYPE_NULL, recv, n, k->type,
                                     root, MPI_COMM_WORLD));
    wait_if(nb, &r, 2);
    CHECK(ok(k, in_place && is_root ? block(k, all, n, root) : mine, n, 40 + rt_rank));
  }
  free(mine);
  free(all);
}

static void test_allgather_alltoall(const kind *k, MPI_Count n, int nb, int in_place) {
  int *mine = buf_of(k, n, 1), *all = buf_of(k, n, rt_size), *out = buf_of(k, n, rt_size), i;
  MPI_Request r;
  fill(k, mine, n, 60 + rt_rank);
  if (in_place) fill(k, block(k, all, n, rt_rank), n, 60 + rt_rank);
  CHECK_RC(RT_COLL(nb, &r, Allgather, Iallgather, in_place ? MPI_IN_PLACE : mine, n, k->type, all, n, k->type,
                                     MPI_COMM_WORLD));
  wait_if(nb, &r, 2);
  for (i = 0; i < rt_size; i++) CHECK(ok(k, block(k, all, n, i), n, 60 + i));

  /* alltoall: block i of rank r is seeded 100*r + i and lands at block r of rank i */
  for (i = 0; i < rt_size; i++) fill(k, block(k, out, n, i), n, 100 * rt_rank + i);
  if (in_place) memcpy(all, out, (size_t)(n * k->ints_per * rt_size) * sizeof(int));
  CHECK_RC(RT_COLL(nb, &r, Alltoall, Ialltoall, in_place ? MPI_IN_PLACE : out, n, k->type, all, n, k->type,
                                    MPI_COMM_WORLD));
  wait_if(nb, &r, in_place ? 1 : 2);
  for (i = 0; i < rt_size; i++) CHECK(ok(k, block(k, all, n, i), n, 100 * i + rt_rank));
  free(mine);
  free(all);
  free(out);
}

/* Periodic ring: neighbours are (left, right) in that order. */
static void test_neighbor(const kind *k, MPI_Count n, int nb, MPI_Comm ring) {
  int left, right, *mine = buf_of(k, n, 1), *two = buf_of(k, n, 2), *out = buf_of(k, n, 2);
  MPI_Request r;
  MPI_Cart_shift(ring, 0, 1, &left, &right);
  fill(k, mine, n, 200 + rt_rank);
  CHECK_RC(RT_COLL(nb, &r, Neighbor_allgather, Ineighbor_allgather, mine, n, k->type, two, n, k->type, ring));
  wait_if(nb, &r, 2);
  CHECK(ok(k, block(k, two, n, 0), n, 200 + left));
  CHECK(ok(k, block(k, two, n, 1), n, 200 + right));
  /* block 0 goes left, block 1 right */
  fill(k, block(k, out, n, 0), n, 300 + 10 * rt_rank);
  fill(k, block(k, out, n, 1), n, 301 + 10 * rt_rank);
  CHECK_RC(RT_COLL(nb, &r, Neighbor_alltoall, Ineighbor_alltoall, out, n, k->type, two, n, k->type, ring));
  wait_if(nb, &r, 2);
  CHECK(ok(k, block(k, two, n, 0), n, 301 + 10 * left));  /* left sent its block 1 right */
  CHECK(ok(k, block(k, two, n, 1), n, 300 + 10 * right)); /* right sent its block 0 left */
  free(mine);
  free(two);
  free(out);
}

int main(int argc, char **argv) {
  kind kinds[2];
  MPI_Comm ring;
  int dims[1], periods[1] = {1}, ki, i, nb;
  rt_init(&argc, &argv);
  dims[0] = rt_size;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  kinds[0].type = MPI_INT; kinds[0].ints_per = 1;
  kinds[1].type = rt_gappy_type(); kinds[1].ints_per = 4;
  for (ki = 0; ki < 2; ki++)
    for (i = 0; i < RT_NCOUNTS; i++)
      for (nb = 0; nb < RT_NMODES; nb++) {
        MPI_Count n = rt_count(i);
        test_bcast(&kinds[ki], n, nb);
        test_gather_scatter(&kinds[ki], n, nb, 0);
        test_gather_scatter(&kinds[ki], n, nb, 1);
        test_allgather_alltoall(&kinds[ki], n, nb, 0);
        test_allgather_alltoall(&kinds[ki], n, nb, 1);
        test_neighbor(&kinds[ki], n, nb, ring);
      }
  MPI_Comm_free(&ring);
  MPI_Type_free(&kinds[1].type);
  return rt_finish();
}
