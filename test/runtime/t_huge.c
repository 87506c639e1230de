/* True large counts: N = 2^31 + 1000 bytes (more than INT_MAX) through one
   call, with the default threshold (INT_MAX), on 2 processes. One operation
   per run (argv[1]); each fills a pattern and checks every byte that arrives.
   About 2-3 buffers of N bytes per process: run one at a time ("huge"). */
#include "rt_test.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static const MPI_Count N = ((MPI_Count)1 << 31) + 1000;

static unsigned char pat(MPI_Count i, int seed) { return (unsigned char)((i * 7 + seed) & 0xff); }

static unsigned char *filled(MPI_Count n, int seed) {
  unsigned char *p = malloc((size_t)n);
  MPI_Count i;
  if (!p) MPI_Abort(MPI_COMM_WORLD, 4);
  for (i = 0; i < n; i++) p[i] = pat(i, seed);
  return p;
}

static int intact(const unsigned char *p, MPI_Count n, int seed) {
  MPI_Count i;
  for (i = 0; i < n; i++)
    if (p[i] != pat(i, seed)) return 0;
  return 1;
}

static void sendrecv(void) {
  unsigned char *b;
  MPI_Status st;
  MPI_Count got = 0;
  if (rt_rank == 0) {
    b = filled(N, 1);
    CHECK_RC(MPIX_Send_x(b, N, MPI_BYTE, 1, 0, MPI_COMM_WORLD));
  } else {
    b = calloc((size_t)N, 1);
    CHECK_RC(MPIX_Recv_x(b, N, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &st));
    CHECK_RC(MPIX_Get_count_x(&st, MPI_BYTE, &got));
    CHECK(got == N);
    CHECK(intact(b, N, 1));
  }
  free(b);
}

static void bcast(void) {
  unsigned char *b = rt_rank == 0 ? filled(N, 2) : calloc((size_t)N, 1);
  CHECK_RC(MPIX_Bcast_x(b, N, MPI_BYTE, 0, MPI_COMM_WORLD));
  CHECK(intact(b, N, 2));
  free(b);
}

/* In place, int8 sum of 1s and 2s: every element must become 3. */
static void allreduce(void) {
  int8_t *b = malloc((size_t)N);
  MPI_Count i;
  int good = 1;
  memset(b, rt_rank == 0 ? 1 : 2, (size_t)N);
  CHECK_RC(MPIX_Allreduce_x(MPI_IN_PLACE, b, N, MPI_INT8_T, MPI_SUM, MPI_COMM_WORLD));
  for (i = 0; i < N; i++) good &= b[i] == 3;
  CHECK(good);
  free(b);
}

/* Nonblocking, in place, polled with MPI_Test (on MPICH: pieces behind one
   generalized request). */
static void iallreduce(void) {
  int8_t *b = malloc((size_t)N);
  MPI_Count i;
  MPI_Request q;
  int good = 1, flag = 0, rc;
  memset(b, rt_rank == 0 ? 1 : 2, (size_t)N);
  CHECK_RC(MPIX_Iallreduce_x(MPI_IN_PLACE, b, N, MPI_INT8_T, MPI_SUM, MPI_COMM_WORLD, &q));
  do rc = MPI_Test(&q, &flag, MPI_STATUS_IGNORE);
  while (rc == MPI_SUCCESS && !flag);
  CHECK(rc == MPI_SUCCESS);
  for (i = 0; i < N; i++) good &= b[i] == 3;
  CHECK(good);
  free(b);
}

/* Rank 1 contributes N bytes, rank 0 ten; the root (0) gets N + 10. */
static void gatherv(void) {
  MPI_Count counts[2] = {10, N};
  MPI_Aint displs[2] = {0, 16};
  unsigned char *mine = filled(counts[rt_rank], 3 + rt_rank), *all = NULL;
  if (rt_rank == 0) all = calloc((size_t)(N + 16), 1);
  CHECK_RC(MPIX_Gatherv_x(mine, counts[rt_rank], MPI_BYTE, all, counts, displs, MPI_BYTE, 0,
                          MPI_COMM_WORLD));
  if (rt_rank == 0) {
    CHECK(intact(all, 10, 3));
    CHECK(intact(all + 16, N, 4));
  }
  free(mine);
  free(all);
}

static void put_get(void) {
  unsigned char *base = NULL, *out = NULL, *back = NULL;
  MPI_Win win;
  CHECK_RC(MPIX_Win_allocate_x(rt_rank == 1 ? N : 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win));
  if (rt_rank == 0) out = filled(N, 5);
  MPI_Win_fence(0, win);
  if (rt_rank == 0) CHECK_RC(MPIX_Put_x(out, N, MPI_BYTE, 1, 0, N, MPI_BYTE, win));
  MPI_Win_fence(0, win);
  if (rt_rank == 1) CHECK(intact(base, N, 5));
  free(out);
  if (rt_rank == 0) back = calloc((size_t)N, 1);
  MPI_Win_fence(0, win);
  if (rt_rank == 0) CHECK_RC(MPIX_Get_x(back, N, MPI_BYTE, 1, 0, N, MPI_BYTE, win));
  MPI_Win_fence(0, win);
  if (rt_rank == 0) CHECK(intact(back, N, 5));
  free(back);
  MPI_Win_free(&win);
}

static void file_io(void) {
  char path[4096];
  const char *dir = getenv("MPIX_TEST_TMP");
  MPI_File fh;
  MPI_Status st;
  MPI_Count got = 0;
  int id = (int)getpid();
  unsigned char *b = NULL;
  MPI_Bcast(&id, 1, MPI_INT, 0, MPI_COMM_WORLD);
  snprintf(path, sizeof path, "%s/huge-%s-%d.dat", dir ? dir : "/tmp", MPIX_BACKEND_NAME, id);
  CHECK_RC(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
  if (rt_rank == 0) {
    b = filled(N, 6);
    CHECK_RC(MPIX_File_write_at_x(fh, 0, b, N, MPI_BYTE, &st));
    CHECK_RC(MPIX_Get_count_x(&st, MPI_BYTE, &got));
    CHECK(got == N);
    memset(b, 0, (size_t)N);
  }
  CHECK_RC(MPI_File_sync(fh));
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK_RC(MPI_File_sync(fh));
  if (rt_rank == 0) {
    CHECK_RC(MPIX_File_read_at_x(fh, 0, b, N, MPI_BYTE, &st));
    CHECK_RC(MPIX_Get_count_x(&st, MPI_BYTE, &got));
    CHECK(got == N);
    CHECK(intact(b, N, 6));
  }
  free(b);
  CHECK_RC(MPI_File_close(&fh));
  if (rt_rank == 0) MPI_File_delete(path, MPI_INFO_NULL);
}

int main(int argc, char **argv) {
  const char *op = argc > 1 ? argv[1] : "";
  double t0;
  rt_init(&argc, &argv);
  CHECK(rt_size == 2);
  t0 = MPI_Wtime();
  if (!strcmp(op, "sendrecv")) sendrecv();
  else if (!strcmp(op, "bcast")) bcast();
  else if (!strcmp(op, "allreduce")) allreduce();
  else if (!strcmp(op, "iallreduce")) iallreduce();
  else if (!strcmp(op, "gatherv")) gatherv();
  else if (!strcmp(op, "putget")) put_get();
  else if (!strcmp(op, "file")) file_io();
  else CHECK(!"unknown operation");
  if (rt_rank == 0) printf("%s: %.1f s\n", op, MPI_Wtime() - t0);
  return rt_finish();
}
