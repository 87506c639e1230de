/* V and w collectives: gatherv, scatterv, allgatherv, alltoallv, alltoallw,
   blocking and nonblocking, in place where MPI allows it, and the neighborhood
   allgatherv/alltoallv/alltoallw on a periodic ring. Process r's count is
   n + r (different sizes), blocks are placed with gaps, and the data checked. */
#include "rt_test.h"

#include <stdlib.h>

#define MAXP 8
static MPI_Count counts[MAXP];
static MPI_Aint displs[MAXP]; /* in elements, with a gap of 3 between blocks */
static MPI_Count total;

static void layout(MPI_Count n) {
  int r;
  MPI_Aint at = 0;
  for (r = 0; r < rt_size; r++) {
    counts[r] = n + r;
    displs[r] = at;
    at += counts[r] + 3;
  }
  total = at;
}

static int *ints(MPI_Count n) { return calloc((size_t)(n + 1), sizeof(int)); }
/* Completes the call: waits (nonblocking), or starts and waits rounds
   times and frees the request (persistent). */
static void wait_if(int nb, MPI_Request *r, int rounds) { rt_complete(nb, r, rounds); }

static void test_gatherv_scatterv(int nb, int in_place) {
  const int root = 1 % rt_size, is_root = rt_rank == root;
  int *mine = ints(counts[rt_rank]), *all = ints(total), r;
  MPI_Request q;
  rt_fill_int(mine, counts[rt_rank], 10 + rt_rank);
  if (is_root && in_place) rt_fill_int(all + displs[root], counts[root], 10 + root);
  CHECK_RC(RT_COLL(nb, &q, Gatherv, Igatherv, is_root && in_place ? MPI_IN_PLACE : mine, counts[rt_rank],
                                   MPI_INT, all, counts, displs, MPI_INT, root, MPI_COMM_WORLD));
  wait_if(nb, &q, 2);
  for (r = 0; is_root && r < rt_size; r++) CHECK(rt_check_int(all + displs[r], counts[r], 10 + r));

  for (r = 0; is_root && r < rt_size; r++) rt_fill_int(all + displs[r], counts[r], 30 + r);
  memset(mine, 0, (size_t)counts[rt_rank] * sizeof(int));
  {
    void *recv = is_root && in_place ? MPI_IN_PLACE : mine;
    CHECK_RC(RT_COLL(nb, &q, Scatterv, Iscatterv, all, counts, displs, MPI_INT, recv, counts[rt_rank], MPI_INT,
                                      root, MPI_COMM_WORLD));
    wait_if(nb, &q, 2);
    CHECK(rt_check_int(is_root && in_place ? all + displs[root] : mine, counts[rt_rank], 30 + rt_rank));
  }
  free(mine);
  free(all);
}

static void test_allgatherv(int nb, int in_place) {
  int *mine = ints(counts[rt_rank]), *all = ints(total), r;
  MPI_Request q;
  rt_fill_int(mine, counts[rt_rank], 50 + rt_rank);
  if (in_place) rt_fill_int(all + displs[rt_rank], counts[rt_rank], 50 + rt_rank);
  CHECK_RC(RT_COLL(nb, &q, Allgatherv, Iallgatherv, in_place ? MPI_IN_PLACE : mine, counts[rt_rank], MPI_INT, all,
                                      counts, displs, MPI_INT, MPI_COMM_WORLD));
  wait_if(nb, &q, 2);
  for (r = 0; r < rt_size; r++) CHECK(rt_check_int(all + displs[r], counts[r], 50 + r));
  free(mine);
  free(all);
}

/* alltoallv: rank s sends counts[d] + s elements seeded 100*s + d to rank d. */
static void test_alltoallv(int nb, int in_place, int w) {
  MPI_Count sc[MAXP], rc[MAXP];
  MPI_Aint sd[MAXP], rd[MAXP], sat = 0, rat = 0;
  MPI_Datatype types[MAXP];
  int r, *out, *in, err;
  MPI_Request q;
  for (r = 0; r < rt_size; r++) {
    sc[r] = counts[r] + rt_rank;
    rc[r] = counts[rt_rank] + r;
    if (in_place) sc[r] = rc[r] = counts[0] + ((r + rt_rank) % 2); /* in place: symmetric */
    sd[r] = sat;
    rd[r] = rat;
    sat += sc[r] + 2;
    rat += rc[r] + 1;
    types[r] = MPI_INT;
  }
  out = ints(sat);
  in = ints(in_place ? sat : rat);
  for (r = 0; r < rt_size; r++) rt_fill_int((in_place ? in : out) + sd[r], sc[r], 100 * rt_rank + r);
  if (in_place) memcpy(rd, sd, sizeof rd);
  if (w) { /* byte displacements */
    MPI_Aint sb[MAXP], rb[MAXP];
    for (r = 0; r < rt_size; r++) {
      sb[r] = sd[r] * (MPI_Aint)sizeof(int);
      rb[r] = rd[r] * (MPI_Aint)sizeof(int);
    }
    err = RT_COLL(nb, &q, Alltoallw, Ialltoallw, in_place ? MPI_IN_PLACE : out, sc, sb, types, in,
                  rc, rb, types, MPI_COMM_WORLD);
  } else {
    err = RT_COLL(nb, &q, Alltoallv, Ialltoallv, in_place ? MPI_IN_PLACE : out, sc, sd, MPI_INT, in,
                  rc, rd, MPI_INT, MPI_COMM_WORLD);
  }
  if (in_place && nb == RT_PERSISTENT && MPIX_BACKEND_EMULATED) {
    /* the copy of the receive buffer would be needed at every MPI_Start */
    CHECK(err == MPI_ERR_UNSUPPORTED_OPERATION);
    free(out);
    free(in);
    return;
  }
  CHECK(err == MPI_SUCCESS);
  wait_if(nb, &q, in_place ? 1 : 2);
  for (r = 0; r < rt_size; r++) CHECK(rt_check_int(in + rd[r], rc[r], 100 * r + rt_rank));
  free(out);
  free(in);
}

/* Neighbourhood v/w on the ring: from left and right, counts n + their rank. */
static void test_neighbor_v(MPI_Comm ring, MPI_Count n, int nb, int form) {
  int left, right, nbrs[2], i, *mine, *two, *out;
  MPI_Count rc[2], sc[2];
  MPI_Aint rd[2], sd[2], rb[2], sb[2];
  MPI_Datatype types[2] = {MPI_INT, MPI_INT};
  MPI_Request q;
  MPI_Cart_shift(ring, 0, 1, &left, &right);
  nbrs[0] = left;
  nbrs[1] = right;
  for (i = 0; i < 2; i++) {
    rc[i] = n + nbrs[i];
    sc[i] = n + rt_rank;
  }
  rd[0] = 0;
  rd[1] = rc[0] + 5;
  sd[0] = 0;
  sd[1] = sc[0] + 2;
  for (i = 0; i < 2; i++) {
    rb[i] = rd[i] * (MPI_Aint)sizeof(int);
    sb[i] = sd[i] * (MPI_Aint)sizeof(int);
  }
  mine = ints(sc[0]);
  two = ints(rd[1] + rc[1]);
  out = ints(sd[1] + sc[1]);
  rt_fill_int(mine, sc[0], 400 + rt_rank);
  if (form == 0) {
    CHECK_RC(RT_COLL(nb, &q, Neighbor_allgatherv, Ineighbor_allgatherv, mine, sc[0], MPI_INT, two, rc, rd, MPI_INT, ring));
    wait_if(nb, &q, 2);
    CHECK(rt_check_int(two + rd[0], rc[0], 400 + left));
    CHECK(rt_check_int(two + rd[1], rc[1], 400 + right));
  } else {
    /* block 0 goes left, block 1 right; seeds 500 + 10*rank + block */
    rt_fill_int(out + sd[0], sc[0], 500 + 10 * rt_rank);
    rt_fill_int(out + sd[1], sc[1], 501 + 10 * rt_rank);
    if (form == 1)
      CHECK_RC(RT_COLL(nb, &q, Neighbor_alltoallv, Ineighbor_alltoallv, out, sc, sd, MPI_INT, two,
                       rc, rd, MPI_INT, ring));
    else
      CHECK_RC(RT_COLL(nb, &q, Neighbor_alltoallw, Ineighbor_alltoallw, out, sc, sb, types, two,
                       rc, rb, types, ring));
    wait_if(nb, &q, 2);
    CHECK(rt_check_int(two + rd[0], rc[0], 501 + 10 * left));
    CHECK(rt_check_int(two + rd[1], rc[1], 500 + 10 * right));
  }
  free(mine);
  free(two);
  free(out);
}

/* Intercommunicator forms: group 0 = world rank 0, group 1 = the others.
   Process (group g, local rank lr) sends count(g, lr, r) to remote rank r. */
static MPI_Count icount(MPI_Count n, int g, int lr, int r) { return n + 3 * lr + r + 7 * g; }

static void test_intercomm(MPI_Count n, int nb) {
  MPI_Comm local, inter;
  int g = rt_rank == 0 ? 0 : 1, lr, rsize, r;
  MPI_Count sc[MAXP], rc[MAXP];
  MPI_Aint sd[MAXP], rd[MAXP], sat = 0, rat = 0;
  int *out, *in;
  MPI_Request q;
  MPI_Comm_split(MPI_COMM_WORLD, g, rt_rank, &local);
  MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, g == 0 ? 1 : 0, 77, &inter);
  MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
  MPI_Comm_rank(local, &lr);
  MPI_Comm_remote_size(inter, &rsize);
  for (r = 0; r < rsize; r++) {
    sc[r] = icount(n, g, lr, r);
    rc[r] = icount(n, 1 - g, r, lr);
    sd[r] = sat;
    rd[r] = rat;
    sat += sc[r] + 1;
    rat += rc[r] + 2;
  }
  out = ints(sat);
  in = ints(rat);
  for (r = 0; r < rsize; r++) rt_fill_int(out + sd[r], sc[r], 1000 * g + 100 * lr + r);
  CHECK_RC(RT_COLL(nb, &q, Alltoallv, Ialltoallv, out, sc, sd, MPI_INT, in, rc, rd, MPI_INT, inter));
  wait_if(nb, &q, 2);
  for (r = 0; r < rsize; r++) CHECK(rt_check_int(in + rd[r], rc[r], 1000 * (1 - g) + 100 * r + lr));

  /* gatherv to group 0's process: it passes MPI_ROOT, the leaves root 0 */
  memset(in, 0, (size_t)rat * sizeof(int));
  rt_fill_int(out, sc[0], 2000 + lr);
  if (g == 0) {
    CHECK_RC(RT_COLL(nb, &q, Gatherv, Igatherv, NULL, 0, MPI_INT, in, rc, rd, MPI_INT, MPI_ROOT, inter));
  } else {
    CHECK_RC(RT_COLL(nb, &q, Gatherv, Igatherv, out, sc[0], MPI_INT, NULL, NULL, NULL, MPI_INT, 0,
                     inter));
  }
  wait_if(nb, &q, 2);
  for (r = 0; g == 0 && r < rsize; r++) CHECK(rt_check_int(in + rd[r], rc[r], 2000 + r));
  MPI_Comm_free(&inter);
  MPI_Comm_free(&local);
  free(out);
  free(in);
}

int main(int argc, char **argv) {
  MPI_Comm ring;
  int dims[1], periods[1] = {1}, i, nb, ip, form;
  rt_init(&argc, &argv);
  if (rt_size > MAXP) MPI_Abort(MPI_COMM_WORLD, 3);
  dims[0] = rt_size;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  for (i = 0; i < RT_NCOUNTS; i++) {
    layout(rt_count(i));
    for (nb = 0; nb < RT_NMODES; nb++) {
      for (ip = 0; ip < 2; ip++) {
        test_gatherv_scatterv(nb, ip);
        test_allgatherv(nb, ip);
        test_alltoallv(nb, ip, 0);
        test_alltoallv(nb, ip, 1);
      }
      for (form = 0; form < 3; form++) test_neighbor_v(ring, rt_count(i), nb, form);
      if (rt_size >= 2) test_intercomm(rt_count(i), nb);
    }
  }
  MPI_Comm_free(&ring);
  return rt_finish();
}
