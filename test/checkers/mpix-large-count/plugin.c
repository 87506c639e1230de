// The plugin gives stock clang-tidy-19 the same check.
// RUN: %check_mpix_tidy --via-plugin %s mpix-large-count %t -- %mpi_cflags
// RUN: clang-tidy-19 --load %mpix_plugin --checks='-*,mpix-*' --list-checks | FileCheck --check-prefix=LIST %s
// RUN: %mpix_tidy --checks='-*,mpix-*' --list-checks | FileCheck --check-prefix=LIST %s
// LIST: mpix-large-count

#include <mpi.h>
#include <stddef.h>

void f(char *buf, size_t n, MPI_Comm comm) {
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed to 'int'
}
