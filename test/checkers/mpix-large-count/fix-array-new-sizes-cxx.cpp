// A narrowed local that also sizes an array-new is retyped: `new
// double[n]` takes any integer type (SW4's reduction over its point
// sources, held-out audit: the fix was refused with "this use needs an
// 'int'"). The fixed file compiles and gives nothing.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags

#include <mpi.h>
#include <vector>

void reduce_sources(const std::vector<double> &src, MPI_Comm comm) {
  int n = src.size();
  // CHECK-FIXES: MPI_Count n = src.size();
  double *loc = new double[n];
  double *glob = new double[n];
  for (std::size_t s = 0; s < src.size(); s++)
    loc[s] = src[s];
  MPI_Allreduce(loc, glob, n, MPI_DOUBLE, MPI_MAX, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-FIXES: MPIX_Allreduce_x(loc, glob, n, MPI_DOUBLE, MPI_MAX, comm);
  delete[] loc;
  delete[] glob;
}
