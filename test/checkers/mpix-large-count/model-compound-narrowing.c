// `x op= y` computes `x op y` in the wider of the two types and converts the
// result back to x's with no cast in the source to show it: `bytes *=
// sizeof(struct edge)` on an int is a size_t product narrowed into bytes,
// and `n += total` with a long total narrows the sum. Both are judged as the
// narrowing they are, on locals and on the elements of count arrays (a
// count array scaled in place from elements to bytes before an
// MPI_Alltoallv). The fix widens the local or the array; the fixed file
// compiles and the check finds nothing in it.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <stddef.h>

struct edge {
  long from, to;
  double weight;
};

void scaled_to_bytes(const struct edge *edges, int nedges, MPI_Comm comm) {
  int bytes = nedges;
  // CHECK-FIXES: MPI_Count bytes = nedges;
  bytes *= sizeof(struct edge);
  MPI_Send(edges, bytes, MPI_BYTE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: count 'bytes' holds a value narrowed from 'unsigned long'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'bytes *= sizeof(struct edge)' of type 'unsigned long' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:15: note: 'bytes' is assigned 'nedges' here, which the analysis cannot bound
  // CHECK-FIXES: MPIX_Send_x(edges, bytes, MPI_BYTE, 1, 0, comm);
}

void summed_with_long(double *buf, int n, long extra, MPI_Comm comm) {
  int count = n;
  // CHECK-FIXES: MPI_Count count = n;
  count += extra;
  MPI_Send(buf, count, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'count' holds a value narrowed from 'long'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'count += extra' of type 'long' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:15: note: 'count' is assigned 'n' here, which the analysis cannot bound
  // CHECK-FIXES: MPIX_Send_x(buf, count, MPI_DOUBLE, 1, 0, comm);
}

// Counts received as ints, then scaled to bytes in place: each element is
// a size_t product stored back into an int.
void exchange_edges(const int *outgoing, const char *sbuf, char *rbuf,
                    MPI_Comm comm) {
  int scounts[64], rcounts[64], sdispls[64], rdispls[64];
  // CHECK-FIXES: MPI_Count scounts[64];
  // CHECK-FIXES-NEXT: MPI_Count rcounts[64];
  // CHECK-FIXES-NEXT: MPI_Aint sdispls[64];
  // CHECK-FIXES-NEXT: MPI_Aint rdispls[64];
  for (int p = 0; p < 64; p++)
    scounts[p] = outgoing[p];
  MPI_Alltoall(scounts, 1, MPI_INT, rcounts, 1, MPI_INT, comm);
  // CHECK-FIXES: MPI_Alltoall(scounts, 1, MPI_COUNT, rcounts, 1, MPI_COUNT, comm);
  for (int p = 0; p < 64; p++) {
    scounts[p] *= sizeof(struct edge);
    rcounts[p] *= sizeof(struct edge);
    sdispls[p] = p * 24;
    rdispls[p] = 0;
  }
  MPI_Alltoallv(sbuf, scounts, sdispls, MPI_BYTE, rbuf, rcounts, rdispls,
                MPI_BYTE, comm);
  // CHECK-NOTES: :[[@LINE-2]]:23: warning: count array 'scounts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-8]]:5: note: 'scounts[p] *= sizeof(struct edge)' of type 'unsigned long' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-4]]:57: warning: count array 'rcounts' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-9]]:5: note: 'rcounts[p] *= sizeof(struct edge)' of type 'unsigned long' is narrowed to 'int' here
  // CHECK-FIXES: MPIX_Alltoallv_x(sbuf, scounts, sdispls, MPI_BYTE, rbuf, rcounts, rdispls,
}

// The wider computation fits: a small count scaled, a quotient by a long,
// a sum guarded below INT_MAX.
void fits(const struct edge *edges, long parts, long extra, MPI_Comm comm) {
  int bytes = 1000;
  bytes *= sizeof(struct edge);
  MPI_Send(edges, bytes, MPI_BYTE, 1, 0, comm);
  int share = 4096;
  share /= parts;
  MPI_Send(edges, share, MPI_BYTE, 1, 0, comm);
  int total = 10;
  if (extra >= 0 && extra < 1000000)
    total += extra;
  MPI_Send(edges, total, MPI_BYTE, 1, 0, comm);
}
