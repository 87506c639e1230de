// The model of a run: the size of a datatype the function builds is what its
// constructors make of the sizes of predefined datatypes (at most 64 bytes):
// indexed and hindexed types by their largest block length, subarrays and
// darrays by their largest extent to the power of their dimensions. Its
// extent is not bounded: strides and displacements spread the same bytes.
// A store that reads the variable itself (`n = n / 4`) keeps the range the
// other sources give when it cannot leave it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

extern int input(void);

// 2 blocks of at most 3 chars, of blocks of at most 3 of those: small.
void indexed_of_indexed(char *b, MPI_Comm comm) {
  int lengths[2] = {1, 3}, offsets[2] = {0, 4};
  MPI_Datatype inner, outer;
  int bytes;
  MPI_Type_indexed(2, lengths, offsets, MPI_CHAR, &inner);
  MPI_Type_indexed(2, lengths, offsets, inner, &outer);
  MPI_Type_commit(&outer);
  MPI_Type_size(outer, &bytes);
  MPI_Send(b, 2 * bytes, MPI_CHAR, 0, 0, comm);
  MPI_Type_free(&inner);
  MPI_Type_free(&outer);
}

// A 32x32x32 block of ints, and its size in ints.
void darray_piece(int *b, int nprocs, int me, MPI_Comm comm) {
  int sizes[3], distribs[3], dargs[3], procs[3] = {0, 0, 0};
  MPI_Datatype piece;
  MPI_Count n;
  for (int i = 0; i < 3; ++i) {
    sizes[i] = 32;
    distribs[i] = MPI_DISTRIBUTE_BLOCK;
    dargs[i] = MPI_DISTRIBUTE_DFLT_DARG;
  }
  MPI_Dims_create(nprocs, 3, procs);
  MPI_Type_create_darray(nprocs, me, 3, sizes, distribs, dargs, procs,
                         MPI_ORDER_C, MPI_INT, &piece);
  MPI_Type_commit(&piece);
  MPI_Type_size_x(piece, &n);
  n = n / sizeof(int);
  MPI_Send(b, n, MPI_INT, 0, 0, comm);
  MPI_Type_free(&piece);
}

// Extents from input: the subarray can be any size.
void subarray_of_input(int *b, MPI_Comm comm) {
  int sizes[2], sub[2], starts[2] = {0, 0};
  MPI_Datatype t;
  int bytes;
  sizes[0] = sizes[1] = input();
  sub[0] = sub[1] = input();
  MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t);
  MPI_Type_size(t, &bytes);
  MPI_Send(b, bytes * 4, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'bytes * 4' is computed in 'int' and can overflow
  MPI_Type_free(&t);
}

// The extent of a built datatype is not its size.
void extent_of_vector(char *b, MPI_Comm comm) {
  MPI_Datatype t;
  MPI_Aint lb, extent;
  MPI_Type_vector(2, 1, 1000, MPI_CHAR, &t);
  MPI_Type_get_extent(t, &lb, &extent);
  MPI_Send(b, extent, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'extent' of type 'MPI_Aint' is narrowed to 'int'
  MPI_Type_free(&t);
}

// An update that can only grow the value is no bound.
void doubled(char *b, MPI_Comm comm) {
  MPI_Count n;
  MPI_Type_size_x(MPI_INT, &n);
  while (input())
    n = n * 2;
  MPI_Send(b, n, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'n' of type 'MPI_Count' is narrowed to 'int'
}

// A local halved from a bounded start stays bounded; one that starts
// unbounded does not.
void halved(char *b, MPI_Comm comm) {
  long long n = 1 << 20;
  while (n > 1 && input())
    n = n / 2;
  MPI_Send(b, n, MPI_CHAR, 0, 0, comm);
  long long m = input() * 1000LL;
  while (m > 1 && input())
    m = m / 2;
  MPI_Send(b, m, MPI_CHAR, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: count 'm' of type 'long long' is narrowed to 'int'
}

// Block lengths in the function's own allocation, filled in a loop with a
// small value: the hindexed type holds at most 8 blocks of 4 chars.
void hindexed_of_allocated_blocks(MPI_File fh, char *b) {
  int count = 8;
  int *lengths = (int *)malloc(count * sizeof(int));
  MPI_Aint *displs = (MPI_Aint *)malloc(count * sizeof(MPI_Aint));
  MPI_Datatype t;
  MPI_Count bytes;
  MPI_Status st;
  for (int i = 0; i < count; i++) {
    lengths[i] = 4;
    displs[i] = 64 * i;
  }
  MPI_Type_create_hindexed(count, lengths, displs, MPI_CHAR, &t);
  MPI_Type_commit(&t);
  MPI_Type_size_x(t, &bytes);
  MPI_File_write_all(fh, b, bytes, MPI_CHAR, &st);
  MPI_Type_free(&t);
  free(lengths);
  free(displs);
}

// Still reported: the allocated block lengths hold an input.
void hindexed_of_allocated_inputs(MPI_File fh, char *b) {
  int count = 8;
  int *lengths = (int *)malloc(count * sizeof(int));
  MPI_Aint *displs = (MPI_Aint *)malloc(count * sizeof(MPI_Aint));
  MPI_Datatype t;
  MPI_Count bytes;
  MPI_Status st;
  for (int i = 0; i < count; i++) {
    lengths[i] = input();
    displs[i] = 64 * i;
  }
  MPI_Type_create_hindexed(count, lengths, displs, MPI_CHAR, &t);
  MPI_Type_commit(&t);
  MPI_Type_size_x(t, &bytes);
  MPI_File_write_all(fh, b, bytes, MPI_CHAR, &st);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: count 'bytes' of type 'MPI_Count' is narrowed to 'int'
  MPI_Type_free(&t);
  free(lengths);
  free(displs);
}
