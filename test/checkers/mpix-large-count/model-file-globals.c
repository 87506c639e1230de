// A global this file owns (static, or declared nowhere but here) holds what
// the file's own functions store in it: no other unit can write it. A store
// the analysis can bound bounds the global; an update, an address handed
// out for writing, or a store of an unbounded value does not, and the note
// says which write. An address handed to a pointer-to-const parameter
// (fwrite, MPI_Send's buffer) is only read (MP-Gadget's audit, N1 and N2).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags -I %S/Inputs

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static size_t record_bytes;
static int rows = 16;
static int parsed_rows;
static long total_items;
static int escaped_width;
static int saved_width;
int own_width;

void setup(const char *arg) {
  record_bytes = 5 * sizeof(double);
  rows = 64;
  parsed_rows = atoi(arg);
  total_items += rows;
  int *p = &escaped_width;
  *p = 12;
  saved_width = 48;
  fwrite(&saved_width, sizeof saved_width, 1, stdout);
  own_width = 40;
}

void exchange(double *buf, MPI_Comm comm) {
  MPI_Datatype record, row;
  MPI_Type_contiguous(record_bytes, MPI_BYTE, &record);
  MPI_Send(buf, rows * 1000, MPI_DOUBLE, 0, 0, comm);
  MPI_Type_contiguous(saved_width * 1000, MPI_DOUBLE, &row);
  MPI_Send(buf, own_width * 1000, MPI_DOUBLE, 0, 4, comm);
  MPI_Send(&saved_width, 1, MPI_INT, 0, 5, comm);

  MPI_Send(buf, parsed_rows * 1000, MPI_DOUBLE, 0, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'parsed_rows * 1000' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'parsed_rows * 1000' can overflow 'int' here: parsed_rows unbounded, 1000
  // CHECK-NOTES: :[[@LINE-20]]:3: note: 'parsed_rows' is assigned 'atoi(arg)' here, in 'setup'
  MPI_Send(buf, total_items, MPI_DOUBLE, 0, 2, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'total_items' of type 'long' is narrowed to 'int'; messages over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-22]]:3: note: 'total_items' is changed here, in 'setup', in a way the analysis does not follow
  MPI_Send(buf, escaped_width * 1000, MPI_DOUBLE, 0, 3, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'escaped_width * 1000' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'escaped_width * 1000' can overflow 'int' here: escaped_width unbounded, 1000
  // CHECK-NOTES: :[[@LINE-25]]:13: note: 'escaped_width' is changed here, in 'setup', in a way the analysis does not follow
}

// A global a header declares may be written by any unit that includes it.
#include "shared-globals.h"
int shared_stride;
void set_shared(void) { shared_stride = 8; }
void send_shared(double *buf, MPI_Comm comm) {
  MPI_Send(buf, shared_stride * 1000, MPI_DOUBLE, 0, 6, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'shared_stride * 1000' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'shared_stride * 1000' can overflow 'int' here: shared_stride unbounded, 1000
  // CHECK-NOTES: :[[@LINE-6]]:5: note: 'shared_stride' is a global that may be written elsewhere
}

// A table whose elements are only read holds what its initializer lists,
// and zero where it lists nothing; one element written makes it unknown.
// A global given the communicator's size or a rank by MPI holds what the
// model allows there (MPICH's isendrecv.c, get_accumulate.c).
static int test_counts[4] = {5, 1000, 250};
static int written_counts[2] = {5, 1000};
int nprocs;
int big_rows[3] = {1 << 20, 1 << 21, 1 << 22};
void resize_table(int k) { written_counts[k] = k; }
void table_counts(double *buf, int k_shift, MPI_Comm comm) {
  MPI_Comm_size(comm, &nprocs);
  for (int k = 0; k < 4; k++)
    MPI_Send(buf, test_counts[k] * 1000, MPI_DOUBLE, 0, 7, comm);
  for (int p = 0; p < nprocs; p++) {
    MPI_Send(buf, p * 100, MPI_DOUBLE, p, 8, comm);
    // Below nprocs, which is 0 until set: no run divides by it then.
    int peer = (p + k_shift) % nprocs;
    MPI_Send(buf, peer * 100, MPI_DOUBLE, peer, 8, comm);
  }
  MPI_Send(buf, written_counts[1] * 1000000, MPI_DOUBLE, 0, 9, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'written_counts[1] * 1000000' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'written_counts[1] * 1000000' can overflow 'int' here: written_counts[1] unbounded, 1000000
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'written_counts[1]' is read from memory the analysis cannot see
  // The table bounds every element alike.
  MPI_Send(buf, big_rows[2] * 1024, MPI_DOUBLE, 0, 10, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'big_rows[2] * 1024' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'big_rows[2] * 1024' can overflow 'int' here: big_rows[2] up to 4194304, 1024
}
