// C++: a bool flag chooses the count and guards its use (see
// model-correlated-branches.c).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <climits>
#include <cstdint>
#include <mpi.h>

bool wants_large(int argc);

void send_by_flag(int argc, char *buf, MPI_Comm comm) {
  const bool large = wants_large(argc);
  std::int64_t count = 0;
  if (large)
    count = std::int64_t(INT_MAX) * 4;
  else
    count = 1024;
  if (!large)
    MPI_Send(buf, static_cast<int>(count), MPI_CHAR, 0, 0, comm);
  else
    MPI_Send(buf, static_cast<int>(count), MPI_CHAR, 0, 1, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'count' of type 'std::int64_t' is narrowed to 'int'
}
