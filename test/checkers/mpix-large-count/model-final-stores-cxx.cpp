// The model of a run, in C++: a helper that ends with `to = std::min(to,
// bytes - 1);` leaves its reference output bounded by its argument,
// whatever it stored before; an unsigned difference is judged by the
// values it has when the minuend is at least the subtrahend.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <algorithm>
#include <cstddef>
#include <vector>

namespace {
void block_of(int part, int parts, std::size_t bytes, std::size_t grain,
              std::size_t &from, std::size_t &to) {
  std::size_t grains = (bytes + grain - 1) / grain;
  std::size_t each = grains / parts;
  from = part * each * grain;
  to = from + each * grain - 1;
  if (part == parts - 1)
    to = from + (grains - part * each) * grain - 1;
  to = std::min(to, bytes - 1);
}

// Through pointers: `*to` bound to std::min's reference to const is read.
void block_at(int part, int parts, std::size_t bytes, std::size_t *from,
              std::size_t *to) {
  std::size_t each = bytes / parts;
  *from = part * each;
  *to = *from + each - 1;
  *to = std::min(*to, bytes - 1);
}

// The clamp in a branch: a run that skips it keeps the unbounded end.
void block_clamped_sometimes(int part, int parts, std::size_t bytes,
                             std::size_t &from, std::size_t &to) {
  std::size_t each = bytes / parts;
  from = part * each;
  to = from + each - 1;
  if (part > 0)
    to = std::min(to, bytes - 1);
}
} // namespace

void reduce_blocks(const float *in, float *out, int bytes, MPI_Comm comm) {
  int parts;
  MPI_Comm_size(comm, &parts);
  std::vector<int> counts(parts);
  for (int p = 0; p < parts; ++p) {
    std::size_t from = 0, to = 0;
    if (bytes > 0)
      block_of(p, parts, bytes, sizeof(float), from, to);
    counts[p] = bytes > 0 ? (to - from + 1) / sizeof(float) : 0;
  }
  MPI_Reduce_scatter(in, out, counts.data(), MPI_FLOAT, MPI_SUM, comm);
}

void reduce_blocks_at(const float *in, float *out, int bytes, MPI_Comm comm) {
  int parts;
  MPI_Comm_size(comm, &parts);
  std::vector<int> counts(parts);
  for (int p = 0; p < parts && bytes > 0; ++p) {
    std::size_t from, to;
    block_at(p, parts, bytes, &from, &to);
    counts[p] = to - from + 1;
  }
  MPI_Reduce_scatter(in, out, counts.data(), MPI_FLOAT, MPI_SUM, comm);
}

void reduce_clamped_sometimes(const float *in, float *out, int bytes,
                              MPI_Comm comm) {
  int parts;
  MPI_Comm_size(comm, &parts);
  std::vector<int> counts(parts);
  for (int p = 0; p < parts; ++p) {
    std::size_t from, to;
    block_clamped_sometimes(p, parts, bytes, from, to);
    counts[p] = to - from + 1;
  }
  MPI_Reduce_scatter(in, out, counts.data(), MPI_FLOAT, MPI_SUM, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: count array 'counts' of MPI_Reduce_scatter is filled with values that can exceed INT_MAX
}

void send_rest(const std::vector<char> &buf, std::size_t used, int capacity,
               MPI_Comm comm) {
  std::size_t total = std::max(capacity, 0);
  MPI_Send(buf.data() + used, total - used, MPI_CHAR, 0, 0, comm);
}

void send_until(const std::vector<char> &buf, std::size_t used, MPI_Comm comm) {
  MPI_Send(buf.data() + used, buf.size() - used, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: count 'buf.size() - used' of type
}
