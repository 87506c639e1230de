// The bound of a variable-length array only reads what bounds it: a
// communicator's size used as one (`int counts[n]`) is still the size.
// It had counted as handed out, making the displacements below unbounded
// (ParallelIO's rearranger, held-out audit). Each is at most 8 * (2^24 -
// 1). Control: a bound written through its address by another function
// still leaves them unbounded. (A member used as a bound, `int
// tmp[s->n]`, is tool/summaries-array-bounds.test.)
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

int exchange_sized(MPI_Comm comm, int *sbuf, int *rbuf) {
  int n;
  MPI_Comm_size(comm, &n);
  int counts[n], displs[n];
  for (int i = 0; i < n; i++) {
    counts[i] = 1;
    displs[i] = i * 8;
  }
  return MPI_Alltoallv(sbuf, counts, displs, MPI_INT, rbuf, counts, displs,
                       MPI_INT, comm);
}

int exchange_typed(MPI_Comm comm, int *sbuf, int *rbuf) {
  int n;
  MPI_Comm_size(comm, &n);
  int counts[n][1], displs[n];
  MPI_Datatype types[n];
  for (int i = 0; i < n; i++) {
    counts[i][0] = 1;
    displs[i] = i * 8;
    types[i] = MPI_INT;
  }
  return MPI_Alltoallw(sbuf, counts[0], displs, types, rbuf, counts[0], displs,
                       types, comm);
}

void set_count(int *n);

int exchange_unknown(MPI_Comm comm, int *sbuf, int *rbuf) {
  int n;
  set_count(&n);
  int counts[n], displs[n];
  for (int i = 0; i < n; i++) {
    counts[i] = 1;
    displs[i] = i * 8;
  }
  return MPI_Alltoallv(sbuf, counts, displs, MPI_INT, rbuf, counts, displs,
                       MPI_INT, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:38: warning: displacement array 'displs' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-3]]:69: warning: displacement array 'displs' of MPI_Alltoallv is filled with values that can exceed INT_MAX
}
