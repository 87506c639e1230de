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

// A table of the unnamed namespace only read, and a rank MPI stores in a
// global of it, are bounded as in C.
namespace {
int piece_sizes[] = {64, 4096};
int my_rank;
} // namespace
void send_pieces(const double *buf, MPI_Comm comm) {
  MPI_Comm_rank(comm, &my_rank);
  for (int k = 0; k < 2; ++k)
    MPI_Send(buf, piece_sizes[k] * 1000, MPI_DOUBLE, 0, 2, comm);
  MPI_Send(buf, my_rank * 64, MPI_DOUBLE, 0, 3, comm);
  MPI_Send(buf, my_rank * 1024, MPI_DOUBLE, 0, 4, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'my_rank * 1024' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'my_rank * 1024' can overflow 'int' here: my_rank up to 16777215, 1024
}
