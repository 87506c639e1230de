// C++ form of model-guarded-getters.c: a member function that changes
// nothing (std::vector::size, a const getter of the program's own) returns
// the same value for the same object, so a test of one call that throws or
// returns bounds the next call. A virtual getter may run an override that
// writes, a call between the test and the use may change the object, and
// an object that a call returns may be another one each time: each keeps
// the report.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <vector>

class Table {
public:
  std::int64_t capacity() const { return Capacity; }
  virtual std::int64_t used() const { return Used; }
  void grow();

private:
  std::int64_t Capacity = 0, Used = 0;
};

void send_vector(const std::vector<char> &buf, MPI_Comm comm) {
  if (buf.size() > INT_MAX)
    throw std::length_error("message too large for MPI_Send");
  MPI_Send(buf.data(), static_cast<int>(buf.size()), MPI_BYTE, 0, 0, comm);
}

int send_capacity(const Table &t, const char *b, MPI_Comm comm) {
  if (t.capacity() > INT_MAX)
    return -1;
  return MPI_Send(b, static_cast<int>(t.capacity()), MPI_BYTE, 0, 0, comm);
}

int send_used(const Table &t, const char *b, MPI_Comm comm) {
  if (t.used() > INT_MAX)
    return -1;
  return MPI_Send(b, static_cast<int>(t.used()), MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 't.used()' of type 'std::int64_t' is narrowed to 'int'
}

int send_after_growth(Table &t, const char *b, MPI_Comm comm) {
  if (t.capacity() > INT_MAX)
    return -1;
  t.grow();
  return MPI_Send(b, static_cast<int>(t.capacity()), MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 't.capacity()' of type 'std::int64_t' is narrowed to 'int'
}

// The object comes from a call that may give another one each time.
std::vector<char> &next_buffer();
void send_next(const char *b, MPI_Comm comm) {
  if (next_buffer().size() > INT_MAX)
    return;
  int n = static_cast<int>(next_buffer().size());
  MPI_Send(b, n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n' holds a value narrowed from 'size_t'
}
