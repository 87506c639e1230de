// A guard on the product computed wide bounds the same product in 'int':
// `if ((long long)n * m > INT_MAX) abort();` before `n * m`, or `n * m` in
// the branch where the wide product fits. The idiom of code that checks
// before it narrows (LAMMPS's rendezvous): no report. A guard that leaves
// room above INT_MAX, one that does not stop the run, another product, or
// an operand changed after the guard bound nothing.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

void send_rows(const double *b, int rows, int cols, MPI_Comm comm) {
  if ((long long)rows * cols > INT_MAX)
    abort();
  MPI_Send(b, rows * cols, MPI_DOUBLE, 0, 0, comm);
}

void send_if_fits(const double *b, int rows, int cols, MPI_Comm comm) {
  if ((size_t)rows * (size_t)cols <= (size_t)INT_MAX)
    MPI_Send(b, cols * rows, MPI_DOUBLE, 0, 0, comm);
}

void send_checked_both(const double *b, int rows, int cols, int k,
                       MPI_Comm comm) {
  if (k < 0 || (long long)rows * cols >= INT_MAX)
    exit(1);
  MPI_Send(b, rows * cols, MPI_DOUBLE, 0, 0, comm);
}

void send_read_sizes(const double *b, char **argv, MPI_Comm comm) {
  int rows = atoi(argv[1]);
  int cols = atoi(argv[2]);
  if ((long long)rows * cols > INT_MAX)
    abort();
  MPI_Send(b, rows * cols, MPI_DOUBLE, 0, 0, comm);
}

void send_loose_guard(const double *b, int rows, int cols, MPI_Comm comm) {
  if ((long long)rows * cols > 4LL * INT_MAX)
    abort();
  MPI_Send(b, rows * cols, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'rows * cols' is computed in 'int' and can overflow before MPI sees it
}

void send_after_warning(const double *b, int rows, int cols, MPI_Comm comm) {
  if ((long long)rows * cols > INT_MAX)
    fprintf(stderr, "too large\n");
  MPI_Send(b, rows * cols, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'rows * cols' is computed in 'int' and can overflow before MPI sees it
}

void send_other_product(const double *b, int rows, int cols, int depth,
                        MPI_Comm comm) {
  if ((long long)rows * cols > INT_MAX)
    abort();
  MPI_Send(b, rows * depth, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'rows * depth' is computed in 'int' and can overflow before MPI sees it
}

void send_changed(const double *b, int rows, int cols, MPI_Comm comm) {
  if ((long long)rows * cols > INT_MAX)
    abort();
  rows *= 2;
  MPI_Send(b, rows * cols, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'rows * cols' is computed in 'int' and can overflow before MPI sees it
}
