// Statuses kept in a local array, in C++ (model-status-arrays.c): each
// element holds one of the counts the fills of the array leave.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <cstddef>

struct Exchange {
  int chunk;
  MPI_Comm comm;

  // Both elements filled by int receives: at most INT_MAX each.
  int received(char *a, char *b) const {
    MPI_Request rq[2];
    MPI_Status st[2];
    MPI_Irecv(a, chunk, MPI_BYTE, 0, 0, comm, &rq[0]);
    MPI_Irecv(b, chunk, MPI_BYTE, 1, 0, comm, &rq[1]);
    MPI_Waitall(2, rq, st);
    int first = 0, second = 0;
    MPI_Get_count(&st[0], MPI_BYTE, &first);
    MPI_Get_count(&st[1], MPI_BYTE, &second);
    return first > second ? first : second;
  }

  // One element filled by a receive of a size_t count, narrowed.
  int received_sized(char *a, std::size_t n) const {
    MPI_Status st[1];
    MPI_Recv(a, n, MPI_BYTE, 0, 0, comm, &st[0]);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n' of type 'std::size_t' is narrowed to 'int'
    int got = 0;
    MPI_Get_count(&st[0], MPI_BYTE, &got);
    // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
    return got;
  }
};
