// The note of a local's finding names the store that overflows, not an
// earlier negative sentinel (corpus pattern L, docs/corpus.md).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

void note_points_at_product(char *v, int elem, MPI_Comm comm) {
  int bytes = -1;
  bytes = 2 * elem;
  MPI_Bcast(v, bytes, MPI_BYTE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: count 'bytes' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:11: note: '2 * elem' can overflow 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:42: note: 'elem' is a parameter: its callers may pass any value
}
