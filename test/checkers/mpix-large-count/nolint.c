// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

void suppressed(char *buf, size_t n, MPI_Comm comm) {
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm); // NOLINT(mpix-large-count)
  // NOLINTNEXTLINE(mpix-*)
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // NOLINTBEGIN(mpix-large-count)
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  MPI_Recv(buf, n, MPI_BYTE, 0, 0, comm, MPI_STATUS_IGNORE);
  // NOLINTEND(mpix-large-count)
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm); // NOLINT(some-other-check)
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed
}
