// The model of a run: a communicator has at most MaxProcesses (2^24)
// processes, so ranks, sizes and loop indices below a size are small, and
// displacements such as i * 2 cannot overflow. An unbounded factor still
// can, and the note says why. StrictTypes brings back the type-only worst
// case; a larger MaxProcesses lets i * 2 overflow again.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %check_mpix_tidy --check-suffix=STRICT %s mpix-large-count %t-strict \
// RUN:   --config="{CheckOptions: {mpix-large-count.StrictTypes: true}}" -- %mpi_cflags
// RUN: %check_mpix_tidy --check-suffix=HUGE %s mpix-large-count %t-huge \
// RUN:   --config="{CheckOptions: {mpix-large-count.MaxProcesses: 2147483647}}" -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

// A placeholder initializer, then the size: the generated-benchmark shape.
void exchange_reversed(MPI_Comm comm) {
  int nprocs = -1;
  MPI_Comm_size(comm, &nprocs);
  int *sbuf = malloc(2 * sizeof(int) * nprocs), *rbuf = malloc(2 * sizeof(int) * nprocs);
  int *scounts = malloc(sizeof(int) * nprocs), *rcounts = malloc(sizeof(int) * nprocs);
  int *sdispls = malloc(sizeof(int) * nprocs), *rdispls = malloc(sizeof(int) * nprocs);
  for (int i = 0; i < nprocs; i++) {
    scounts[i] = 2;
    rcounts[i] = 2;
    sdispls[i] = (nprocs - (i + 1)) * 2;
    rdispls[i] = i * 2;
  }
  MPI_Alltoallv(sbuf, scounts, sdispls, MPI_INT, rbuf, rcounts, rdispls, MPI_INT, comm);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:32: warning: displacement array 'sdispls' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:65: warning: displacement array 'rdispls' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-HUGE: :[[@LINE-3]]:32: warning: displacement array 'sdispls' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-HUGE: :[[@LINE-4]]:65: warning: displacement array 'rdispls' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  free(sbuf); free(rbuf); free(scounts); free(rcounts); free(sdispls); free(rdispls);
}

void gather_reversed(int rank, MPI_Comm comm) {
  int nprocs;
  MPI_Comm_size(comm, &nprocs);
  int *rbuf = malloc(2 * sizeof(int) * nprocs), *rcounts = malloc(sizeof(int) * nprocs);
  int *displs = malloc(sizeof(int) * nprocs);
  for (int i = 0; i < nprocs; i++) {
    rcounts[i] = 2;
    displs[i] = 2 * (nprocs - (i + 1));
  }
  MPI_Allgatherv(&rank, 1, MPI_INT, rbuf, rcounts, displs, MPI_INT, comm);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:52: warning: displacement array 'displs' of MPI_Allgatherv
  // CHECK-MESSAGES-HUGE: :[[@LINE-2]]:52: warning: displacement array 'displs' of MPI_Allgatherv
  free(rbuf); free(rcounts); free(displs);
}

// A rank times a small block; the group's size bounds a count too.
void rank_offsets(double *buf, MPI_Comm comm) {
  int rank, size;
  MPI_Group group;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_group(comm, &group);
  MPI_Group_size(group, &size);
  MPI_Send(buf, rank * 100, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:17: warning: count 'rank * 100' is computed in 'int' and can overflow
  // CHECK-MESSAGES-HUGE: :[[@LINE-2]]:17: warning: count 'rank * 100' is computed in 'int' and can overflow
  MPI_Send(buf, size * 64, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:17: warning: count 'size * 64' is computed in 'int' and can overflow
  // CHECK-MESSAGES-HUGE: :[[@LINE-2]]:17: warning: count 'size * 64' is computed in 'int' and can overflow
  MPI_Group_free(&group);
}

// 2^24 processes times 1000 elements do not fit: still reported.
void big_blocks(double *buf, MPI_Comm comm) {
  int nprocs;
  MPI_Comm_size(comm, &nprocs);
  MPI_Bcast(buf, nprocs * 1000, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'nprocs * 1000' is computed in 'int' and can overflow
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:18: warning: count 'nprocs * 1000' is computed in 'int' and can overflow
  // CHECK-MESSAGES-HUGE: :[[@LINE-3]]:18: warning: count 'nprocs * 1000' is computed in 'int' and can overflow
}

// An input times an index below the size: a message size read from the
// command line can be anything. Reported under every model, with why.
int main(int argc, char **argv) {
  int nprocs, rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int r_num = atoi(argv[1]);
  int *sendbuf = malloc(sizeof(int) * r_num);
  int *rbuf = malloc(sizeof(int) * nprocs);
  int *rcounts = malloc(sizeof(int) * nprocs);
  int *rdispl = malloc(sizeof(int) * nprocs);
  for (int i = 0; i < nprocs; i++) {
    rcounts[i] = r_num;
    rdispl[i] = r_num * i;
  }
  MPI_Gatherv(sendbuf, r_num, MPI_INT, rbuf, rcounts, rdispl, MPI_INT, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: displacement array 'rdispl' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:55: warning: displacement array 'rdispl' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-HUGE: :[[@LINE-3]]:55: warning: displacement array 'rdispl' of MPI_Gatherv is filled with values that can exceed INT_MAX
  MPI_Finalize();
  return 0;
}

// A communicator holds at least the calling process: dividing an int's
// worth by its size gives an int's worth (a divisor of -1 would not).
// A group may be empty, and its size is no such divisor.
void shares(double *buf, int cells_in, MPI_Comm comm, MPI_Group group) {
  long long cells = cells_in;
  int nprocs, members;
  MPI_Comm_size(comm, &nprocs);
  int mine = cells / nprocs;
  MPI_Send(buf, mine, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:17: warning: count 'mine' holds a value narrowed from 'long long'
  MPI_Group_size(group, &members);
  MPI_Send(buf, cells / members, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'cells / members' of type 'long long' is narrowed to 'int'
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count 'cells / members' of type 'long long' is narrowed to 'int'
  // CHECK-MESSAGES-HUGE: :[[@LINE-3]]:17: warning: count 'cells / members' of type 'long long' is narrowed to 'int'
}
