// A member function of a class template whose parameter is an enum declared
// in the template: the uninstantiated pattern's enum has no integer type
// yet, which the summaries once asked the width of (a crash on LAMMPS's
// math_eigen.cpp). Its calls are judged as any other's.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <cstddef>
#include <mpi.h>

template <typename T> struct Ring {
  enum Side { Left, Right };
  int post(const T *b, int n, Side s, MPI_Comm c) {
    return MPI_Send(b, n, MPI_BYTE, s == Left ? 0 : 1, 0, c);
  }
  int both(const T *b, int n, MPI_Comm c) {
    return post(b, n, Left, c) + post(b, n, Right, c);
  }
};

int ring_bytes(const char *b, int n, MPI_Comm c) {
  Ring<char> r;
  return r.both(b, n, c);
}

int ring_wide(const char *b, std::size_t len, MPI_Comm c) {
  Ring<char> r;
  return r.post(b, len, Ring<char>::Left, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'len' of type 'std::size_t' is narrowed to 'int' by parameter 'n' of 'Ring<char>::post', which reaches MPI_Send as its count
}
