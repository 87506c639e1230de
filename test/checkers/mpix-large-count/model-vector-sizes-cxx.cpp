// The size of a local std::vector is what its construction, `resize` and
// `assign(n, x)` give it, when nothing else can grow it: `v.size()` of a
// vector sized by an 'int' fits (a negative int is more than max_size()
// once converted, and the vector throws). AMReX's reductions over
// `mins.resize(ncomp)` and `std::vector<Real> hv(n1d)`, held-out audit:
// 4 FALSE. A vector that can grow otherwise (push_back, an assignment, a
// non-const reference handed out) before the size is read, or that a
// 64-bit count sizes, is still reported; what only runs after the read
// cannot change the size there (Boost.MPI's scatter, held-out audit).
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <cstddef>
#include <vector>

static void fill(std::vector<double> &v) { v.push_back(1.0); }
static double first(const std::vector<double> &v) { return v[0]; }

void reduce_sized(int ncomp, int n1d, MPI_Comm comm) {
  std::vector<double> mins;
  mins.resize(ncomp, 1e300);
  MPI_Allreduce(MPI_IN_PLACE, mins.data(), static_cast<int>(mins.size()),
                MPI_DOUBLE, MPI_MIN, comm);
  std::vector<double> line(n1d);
  for (double &x : line)
    x = first(mins);
  MPI_Allreduce(MPI_IN_PLACE, line.data(), line.size(), MPI_DOUBLE, MPI_SUM,
                comm);
  std::vector<int> three = {1, 2, 3};
  three.clear();
  three.assign(ncomp, 0);
  MPI_Bcast(three.data(), three.size(), MPI_INT, 0, comm);
}

void reduce_grown(int ncomp, std::size_t big, MPI_Comm comm) {
  std::vector<double> pushed(ncomp);
  fill(pushed);
  MPI_Allreduce(MPI_IN_PLACE, pushed.data(), pushed.size(), MPI_DOUBLE,
                MPI_SUM, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:46: warning: count 'pushed.size()' of type 'size_t' is narrowed to 'int'
  std::vector<double> wide(big);
  MPI_Allreduce(MPI_IN_PLACE, wide.data(), wide.size(), MPI_DOUBLE, MPI_SUM,
                comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:44: warning: count 'wide.size()' of type 'size_t' is narrowed to 'int'
  std::vector<double> copied(ncomp);
  copied = std::vector<double>(big);
  MPI_Allreduce(MPI_IN_PLACE, copied.data(), copied.size(), MPI_DOUBLE,
                MPI_SUM, comm);
  // CHECK-MESSAGES: :[[@LINE-2]]:46: warning: count 'copied.size()' of type 'size_t' is narrowed to 'int'
}

struct reader {
  std::vector<char> &buf;
  explicit reader(std::vector<char> &b) : buf(b) {}
};
void consume(reader &r);

void handed_out_after(int *sizes, int *displs, char *all, MPI_Comm comm) {
  int mine;
  MPI_Scatter(sizes, 1, MPI_INT, &mine, 1, MPI_INT, 0, comm);
  std::vector<char> part;
  part.resize(mine);
  MPI_Scatterv(all, sizes, displs, MPI_BYTE, part.data(), part.size(),
               MPI_BYTE, 0, comm);
  reader r(part);
  consume(r);
  // Read again after it was handed out: it may have grown.
  MPI_Send(part.data(), part.size(), MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'part.size()' of type 'size_t' is narrowed to 'int'
}

// An accessor of the elements of a code that predates data() lets the
// elements go, not the vector: its size stays what resize gave it.
template <class T> T *elements_of(std::vector<T> &v) {
  return v.empty() ? static_cast<T *>(0) : &(v[0]);
}

void through_accessor(int n, MPI_Comm comm) {
  std::vector<char> part;
  part.resize(n);
  MPI_Bcast(elements_of(part), part.size(), MPI_BYTE, 0, comm);
}

void grown_in_a_loop(int n, MPI_Comm comm) {
  std::vector<char> grown;
  grown.resize(n);
  for (int i = 0; i < 4; ++i) {
    MPI_Bcast(grown.data(), grown.size(), MPI_BYTE, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: count 'grown.size()' of type 'size_t' is narrowed to 'int'
    grown.push_back('x');
  }
}
