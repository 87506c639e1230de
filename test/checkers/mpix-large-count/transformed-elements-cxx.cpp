// Count and displacement arrays filled by std::transform: each return of
// its lambda is an element store, converted to the element type as
// `out[i] = v` is. A library layer that takes size_t counts and converts
// them for MPI with `[](size_t n) -> int { return int(n); }` narrows every
// element (ADIOS2's MPI layer, held-out audit; the same narrowing written
// as a loop was already reported). The note names the range the lambda
// reads. No fix: the lambda itself narrows, and a back_inserter or an
// iterator into the vector may assume 'int' elements.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- -std=c++17 %mpi_cflags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTES

#include <mpi.h>
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <vector>

void allgatherv(const void *sbuf, int scount, void *rbuf, const size_t *counts,
                const size_t *displs, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  std::vector<int> countsInt, displsInt;
  auto cast = [](size_t sz) -> int { return int(sz); };
  countsInt.reserve(size);
  std::transform(counts, counts + size, std::back_inserter(countsInt), cast);
  std::transform(displs, displs + size, std::back_inserter(displsInt),
                 [](size_t d) { return static_cast<int>(d); });
  MPI_Allgatherv(sbuf, scount, MPI_BYTE, rbuf, countsInt.data(),
                 displsInt.data(), MPI_BYTE, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:48: warning: count array 'countsInt' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES: :[[@LINE-2]]:18: warning: displacement array 'displsInt' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-4]]:48: warning: count array 'countsInt'
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-10]]:49: note: 'sz' of type 'size_t' is narrowed to 'int' here
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-9]]:3: note: the lambda is given each element of 'counts' and its return is stored into 'countsInt' here
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-6]]:18: warning: displacement array 'displsInt'
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-9]]:57: note: 'd' of type 'size_t' is narrowed to 'int' here
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-11]]:3: note: the lambda is given each element of 'displs' and its return is stored into 'displsInt' here
}

// An iterator into a sized vector, and a lambda whose deduced return type
// is 'long': the conversion is the store's.
void gatherv(const void *sbuf, int scount, void *rbuf,
             const std::vector<long> &counts, int root, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  std::vector<int> countsInt(size), displsInt(size, 0);
  std::transform(counts.begin(), counts.end(), countsInt.begin(),
                 [](long c) { return c; });
  MPI_Gatherv(sbuf, scount, MPI_BYTE, rbuf, countsInt.data(), displsInt.data(),
              MPI_BYTE, root, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:45: warning: count array 'countsInt' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-3]]:45: warning: count array 'countsInt'
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-5]]:38: note: 'c' of type 'long' is narrowed to 'int' here
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-7]]:3: note: the lambda is given each element of 'counts' and its return is stored into 'countsInt' here
  // NOTES: transformed-elements-cxx.cpp:[[#@LINE-8]]:48: note: no automatic fix: 'countsInt' is used here in a way that needs 'int' elements
}

// Controls: values that fit 'int', and a lambda that clamps.
void small(const void *sbuf, int scount, void *rbuf,
           const std::vector<short> &counts, const size_t *big, MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  std::vector<int> countsInt(size), displsInt(size, 0);
  std::transform(counts.begin(), counts.end(), countsInt.begin(),
                 [](short c) { return c; });
  MPI_Allgatherv(sbuf, scount, MPI_BYTE, rbuf, countsInt.data(),
                 displsInt.data(), MPI_BYTE, comm);
  std::transform(big, big + size, countsInt.begin(), [](size_t n) {
    return n > 1000 ? 1000 : static_cast<int>(n);
  });
  MPI_Allgatherv(sbuf, scount, MPI_BYTE, rbuf, countsInt.data(),
                 displsInt.data(), MPI_BYTE, comm);
}
