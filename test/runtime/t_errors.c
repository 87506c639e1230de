/* Bad input: each call must return the MPI error class the standard names
   AND report it through the error handler of its communicator, window or file
   (or MPI_COMM_SELF/WORLD for calls without one), never abort or crash.
   Collective calls get the bad argument on every process. */
#include "rt_test.h"

#include <stdlib.h>
#include <unistd.h>

static int last_class = MPI_SUCCESS, handler_calls = 0;

static void record(int code) {
  MPI_Error_class(code, &last_class);
  handler_calls++;
}
static void comm_handler(MPI_Comm *c, int *code, ...) { (void)c; record(*code); }
static void win_handler(MPI_Win *w, int *code, ...) { (void)w; record(*code); }
static void file_handler(MPI_File *f, int *code, ...) { (void)f; record(*code); }

/* rc has class want, and the handler saw it. */
static void expect_at(int rc, int want, const char *what, int line) {
  int cls = MPI_SUCCESS;
  MPI_Error_class(rc, &cls);
  rt_checks++;
  if (cls != want || handler_calls == 0 || last_class != want) {
    char msg[256];
    snprintf(msg, sizeof msg, "%s: class %d (want %d), handler calls %d (last %d)", what, cls,
             want, handler_calls, last_class);
    rt_fail(__FILE__, line, msg);
  }
  handler_calls = 0;
  last_class = MPI_SUCCESS;
}
#define EXPECT(call, want) expect_at((call), (want), #call, __LINE__)
/* Where MPICH itself (the native backend) names another class, it is MPI's
   answer and the native backend passes it on. */
/* MPICH checks a NULL request pointer as a NULL argument. */
#define NATIVE_NULL_REQUEST MPI_ERR_ARG
#if MPIX_BACKEND_NATIVE
#define EXPECT_OR_NATIVE(call, want, native) expect_at((call), (native), #call, __LINE__)
#else
#define EXPECT_OR_NATIVE(call, want, native) expect_at((call), (want), #call, __LINE__)
#endif

int main(int argc, char **argv) {
  MPI_Errhandler ce, we, fe;
  int buf[16] = {0}, *mem;
  MPI_Datatype t = MPI_DATATYPE_NULL;
  MPI_Status st;
  MPI_Request q;
  MPI_Win win;
  MPI_File fh;
  MPI_Count counts[8], neg[8];
  MPI_Aint displs[8] = {0};
  char path[4096];
  const char *dir = getenv("MPIX_TEST_TMP");
  int i, id;
  rt_init(&argc, &argv);
  MPI_Comm_create_errhandler(comm_handler, &ce);
  MPI_Win_create_errhandler(win_handler, &we);
  MPI_File_create_errhandler(file_handler, &fe);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, ce);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, ce);
  for (i = 0; i < 8; i++) {
    counts[i] = 1;
    neg[i] = -1;
  }

  /* point-to-point */
  EXPECT(MPIX_Send_x(buf, -1, MPI_INT, 0, 0, MPI_COMM_WORLD), MPI_ERR_COUNT);
  EXPECT(MPIX_Send_x(buf, 1, MPI_DATATYPE_NULL, 0, 0, MPI_COMM_WORLD), MPI_ERR_TYPE);
  EXPECT(MPIX_Send_x(NULL, 5, MPI_INT, 0, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER);
  EXPECT(MPIX_Isend_x(buf, -3, MPI_INT, 0, 0, MPI_COMM_WORLD, &q), MPI_ERR_COUNT);
  EXPECT(MPIX_Recv_x(NULL, 5, MPI_INT, 0, 0, MPI_COMM_WORLD, &st), MPI_ERR_BUFFER);
  EXPECT(MPIX_Send_init_x(buf, -1, MPI_INT, 0, 0, MPI_COMM_WORLD, &q), MPI_ERR_COUNT);
  EXPECT(MPIX_Sendrecv_x(buf, 1, MPI_INT, 0, 0, buf, -1, MPI_INT, 0, 0, MPI_COMM_WORLD, &st),
         MPI_ERR_COUNT);

  /* collectives, every process passing the same bad value */
  EXPECT(MPIX_Bcast_x(buf, -1, MPI_INT, 0, MPI_COMM_WORLD), MPI_ERR_COUNT);
  EXPECT(MPIX_Allgather_x(buf, 1, MPI_DATATYPE_NULL, buf, 1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_TYPE);
  EXPECT(MPIX_Allreduce_x(buf, buf + 8, -2, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_COUNT);
  EXPECT(MPIX_Allreduce_x(buf, buf + 8, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD), MPI_ERR_OP);
  EXPECT_OR_NATIVE(MPIX_Iallreduce_x(buf, buf + 8, 1, MPI_DATATYPE_NULL, MPI_SUM, MPI_COMM_WORLD,
                                     &q), MPI_ERR_TYPE, MPI_ERR_OP);
  EXPECT_OR_NATIVE(MPIX_Allgatherv_x(buf, 1, MPI_INT, buf, neg, displs, MPI_INT, MPI_COMM_WORLD),
                   MPI_ERR_COUNT, MPI_ERR_BUFFER);
  EXPECT(MPIX_Alltoallv_x(buf, neg, displs, MPI_INT, buf, counts, displs, MPI_INT, MPI_COMM_WORLD),
         MPI_ERR_COUNT);
  EXPECT(MPIX_Gatherv_x(buf, -1, MPI_INT, buf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD),
         MPI_ERR_COUNT);

  /* a nonblocking or persistent collective with no request to return: an
     error before anything starts, never the blocking operation instead */
  EXPECT_OR_NATIVE(MPIX_Ireduce_scatter_x(buf, buf + 8, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                                          NULL), MPI_ERR_REQUEST, NATIVE_NULL_REQUEST);
  EXPECT_OR_NATIVE(MPIX_Ireduce_scatter_block_x(buf, buf + 8, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                                                NULL), MPI_ERR_REQUEST, NATIVE_NULL_REQUEST);
  EXPECT_OR_NATIVE(MPIX_Iallreduce_x(buf, buf + 8, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, NULL),
                   MPI_ERR_REQUEST, NATIVE_NULL_REQUEST);
  EXPECT_OR_NATIVE(MPIX_Ialltoallv_x(buf, counts, displs, MPI_INT, buf + 8, counts, displs,
                                     MPI_INT, MPI_COMM_WORLD, NULL), MPI_ERR_REQUEST,
                   NATIVE_NULL_REQUEST);
#if MPIX_HAVE_REDUCE_SCATTER_INIT_X
  EXPECT_OR_NATIVE(MPIX_Reduce_scatter_init_x(buf, buf + 8, counts, MPI_INT, MPI_SUM,
                                              MPI_COMM_WORLD, MPI_INFO_NULL, NULL),
                   MPI_ERR_REQUEST, NATIVE_NULL_REQUEST);
  EXPECT_OR_NATIVE(MPIX_Reduce_scatter_block_init_x(buf, buf + 8, 1, MPI_INT, MPI_SUM,
                                                    MPI_COMM_WORLD, MPI_INFO_NULL, NULL),
                   MPI_ERR_REQUEST, NATIVE_NULL_REQUEST);
#endif

  /* datatypes and queries: no communicator, so MPI_COMM_SELF/WORLD's handler */
  EXPECT(MPIX_Type_contiguous_x(-1, MPI_INT, &t), MPI_ERR_COUNT);
  EXPECT(MPIX_Type_contiguous_x(5, MPI_DATATYPE_NULL, &t), MPI_ERR_TYPE);
  EXPECT(MPIX_Type_vector_x(2, -1, 3, MPI_INT, &t), MPI_ERR_COUNT);
  EXPECT(MPIX_Type_indexed_x(2, neg, counts, MPI_INT, &t), MPI_ERR_COUNT);
  EXPECT(MPIX_Get_count_x(&st, MPI_DATATYPE_NULL, counts), MPI_ERR_TYPE);
  CHECK(t == MPI_DATATYPE_NULL);

  /* RMA: the window's handler */
  mem = calloc(64, sizeof(int));
  CHECK_RC(MPIX_Win_create_x(mem, 64 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win));
  MPI_Win_set_errhandler(win, we);
  MPI_Win_fence(0, win);
  EXPECT(MPIX_Put_x(buf, -1, MPI_INT, 0, 0, 1, MPI_INT, win), MPI_ERR_COUNT);
  EXPECT(MPIX_Get_x(buf, 1, MPI_INT, 0, 0, 1, MPI_DATATYPE_NULL, win), MPI_ERR_TYPE);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  free(mem);

  /* MPI-IO: the file's handler */
  id = (int)getpid();
  MPI_Bcast(&id, 1, MPI_INT, 0, MPI_COMM_WORLD);
  snprintf(path, sizeof path, "%s/errors-%s-%d.dat", dir ? dir : "/tmp", MPIX_BACKEND_NAME, id);
  CHECK_RC(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  MPI_File_set_errhandler(fh, fe);
  EXPECT(MPIX_File_write_at_x(fh, 0, buf, -1, MPI_INT, &st), MPI_ERR_COUNT);
  EXPECT(MPIX_File_read_x(fh, buf, 1, MPI_DATATYPE_NULL, &st), MPI_ERR_TYPE);
  MPI_File_close(&fh);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rt_rank == 0) MPI_File_delete(path, MPI_INFO_NULL);

#if MPIX_BACKEND_EMULATED
  /* what MPI-3 cannot take at all: sizes above INT_MAX in int-only calls */
  EXPECT(MPIX_Buffer_attach_x(buf, (MPI_Count)INT_MAX + 1), MPI_ERR_COUNT);
  EXPECT(MPIX_Win_create_x(buf, 16, (MPI_Aint)INT_MAX + 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win),
         MPI_ERR_ARG);
#endif

  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  MPI_Errhandler_free(&ce);
  MPI_Errhandler_free(&we);
  MPI_Errhandler_free(&fe);
  return rt_finish();
}
