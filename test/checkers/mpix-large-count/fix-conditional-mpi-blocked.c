// A fix that would write MPI's types outside the #if branch its call is
// compiled in is not made: the build without MPI would not know them
// (CoMD's DO_MPI wrappers, in the fix audit). The warning stays, with a
// note naming the condition.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags -DUSE_MPI

#ifdef USE_MPI
#include <mpi.h>
#endif
#include <stddef.h>
#include <stdio.h>

void send_rows(char *buf, size_t bytes) {
  int len = bytes;
  // CHECK-FIXES: {{^}}  int len = bytes;
#ifdef USE_MPI
  MPI_Send(buf, len, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'len' holds a value narrowed from 'size_t'
  // CHECK-NOTES: :[[@LINE-5]]:13: note: 'bytes' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-7]]:34: note: 'bytes' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-7]]:3: note: no automatic fix: the call is compiled only when 'defined(USE_MPI)' holds, and this edit would be made for every build
  // CHECK-FIXES: {{^}}  MPI_Send(buf, len, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
#else
  printf("serial: %p %d\n", (void *)buf, len);
#endif
}
