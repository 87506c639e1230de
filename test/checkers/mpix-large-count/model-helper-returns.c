// What a helper of the same file returns: a return that narrows a wide
// value to the helper's 'int' type loses what does not fit, as an
// overflowing product would; several returns join; and the note on a wide
// variable names the store that can make it large, not its first one.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

struct msg { int id; double x[6]; };

static int bytes_of(int n) { return n * sizeof(struct msg); }
static int bytes_small(short n) { return n * sizeof(struct msg); }
static size_t at_most(size_t n, int one) {
  if (one)
    return 1;
  return n;
}
size_t elsewhere(size_t n);

void send_messages(const char *buf, int n, short k, MPI_Comm comm) {
  MPI_Send(buf, bytes_of(n), MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'bytes_of(n)' is computed in 'int' by a helper and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-12]]:37: note: 'n * sizeof(struct msg)' of type 'unsigned long' is narrowed to 'int' here
  int nb = bytes_of(n);
  MPI_Send(buf, nb, MPI_BYTE, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'nb' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-16]]:37: note: 'n * sizeof(struct msg)' of type 'unsigned long' is narrowed to 'int' here
  // A short's count of messages fits.
  MPI_Send(buf, bytes_small(k), MPI_BYTE, 0, 2, comm);
}

void send_clamped(const char *buf, int n, MPI_Comm comm) {
  size_t m = 0;
  if (n < 0)
    return;
  m = at_most(n, n > 100);
  MPI_Send(buf, m, MPI_BYTE, 0, 3, comm);
  m = elsewhere(m);
  MPI_Send(buf, m, MPI_BYTE, 0, 4, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'm' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'm' is assigned 'elsewhere(m)' here, which the analysis cannot bound
}

// A returned local is judged where it is returned, after the branches
// before it: a gap rounded up to a block and widened by one more when it
// is short (libsc's file format, held-out audit) is at most 38.
static size_t padding_of(size_t n) {
  size_t pad = (32 - n % 32) % 32;
  if (pad < 7)
    pad += 32;
  return pad;
}
// And a control whose widening is not bounded.
static size_t stretched(size_t n, size_t by) {
  size_t pad = n % 32;
  if (pad < 7)
    pad += by;
  return pad;
}

void write_padding(MPI_File fh, const char *zeros, size_t n, size_t by) {
  MPI_File_write(fh, zeros, padding_of(n), MPI_CHAR, MPI_STATUS_IGNORE);
  MPI_File_write(fh, zeros, stretched(n, by), MPI_CHAR, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: count 'stretched(n, by)' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-2]]:29: note: 'stretched(n, by)' is returned by a call the analysis cannot bound
}

// A helper's count of the ranks that pass a test, returned: below the
// number it is given, judged by the pass over its loop (libsc's rank
// ranges, held-out audit: twice its maximum over the processes was
// reported). Where the pass with the join of the unit's calls leaves the
// return unbounded, one starting from the call's own arguments is made:
// given an input, the count is as unbounded as that input.
static int ranks_marked(const int *marked, int n) {
  int k = 0;
  for (int j = 0; j < n; ++j)
    if (marked[j])
      ++k;
  return k;
}

void send_per_marked(double *b, const int *marked, int given, MPI_Comm comm) {
  int size, most;
  MPI_Comm_size(comm, &size);
  int mine = ranks_marked(marked, size);
  MPI_Allreduce(&mine, &most, 1, MPI_INT, MPI_MAX, comm);
  MPI_Send(b, 2 * most, MPI_DOUBLE, 0, 0, comm);
  MPI_Send(b, 2 * ranks_marked(marked, given), MPI_DOUBLE, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count '2 * ranks_marked(marked, given)' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:15: note: '2 * ranks_marked(marked, given)' can overflow 'int' here: 2, ranks_marked(marked, given) unbounded
  // CHECK-NOTES: :[[@LINE-3]]:19: note: 'ranks_marked(marked, given)' is returned by a call the analysis cannot bound
}
