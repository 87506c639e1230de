// A container class derived from std::vector that hands its elements out
// through an accessor of its own (`T *dataPtr() { return this->data(); }`,
// AMReX's Vector, held-out audit): the array passed as `v.dataPtr()` is
// the vector's, as `v.data()` is, and its stores are judged. Both calls of
// each pair are reported.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

template <class T> struct Vec : std::vector<T> {
  using std::vector<T>::vector;
  T *dataPtr() { return this->data(); }
  T *elements() { return dataPtr(); }
};

void gather_all(const double *mine, int mycount, double *all, int root,
                MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  Vec<int> counts(np, 0), displs(np, 0);
  MPI_Gather(&mycount, 1, MPI_INT, counts.dataPtr(), 1, MPI_INT, root, comm);
  for (int p = 1; p < np; ++p)
    displs[p] = displs[p - 1] + counts[p - 1];
  MPI_Gatherv(mine, mycount, MPI_DOUBLE, all, counts.dataPtr(),
              displs.dataPtr(), MPI_DOUBLE, root, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  MPI_Gatherv(mine, mycount, MPI_DOUBLE, all, counts.data(),
              displs.elements(), MPI_DOUBLE, root, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
}
