#include "rt_test.h"

#include <limits.h>
#include <stdlib.h>

int rt_rank, rt_size, rt_failures, rt_checks;
MPI_Count rt_T;

void rt_init(int *argc, char ***argv) {
  MPI_Init(argc, argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rt_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &rt_size);
#if MPIX_BACKEND_EMULATED
  rt_T = MPIX_Threshold();
  /* A test whose threshold was not lowered would test the int path only. */
  if (rt_T == INT_MAX && !getenv("RT_ALLOW_INT_MAX")) {
    if (rt_rank == 0) fprintf(stderr, "MPIX_MAX_INT not set: the large paths would not run\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
#else
  rt_T = 1000;
#endif
}

void rt_fail(const char *file, int line, const char *what) {
  rt_failures++;
  if (rt_failures <= 20) fprintf(stderr, "[rank %d] %s:%d: FAILED %s\n", rt_rank, file, line, what);
}

/* Everything libmpix allocated is released once the operations completed and
   at the latest by MPI_Finalize (which runs libmpix's finalize hook). */
int rt_finish(void) {
  int total = 0, checks = 0;
  long live;
  MPI_Allreduce(&rt_failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&rt_checks, &checks, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  live = MPIX_Live_temporaries();
  if (live != 0) {
    fprintf(stderr, "[rank %d] %ld libmpix temporaries still live after MPI_Finalize\n", rt_rank,
            live);
    total++;
  }
  if (rt_rank == 0)
    printf("%s: %d checks, %d failed (libmpix temporaries left: %ld)\n", MPIX_BACKEND_NAME,
           checks + 1, total, live);
  return total ? 1 : 0;
}

void rt_complete(int mode, MPI_Request *q, int rounds) {
  int i;
  if (mode == RT_NONBLOCKING) CHECK_RC(MPI_Wait(q, MPI_STATUS_IGNORE));
  if (mode != RT_PERSISTENT) return;
  for (i = 0; i < rounds; i++) {
    CHECK_RC(MPI_Start(q));
    CHECK_RC(MPI_Wait(q, MPI_STATUS_IGNORE));
  }
  CHECK_RC(MPI_Request_free(q));
}

MPI_Count rt_count(int i) {
  static const int mult[RT_NCOUNTS] = {0, 0, 1, 1, 3};
  static const int add[RT_NCOUNTS] = {0, 1, 0, 1, 7};
  return mult[i] * rt_T + add[i];
}

static int pattern(MPI_Count i, int seed) { return (int)((i * 2654435761u + seed * 97u) & 0x7fffffff); }

void rt_fill_int(int *p, MPI_Count n, int seed) {
  MPI_Count i;
  for (i = 0; i < n; i++) p[i] = pattern(i, seed);
}

int rt_check_int(const int *p, MPI_Count n, int seed) {
  MPI_Count i;
  for (i = 0; i < n; i++)
    if (p[i] != pattern(i, seed)) return 0;
  return 1;
}

MPI_Datatype rt_gappy_type(void) {
  MPI_Datatype v, t;
  MPI_Type_vector(2, 1, 2, MPI_INT, &v);          /* ints at 0 and 8 */
  MPI_Type_create_resized(v, 0, 16, &t);          /* extent 16: a gap at the end */
  MPI_Type_free(&v);
  MPI_Type_commit(&t);
  return t;
}

void rt_gappy_fill(int *buf, MPI_Count n, int seed) {
  MPI_Count k;
  for (k = 0; k < n; k++) {
    buf[4 * k] = pattern(2 * k, seed);
    buf[4 * k + 1] = -1;
    buf[4 * k + 2] = pattern(2 * k + 1, seed);
    buf[4 * k + 3] = -1;
  }
}

int rt_gappy_ok(const int *buf, MPI_Count n, int seed) {
  MPI_Count k;
  for (k = 0; k < n; k++)
    if (buf[4 * k] != pattern(2 * k, seed) || buf[4 * k + 2] != pattern(2 * k + 1, seed)) return 0;
  return 1;
}
