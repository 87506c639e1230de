// A sentinel stored into a count and tested away before the call never
// reaches MPI: `n = -1;` for "none", then `if (n == -1) return;` (SW4's
// HDF5 readers, held-out audit: the report blamed the sentinel). Without
// the test, or with a test of another value, the negative count is still
// reported.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

int small_length(const char *name);

void read_all(const char *f, float *data, MPI_Comm comm) {
  int n = 0;
  if (!f)
    n = -1;
  else {
    n = small_length(f);
    if (n < 0 || n > 1000)
      return;
  }
  if (n == -1)
    return;
  MPI_Bcast(data, n, MPI_FLOAT, 0, comm);
}

void read_untested(const char *f, float *data, MPI_Comm comm) {
  int n = 0;
  if (!f)
    n = -1;
  else {
    n = small_length(f);
    if (n < 0 || n > 1000)
      return;
  }
  if (n == -2)
    return;
  MPI_Bcast(data, n, MPI_FLOAT, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'n' can be negative: it is assigned -1
}
