// A helper of the unit that returns a message's size and number as a
// braced list (a std::array or a structure), taken apart by a structured
// binding: each name holds what that part of the returns holds for the
// call's arguments (QuEST's message splitting, held-out audit: 6 FALSE).
// A global read in a braced list is read, not written: it had made the
// chunk length unknown everywhere. Controls: a part the helper does not
// bound, and a name the caller changes.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <array>

long long max_message = 1LL << 28;

std::array<long long, 2> split(long long n) {
  if (n < max_message)
    return {n, 1};
  return {max_message, n / max_message};
}

struct pieces {
  long long size, count, rest;
};

pieces split_rest(long long n) {
  if (n < max_message)
    return {n, 1, 0};
  return {max_message, n / max_message, n % max_message};
}

void send_all(double *buf, long long n, int peer, MPI_Comm comm) {
  auto [size, num] = split(n);
  for (long long m = 0; m < num; m++)
    MPI_Send(&buf[m * size], size, MPI_DOUBLE, peer, 0, comm);
  auto [big, count, rest] = split_rest(n);
  MPI_Send(buf, big, MPI_DOUBLE, peer, 1, comm);
  MPI_Send(buf, rest, MPI_DOUBLE, peer, 2, comm);
}

// Parts of other types, and a call whose argument is another binding's
// name: a double part is no count, and c is at most a first part again.
struct weighed {
  double weight;
  long long size;
};

weighed weigh(long long n) { return {0.5, n < 100 ? n : 100}; }

void send_weighed(double *buf, long long n, int peer, MPI_Comm comm) {
  auto [w, k] = weigh(n);
  auto [a, b] = split(n);
  auto [c, d] = split(a);
  MPI_Send(buf, k, MPI_DOUBLE, peer, (int)(w * 2), comm);
  MPI_Send(buf, c, MPI_DOUBLE, peer, 0, comm);
}

// Controls.
std::array<long long, 2> unbounded(long long n) { return {n, 1}; }

void send_unbounded(double *buf, long long n, int peer, MPI_Comm comm) {
  auto [size, num] = unbounded(n);
  MPI_Send(buf, size, MPI_DOUBLE, peer, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'size' of type 'long long' is narrowed to 'int'
}

void send_changed(double *buf, long long n, int peer, MPI_Comm comm) {
  auto [size, num] = split(n);
  size *= num;
  MPI_Send(buf, size, MPI_DOUBLE, peer, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'size' of type 'long long' is narrowed to 'int'
}
