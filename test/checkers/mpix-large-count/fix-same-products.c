// The count's product computed again where the buffer is addressed: the
// receive buffer placed after the send blocks (`work + batch * n *
// parts`), and the offset a loop of sends advances by each message
// (`offset += batch * size[i]`). Widening the call alone would leave them
// to wrap, pointing the next message elsewhere, and hide the overflow from
// the next run (heFFTe's reshape, held-out audit). The fix widens them with
// the count; a product stored into an int is not widened (its note says
// so), and the fixed file compiles and gives nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES

#include <mpi.h>
#include <stddef.h>

void exchange(int batch, int n, size_t parts, double *work, MPI_Comm comm) {
  double *recv = work + batch * n * parts;
  // CHECK-FIXES: double *recv = work + (MPI_Aint)batch * n * parts;
  MPI_Alltoall(work, batch * n, MPI_DOUBLE, recv, batch * n, MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'batch * n' is computed in 'int' and can overflow before MPI sees it
  // CHECK-MESSAGES: :[[@LINE-2]]:51: warning: count 'batch * n' is computed in 'int' and can overflow before MPI sees it
  // CHECK-FIXES: MPIX_Alltoall_x(work, (MPI_Count)batch * n, MPI_DOUBLE, recv, (MPI_Count)batch * n, MPI_DOUBLE, comm);
}

// The same with a structure member as an operand: spelled alike, the
// product is widened alike (heFFTe's receive buffer, `workspace +
// batch_size * num_entries * packplan.size()` with a member count).
struct plan {
  int entries;
  size_t parts;
};
void exchange_planned(int batch, const struct plan *p, double *work,
                      MPI_Comm comm) {
  double *recv = work + batch * p->entries * p->parts;
  // CHECK-FIXES: double *recv = work + (MPI_Aint)batch * p->entries * p->parts;
  MPI_Alltoall(work, batch * p->entries, MPI_DOUBLE, recv, batch * p->entries,
               MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: count 'batch * p->entries' is computed in 'int' and can overflow before MPI sees it
  // CHECK-MESSAGES: :[[@LINE-3]]:60: warning: count 'batch * p->entries' is computed in 'int' and can overflow before MPI sees it
  // CHECK-FIXES: MPIX_Alltoall_x(work, (MPI_Count)batch * p->entries, MPI_DOUBLE, recv, (MPI_Count)batch * p->entries,
}

void send_all(int batch, const int *size, const int *proc, int np,
              double *buf, MPI_Comm comm) {
  size_t offset = 0;
  for (int i = 0; i < np; i++) {
    MPI_Send(buf + offset, batch * size[i], MPI_DOUBLE, proc[i], 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: count 'batch * size[i]' is computed in 'int' and can overflow before MPI sees it
    // CHECK-FIXES: MPIX_Send_x(buf + offset, (MPI_Count)batch * size[i], MPI_DOUBLE, proc[i], 0, comm);
    offset += batch * size[i];
    // CHECK-FIXES: offset += (MPI_Aint)batch * size[i];
  }
}

// Control: the same product stored into an int first is left, with a note.
int send_block(int batch, int n, double *buf, MPI_Comm comm) {
  int total = batch * n;
  MPI_Send(buf, batch * n, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'batch * n' is computed in 'int' and can overflow before MPI sees it
  return total;
}
// NOTES: fix-same-products.c:[[#@LINE-5]]:15: note: the same product is computed in 'int' here first

// A finding without a product (an int output), whose fix is planned the
// same way: nothing to widen beside it (s31h crashed here, on MPICH's
// mpitest.h). The count is compared by size: a count only tested for
// equality is no hazard (model-status-count-tests.c).
int check_status(MPI_Status *st, int expected) {
  int count;
  // CHECK-FIXES: MPI_Count count;
  MPI_Get_count(st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-FIXES: MPIX_Get_count_x(st, MPI_INT, &count);
  return count > expected;
}
