// OpenMP regions and the fixes: clang passes a variable that a region uses
// through the region's capture, which the fix follows (the region's own
// uses are checked one by one); a note saying where a variable is handed
// out names the call it is handed to, not the region that reads it.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags -fopenmp
// RUN: %mpicc -fopenmp -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags -fopenmp

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpix.h>

void get_size(long *n);

void scale_and_send(double *buf, int k, int peer, MPI_Comm comm) {
  int n = k * 3;
  // CHECK-FIXES-MPICH: MPI_Count n = (MPI_Count)k * 3;
  // CHECK-FIXES-OPENMPI: MPI_Count n = (MPI_Count)k * 3;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    buf[i] *= 2.0;
  MPI_Send(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:17: warning: count 'n' holds a value computed in 'int' that can overflow
  // CHECK-NOTES-MPICH: :[[@LINE-8]]:11: note: 'k * 3' can overflow 'int' here: k unbounded, 3
  // CHECK-NOTES-MPICH: :[[@LINE-10]]:38: note: 'k' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-4]]:17: warning: count 'n' holds a value computed in 'int' that can overflow
  // CHECK-NOTES-OPENMPI: :[[@LINE-11]]:11: note: 'k * 3' can overflow 'int' here: k unbounded, 3
  // CHECK-NOTES-OPENMPI: :[[@LINE-13]]:38: note: 'k' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, n, MPI_DOUBLE, peer, 1, comm);
}

void set_in_region(double *buf, long total, int peer, MPI_Comm comm) {
  int n = 0;
  // CHECK-FIXES-MPICH: MPI_Count n = 0;
  // CHECK-FIXES-OPENMPI: MPI_Count n = 0;
#pragma omp parallel
  {
#pragma omp single
    n = total;
  }
  MPI_Send(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'long'
  // CHECK-NOTES-MPICH: :[[@LINE-4]]:9: note: 'total' of type 'long' is narrowed to 'int' here
  // CHECK-NOTES-MPICH: :[[@LINE-12]]:38: note: 'total' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-4]]:17: warning: count 'n' holds a value narrowed from 'long'
  // CHECK-NOTES-OPENMPI: :[[@LINE-7]]:9: note: 'total' of type 'long' is narrowed to 'int' here
  // CHECK-NOTES-OPENMPI: :[[@LINE-15]]:38: note: 'total' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, n, MPI_DOUBLE, peer, 1, comm);
}

void handed_out_after(double *buf, int peer, MPI_Comm comm) {
  long n = 64;
#pragma omp parallel for
  for (long i = 0; i < n; ++i)
    buf[i] = 0.0;
  get_size(&n);
  MPI_Send(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:17: warning: count 'n' of type 'long' is narrowed to 'int'
  // CHECK-NOTES-MPICH: :[[@LINE-3]]:13: note: 'n' is handed out here: what is written through it is not known
  // CHECK-NOTES-OPENMPI: :[[@LINE-3]]:17: warning: count 'n' of type 'long' is narrowed to 'int'
  // CHECK-NOTES-OPENMPI: :[[@LINE-5]]:13: note: 'n' is handed out here: what is written through it is not known
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, n, MPI_DOUBLE, peer, 1, comm);
}

// Clauses name the variable itself: shared(n), reduction(+ : m).
void named_in_clauses(double *buf, const int *parts, int np, int k, int peer,
                      MPI_Comm comm) {
  int n = k * 5;
  // CHECK-FIXES-MPICH: MPI_Count n = (MPI_Count)k * 5;
  // CHECK-FIXES-OPENMPI: MPI_Count n = (MPI_Count)k * 5;
#pragma omp parallel for shared(n)
  for (int i = 0; i < np; ++i)
    buf[i] = n;
  int m = k * 3;
  // CHECK-FIXES-MPICH: MPI_Count m = (MPI_Count)k * 3;
  // CHECK-FIXES-OPENMPI: MPI_Count m = (MPI_Count)k * 3;
#pragma omp parallel for reduction(+ : m)
  for (int i = 0; i < np; ++i)
    m += parts[i];
  MPI_Send(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:17: warning: count 'n' holds a value computed in 'int' that can overflow
  // CHECK-NOTES-MPICH: :[[@LINE-14]]:11: note: 'k * 5' can overflow 'int' here: k unbounded, 5
  // CHECK-NOTES-MPICH: :[[@LINE-17]]:66: note: 'k' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-4]]:17: warning: count 'n' holds a value computed in 'int' that can overflow
  // CHECK-NOTES-OPENMPI: :[[@LINE-17]]:11: note: 'k * 5' can overflow 'int' here: k unbounded, 5
  // CHECK-NOTES-OPENMPI: :[[@LINE-20]]:66: note: 'k' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, n, MPI_DOUBLE, peer, 1, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, n, MPI_DOUBLE, peer, 1, comm);
  MPI_Send(buf, m, MPI_DOUBLE, peer, 1, comm);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:17: warning: count 'm' holds a value computed in 'int' that can overflow
  // CHECK-NOTES-MPICH: :[[@LINE-17]]:11: note: 'k * 3' can overflow 'int' here: k unbounded, 3
  // CHECK-NOTES-MPICH: :[[@LINE-26]]:66: note: 'k' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-4]]:17: warning: count 'm' holds a value computed in 'int' that can overflow
  // CHECK-NOTES-OPENMPI: :[[@LINE-20]]:11: note: 'k * 3' can overflow 'int' here: k unbounded, 3
  // CHECK-NOTES-OPENMPI: :[[@LINE-29]]:66: note: 'k' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, m, MPI_DOUBLE, peer, 1, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, m, MPI_DOUBLE, peer, 1, comm);
}
