// A code that builds with and without MPI (PENNANT's USE_MPI, in the fix
// audit): a call compiled only under `#ifdef USE_MPI` gets <mpix.h> under
// the same condition, so that both builds of the fixed file compile, and
// the fixed file is clean.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags -DUSE_MPI
// RUN: %mpicc -fsyntax-only -Wall -Werror -DUSE_MPI %mpix_cflags %t.c
// RUN: clang-19 -fsyntax-only -Wall -Werror %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags -DUSE_MPI

#ifdef USE_MPI
#include <mpi.h>
#endif
// CHECK-FIXES: {{^}}#include <mpi.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#if defined(USE_MPI){{$}}
// CHECK-FIXES-NEXT: {{^}}#include <mpix.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#endif{{$}}
#include <stdio.h>

void send_block(char *buf, int n, int size, int dest) {
#ifdef USE_MPI
  MPI_Send(buf, n * size, MPI_BYTE, dest, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n * size' is computed in 'int' and can overflow before MPI sees it
  // CHECK-FIXES: MPIX_Send_x(buf, (MPI_Count)n * size, MPI_BYTE, dest, 0, MPI_COMM_WORLD);
#else
  printf("serial: %p %d %d %d\n", (void *)buf, n, size, dest);
#endif
}
