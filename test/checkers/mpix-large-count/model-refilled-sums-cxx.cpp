// Displacements refilled with a second running sum for a second gather
// (conduit's flatten helpers, held-out audit): each warning's note names
// the sum that reaches its own call.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

void two_gathers(double *a, double *b, const int *na, const int *nb, int np,
                 MPI_Comm comm) {
  std::vector<int> counts(np), displs(np);
  int off = 0;
  for (int i = 0; i < np; i++) {
    counts[i] = na[i];
    displs[i] = off;
    off += na[i];
  }
  MPI_Gatherv(a, na[0], MPI_DOUBLE, a, counts.data(), displs.data(),
              MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-2]]:55: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-6]]:5: note: the running sum is computed here
  off = 0;
  for (int i = 0; i < np; i++) {
    counts[i] = nb[i];
    displs[i] = off;
    off += nb[i];
  }
  MPI_Gatherv(b, nb[0], MPI_DOUBLE, b, counts.data(), displs.data(),
              MPI_DOUBLE, 0, comm);
  // CHECK-NOTES: :[[@LINE-2]]:55: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-6]]:5: note: the running sum is computed here
}
