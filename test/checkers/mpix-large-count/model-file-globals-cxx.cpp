// C++: a variable of an unnamed namespace, or a static one, is this file's
// own, as in C (model-file-globals.c): it holds what the file stores in it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <cstdlib>
#include <cstring>

namespace {
std::size_t header_bytes;
int chunk;
} // namespace
static int parsed;

void configure(const char *arg) {
  header_bytes = 4 * sizeof(long);
  chunk = 1 << 16;
  parsed = std::atoi(arg);
}

void send_chunks(const char *buf, MPI_Comm comm) {
  MPI_Send(buf, static_cast<int>(header_bytes) + chunk * 8, MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, parsed * 8, MPI_BYTE, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'parsed * 8' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'parsed * 8' can overflow 'int' here: parsed unbounded, 8
  // CHECK-NOTES: :[[@LINE-8]]:3: note: 'parsed' is assigned 'std::atoi(arg)' here, in 'configure'
}
