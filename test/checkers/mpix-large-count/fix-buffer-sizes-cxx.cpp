// C++ twin of fix-buffer-sizes.c: buffers from new[], a vector's
// constructor and resize(), reached through data(), &v[0] and a member
// (resized by the constructor too).
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- -std=c++17 %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES --implicit-check-not=warning:

#include <mpi.h>
#include <cstddef>
#include <vector>

void exchange_planes(int nx, int ny, int peer, MPI_Comm comm) {
  double *out = new double[nx * ny];
  // CHECK-FIXES: double *out = new double[(size_t)nx * ny];
  std::vector<double> in(nx * ny);
  // CHECK-FIXES: std::vector<double> in((size_t)nx * ny);
  MPI_Sendrecv(out, nx * ny, MPI_DOUBLE, peer, 0, in.data(), nx * ny,
               MPI_DOUBLE, peer, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-2]]:21: warning: count 'nx * ny' is computed in 'int' and can overflow
  // CHECK-MESSAGES: :[[@LINE-3]]:62: warning: count 'nx * ny' is computed in 'int' and can overflow
  // CHECK-FIXES: MPIX_Sendrecv_x(out, (MPI_Count)nx * ny, MPI_DOUBLE, peer, 0, in.data(), (MPI_Count)nx * ny,
  delete[] out;
}
// NOTES: fix-buffer-sizes-cxx.cpp:19:21: warning: count 'nx * ny'
// NOTES: fix-buffer-sizes-cxx.cpp:15:28: note: 'out' is allocated with 'nx * ny', computed in 'int': it wraps as the count does, and a widened count would overrun it
// NOTES: fix-buffer-sizes-cxx.cpp:19:62: warning: count 'nx * ny'
// NOTES: fix-buffer-sizes-cxx.cpp:17:26: note: 'in' is allocated with 'nx * ny', computed in 'int'

class Halo {
public:
  Halo(int faces, int depth) { slab.resize(faces * depth * 8); }
  // CHECK-FIXES: Halo(int faces, int depth) { slab.resize((size_t)faces * depth * 8); }
  void receive(int faces, int depth, MPI_Comm comm) {
    slab.resize(faces * depth * 8);
    // CHECK-FIXES: slab.resize((size_t)faces * depth * 8);
    MPI_Recv(&slab[0], faces * depth * 8, MPI_BYTE, 0, 0, comm,
             MPI_STATUS_IGNORE);
    // CHECK-MESSAGES: :[[@LINE-2]]:24: warning: count 'faces * depth * 8' is computed in 'int' and can overflow
    // CHECK-FIXES: MPIX_Recv_x(&slab[0], (MPI_Count)faces * depth * 8, MPI_BYTE, 0, 0, comm,
  }

private:
  std::vector<char> slab;
};
// NOTES: fix-buffer-sizes-cxx.cpp:38:24: warning: count 'faces * depth * 8'
// NOTES: fix-buffer-sizes-cxx.cpp:33:44: note: 'slab' is allocated with 'faces * depth * 8', computed in 'int'
// NOTES: fix-buffer-sizes-cxx.cpp:36:17: note: 'slab' is allocated with 'faces * depth * 8', computed in 'int'
