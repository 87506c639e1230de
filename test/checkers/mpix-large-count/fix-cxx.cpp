// C++ fixes under both targets; the fixed file compiles with -Wall -Werror
// and the check has nothing more to say.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpix.h>
#include <vector>

void send_vector(const std::vector<double> &v, MPI_Comm comm) {
  MPI_Send(v.data(), static_cast<int>(v.size()), MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:22: warning: count 'v.size()' of type 'size_t' is narrowed
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:22: warning: count 'v.size()' of type 'size_t' is narrowed
  // CHECK-FIXES-MPICH: MPI_Send_c(v.data(), v.size(), MPI_DOUBLE, 1, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(v.data(), v.size(), MPI_DOUBLE, 1, 0, comm);
}

void local_count(std::vector<char> &v, MPI_Comm comm) {
  int n = v.size();
  // CHECK-FIXES-MPICH: MPI_Count n = v.size();
  // CHECK-FIXES-OPENMPI: MPI_Count n = v.size();
  MPI_Bcast(v.data(), n, MPI_CHAR, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:23: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:23: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-FIXES-MPICH: MPI_Bcast_c(v.data(), n, MPI_CHAR, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Bcast_x(v.data(), n, MPI_CHAR, 0, comm);
}

void alltoallv(const double *sb, double *rb, int p, MPI_Comm comm) {
  int *sc = new int[p], *unused = nullptr;
  int *rc = new int[p];
  int *sd = new int[p];
  int *rd = new int[p];
  // CHECK-FIXES-MPICH: MPI_Count *rc = new MPI_Count[p];
  // CHECK-FIXES-MPICH-NEXT: MPI_Aint *sd = new MPI_Aint[p];
  // CHECK-FIXES-MPICH-NEXT: MPI_Aint *rd = new MPI_Aint[p];
  for (int i = 0; i < p; ++i)
    rc[i] = 4;
  sd[0] = rd[0] = 0;
  for (int i = 1; i < p; ++i) {
    sd[i] = sd[i - 1] + rc[i - 1];
    rd[i] = rd[i - 1] + rc[i - 1];
  }
  MPI_Alltoallv(sb, rc, sd, MPI_DOUBLE, rb, rc, rd, MPI_DOUBLE, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:25: warning: displacement array 'sd' of MPI_Alltoallv is an 'int' running sum
  // CHECK-MESSAGES-MPICH: :[[@LINE-2]]:49: warning: displacement array 'rd' of MPI_Alltoallv is an 'int' running sum
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-3]]:25: warning: displacement array 'sd' of MPI_Alltoallv is an 'int' running sum
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-4]]:49: warning: displacement array 'rd' of MPI_Alltoallv is an 'int' running sum
  // CHECK-FIXES-MPICH: MPI_Alltoallv_c(sb, rc, sd, MPI_DOUBLE, rb, rc, rd, MPI_DOUBLE, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Alltoallv_x(sb, rc, sd, MPI_DOUBLE, rb, rc, rd, MPI_DOUBLE, comm);
  delete[] sc;
  delete[] unused;
  delete[] rc;
  delete[] sd;
  delete[] rd;
}
