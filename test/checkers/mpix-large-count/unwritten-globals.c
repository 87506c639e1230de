// T: file-scope variables that the unit only reads hold their initializers
// (rma/lockcontention3.c: `int stride = 11, veccount = 7;`, never written).
// One that is written, handed out, volatile or declared in a header may
// change, and stays unknown.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags -I %S/Inputs

#include <mpi.h>
#include "shared-globals.h"

int stride = 11, veccount = 7;
static int medcount = 127;
int twice_declared;
int twice_declared = 5;

int bumped = 11;
int handed_out = 11;
int shared_stride = 11;
volatile int jittery = 11;
int set_afterwards = 11;

void bump(void) { bumped++; }
int *hand_out(void) { return &handed_out; }

void strided_puts(int *src, int target, MPI_Win win) {
  for (int j = 0; j < veccount; j++) {
    MPI_Put(src + j * stride, 1, MPI_INT, target, 4 + j * stride, 1, MPI_INT,
            win);
    MPI_Put(src, 1, MPI_INT, target, j * 2 * medcount, 1, MPI_INT, win);
    MPI_Put(src, 1, MPI_INT, target, j * twice_declared, 1, MPI_INT, win);

    MPI_Put(src, 1, MPI_INT, target, j * bumped, 1, MPI_INT, win);
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: displacement 'j * bumped' is computed in 'int' and can overflow
    MPI_Put(src, 1, MPI_INT, target, j * handed_out, 1, MPI_INT, win);
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: displacement 'j * handed_out' is computed in 'int' and can overflow
    MPI_Put(src, 1, MPI_INT, target, j * shared_stride, 1, MPI_INT, win);
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: displacement 'j * shared_stride' is computed in 'int' and can overflow
    MPI_Put(src, 1, MPI_INT, target, j * jittery, 1, MPI_INT, win);
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: displacement 'j * jittery' is computed in 'int' and can overflow
    MPI_Put(src, 1, MPI_INT, target, j * set_afterwards, 1, MPI_INT, win);
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: displacement 'j * set_afterwards' is computed in 'int' and can overflow
  }
}

// A write anywhere in the unit counts, after the use as well.
void reset(int v) { set_afterwards = v; }
