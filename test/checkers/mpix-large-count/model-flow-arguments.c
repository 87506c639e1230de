// What a caller passes to a helper of the file, and what a function stores
// into a global of the file, are judged where the control flow has put
// them, as an MPI call's arguments are: a value clamped by a branch before
// the call (`if (s > 4) s = 4;`) is bounded there (HPGMG's audit: its
// communication-avoiding solver clamps its step count so).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

static void reduce_gram(double *g, int rows, int cols, MPI_Comm comm) {
  MPI_Allreduce(MPI_IN_PLACE, g, rows * cols, MPI_DOUBLE, MPI_SUM, comm);
}

void solve(const char *arg, double *g, MPI_Comm comm) {
  int s = atoi(arg);
  if (s > 4)
    s = 4;
  if (s < 1)
    s = 1;
  reduce_gram(g, 4 * s + 1, 4 * s + 2, comm);
}

static int block;

void set_block(const char *arg) {
  int b = atoi(arg);
  if (b > 1 << 20)
    b = 1 << 20;
  else if (b < 0)
    b = 0;
  block = b;
}

void send_blocks(const double *buf, MPI_Comm comm) {
  MPI_Send(buf, block * 4096, MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'block * 4096' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'block * 4096' can overflow 'int' here: block up to 1048576, 4096
  MPI_Send(buf, block * 2, MPI_DOUBLE, 0, 1, comm);
}

// Clamped on one branch only, the value stays unbounded.
static void reduce_rows(double *g, int rows, MPI_Comm comm) {
  MPI_Allreduce(MPI_IN_PLACE, g, rows * 64, MPI_DOUBLE, MPI_SUM, comm);
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: count 'rows * 64' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:34: note: 'rows * 64' can overflow 'int' here: rows unbounded, 64
  // CHECK-NOTES: :[[@LINE+7]]:3: note: 'rows' is a parameter of 'reduce_rows', which 'solve_rows' calls here with a value the analysis cannot bound
}

void solve_rows(const char *arg, int small, double *g, MPI_Comm comm) {
  int r = atoi(arg);
  if (small && r > 16)
    r = 16;
  reduce_rows(g, r, comm);
}
