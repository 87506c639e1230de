// An int counter stepped by one in a loop that counts with a wider
// counter past INT_MAX: `for (long long i = 0; i < n; i++) if (...)
// cnt++;` then cnt as a count. One element at a time, cnt wraps once
// more than 2^31-1 of them match (ParallelIO's fill-grid gather,
// held-out audit: a miss). The fix widens the counter. Controls: loops
// whose turns fit in an int, and a counter restarted in the loop.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES

#include <mpi.h>

int send_matches(long long n, const long long *map, long long lo,
                 long long *out, MPI_Comm comm) {
  int cnt = 0;
  // CHECK-FIXES: MPI_Count cnt = 0;
  for (long long i = 0; i < n; i++)
    if (map[i] >= lo)
      out[cnt++] = map[i];
  return MPI_Send(out, cnt, MPI_LONG_LONG, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'cnt' is an 'int' counter of a loop that can turn more than 2^31-1 times; it wraps there
  // CHECK-FIXES: return MPIX_Send_x(out, cnt, MPI_LONG_LONG, 0, 0, comm);
}
// NOTES: model-loop-counters.c:[[#@LINE-5]]:11: note: 'cnt' counts up here, in a loop while 'i < n', whose bound can exceed 2^31-1

// Controls.
int send_bounded(const long long *map, long long lo, long long *out,
                 MPI_Comm comm) {
  int cnt = 0;
  for (long long i = 0; i < 1000000; i++)
    if (map[i] >= lo)
      cnt += 1;
  return MPI_Send(out, cnt, MPI_LONG_LONG, 0, 0, comm);
}

int send_int_loop(int n, const long long *map, long long lo, long long *out,
                  MPI_Comm comm) {
  int cnt = 0;
  for (int i = 0; i < n; i++)
    if (map[i] >= lo)
      ++cnt;
  return MPI_Send(out, cnt, MPI_LONG_LONG, 0, 0, comm);
}

int send_rows(long long rows, int cols, const long long *map, long long lo,
              long long *out, MPI_Comm comm) {
  int r = 0;
  for (long long i = 0; i < rows; i++) {
    int cnt = 0;
    for (int j = 0; j < cols; j++)
      if (map[i * cols + j] >= lo)
        cnt++;
    r |= MPI_Send(out, cnt, MPI_LONG_LONG, 0, 0, comm);
  }
  return r;
}
