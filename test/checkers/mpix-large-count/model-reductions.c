// The model of a run: a reduction over the processes. Every process runs
// the same program, so each one's input lies where the analysis bounds the
// caller's; the maximum or minimum of those inputs lies there too, and
// their sum within that range times a number of processes (at most
// MaxProcesses, 2^24). libsc's rank ranges (held-out audit): twice the
// maximum of a count below the number of processes was reported.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

// The largest rank: below the communicator size.
void max_of_ranks(int *in, int *out, MPI_Comm comm) {
  int rank, most;
  MPI_Comm_rank(comm, &rank);
  MPI_Allreduce(&rank, &most, 1, MPI_INT, MPI_MAX, comm);
  MPI_Allgather(in, 2 * most, MPI_INT, out, 2 * most, MPI_INT, comm);
}

// A count of flags: at most one a process.
void sum_of_flags(int *b, int flag, MPI_Comm comm) {
  int mine = flag != 0, set;
  MPI_Allreduce(&mine, &set, 1, MPI_INT, MPI_SUM, comm);
  MPI_Send(b, 64 * set, MPI_INT, 0, 0, comm);
  MPI_Send(b, 1024 * set, MPI_INT, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '1024 * set' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '1024 * set' can overflow 'int' here: 1024, set up to 16777216
}

// In place, a maximum is one of the values the processes held; a sum is
// not.
void in_place(int *b, int flag, MPI_Comm comm) {
  int any = flag != 0, count = flag != 0;
  MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_MAX, comm);
  MPI_Send(b, 1024 * any, MPI_INT, 0, 0, comm);
  MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_INT, MPI_SUM, comm);
  MPI_Send(b, 1024 * count, MPI_INT, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '1024 * count' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '1024 * count' can overflow 'int' here: 1024, count unbounded
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'count' is an output of MPI_Allreduce here, which the analysis cannot bound
}

// The maximum of what the analysis cannot bound, a product, a datatype
// that is not predefined: as unbounded as their inputs.
void unbounded(int *b, int n, MPI_Datatype t, MPI_Comm comm) {
  int most, prod, other, small = 3;
  MPI_Allreduce(&n, &most, 1, MPI_INT, MPI_MAX, comm);
  MPI_Send(b, 2 * most, MPI_INT, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '2 * most' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '2 * most' can overflow 'int' here: 2, most unbounded
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'most' is an output of MPI_Allreduce here, which the analysis cannot bound
  MPI_Allreduce(&small, &prod, 1, MPI_INT, MPI_PROD, comm);
  MPI_Send(b, 2 * prod, MPI_INT, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '2 * prod' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '2 * prod' can overflow 'int' here: 2, prod unbounded
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'prod' is an output of MPI_Allreduce here, which the analysis cannot bound
  MPI_Allreduce(&small, &other, 1, t, MPI_MAX, comm);
  MPI_Send(b, 2 * other, MPI_INT, 0, 2, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '2 * other' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '2 * other' can overflow 'int' here: 2, other unbounded
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'other' is an output of MPI_Allreduce here, which the analysis cannot bound
}

// Rooted, nonblocking and prefix reductions, and an array of known
// elements as the input.
void other_reductions(int *b, MPI_Comm comm) {
  int sizes[2] = {16, 32}, most[2], least, prefix, rank;
  MPI_Request rq;
  MPI_Comm_rank(comm, &rank);
  MPI_Reduce(sizes, most, 2, MPI_INT, MPI_MAX, 0, comm);
  MPI_Iallreduce(&rank, &least, 1, MPI_INT, MPI_MIN, comm, &rq);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
  MPI_Scan(&rank, &prefix, 1, MPI_INT, MPI_MAX, comm);
  if (rank == 0)
    MPI_Send(b, most[0] * 1000, MPI_INT, 1, 0, comm);
  MPI_Send(b, 64 * least + 64 * prefix, MPI_INT, 0, 1, comm);
}
