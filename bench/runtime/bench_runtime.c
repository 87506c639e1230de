/* libmpix throughput benchmark (not a test). On 2 processes, N = 2^31 + 2^20
   bytes per call: MPIX_Send_x, MPIX_Bcast_x and MPIX_Allreduce_x (doubles,
   sum), against the library's own MPI_*_c where it has them (MPICH), as
   ratios measured in the same run; a reduction of N int8 elements (a count
   above INT_MAX); and the cost of building a large datatype as the count
   grows (it must not grow). Prints markdown rows.
   Usage: mpiexec -n 2 bench_runtime [reps] */
#include <mpix.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const MPI_Count N = ((MPI_Count)1 << 31) + ((MPI_Count)1 << 20);
static int rank, reps = 3;

typedef int (*op_fn)(void *buf, MPI_Count n);

/* Median-free and simple: the best of reps runs, after one warm-up. */
static double best_of(op_fn fn, void *buf, MPI_Count n) {
  double best = 1e30;
  int r;
  for (r = 0; r <= reps; r++) {
    double t0, t;
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    if (fn(buf, n) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime() - t0;
    if (r > 0 && t < best) best = t;
  }
  return best;
}

static int x_send(void *b, MPI_Count n) {
  if (rank == 0) return MPIX_Send_x(b, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  return MPIX_Recv_x(b, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static int x_bcast(void *b, MPI_Count n) { return MPIX_Bcast_x(b, n, MPI_BYTE, 0, MPI_COMM_WORLD); }
static int x_allreduce(void *b, MPI_Count n) {
  return MPIX_Allreduce_x(MPI_IN_PLACE, b, n / 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
static int x_allreduce8(void *b, MPI_Count n) {
  return MPIX_Allreduce_x(MPI_IN_PLACE, b, n, MPI_INT8_T, MPI_SUM, MPI_COMM_WORLD);
}

#if MPI_VERSION >= 4
static int c_send(void *b, MPI_Count n) {
  if (rank == 0) return MPI_Send_c(b, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  return MPI_Recv_c(b, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static int c_bcast(void *b, MPI_Count n) { return MPI_Bcast_c(b, n, MPI_BYTE, 0, MPI_COMM_WORLD); }
static int c_allreduce(void *b, MPI_Count n) {
  return MPI_Allreduce_c(MPI_IN_PLACE, b, n / 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
static int c_allreduce8(void *b, MPI_Count n) {
  return MPI_Allreduce_c(MPI_IN_PLACE, b, n, MPI_INT8_T, MPI_SUM, MPI_COMM_WORLD);
}
#endif

static void row(const char *what, op_fn x, op_fn c, void *buf) {
  double tx = best_of(x, buf, N), tc = c ? best_of(c, buf, N) : 0;
  if (rank != 0) return;
  if (c)
    printf("| %s | %s | %.3f | %.3f | %.2f |\n", what, MPIX_BACKEND_NAME, tx, tc, tx / tc);
  else
    printf("| %s | %s | %.3f | - | - |\n", what, MPIX_BACKEND_NAME, tx);
  fflush(stdout);
}

/* Microseconds to build, commit and free one contiguous type of n doubles. */
static double construct_us(MPI_Count n) {
  const int k = 2000;
  double t0 = MPI_Wtime();
  int i;
  for (i = 0; i < k; i++) {
    MPI_Datatype t;
    MPIX_Type_contiguous_x(n, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    MPI_Type_free(&t);
  }
  return (MPI_Wtime() - t0) / k * 1e6;
}

int main(int argc, char **argv) {
  char *buf;
  op_fn c_ops[4] = {NULL, NULL, NULL, NULL};
  static const MPI_Count sizes[] = {1000, (MPI_Count)1 << 20, ((MPI_Count)1 << 31) + 1,
                                    (MPI_Count)1 << 40, (MPI_Count)1 << 55};
  size_t i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (argc > 1) reps = atoi(argv[1]);
#if MPI_VERSION >= 4
  c_ops[0] = c_send;
  c_ops[1] = c_bcast;
  c_ops[2] = c_allreduce;
  c_ops[3] = c_allreduce8;
#endif
  buf = malloc((size_t)N);
  if (!buf) MPI_Abort(MPI_COMM_WORLD, 2);
  memset(buf, 0, (size_t)N); /* zeros: sums stay zero, nothing overflows */
  if (rank == 0) {
    printf("| operation (N = 2^31 + 2^20 bytes, best of %d) | backend | MPIX_*_x s | MPI_*_c s | ratio |\n", reps);
    printf("|---|---|---|---|---|\n");
  }
  row("Send/Recv N bytes", x_send, c_ops[0], buf);
  row("Bcast N bytes", x_bcast, c_ops[1], buf);
  row("Allreduce N/8 doubles, sum", x_allreduce, c_ops[2], buf);
  row("Allreduce N int8, sum (count > INT_MAX)", x_allreduce8, c_ops[3], buf);
  if (rank == 0) {
    printf("\n| count of MPIX_Type_contiguous_x(count, MPI_DOUBLE) | backend | us per build+commit+free |\n");
    printf("|---|---|---|\n");
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
      printf("| %lld | %s | %.2f |\n", (long long)sizes[i], MPIX_BACKEND_NAME, construct_us(sizes[i]));
  }
  free(buf);
  MPI_Finalize();
  return 0;
}
