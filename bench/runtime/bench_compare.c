/* One side of the libmpix / BigMPI comparison (bench/runtime/compare_bigmpi.sh):
   the same MPIX_*_x calls, compiled against libmpix (mpix.h) or, with
   -DBENCH_BIGMPI, against BigMPI's bigmpi.h (both name their functions
   MPIX_<Name>_x with MPI_Count counts, so one source serves both).
   2 processes. Prints "<operation>\t<value>\t<unit>" lines on rank 0: the best
   of `reps` runs of each operation. N = 2^31 + 2^20 bytes: every count is
   above INT_MAX. Usage: bench_compare [reps] [ops...] (ops: a subset of the
   names printed; default all). */
#ifdef BENCH_BIGMPI
#include <bigmpi.h>
#define HAVE_NONBLOCKING_V 0 /* BigMPI has no nonblocking v-collectives */
#else
#include <mpix.h>
#define HAVE_NONBLOCKING_V 1
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N (((MPI_Count)1 << 31) + ((MPI_Count)1 << 20))

static int rank, reps = 3, nops;
static char **ops;
static char *a, *b; /* N bytes each, touched */

static int wanted(const char *name) {
  int i;
  if (nops == 0) return 1;
  for (i = 0; i < nops; i++)
    if (strcmp(ops[i], name) == 0) return 1;
  return 0;
}

static void report(const char *name, double v, const char *unit) {
  if (rank == 0) printf("%s\t%.4f\t%s\n", name, v, unit);
  fflush(stdout);
}

/* Best of reps runs of fn, in seconds; aborts on an error. */
static double best_of(int (*fn)(void)) {
  double best = 1e30;
  int r;
  for (r = 0; r < reps; r++) {
    double t;
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    if (fn() != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 2);
    t = MPI_Wtime() - t;
    MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (t < best) best = t;
  }
  return best;
}

/* ---- type construction: microseconds per contiguous + commit + free ---- */
static double type_us(MPI_Count count) {
  const int n = 20000;
  double best = 1e30;
  int r, i;
  for (r = 0; r < reps; r++) {
    double t = MPI_Wtime();
    for (i = 0; i < n; i++) {
      MPI_Datatype t;
      if (MPIX_Type_contiguous_x(count, MPI_DOUBLE, &t) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 3);
      MPI_Type_commit(&t);
      MPI_Type_free(&t);
    }
    t = (MPI_Wtime() - t) / n * 1e6;
    if (t < best) best = t;
  }
  return best;
}

/* ---- transfers of N bytes ---- */
static int op_sendrecv(void) {
  if (rank == 0) return MPIX_Send_x(a, N, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  return MPIX_Recv_x(a, N, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static int op_bcast(void) { return MPIX_Bcast_x(a, N, MPI_BYTE, 0, MPI_COMM_WORLD); }
static int op_ibcast(void) {
  MPI_Request q;
  int rc = MPIX_Ibcast_x(a, N, MPI_BYTE, 0, MPI_COMM_WORLD, &q);
  return rc == MPI_SUCCESS ? MPI_Wait(&q, MPI_STATUS_IGNORE) : rc;
}
/* b into a: BigMPI's MPI_IN_PLACE allreduce aborts in MPI_Free_mem on both
   MPICH 4.0.2 and Open MPI 4.1.4 */
static int op_allreduce8(void) {
  return MPIX_Allreduce_x(b, a, N, MPI_INT8_T, MPI_SUM, MPI_COMM_WORLD);
}
static int op_iallreduce8(void) {
  MPI_Request q;
  int rc = MPIX_Iallreduce_x(b, a, N, MPI_INT8_T, MPI_SUM, MPI_COMM_WORLD, &q);
  return rc == MPI_SUCCESS ? MPI_Wait(&q, MPI_STATUS_IGNORE) : rc;
}
/* gatherv to rank 0: rank 1 sends N bytes, rank 0 none (count 0 from itself) */
static int gatherv(int nb) {
  MPI_Count counts[2] = {0, N};
  MPI_Aint displs[2] = {0, 0};
  if (!nb)
    return MPIX_Gatherv_x(b, rank == 1 ? N : 0, MPI_BYTE, a, counts, displs, MPI_BYTE, 0,
                          MPI_COMM_WORLD);
#if HAVE_NONBLOCKING_V
  {
    MPI_Request q;
    int rc = MPIX_Igatherv_x(b, rank == 1 ? N : 0, MPI_BYTE, a, counts, displs, MPI_BYTE, 0,
                             MPI_COMM_WORLD, &q);
    return rc == MPI_SUCCESS ? MPI_Wait(&q, MPI_STATUS_IGNORE) : rc;
  }
#else
  return MPI_ERR_OTHER;
#endif
}
static int op_gatherv(void) { return gatherv(0); }
static int op_igatherv(void) { return gatherv(1); }
/* alltoallv: each process sends N bytes to the other, none to itself */
static int alltoallv(int nb) {
  MPI_Count sc[2], rc2[2];
  MPI_Aint d[2] = {0, 0};
  sc[rank] = rc2[rank] = 0;
  sc[1 - rank] = rc2[1 - rank] = N;
  if (!nb) return MPIX_Alltoallv_x(b, sc, d, MPI_BYTE, a, rc2, d, MPI_BYTE, MPI_COMM_WORLD);
#if HAVE_NONBLOCKING_V
  {
    MPI_Request q;
    int rc = MPIX_Ialltoallv_x(b, sc, d, MPI_BYTE, a, rc2, d, MPI_BYTE, MPI_COMM_WORLD, &q);
    return rc == MPI_SUCCESS ? MPI_Wait(&q, MPI_STATUS_IGNORE) : rc;
  }
#else
  return MPI_ERR_OTHER;
#endif
}
static int op_alltoallv(void) { return alltoallv(0); }
static int op_ialltoallv(void) { return alltoallv(1); }

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    int (*fn)(void);
    int needs_b;
  } timed[] = {{"sendrecv", op_sendrecv, 0},       {"bcast", op_bcast, 0},
               {"ibcast", op_ibcast, 0},           {"allreduce_int8", op_allreduce8, 1},
               {"iallreduce_int8", op_iallreduce8, 1}, {"gatherv", op_gatherv, 1},
               {"igatherv", op_igatherv, 1},       {"alltoallv", op_alltoallv, 1},
               {"ialltoallv", op_ialltoallv, 1}};
  static const struct {
    const char *name;
    MPI_Count count;
  } types[] = {{"type_contiguous_1000", 1000},
               {"type_contiguous_2^31+1", ((MPI_Count)1 << 31) + 1},
               {"type_contiguous_2^40", (MPI_Count)1 << 40}};
  size_t i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (argc > 1) reps = atoi(argv[1]);
  nops = argc > 2 ? argc - 2 : 0;
  ops = argv + 2;
  for (i = 0; i < sizeof types / sizeof types[0]; i++)
    if (wanted(types[i].name)) report(types[i].name, type_us(types[i].count), "us");
  for (i = 0; i < sizeof timed / sizeof timed[0]; i++) {
    if (!wanted(timed[i].name)) continue;
    if (!HAVE_NONBLOCKING_V && (timed[i].fn == op_igatherv || timed[i].fn == op_ialltoallv))
      continue;
    if (!a) {
      a = malloc((size_t)N);
      if (!a) MPI_Abort(MPI_COMM_WORLD, 4);
      memset(a, 1, (size_t)N);
    }
    if (timed[i].needs_b && !b) {
      b = malloc((size_t)N);
      if (!b) MPI_Abort(MPI_COMM_WORLD, 4);
      memset(b, 2, (size_t)N);
    }
    report(timed[i].name, best_of(timed[i].fn), "s");
  }
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
