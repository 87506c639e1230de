/* Point-to-point: every send mode (blocking, nonblocking, persistent) against
   every receive form (recv, irecv, recv_init, mrecv, imrecv), sendrecv and
   sendrecv_replace, isendrecv and isendrecv_replace, at the edge counts, with MPI_INT and a gappy derived type.
   Rank 0 sends to rank 1; the data and the status counts are checked. */
#include "rt_test.h"

#include <stdlib.h>

enum { M_SEND, M_SSEND, M_BSEND, M_RSEND, M_ISEND, M_ISSEND, M_IBSEND, M_IRSEND,
       M_PSEND, M_PSSEND, M_PBSEND, M_PRSEND, M_NMODES };
enum { R_RECV, R_IRECV, R_PRECV, R_MRECV, R_IMRECV, R_NRECV };

typedef struct {
  MPI_Datatype type;
  int ints_per; /* ints of storage per element */
  int elems_per; /* basic elements per element */
} kind;

static int *alloc_ints(MPI_Count n) { return calloc((size_t)(n ? n : 1), sizeof(int)); }

static void fill(const kind *k, int *buf, MPI_Count n, int seed) {
  if (k->ints_per == 1) rt_fill_int(buf, n, seed);
  else rt_gappy_fill(buf, n, seed);
}

static int ok(const kind *k, const int *buf, MPI_Count n, int seed) {
  return k->ints_per == 1 ? rt_check_int(buf, n, seed) : rt_gappy_ok(buf, n, seed);
}

static int is_ready_mode(int m) { return m == M_RSEND || m == M_IRSEND || m == M_PRSEND; }

static void do_send(int mode, const int *buf, MPI_Count n, MPI_Datatype t) {
  MPI_Request r = MPI_REQUEST_NULL;
  const int dest = 1, tag = 5;
  switch (mode) {
  case M_SEND: CHECK_RC(MPIX_Send_x(buf, n, t, dest, tag, MPI_COMM_WORLD)); return;
  case M_SSEND: CHECK_RC(MPIX_Ssend_x(buf, n, t, dest, tag, MPI_COMM_WORLD)); return;
  case M_BSEND: CHECK_RC(MPIX_Bsend_x(buf, n, t, dest, tag, MPI_COMM_WORLD)); return;
  case M_RSEND: CHECK_RC(MPIX_Rsend_x(buf, n, t, dest, tag, MPI_COMM_WORLD)); return;
  case M_ISEND: CHECK_RC(MPIX_Isend_x(buf, n, t, dest, tag, MPI_COMM_WORLD, &r)); break;
  case M_ISSEND: CHECK_RC(MPIX_Issend_x(buf, n, t, dest, tag, MPI_COMM_WORLD, &r)); break;
  case M_IBSEND: CHECK_RC(MPIX_Ibsend_x(buf, n, t, dest, tag, MPI_COMM_WORLD, &r)); break;
  case M_IRSEND: CHECK_RC(MPIX_Irsend_x(buf, n, t, dest, tag, MPI_COMM_WORLD, &r)); break;
  case M_PSEND: CHECK_RC(MPIX_Send_init_x(buf, n, t, dest, tag, MPI_COMM_WORLD, &r)); break;
  case M_PSSEND: CHECK_RC(MPIX_Ssend_init_x(buf, n, t, dest, tag, MPI_COMM_WORLD, &r)); break;
  case M_PBSEND: CHECK_RC(MPIX_Bsend_init_x(buf, n, t, dest, tag, MPI_COMM_WORLD, &r)); break;
  default: CHECK_RC(MPIX_Rsend_init_x(buf, n, t, dest, tag, MPI_COMM_WORLD, &r)); break;
  }
  if (mode >= M_PSEND) CHECK_RC(MPI_Start(&r));
  CHECK_RC(MPI_Wait(&r, MPI_STATUS_IGNORE));
  if (mode >= M_PSEND) MPI_Request_free(&r);
}

/* Posts (or performs) the receive; for ready modes tells the sender it may go. */
static void do_recv(int form, int ready, int *buf, MPI_Count n, MPI_Datatype t, MPI_Status *st) {
  MPI_Request r = MPI_REQUEST_NULL;
  MPI_Message msg;
  const int src = 0, tag = 5;
  if (ready && form != R_IRECV && form != R_PRECV) form = R_IRECV;
  switch (form) {
  case R_RECV: CHECK_RC(MPIX_Recv_x(buf, n, t, src, tag, MPI_COMM_WORLD, st)); return;
  case R_IRECV: CHECK_RC(MPIX_Irecv_x(buf, n, t, src, tag, MPI_COMM_WORLD, &r)); break;
  case R_PRECV:
    CHECK_RC(MPIX_Recv_init_x(buf, n, t, src, tag, MPI_COMM_WORLD, &r));
    CHECK_RC(MPI_Start(&r));
    break;
  case R_MRECV:
    CHECK_RC(MPI_Mprobe(src, tag, MPI_COMM_WORLD, &msg, st));
    CHECK_RC(MPIX_Mrecv_x(buf, n, t, &msg, st));
    return;
  default:
    CHECK_RC(MPI_Mprobe(src, tag, MPI_COMM_WORLD, &msg, st));
    CHECK_RC(MPIX_Imrecv_x(buf, n, t, &msg, &r));
  }
  if (ready) MPI_Send(NULL, 0, MPI_BYTE, src, 99, MPI_COMM_WORLD);
  CHECK_RC(MPI_Wait(&r, st));
  if (form == R_PRECV) MPI_Request_free(&r);
}

static void check_status(const kind *k, const MPI_Status *st, MPI_Count n) {
  MPI_Count c = -1, e = -1;
  CHECK_RC(MPIX_Get_count_x(st, k->type, &c));
  CHECK_RC(MPIX_Get_elements_x(st, k->type, &e));
  CHECK(c == n);
  CHECK(e == n * k->elems_per);
}

static void one_transfer(const kind *k, int mode, int form, MPI_Count n, int seed) {
  int *buf = alloc_ints(n * k->ints_per);
  MPI_Status st;
  if (rt_rank == 0) {
    fill(k, buf, n, seed);
    if (is_ready_mode(mode)) MPI_Recv(NULL, 0, MPI_BYTE, 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    do_send(mode, buf, n, k->type);
  } else if (rt_rank == 1) {
    do_recv(form, is_ready_mode(mode), buf, n, k->type, &st);
    CHECK(ok(k, buf, n, seed));
    check_status(k, &st, n);
  }
  free(buf);
}

/* Sendrecv around the ring, and sendrecv_replace. */
static void ring(const kind *k, MPI_Count n, int seed) {
  int right = (rt_rank + 1) % rt_size, left = (rt_rank + rt_size - 1) % rt_size;
  int *out = alloc_ints(n * k->ints_per), *in = alloc_ints(n * k->ints_per);
  MPI_Status st;
  fill(k, out, n, seed + rt_rank);
  CHECK_RC(MPIX_Sendrecv_x(out, n, k->type, right, 1, in, n, k->type, left, 1, MPI_COMM_WORLD, &st));
  CHECK(ok(k, in, n, seed + left));
  check_status(k, &st, n);
  CHECK_RC(MPIX_Sendrecv_replace_x(out, n, k->type, right, 2, left, 2, MPI_COMM_WORLD, &st));
  CHECK(ok(k, out, n, seed + left));
  check_status(k, &st, n);
  free(out);
  free(in);
}

/* Isendrecv and Isendrecv_replace around the ring: one request each, which
   MPI_Wait, MPI_Test and MPI_Waitall complete; the status is the receive's.
   Then both directions at once (two requests in one MPI_Waitall), and
   MPI_PROC_NULL peers. */
static void iring(const kind *k, MPI_Count n, int seed) {
  int right = (rt_rank + 1) % rt_size, left = (rt_rank + rt_size - 1) % rt_size, done = 0;
  int *out = alloc_ints(n * k->ints_per), *in = alloc_ints(n * k->ints_per);
  int *in2 = alloc_ints(n * k->ints_per);
  MPI_Request q[2];
  MPI_Status st[2];
  fill(k, out, n, seed + rt_rank);
  CHECK_RC(MPIX_Isendrecv_x(out, n, k->type, right, 3, in, n, k->type, left, 3, MPI_COMM_WORLD,
                            &q[0]));
  CHECK_RC(MPI_Wait(&q[0], &st[0]));
  CHECK(q[0] == MPI_REQUEST_NULL);
  CHECK(ok(k, in, n, seed + left));
  check_status(k, &st[0], n);
  CHECK(st[0].MPI_SOURCE == left && st[0].MPI_TAG == 3);

  CHECK_RC(MPIX_Isendrecv_replace_x(out, n, k->type, right, 4, left, 4, MPI_COMM_WORLD, &q[0]));
  while (!done) CHECK_RC(MPI_Test(&q[0], &done, &st[0]));
  CHECK(ok(k, out, n, seed + left));
  check_status(k, &st[0], n);

  fill(k, out, n, seed + 50 + rt_rank);
  CHECK_RC(MPIX_Isendrecv_x(out, n, k->type, right, 5, in, n, k->type, left, 5, MPI_COMM_WORLD,
                            &q[0]));
  CHECK_RC(MPIX_Isendrecv_x(out, n, k->type, left, 6, in2, n, k->type, right, 6, MPI_COMM_WORLD,
                            &q[1]));
  CHECK_RC(MPI_Waitall(2, q, st));
  CHECK(ok(k, in, n, seed + 50 + left));
  CHECK(ok(k, in2, n, seed + 50 + right));
  CHECK(st[0].MPI_SOURCE == left && st[1].MPI_SOURCE == right);

  CHECK_RC(MPIX_Isendrecv_x(out, n, k->type, MPI_PROC_NULL, 7, in, n, k->type, MPI_PROC_NULL, 7,
                            MPI_COMM_WORLD, &q[0]));
  CHECK_RC(MPI_Wait(&q[0], &st[0]));
  /* an empty status (MPICH 4.0.2's nonblocking receive from MPI_PROC_NULL
     reports source 0, tag 0, so the source is not checked) */
  check_status(k, &st[0], 0);
  free(out);
  free(in);
  free(in2);
}

/* A message that is not a whole number of the receive type's elements:
   count MPI_UNDEFINED, elements exact (3 ints into 2-int gappy elements),
   also above the threshold (2T + 1 ints). */
static void test_partial(MPI_Datatype gappy) {
  MPI_Count sizes[2], n, got = 0, elems = 0;
  int k;
  sizes[0] = 3;
  sizes[1] = 2 * rt_T + 1;
  for (k = 0; k < 2; k++) {
    int *buf;
    MPI_Status st;
    n = sizes[k];
    buf = calloc((size_t)(2 * n + 8), sizeof(int));
    if (rt_rank == 0) {
      rt_fill_int(buf, n, 9);
      CHECK_RC(MPIX_Send_x(buf, n, MPI_INT, 1, 8, MPI_COMM_WORLD));
    } else if (rt_rank == 1) {
      CHECK_RC(MPIX_Recv_x(buf, n, gappy, 0, 8, MPI_COMM_WORLD, &st));
      CHECK_RC(MPIX_Get_count_x(&st, gappy, &got));
      CHECK_RC(MPIX_Get_elements_x(&st, gappy, &elems));
      CHECK(got == MPI_UNDEFINED);
      CHECK(elems == n);
      CHECK(rt_check_int(buf, 1, 9) && buf[1] == 0); /* ints at 0 and 8, the gap untouched */
    }
    free(buf);
  }
}

int main(int argc, char **argv) {
  kind kinds[2];
  MPI_Count bsize;
  char *bbuf;
  void *detached = NULL;
  MPI_Count detached_size = 0;
  int ki, i, mode;
  rt_init(&argc, &argv);
  kinds[0].type = MPI_INT; kinds[0].ints_per = 1; kinds[0].elems_per = 1;
  kinds[1].type = rt_gappy_type(); kinds[1].ints_per = 4; kinds[1].elems_per = 2;
  bsize = 4 * (4 * sizeof(int) * rt_count(RT_NCOUNTS - 1) + MPI_BSEND_OVERHEAD) + 4096;
  bbuf = malloc((size_t)bsize);
  CHECK_RC(MPIX_Buffer_attach_x(bbuf, bsize));
  for (ki = 0; ki < 2; ki++)
    for (i = 0; i < RT_NCOUNTS; i++) {
      for (mode = 0; mode < M_NMODES; mode++)
        one_transfer(&kinds[ki], mode, mode % R_NRECV, rt_count(i), 10 * mode + i);
      ring(&kinds[ki], rt_count(i), 7 + i);
      iring(&kinds[ki], rt_count(i), 70 + i);
    }
  test_partial(kinds[1].type);
  CHECK_RC(MPIX_Buffer_detach_x(&detached, &detached_size));
  CHECK(detached == bbuf && detached_size == bsize);
  free(bbuf);
  MPI_Type_free(&kinds[1].type);
  return rt_finish();
}
