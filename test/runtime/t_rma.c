/* RMA: put, get, accumulate, get_accumulate (fence epochs) and their request
   forms (passive target), with MPI_INT and a gappy target datatype, at the
   edge counts; windows from MPIX_Win_create_x / _allocate_x /
   _allocate_shared_x (+ MPIX_Win_shared_query_x). Rank r targets r + 1. */
#include "rt_test.h"

#include <stdlib.h>

static MPI_Count cap; /* ints per window */

static void fence(MPI_Win w) { CHECK_RC(MPI_Win_fence(0, w)); }

static void test_put_get(MPI_Win win, int *base, MPI_Count n, int gappy, MPI_Datatype g) {
  int right = (rt_rank + 1) % rt_size, left = (rt_rank + rt_size - 1) % rt_size;
  int *out = calloc((size_t)(n + 1), sizeof(int)), *in = calloc((size_t)(4 * n + 1), sizeof(int));
  MPI_Datatype tt = gappy ? g : MPI_INT;
  MPI_Count tn = gappy ? (n + 1) / 2 : n; /* gappy elements hold 2 ints */
  MPI_Count on = gappy ? 2 * tn : n;
  rt_fill_int(out, on, 10 + rt_rank);
  memset(base, 0, (size_t)cap * sizeof(int));
  fence(win);
  CHECK_RC(MPIX_Put_x(out, on, MPI_INT, right, 0, tn, tt, win));
  fence(win);
  if (gappy) {
    /* the gappy target layout: data ints at 4k and 4k+2 */
    int *flat = calloc((size_t)(on + 1), sizeof(int));
    MPI_Count k;
    for (k = 0; k < tn; k++) {
      flat[2 * k] = base[4 * k];
      flat[2 * k + 1] = base[4 * k + 2];
    }
    CHECK(rt_check_int(flat, on, 10 + left));
    free(flat);
  } else {
    CHECK(rt_check_int(base, n, 10 + left));
  }
  /* get it back from the right neighbour: what I put there */
  CHECK_RC(MPIX_Get_x(in, on, MPI_INT, right, 0, tn, tt, win));
  fence(win);
  CHECK(rt_check_int(in, on, 10 + rt_rank));
  free(out);
  free(in);
}

static void test_accumulate(MPI_Win win, int *base, MPI_Count n) {
  int right = (rt_rank + 1) % rt_size, left = (rt_rank + rt_size - 1) % rt_size;
  int *ones = malloc((size_t)(n + 1) * sizeof(int)), *res = calloc((size_t)(n + 1), sizeof(int));
  MPI_Count i;
  int good = 1;
  for (i = 0; i < n; i++) ones[i] = rt_rank + 1;
  for (i = 0; i < n; i++) base[i] = (int)i;
  fence(win);
  CHECK_RC(MPIX_Accumulate_x(ones, n, MPI_INT, right, 0, n, MPI_INT, MPI_SUM, win));
  fence(win);
  for (i = 0; i < n; i++) good &= base[i] == (int)i + left + 1;
  CHECK(good);
  fence(win);
  CHECK_RC(MPIX_Get_accumulate_x(ones, n, MPI_INT, res, n, MPI_INT, right, 0, n, MPI_INT, MPI_SUM,
                                 win));
  fence(win);
  good = 1;
  for (i = 0; i < n; i++) good &= res[i] == (int)i + rt_rank + 1 && base[i] == (int)i + 2 * (left + 1);
  CHECK(good);
  free(ones);
  free(res);
}

static void test_request_forms(MPI_Win win, int *base, MPI_Count n) {
  int right = (rt_rank + 1) % rt_size, left = (rt_rank + rt_size - 1) % rt_size;
  int *out = calloc((size_t)(n + 1), sizeof(int)), *in = calloc((size_t)(n + 1), sizeof(int));
  int *res = calloc((size_t)(n + 1), sizeof(int));
  MPI_Request q;
  MPI_Count i;
  int good = 1;
  rt_fill_int(out, n, 30 + rt_rank);
  memset(base, 0, (size_t)cap * sizeof(int));
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK_RC(MPI_Win_lock_all(0, win));
  CHECK_RC(MPIX_Rput_x(out, n, MPI_INT, right, 0, n, MPI_INT, win, &q));
  CHECK_RC(MPI_Wait(&q, MPI_STATUS_IGNORE));
  CHECK_RC(MPI_Win_flush(right, win));
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK_RC(MPIX_Rget_x(in, n, MPI_INT, left, 0, n, MPI_INT, win, &q)); /* left's window */
  CHECK_RC(MPI_Wait(&q, MPI_STATUS_IGNORE));
  CHECK(rt_check_int(in, n, 30 + (left + rt_size - 1) % rt_size));
  MPI_Win_sync(win);
  CHECK(rt_check_int(base, n, 30 + left));
  MPI_Barrier(MPI_COMM_WORLD);
  for (i = 0; i < n; i++) out[i] = 1;
  CHECK_RC(MPIX_Raccumulate_x(out, n, MPI_INT, right, 0, n, MPI_INT, MPI_REPLACE, win, &q));
  CHECK_RC(MPI_Wait(&q, MPI_STATUS_IGNORE));
  CHECK_RC(MPI_Win_flush(right, win));
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK_RC(MPIX_Rget_accumulate_x(out, n, MPI_INT, res, n, MPI_INT, right, 0, n, MPI_INT, MPI_SUM,
                                  win, &q));
  CHECK_RC(MPI_Wait(&q, MPI_STATUS_IGNORE));
  CHECK_RC(MPI_Win_flush(right, win));
  for (i = 0; i < n; i++) good &= res[i] == 1;
  CHECK(good);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_sync(win);
  good = 1;
  for (i = 0; i < n; i++) good &= base[i] == 2;
  CHECK(good);
  CHECK_RC(MPI_Win_unlock_all(win));
  free(out);
  free(in);
  free(res);
}

static void run_all(MPI_Win win, int *base, MPI_Datatype g) {
  int i;
  for (i = 0; i < RT_NCOUNTS; i++) {
    test_put_get(win, base, rt_count(i), 0, g);
    test_put_get(win, base, rt_count(i), 1, g);
    test_accumulate(win, base, rt_count(i));
    test_request_forms(win, base, rt_count(i));
  }
}

int main(int argc, char **argv) {
  MPI_Win win;
  MPI_Comm shm;
  MPI_Datatype g;
  int *base = NULL, *mem;
  MPI_Aint qsize = 0, qunit = 0;
  int *qbase = NULL;
  rt_init(&argc, &argv);
  g = rt_gappy_type();
  cap = 4 * rt_count(RT_NCOUNTS - 1) + 8;

  mem = calloc((size_t)cap, sizeof(int));
  CHECK_RC(MPIX_Win_create_x(mem, cap * (MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL,
                             MPI_COMM_WORLD, &win));
  MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
  run_all(win, mem, g);
  MPI_Win_free(&win);
  free(mem);

  CHECK_RC(MPIX_Win_allocate_x(cap * (MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL,
                               MPI_COMM_WORLD, &base, &win));
  run_all(win, base, g);
  MPI_Win_free(&win);

  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shm);
  CHECK_RC(MPIX_Win_allocate_shared_x(64 * (MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL, shm,
                                      &base, &win));
  CHECK_RC(MPIX_Win_shared_query_x(win, 0, &qsize, &qunit, &qbase));
  CHECK(qsize == 64 * (MPI_Aint)sizeof(int) && qunit == (MPI_Aint)sizeof(int) && qbase != NULL);
  MPI_Win_free(&win);
  MPI_Comm_free(&shm);
  MPI_Type_free(&g);
  return rt_finish();
}
