// Two buffers of one structure allocated in one function with the same
// int product, whose constant is spelled as arithmetic in a macro (`FACES`
// for `(2 * DIM)`), then broadcast with it (p4est's connectivity,
// held-out audit). The first allocation does not bound the second: the
// fix widens it with its count, so each allocation is widened with its
// own broadcast. The fixed file compiles and gives nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>

#define DIM 2
#define FACES (2 * DIM)

typedef struct {
  int32_t *to_tree;
  int8_t *to_face;
} conn_t;

void conn_alloc(conn_t *c, int32_t trees) {
  c->to_tree = malloc(FACES * trees * sizeof(int32_t));
  // CHECK-FIXES: c->to_tree = malloc((size_t)FACES * trees * sizeof(int32_t));
  c->to_face = malloc(FACES * trees * sizeof(int8_t));
  // CHECK-FIXES: c->to_face = malloc((size_t)FACES * trees * sizeof(int8_t));
}

void conn_bcast(conn_t *c, int32_t trees, MPI_Comm comm) {
  MPI_Bcast(c->to_tree, FACES * trees, MPI_INT32_T, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'FACES * trees' is computed in 'int' and can overflow before MPI sees it
  // CHECK-FIXES: MPIX_Bcast_x(c->to_tree, (MPI_Count)FACES * trees, MPI_INT32_T, 0, comm);
  MPI_Bcast(c->to_face, FACES * trees, MPI_INT8_T, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'FACES * trees' is computed in 'int' and can overflow before MPI sees it
  // CHECK-FIXES: MPIX_Bcast_x(c->to_face, (MPI_Count)FACES * trees, MPI_INT8_T, 0, comm);
}
