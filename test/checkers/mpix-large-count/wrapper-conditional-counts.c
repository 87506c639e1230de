// A wrapper whose count reaches MPI through a conditional with a constant
// arm (`rank == root ? 0 : n`: the root sends nothing; conduit's flatten
// helpers, held-out audit) hands the caller's value on: a narrowed argument
// is reported at the call, and the fix widens the parameter with the call.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpi.h>
// CHECK-FIXES-OPENMPI-NEXT: #include <mpix.h>
#include <stddef.h>

static void send_rows(const double *rows, int nrows, int root, MPI_Comm comm) {
  // CHECK-FIXES: static void send_rows(const double *rows, MPI_Count nrows, int root, MPI_Comm comm) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  MPI_Send(rows, rank == root ? 0 : nrows, MPI_DOUBLE, root, 1, comm);
  // CHECK-FIXES-MPICH: MPI_Send_c(rows, rank == root ? 0 : nrows, MPI_DOUBLE, root, 1, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(rows, rank == root ? 0 : nrows, MPI_DOUBLE, root, 1, comm);
}

// Both arms vary: which one reaches MPI is not the parameter's alone.
static void send_either(const double *rows, int a, int b, int pick,
                        MPI_Comm comm) {
  MPI_Send(rows, pick ? a : b, MPI_DOUBLE, 0, 2, comm);
}

void send_all(const double *rows, size_t nrows, int root, MPI_Comm comm) {
  send_rows(rows, nrows, root, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:19: warning: 'nrows' of type 'size_t' is narrowed to 'int' by parameter 'nrows' of 'send_rows', which reaches MPI_Send as its count
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:19: warning: 'nrows' of type 'size_t' is narrowed to 'int' by parameter 'nrows' of 'send_rows', which reaches MPI_Send as its count
  send_either(rows, 16, 32, root, comm);
}
