// A count computed from a truncated local is fixed by widening the local:
// the call takes the large-count form and the arithmetic on the local is
// done in MPI_Count. The fixed file compiles and the check finds nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <stddef.h>

void send_half(const char *b, size_t n, MPI_Comm comm) {
  int len = n;
  // CHECK-FIXES: MPI_Count len = n;
  MPI_Send(b, len / 2, MPI_BYTE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'len / 2' is computed from 'len', which holds a value narrowed from 'size_t'
  // CHECK-FIXES: MPIX_Send_x(b, len / 2, MPI_BYTE, 1, 0, comm);
}

void bcast_elements(char *b, size_t bytes, MPI_Comm comm) {
  int size = bytes;
  // CHECK-FIXES: MPI_Count size = bytes;
  size_t elements = size / 8;
  MPI_Bcast(b, elements, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: count 'elements' is computed from 'size', which holds a value narrowed from 'size_t'
  // CHECK-FIXES: MPIX_Bcast_x(b, elements, MPI_DOUBLE, 0, comm);
}

// The count array and the local it is filled from are both widened.
void alltoall_equal(const char *s, char *r, size_t each, int np,
                    MPI_Comm comm) {
  int n = each;
  // CHECK-FIXES: MPI_Count n = each;
  int counts[64], displs[64];
  // CHECK-FIXES: MPI_Count counts[64];
  // CHECK-FIXES: MPI_Aint displs[64];
  for (int i = 0; i < np && i < 64; i++) {
    counts[i] = n;
    displs[i] = 0;
  }
  MPI_Alltoallv(s, counts, displs, MPI_BYTE, r, counts, displs, MPI_BYTE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count array 'counts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:49: warning: count array 'counts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-FIXES: MPIX_Alltoallv_x(s, counts, displs, MPI_BYTE, r, counts, displs, MPI_BYTE, comm);
}

// A running product of extents: widening the local computes it in
// MPI_Count.
void strided(const int *count, int levels, MPI_Datatype *t) {
  int size = 1;
  // CHECK-FIXES: MPI_Count size = 1;
  for (int i = 0; i < levels; i++)
    size *= count[i];
  MPI_Type_contiguous(size, MPI_BYTE, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: count 'size' holds a value computed in 'int' that can overflow
  // CHECK-FIXES: MPIX_Type_contiguous_x(size, MPI_BYTE, t);
}

// An int product held in a wide local, broadcast, and carried to the call
// by an int: the int is widened with the product (PRK's Sparse, Zoltan's
// phg_match: the fix audit found the product widened and the int left to
// narrow it).
void gather_rows(double *v, int shift, MPI_Comm comm) {
  int rank, np, side = 1 << shift;
  long long cells;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &np);
  if (rank == 0)
    cells = side * side;
  // CHECK-FIXES: cells = (MPI_Count)side * side;
  MPI_Bcast(&cells, 1, MPI_LONG_LONG, 0, comm);
  int rows = cells / np;
  // CHECK-FIXES: MPI_Count rows = cells / np;
  MPI_Allgather(MPI_IN_PLACE, rows, MPI_DOUBLE, v, rows, MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: count 'rows' is computed from 'cells', which holds a value computed in 'int' that can overflow
  // CHECK-FIXES: MPIX_Allgather_x(MPI_IN_PLACE, rows, MPI_DOUBLE, v, rows, MPI_DOUBLE, comm);
}

// A narrowed count that also advances a pointer (Quicksilver's receives,
// second round of the fix audit): pointer arithmetic takes the widened
// offset, so the fix is not blocked there.
void post_recvs(double *buf, const size_t *sizes, int nnbr, MPI_Request *req,
                MPI_Comm comm) {
  double *p = buf;
  for (int i = 0; i < nnbr; i++) {
    const int n = sizes[i];
    // CHECK-FIXES: const MPI_Count n = sizes[i];
    MPI_Irecv(p, n, MPI_DOUBLE, i, 0, comm, &req[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'n' holds a value narrowed from 'size_t'
    // CHECK-FIXES: MPIX_Irecv_x(p, n, MPI_DOUBLE, i, 0, comm, &req[i]);
    p += n;
  }
}

// An operand of the product that holds a narrowed size itself (Zoltan's
// reply broadcast, second round of the fix audit): widening the product
// alone would carry the truncated operand to the call, so the operand is
// retyped with it.
void bcast_replies(char *buf, int replies, int header, int dim, MPI_Comm comm) {
  int reply_size;
  // CHECK-FIXES: MPI_Count reply_size;
  reply_size = header * sizeof(int) + dim * sizeof(float);
  MPI_Bcast(buf, replies * reply_size, MPI_CHAR, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'replies * reply_size' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Bcast_x(buf, replies * reply_size, MPI_CHAR, 0, comm);
}
