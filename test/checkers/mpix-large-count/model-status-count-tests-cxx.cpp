// C++ form of model-status-count-tests.c: an 'int' status count that is only
// asserted equal or printed behaves as the exact count would, since the
// MPI_UNDEFINED a query stores for a count over 2^31-1 equals no count an
// 'int' can hold. A lambda that captures it, or a stream that formats it
// through an overloaded operator, is not looked into.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <cassert>
#include <cstdio>
#include <vector>

void asserted(MPI_Status &st, const std::vector<int> &expected, int j) {
  int count = 0;
  MPI_Get_count(&st, MPI_INT, &count);
  assert(count == expected[j]);
  std::printf("received %d\n", count);
}

void captured(MPI_Status &st) {
  int count = 0;
  MPI_Get_count(&st, MPI_INT, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  auto same = [&](int n) { return count == n; };
  assert(same(3));
  std::vector<int> sized(count);
}

void resized(MPI_Status &st, std::vector<char> &buf) {
  int count = 0;
  MPI_Get_count(&st, MPI_CHAR, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1
  if (count != static_cast<int>(buf.size()))
    buf.resize(count);
}
