// C++ cases of model-origin-notes.c: where a large value comes from, for a
// container's size, a member, a library call and a product of inputs.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <cstdlib>
#include <vector>

struct Field {
  long cells;
  std::vector<double> data;
};

void send_all(const std::vector<double> &v, MPI_Comm comm) {
  MPI_Send(v.data(), v.size(), MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: count 'v.size()' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:22: note: 'v.size()' is returned by a call the analysis cannot bound
}

void send_field(const Field &f, MPI_Comm comm) {
  MPI_Send(f.data.data(), f.cells, MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:27: warning: count 'f.cells' of type 'long' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:27: note: 'f.cells' is read through the parameter 'f': its callers may set it to any value
}

void send_parsed(double *p, const char *text, MPI_Comm comm) {
  long n = std::strtol(text, nullptr, 10);
  MPI_Send(p, n, MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'n' of type 'long' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:12: note: 'n' is assigned 'std::strtol(text, nullptr, 10)' here, which the analysis cannot bound
}

void send_grid(double *p, char **argv, MPI_Comm comm) {
  int nx = std::atoi(argv[1]), ny = std::atoi(argv[2]);
  int n = nx * ny;
  MPI_Send(p, n, MPI_DOUBLE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'n' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:11: note: 'nx * ny' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES: :[[@LINE-5]]:12: note: 'nx' is assigned 'std::atoi(argv[1])' here, which the analysis cannot bound
}

// A member the class's other functions set.
class Halo {
public:
  void resize(std::size_t n) { cells = n; }
  void send(MPI_Comm comm) {
    MPI_Send(data.data(), planes, MPI_DOUBLE, 0, 0, comm);
    // CHECK-NOTES: :[[@LINE-1]]:27: warning: count 'planes' of type 'long' is narrowed to 'int'
    // CHECK-NOTES: :[[@LINE-2]]:27: note: 'planes' is a member of 'Halo' that other functions set
    MPI_Send(data.data(), cells, MPI_DOUBLE, 0, 0, comm);
    // CHECK-NOTES: :[[@LINE-1]]:27: warning: count 'cells' of type 'std::size_t' is narrowed to 'int'
    // CHECK-NOTES: :[[@LINE-7]]:32: note: 'cells' is assigned 'n' here, in 'resize'
  }

private:
  std::size_t cells = 0;
  long planes = 0;
  std::vector<double> data;
};

// In a template, the values the notes give are those of one instantiation
// (clang-tidy shows one warning for all): a note says which.
template <typename T>
void send_items(const T *x, int numx, MPI_Comm comm) {
  const int type_size = sizeof(T);
  int bytes = type_size * numx;
  MPI_Send(x, bytes, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'bytes' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:15: note: 'type_size * numx' can overflow 'int' here: type_size = 8, numx unbounded
  // CHECK-NOTES: :[[@LINE-6]]:33: note: 'numx' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE+5]]:3: note: in the instantiation 'send_items<double>' used here; others may give other values
}

struct two_doubles { double a, b; };
void send_doubles(const double *x, int n, MPI_Comm c) {
  send_items(x, n, c);
}
void send_twos(const two_doubles *x, int n, MPI_Comm c) { send_items(x, n, c); }
