// An int product that a run computed before bounds a smaller one after it
// (model-executed-products.c), but not itself: `alloc(n * m)` then
// `MPI_Reduce(..., n * m, ...)` overflows at the allocation exactly when it
// would at the call. The report stays, with a note at the first product.
// Where that product sizes the call's buffer, or goes on into a 64-bit value
// (memset's size), the fix widens it with the count (fix-buffer-sizes.c,
// fix-same-products.c; an allocator taking an 'int' blocks it instead).
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES --implicit-check-not=warning:

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpi.h>
// CHECK-FIXES-OPENMPI-NEXT: #include <mpix.h>
#include <stdlib.h>
#include <string.h>

extern int *ints(size_t n);

// Sized with the product, then reduced with it: the same overflow twice.
void reduce_all(const int *mine, int *out, int per_item, int items,
                MPI_Comm comm) {
  int *copy = ints(per_item * items);
  // CHECK-FIXES: int *copy = ints((size_t)per_item * items);
  for (int i = 0; i < items; i++)
    copy[i] = mine[i];
  MPI_Allreduce(copy, out, per_item * items, MPI_INT, MPI_SUM, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:28: warning: count 'per_item * items' is computed in 'int' and can overflow
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:28: warning: count 'per_item * items' is computed in 'int' and can overflow
  // CHECK-FIXES-MPICH: MPI_Allreduce_c(copy, out, (MPI_Count)per_item * items, MPI_INT, MPI_SUM, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Allreduce_x(copy, out, (MPI_Count)per_item * items, MPI_INT, MPI_SUM, comm);
  free(copy);
}
// NOTES: model-same-product.c:29:28: warning: count 'per_item * items'
// NOTES: model-same-product.c:29:28: note: 'per_item * items' can overflow 'int' here
// NOTES: model-same-product.c:25:20: note: 'copy' is allocated with 'per_item * items', computed in 'int'

// The factors in the other order are the same product.
void send_plane(double *plane, int nx, int ny, MPI_Comm comm) {
  double *copy = malloc(sizeof(double) * (size_t)(nx * ny));
  // CHECK-FIXES: double *copy = malloc(sizeof(double) * ((size_t)nx * ny));
  MPI_Send(copy, ny * nx, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:18: warning: count 'ny * nx' is computed in 'int' and can overflow
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:18: warning: count 'ny * nx' is computed in 'int' and can overflow
  // CHECK-FIXES-MPICH: MPI_Send_c(copy, (MPI_Count)ny * nx, MPI_DOUBLE, 1, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(copy, (MPI_Count)ny * nx, MPI_DOUBLE, 1, 0, comm);
  free(copy);
  (void)plane;
}
// NOTES: model-same-product.c:44:18: warning: count 'ny * nx'
// NOTES: model-same-product.c:44:18: note: 'ny * nx' can overflow 'int' here
// NOTES: model-same-product.c:42:51: note: 'copy' is allocated with 'nx * ny', computed in 'int': it wraps as the count does, and a widened count would overrun it

// Stored into a local handed to MPI: the store is the same product too.
void send_stored(double *b, int rows, int cols, MPI_Comm comm) {
  double *copy = malloc(sizeof(double) * (size_t)(rows * cols));
  int cells = rows * cols;
  MPI_Send(copy, cells, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:18: warning: count 'cells' holds a value computed in 'int' that can overflow
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:18: warning: count 'cells' holds a value computed in 'int' that can overflow
  free(copy);
  (void)b;
}
// NOTES: model-same-product.c:60:18: warning: count 'cells'
// NOTES: model-same-product.c:59:15: note: 'rows * cols' can overflow 'int' here
// NOTES: model-same-product.c:58:51: note: 'copy' is allocated with 'rows * cols', computed in 'int'

// A square bounds its base (|side| <= 46340) for what comes after, but not
// for the same square: it overflows where the first did.
void reduce_image(double *img, double *sum, int side, MPI_Comm comm) {
  memset(img, 0, side * side * sizeof(double));
  // CHECK-FIXES: memset(img, 0, (MPI_Aint)side * side * sizeof(double));
  MPI_Reduce(img, sum, side * side, MPI_DOUBLE, MPI_SUM, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:24: warning: count 'side * side' is computed in 'int' and can overflow
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:24: warning: count 'side * side' is computed in 'int' and can overflow
}
// NOTES: model-same-product.c:75:24: warning: count 'side * side'

// A constant factor bounds the other (n <= INT_MAX / 3), but not for the
// same product.
void send_triples(int n, MPI_Comm comm) {
  int *b = malloc(3 * n * sizeof(int));
  // CHECK-FIXES: int *b = malloc((size_t)3 * n * sizeof(int));
  MPI_Send(b, n * 3, MPI_INT, 1, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:15: warning: count 'n * 3' is computed in 'int' and can overflow
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:15: warning: count 'n * 3' is computed in 'int' and can overflow
  free(b);
}
// NOTES: model-same-product.c:86:15: warning: count 'n * 3'
// NOTES: model-same-product.c:84:19: note: 'b' is allocated with '3 * n', computed in 'int'

// Controls: a smaller relative of the earlier product stays bounded by it
// (an index below one factor), and so does a product of other variables
// whose factors the earlier product bounds.
void put_blocks(MPI_Win win, int block, int count) {
  double *b = malloc(sizeof(double) * (size_t)(block * count));
  for (int k = 0; k < count; k++)
    MPI_Put(b, 1, MPI_DOUBLE, 1, k * block, 1, MPI_DOUBLE, win);
  free(b);
}
// NOTES-NOT: model-same-product.c:{{9[3-9]|10[0-9]}}:
