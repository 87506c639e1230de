// A function template's pattern is walked before its instantiations, and
// there a local initialized with parentheses from a dependent value
// (`std::vector<int> counts(parts.size())`) has no type yet: the search
// for the sizes of a buffer's allocation crashed on it (CombBLAS's
// SpParHelper, held-out audit: 25 of 41 units). The instantiations are
// judged as before.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

template <typename T>
void gather_sizes(const std::vector<T> &parts, MPI_Comm comm) {
  std::vector<int> counts(parts.size());
  std::vector<T> all(parts.size(), T());
  int mine = 1;
  MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  MPI_Bcast(all.data(), parts.size(), MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'parts.size()' of type 'size_t' is narrowed to 'int'
}

// Never instantiated: only the pattern is walked.
template <typename T>
void gather_pattern(const std::vector<T> &parts, MPI_Comm comm) {
  std::vector<int> counts(parts.size(), 0);
  int mine = 1;
  MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
}

void run(MPI_Comm comm) {
  std::vector<double> parts(4);
  gather_sizes(parts, comm);
}
