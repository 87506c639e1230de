// A wrapper that multiplies its count before MPI (`2 * count` for complex
// values sent as reals, `n * sizeof(double)` for bytes: Elemental's
// wrappers, held-out audit) still passes the caller's value on: an 'int'
// product the caller computes is reported at the call, its note at the
// product in the wrapper, with no automatic fix (the product and the call change with
// the parameter, by hand). The wrapper's own product is reported where it
// is computed, with the caller's value; a small constant passed is not.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=NOTES

#include <mpi.h>
#include <stddef.h>

static void bcast_complex(double *pairs, int count, MPI_Comm comm) {
  MPI_Bcast(pairs, 2 * count, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count '2 * count' is computed in 'int' and can overflow before MPI sees it
}

static void send_bytes(const double *b, int n, int to, MPI_Comm comm) {
  MPI_Send(b, n * (int)sizeof(double), MPI_BYTE, to, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n * (int)sizeof(double)' is computed in 'int' and can overflow before MPI sees it
}

void redistribute(int height, int width, double *z, MPI_Comm comm) {
  int portion = height * width;
  bcast_complex(z, portion, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'portion' holds a value computed in 'int' that can overflow; parameter 'count' of 'bcast_complex' passes it to MPI_Bcast as its count
  send_bytes(z, portion, 1, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'portion' holds a value computed in 'int' that can overflow; parameter 'n' of 'send_bytes' passes it to MPI_Send as its count
  // NOTES: wrapper-scaled-counts.c:20:15: note: it reaches MPI_Send as its count here
  // NOTES: wrapper-scaled-counts.c:20:15: note: no automatic fix: 'n' reaches MPI multiplied here
  bcast_complex(z, 16, comm);
}

// An fwrite-like wrapper multiplies two of its parameters: a caller's
// 'int' product in either reaches MPI wrapped (MILC's g_write, held-out
// audit). The wrapper's own product is reported with its caller's value.
static size_t write_items(MPI_File fh, const void *p, size_t size,
                          size_t nmemb) {
  MPI_Status st;
  MPI_File_write(fh, (void *)p, size * nmemb, MPI_BYTE, &st);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: count 'size * nmemb' of type 'size_t' is narrowed to 'int'
  return nmemb;
}

void write_slice(MPI_File fh, const float *u, int nx, int ny) {
  int plane = nx * ny;
  write_items(fh, u, 48 * plane * sizeof(float), 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: '48 * plane' is computed in 'int' and can overflow before parameter 'size' of 'write_items' passes it to MPI_File_write as its count
  write_items(fh, u, sizeof(float), plane);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'plane' holds a value computed in 'int' that can overflow; parameter 'nmemb' of 'write_items' passes it to MPI_File_write as its count
  write_items(fh, u, sizeof(float), 64);
}
