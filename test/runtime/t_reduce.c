/* Reductions: allreduce, reduce, scan, exscan, reduce_local, reduce_scatter,
   reduce_scatter_block, blocking and nonblocking, in place, with MPI_SUM on
   ints, MPI_MAX on doubles and a user-defined MPI_Count op
   (MPIX_Op_create_x), at the edge counts. Element i of rank r is
   v(i, r) = i % 977 + 3r, so every expected result has a closed form. */
#include "rt_test.h"

#include <stdlib.h>

static int v(MPI_Count i, int r) { return (int)(i % 977) + 3 * r; }

/* The user op: inout = 2*in + inout, not commutative-safe, applied per element. */
static MPI_Count user_calls_len = 0;
static void twice_plus(void *in, void *inout, MPI_Count *len, MPI_Datatype *type) {
  MPI_Count i;
  (void)type;
  user_calls_len += *len;
  for (i = 0; i < *len; i++) ((int *)inout)[i] += ((int *)in)[i];
}

typedef struct {
  const char *name;
  MPI_Datatype type;
  MPI_Op op;
} flavour;

/* Expected op over ranks lo..hi of v(i, r). */
static double expect(int f, MPI_Count i, int lo, int hi) {
  double acc = 0;
  int r;
  for (r = lo; r <= hi; r++) {
    if (f == 1) acc = r == lo ? v(i, r) : (acc > v(i, r) ? acc : v(i, r));
    else acc += v(i, r);
  }
  return acc;
}

static void *make(int f, MPI_Count n, int r) {
  void *p = malloc((size_t)(n + 1) * 8);
  MPI_Count i;
  for (i = 0; i < n; i++) {
    if (f == 1) ((double *)p)[i] = v(i, r);
    else ((int *)p)[i] = v(i, r);
  }
  return p;
}

static int matches(int f, const void *p, MPI_Count n, MPI_Count first, int lo, int hi) {
  MPI_Count i;
  for (i = 0; i < n; i++) {
    double got = f == 1 ? ((const double *)p)[i] : ((const int *)p)[i];
    if (got != expect(f, first + i, lo, hi)) return 0;
  }
  return 1;
}

/* Completes the call (persistent: rounds starts; 1 where a second round
   would reduce or exchange its own result again). */
static void wait_if(int nb, MPI_Request *q, int rounds) { rt_complete(nb, q, rounds); }

static void test_allreduce_reduce(const flavour *fl, int f, MPI_Count n, int nb, int ip) {
  void *s = make(f, n, rt_rank), *r = make(f, n, rt_rank);
  const int root = 1 % rt_size;
  MPI_Request q;
  CHECK_RC(RT_COLL(nb, &q, Allreduce, Iallreduce, ip ? MPI_IN_PLACE : s, r, n, fl->type, fl->op, MPI_COMM_WORLD));
  wait_if(nb, &q, ip ? 1 : 2);
  CHECK(matches(f, r, n, 0, 0, rt_size - 1));
  free(r);
  r = make(f, n, rt_rank);
  {
    const void *send = ip && rt_rank == root ? MPI_IN_PLACE : s;
    void *recv = rt_rank == root ? r : NULL;
    CHECK_RC(RT_COLL(nb, &q, Reduce, Ireduce, send, recv, n, fl->type, fl->op, root, MPI_COMM_WORLD));
    wait_if(nb, &q, ip ? 1 : 2);
    if (rt_rank == root) CHECK(matches(f, r, n, 0, 0, rt_size - 1));
  }
  free(s);
  free(r);
}

static void test_scans(const flavour *fl, int f, MPI_Count n, int nb, int ip) {
  void *s = make(f, n, rt_rank), *r = make(f, n, rt_rank);
  MPI_Request q;
  CHECK_RC(RT_COLL(nb, &q, Scan, Iscan, ip ? MPI_IN_PLACE : s, r, n, fl->type, fl->op, MPI_COMM_WORLD));
  wait_if(nb, &q, ip ? 1 : 2);
  CHECK(matches(f, r, n, 0, 0, rt_rank));
  free(r);
  r = make(f, n, rt_rank);
  CHECK_RC(RT_COLL(nb, &q, Exscan, Iexscan, ip ? MPI_IN_PLACE : s, r, n, fl->type, fl->op, MPI_COMM_WORLD));
  wait_if(nb, &q, ip ? 1 : 2);
  if (rt_rank > 0) CHECK(matches(f, r, n, 0, 0, rt_rank - 1));
  free(s);
  free(r);
}

static void test_local(const flavour *fl, int f, MPI_Count n) {
  void *a = make(f, n, 1), *b = make(f, n, 2);
  CHECK_RC(MPIX_Reduce_local_x(a, b, n, fl->type, fl->op));
  CHECK(matches(f, b, n, 0, 1, 2));
  free(a);
  free(b);
}

/* reduce_scatter_block: block k of the result goes to rank k. */
static void test_reduce_scatter(const flavour *fl, int f, MPI_Count n, int nb, int ip) {
  MPI_Count counts[16], at = 0, mine_at = 0;
  int k;
  void *s = make(f, n * rt_size, rt_rank), *r;
  MPI_Request q;
  r = ip ? make(f, n * rt_size, rt_rank) : make(f, n, rt_rank);
  CHECK_RC(RT_COLL(nb, &q, Reduce_scatter_block, Ireduce_scatter_block, ip ? MPI_IN_PLACE : s, r, n, fl->type, fl->op,
                                                MPI_COMM_WORLD));
  wait_if(nb, &q, ip ? 1 : 2);
  CHECK(matches(f, r, n, n * rt_rank, 0, rt_size - 1));
  free(s);
  free(r);
  /* reduce_scatter: rank k gets n + 2k elements (blocking), or (k + 1) n
     (nonblocking: the emulation needs a common unit of the counts for one
     request; see error test below) */
  for (k = 0; k < rt_size; k++) {
    counts[k] = nb ? (k + 1) * n : n + 2 * k;
    if (k < rt_rank) mine_at += counts[k];
    at += counts[k];
  }
  s = make(f, at, rt_rank);
  r = ip ? make(f, at, rt_rank) : make(f, counts[rt_rank], rt_rank);
  CHECK_RC(RT_COLL(nb, &q, Reduce_scatter, Ireduce_scatter, ip ? MPI_IN_PLACE : s, r, counts, fl->type, fl->op,
                                          MPI_COMM_WORLD));
  wait_if(nb, &q, ip ? 1 : 2);
  CHECK(matches(f, r, counts[rt_rank], mine_at, 0, rt_size - 1));
  free(s);
  free(r);
#if MPIX_BACKEND_EMULATED
  if (nb && n > rt_T) { /* counts n + 2k have no unit: documented MPI_ERR_COUNT */
    int cls = -1, rc;
    for (k = 0; k < rt_size; k++) counts[k] = n + 2 * k;
    rc = MPIX_Ireduce_scatter_x(s, r, counts, fl->type, fl->op, MPI_COMM_WORLD, &q);
    MPI_Error_class(rc, &cls);
    CHECK(cls == MPI_ERR_COUNT);
  }
#endif
}

/* The persistent collectives exist on both flavours the suite runs (the
   emulated backend builds them on MPI-4's or Open MPI's pcollreq int ones),
   the loops above test them all; so does Isendrecv (t_pt2pt.c). */
static void test_persistent(MPI_Count n) {
  CHECK(MPIX_HAVE_ALLREDUCE_INIT_X == 1 && RT_NMODES == 3);
  CHECK(MPIX_HAVE_ISENDRECV_X == 1 && MPIX_HAVE_ISENDRECV_REPLACE_X == 1);
#if MPIX_HAVE_ALLREDUCE_INIT_X
  {
    void *s = make(0, n, rt_rank), *r = make(0, n, rt_rank);
    MPI_Request q;
    int round;
    CHECK_RC(MPIX_Allreduce_init_x(s, r, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &q));
    for (round = 0; round < 2; round++) {
      CHECK_RC(MPI_Start(&q));
      CHECK_RC(MPI_Wait(&q, MPI_STATUS_IGNORE));
      CHECK(matches(0, r, n, 0, 0, rt_size - 1));
    }
    MPI_Request_free(&q);
    free(s);
    free(r);
  }
#endif
}

int main(int argc, char **argv) {
  flavour fl[3];
  int f, i, nb, ip;
  MPI_Op user;
  rt_init(&argc, &argv);
  CHECK_RC(MPIX_Op_create_x(twice_plus, 1, &user));
  fl[0].name = "int sum";
  fl[0].type = MPI_INT;
  fl[0].op = MPI_SUM;
  fl[1].name = "double max";
  fl[1].type = MPI_DOUBLE;
  fl[1].op = MPI_MAX;
  fl[2].name = "int user";
  fl[2].type = MPI_INT;
  fl[2].op = user;
  for (f = 0; f < 3; f++)
    for (i = 0; i < RT_NCOUNTS; i++) {
      test_local(&fl[f], f, rt_count(i));
      for (nb = 0; nb < RT_NMODES; nb++)
        for (ip = 0; ip < 2; ip++) {
          test_allreduce_reduce(&fl[f], f, rt_count(i), nb, ip);
          test_scans(&fl[f], f, rt_count(i), nb, ip);
          test_reduce_scatter(&fl[f], f, rt_count(i), nb, ip);
        }
    }
  CHECK(user_calls_len > 0); /* the MPI_Count callback really ran */
  test_persistent(rt_count(RT_NCOUNTS - 1));
  MPI_Op_free(&user);
  return rt_finish();
}
