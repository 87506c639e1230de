// C++ twins of model-same-product.c: a vector sized with an int product
// does not bound the same product handed to MPI after it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- -std=c++17 %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES --implicit-check-not=warning:

#include <mpi.h>
#include <vector>

void gather_fields(const std::vector<double> &mine, int fields, int atoms,
                   MPI_Comm comm) {
  std::vector<double> all(fields * atoms);
  MPI_Allreduce(mine.data(), all.data(), atoms * fields, MPI_DOUBLE, MPI_SUM,
                comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:42: warning: count 'atoms * fields' is computed in 'int' and can overflow
}
// NOTES: model-same-product-cxx.cpp:12:42: warning: count 'atoms * fields'
// NOTES: model-same-product-cxx.cpp:11:27: note: 'all' is allocated with 'fields * atoms', computed in 'int': it wraps as the count does, and a widened count would overrun it

// Control: each field's slice starts below the whole.
void put_fields(MPI_Win win, int fields, int atoms) {
  std::vector<double> all(fields * atoms);
  for (int f = 0; f < fields; ++f)
    MPI_Put(all.data(), 1, MPI_DOUBLE, 1, f * atoms, 1, MPI_DOUBLE, win);
}
