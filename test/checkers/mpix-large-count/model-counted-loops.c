// A counted loop (`for (i = 0; i < np; i++)`) runs its body at most as
// many times as its counter can step up to the bound, so a variable that
// the body steps by a bounded amount at most once a turn stays within
// that many steps: a count of the ranks that pass a test is below the
// communicator size (hypre's `3 * num_sends`, held-out audit).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

void announce(const int *flag, int *list, MPI_Comm comm) {
  int np, sends = 0;
  MPI_Comm_size(comm, &np);
  for (int i = 0; i < np; i++)
    if (flag[i]) {
      list[3 * sends] = i;
      sends++;
    }
  MPI_Send(list, 3 * sends, MPI_INT, 0, 0, comm);
}

// Steps of 4 over at most 1024 turns.
void pack(const int *flag, double *buf, int n, MPI_Comm comm) {
  if (n > 1024)
    return;
  int used = 0;
  for (int i = 0; i <= n - 1; ++i)
    if (flag[i])
      used += 4;
  MPI_Send(buf, used * 1000, MPI_DOUBLE, 0, 1, comm);
}

// A bound the loop changes, or a step that may be negative, bounds
// nothing.
void grow(const int *flag, int *list, int np, MPI_Comm comm) {
  int sends = 0;
  for (int i = 0; i < np; i++) {
    if (flag[i])
      sends++;
    np += flag[i];
  }
  MPI_Send(list, 3 * sends, MPI_INT, 0, 2, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count '3 * sends' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:18: note: '3 * sends' can overflow 'int' here: 3, sends unbounded
  // CHECK-NOTES: :[[@LINE-6]]:7: note: 'sends' is changed here by a value the analysis cannot bound
}

void back(const int *flag, int *list, int np, int step, MPI_Comm comm) {
  if (np > 64)
    return;
  int sends = 0;
  for (int i = 0; i < np; i += step)
    sends++;
  MPI_Send(list, 3 * sends, MPI_INT, 0, 3, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count '3 * sends' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:18: note: '3 * sends' can overflow 'int' here: 3, sends unbounded
  // CHECK-NOTES: :[[@LINE-4]]:5: note: 'sends' is changed here by a value the analysis cannot bound
}
