// C++ twins of model-helper-outputs.c: helpers that write a count through a
// reference parameter.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

static void count_of(const std::vector<double> &v, int &count) {
  count = v.size();
}

// The vector's size is narrowed into the caller's int.
void send_vector(const std::vector<double> &v, MPI_Comm comm) {
  int count;
  count_of(v, count);
  MPI_Send(v.data(), count, MPI_DOUBLE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: count 'count' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'count' is written by 'count_of' here
  // CHECK-NOTES: :[[@LINE-10]]:11: note: 'v.size()' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:3: note: no automatic fix: 'count' is written through a parameter of 'count_of', whose type must change by hand
}

// A reference the helper sets from a small table: no narrowing.
static void chunk_of(int level, std::size_t &chunk) {
  chunk = level > 2 ? 1 << 20 : 4096;
}

void send_chunk(const char *b, int level, MPI_Comm comm) {
  std::size_t chunk;
  chunk_of(level, chunk);
  MPI_Send(b, chunk, MPI_BYTE, 1, 0, comm);
}

// A helper that passes the reference on is not followed.
extern void measure(std::size_t &n);
static void measure_twice(std::size_t &n) { measure(n); }

void send_measured(const char *b, MPI_Comm comm) {
  std::size_t n = 0;
  measure_twice(n);
  MPI_Send(b, n, MPI_BYTE, 1, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'n' of type 'std::size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'n' is handed out here: what is written through it is not known
}
