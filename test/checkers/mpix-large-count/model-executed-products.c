// The model of a run: signed overflow is undefined, so a run that went past
// a signed product `k * v` (k at least 1) computed it in range, and v is at
// most INT_MAX / k from there on, as long as nothing sets v again. A program
// whose own `int` arithmetic on a value wraps first is broken before the MPI
// call; the report goes to that arithmetic when it reaches MPI. With
// -fwrapv, overflow is defined and nothing is assumed.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpix_tidy --checks='-*,mpix-large-count' %s -- -fwrapv %mpi_cflags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WRAPV

#include <mpi.h>
#include <stdlib.h>

extern int input(void);

// The window's own size, 4400 ints per process, is an int product: the
// displacements, at most 200 per process, are smaller.
void window_sized_first(MPI_Win win, const int *values) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  int length = 4400 * wsize;
  int *window = malloc(length * sizeof(int));
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // WRAPV: model-executed-products.c:[[@LINE-1]]:40: warning: displacement 'i * wsize'
  free(window);
}

// The product comes after the calls: nothing is known at them.
void window_sized_after(MPI_Win win, const int *values) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: displacement 'i * wsize' is computed in 'int' and can overflow
  int length = 4400 * wsize;
  int *window = malloc(length * sizeof(int));
  free(window);
}

// Set again after the product: the bound is gone.
void set_again(MPI_Win win, const int *values) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  int length = 4400 * wsize;
  wsize = input();
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: displacement 'i * wsize' is computed in 'int' and can overflow
  (void)length;
}

// A product computed only on one branch says nothing after it.
void product_on_a_branch(MPI_Win win, const int *values, int verbose) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  int length = verbose ? 4400 * wsize : 0;
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: displacement 'i * wsize' is computed in 'int' and can overflow
  (void)length;
}

// A product in unsigned arithmetic wraps by definition: no bound.
void unsigned_product(MPI_Win win, const int *values) {
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  unsigned length = 4400u * wsize;
  for (int i = 0; i < 200; i++)
    MPI_Put(&values[i], 1, MPI_INT, 0, i * wsize, 1, MPI_INT, win);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: displacement 'i * wsize' is computed in 'int' and can overflow
  (void)length;
}

// The first of two equal offsets is reported; the second is computed by a
// run that passed the first.
void twice(MPI_File fh, int *buf, int rank) {
  MPI_File_write_at(fh, rank * 1000, buf, 1, MPI_INT, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: offset 'rank * 1000' is computed in 'int'
  MPI_File_write_at(fh, rank * 1000 + 4, buf, 1, MPI_INT, MPI_STATUS_IGNORE);
}
