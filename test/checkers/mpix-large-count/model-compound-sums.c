// `n += rows * cols` adds a product computed in 'int' before the sum: it
// overflows as `n = n + rows * cols` does, and the fix widens it the same
// way (HPGMG's audit: such updates were not judged at all). What an update
// adds that the run bounds is no hazard.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpi.h>
// CHECK-FIXES-OPENMPI-NEXT: #include <mpix.h>
#include <stdlib.h>

void send_rows(char **argv, const double *buf, MPI_Comm comm) {
  int rows = atoi(argv[1]), cols = atoi(argv[2]);
  int n = 0;
  // CHECK-FIXES-MPICH: MPI_Count n = 0;
  // CHECK-FIXES-OPENMPI: MPI_Count n = 0;
  n += rows * cols;
  // CHECK-FIXES-MPICH: n += (MPI_Count)rows * cols;
  // CHECK-FIXES-OPENMPI: n += (MPI_Count)rows * cols;
  MPI_Send(buf, n, MPI_DOUBLE, 1, 7, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:17: warning: count 'n' holds a value computed in 'int' that can overflow; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:17: warning: count 'n' holds a value computed in 'int' that can overflow; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, n, MPI_DOUBLE, 1, 7, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, n, MPI_DOUBLE, 1, 7, comm);
}

void send_rest(char **argv, const double *buf, MPI_Comm comm) {
  int total = atoi(argv[1]);
  int used = atoi(argv[2]), width = atoi(argv[3]);
  total -= used * width;
  // CHECK-FIXES-MPICH: total -= (MPI_Count)used * width;
  // CHECK-FIXES-OPENMPI: total -= (MPI_Count)used * width;
  MPI_Send(buf, total, MPI_DOUBLE, 1, 8, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:17: warning: count 'total' holds a value computed in 'int' that can overflow; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:17: warning: count 'total' holds a value computed in 'int' that can overflow; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, total, MPI_DOUBLE, 1, 8, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, total, MPI_DOUBLE, 1, 8, comm);
}

// Bounded by the check before them, the products fit.
void send_halo(const double *buf, int faces, int depth, MPI_Comm comm) {
  if (faces > 6 || depth > 4 || faces < 0 || depth < 0)
    return;
  int n = 16;
  n += faces * depth;
  MPI_Send(buf, n, MPI_DOUBLE, 1, 9, comm);
}
