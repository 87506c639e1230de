// A table refilled after a call, for a later one (SuperLU_DIST's pdutil.c,
// held-out audit): stores that run only after the call cannot be what it
// reads, so the first exchange is judged by the first fill alone, and the
// note of the second points at the sum that reaches it. In a loop around
// both, the later stores reach the next turn's call.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

void two_exchanges(const int *s, int *r, const int *sizes, int np,
                   MPI_Comm comm) {
  int counts[64], displs[64];
  for (int i = 0; i < np && i < 64; i++) {
    counts[i] = 1;
    displs[i] = i;
  }
  MPI_Alltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, comm);
  displs[0] = 0;
  for (int i = 1; i < np && i < 64; i++)
    displs[i] = displs[i - 1] + sizes[i - 1];
  MPI_Alltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, comm);
  // CHECK-NOTES: :[[@LINE-1]]:28: warning: displacement array 'displs' of MPI_Alltoallv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-3]]:5: note: the running sum is computed here
  // CHECK-NOTES: :[[@LINE-3]]:56: warning: displacement array 'displs' of MPI_Alltoallv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-5]]:5: note: the running sum is computed here
}

void exchanges_in_turns(const int *s, int *r, const int *sizes, int np,
                        int turns, MPI_Comm comm) {
  int counts[64], displs[64];
  for (int i = 0; i < np && i < 64; i++) {
    counts[i] = 1;
    displs[i] = i;
  }
  for (int t = 0; t < turns; t++) {
    MPI_Alltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, comm);
    // CHECK-NOTES: :[[@LINE-1]]:30: warning: displacement array 'displs' of MPI_Alltoallv is an 'int' running sum
    // CHECK-NOTES: :[[@LINE+4]]:7: note: the running sum is computed here
    // CHECK-NOTES: :[[@LINE-3]]:58: warning: displacement array 'displs' of MPI_Alltoallv is an 'int' running sum
    // CHECK-NOTES: :[[@LINE+2]]:7: note: the running sum is computed here
    for (int i = 1; i < np && i < 64; i++)
      displs[i] = displs[i - 1] + sizes[i - 1];
  }
}
