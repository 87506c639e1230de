// The model of a run: a C string is a name, a path, a key or a message,
// never gigabytes; strlen of one is at most MaxStringLength (2^30), so
// `strlen(s) + 1` fits a count (a hostname or a file name sent whole,
// ECP-VeloC's redset and shuffile, held-out audit). A longer limit, or
// arithmetic that scales the length past INT_MAX, is reported.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=LONG %s mpix-large-count %t-long \
// RUN:   --config="{CheckOptions: {mpix-large-count.MaxStringLength: 4294967296}}" -- %mpi_cflags

#include <mpi.h>
#include <string.h>

void send_name(const char *path, int peer, MPI_Comm comm) {
  int n = strlen(path) + 1;
  MPI_Send(path, n, MPI_CHAR, peer, 0, comm);
  // CHECK-MESSAGES-LONG: :[[@LINE-1]]:18: warning: count 'n' holds a value narrowed from 'unsigned long'
  MPI_Send(path, strlen(path) * 4, MPI_CHAR, peer, 1, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'strlen(path) * 4' of type 'unsigned long' is narrowed to 'int'
  // CHECK-MESSAGES-LONG: :[[@LINE-2]]:18: warning: count 'strlen(path) * 4' of type 'unsigned long' is narrowed to 'int'
}
