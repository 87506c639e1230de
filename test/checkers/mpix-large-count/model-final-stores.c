// The model of a run: what a helper leaves in its output is what the
// statement that ends every run of it stores there. `*to = smaller(*to,
// bytes - 1);` at the end of block_of bounds *to by its argument, whatever
// the branches before it stored. And an unsigned difference is judged by
// the values it has when the minuend is at least the subtrahend: `to - from
// + 1` is at most to + 1. One below zero is a defect of its own, which no
// 64-bit count mends.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

#define smaller(a, b) ((a) < (b) ? (a) : (b))

// Splits bytes into parts blocks of whole grains: block `part` runs from
// *from to *to.
static void block_of(int part, int parts, size_t bytes, size_t grain,
                     size_t *from, size_t *to) {
  size_t grains = (bytes + grain - 1) / grain;
  size_t each = grains / parts;
  int extra = (int)(grains % parts);
  if (part < extra) {
    *from = part * (each + 1) * grain;
    *to = *from + (each + 1) * grain - 1;
  } else {
    *from = (part * each + extra) * grain;
    *to = *from + each * grain - 1;
  }
  *to = smaller(*to, bytes - 1);
}

void reduce_blocks(const float *in, float *out, int *counts, int bytes,
                   MPI_Comm comm) {
  int parts, width;
  size_t from, to;
  MPI_Comm_size(comm, &parts);
  MPI_Type_size(MPI_FLOAT, &width);
  for (int p = 0; p < parts; ++p) {
    if (bytes <= 0) {
      counts[p] = 0;
      continue;
    }
    block_of(p, parts, bytes, width, &from, &to);
    counts[p] = (to - from + 1) / width;
  }
  MPI_Reduce_scatter(in, out, counts, MPI_FLOAT, MPI_SUM, comm);
}

// The clamp runs only for some parts: the other parts keep the end the
// branches computed, which nothing bounds.
static void block_clamped_sometimes(int part, int parts, size_t bytes,
                                    size_t *from, size_t *to) {
  size_t each = bytes / parts;
  *from = part * each;
  *to = *from + each - 1;
  if (part > 0)
    *to = smaller(*to, bytes - 1);
}

void reduce_clamped_sometimes(const float *in, float *out, int *counts,
                              int bytes, MPI_Comm comm) {
  int parts;
  size_t from, to;
  MPI_Comm_size(comm, &parts);
  for (int p = 0; p < parts; ++p) {
    block_clamped_sometimes(p, parts, bytes, &from, &to);
    counts[p] = to - from + 1;
  }
  MPI_Reduce_scatter(in, out, counts, MPI_FLOAT, MPI_SUM, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: count array 'counts' of MPI_Reduce_scatter is filled with values that can exceed INT_MAX
}

// A run that returns early never reaches the clamp.
static void block_or_rest(int part, int parts, size_t bytes, size_t *from,
                          size_t *to) {
  size_t each = bytes / parts;
  *from = part * each;
  *to = *from + each - 1;
  if (part == parts - 1)
    return;
  *to = smaller(*to, bytes - 1);
}

void reduce_or_rest(const float *in, float *out, int *counts, int bytes,
                    MPI_Comm comm) {
  int parts;
  size_t from, to;
  MPI_Comm_size(comm, &parts);
  for (int p = 0; p < parts; ++p) {
    block_or_rest(p, parts, bytes, &from, &to);
    counts[p] = to - from + 1;
  }
  MPI_Reduce_scatter(in, out, counts, MPI_FLOAT, MPI_SUM, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: count array 'counts' of MPI_Reduce_scatter is filled with values that can exceed INT_MAX
}

// Clamped to a size_t the caller does not bound: the block can be larger
// than INT_MAX elements.
void reduce_wide(const float *in, float *out, int *counts, size_t bytes,
                 MPI_Comm comm) {
  int parts;
  size_t from, to;
  MPI_Comm_size(comm, &parts);
  for (int p = 0; p < parts; ++p) {
    block_of(p, parts, bytes, sizeof(float), &from, &to);
    counts[p] = (to - from + 1) / sizeof(float);
  }
  MPI_Reduce_scatter(in, out, counts, MPI_FLOAT, MPI_SUM, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: count array 'counts' of MPI_Reduce_scatter is filled with values that can exceed INT_MAX
}

// What is left of an int capacity fits, whatever was used of it; what is
// left before an end the caller does not bound need not.
void send_rest(const char *buf, size_t used, int capacity, MPI_Comm comm) {
  size_t total = capacity > 0 ? capacity : 0;
  MPI_Send(buf + used, total - used, MPI_CHAR, 0, 0, comm);
}

void send_until(const char *buf, size_t used, size_t end, MPI_Comm comm) {
  MPI_Send(buf + used, end - used, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'end - used' of type 'size_t' is narrowed to 'int'
}
