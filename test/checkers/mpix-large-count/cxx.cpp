// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <mpi.h>
#include <vector>

void containers(std::vector<double> &v, MPI_Comm comm) {
  MPI_Send(v.data(), v.size(), MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'v.size()' of type 'size_t' is narrowed to 'int'; messages over 2^31-1 elements are truncated [mpix-large-count]
  MPI_Send(v.data(), (int)v.size(), MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'v.size()' of type 'size_t' is narrowed to 'int'
  MPI_Send(v.data(), static_cast<int>(v.size()), MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'v.size()' of type 'size_t' is narrowed to 'int'
  int n = v.size();
  MPI_Bcast(v.data(), n, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: count 'n' holds a value narrowed from 'size_t'
}

void bounded(std::vector<double> &v, MPI_Comm comm) {
  std::array<double, 16> a{};
  MPI_Send(a.data(), a.size(), MPI_DOUBLE, 0, 0, comm);
  MPI_Send(v.data(), std::min<std::size_t>(v.size(), INT_MAX), MPI_DOUBLE, 0, 0, comm);
  constexpr std::size_t chunk = 1 << 20;
  MPI_Send(v.data(), chunk, MPI_DOUBLE, 0, 0, comm);
}

template <typename T> void send_all(const std::vector<T> &v, MPI_Datatype t, MPI_Comm comm) {
  MPI_Send(v.data(), v.size(), t, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'v.size()' of type 'size_t' is narrowed to 'int'
}
template void send_all<double>(const std::vector<double> &, MPI_Datatype, MPI_Comm);

void lambdas(MPI_Comm comm) {
  auto send = [comm](const double *p, std::size_t count) {
    MPI_Send(p, count, MPI_DOUBLE, 0, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'count' of type 'std::size_t' is narrowed to 'int'
  };
  double x = 0;
  send(&x, 1);
}

// A method of a local class is a caller of its own: it is found, and judged
// with its own facts, though the enclosing body is walked only once.
void local_class(MPI_Comm comm) {
  struct Sender {
    static void send(const double *p, std::size_t count, MPI_Comm c) {
      MPI_Send(p, count, MPI_DOUBLE, 0, 0, c);
      // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'count' of type 'std::size_t' is narrowed to 'int'
    }
  };
  double x = 0;
  Sender::send(&x, 1, comm);
}

#define CHECK_MPI(call) do { if ((call) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 1); } while (0)

void through_macro(double *buf, std::size_t n, MPI_Comm comm) {
  CHECK_MPI(MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm));
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: count 'n' of type 'std::size_t' is narrowed to 'int'
}

// User functions that shadow MPI names are not MPI.
namespace user {
int MPI_Send(const void *, std::size_t, int);
void call(double *buf, std::size_t n) { MPI_Send(buf, n, 0); }
} // namespace user

// Calls through function pointers are not followed.
void via_pointer(double *buf, std::size_t n, MPI_Comm comm) {
  int (*send)(const void *, int, MPI_Datatype, int, int, MPI_Comm) = MPI_Send;
  send(buf, n, MPI_DOUBLE, 0, 0, comm);
}
