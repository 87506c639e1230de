// Patterns that an MPICH test/mpi corpus run (docs/corpus.md) reported
// falsely; none is a large-count hazard. Each real twin below still is.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

// A: counts MPI ignores (MPI_IN_PLACE send side, MPI_DATATYPE_NULL).
void ignored_counts(double *v, int n, MPI_Comm comm) {
  MPI_Allgather(MPI_IN_PLACE, -1, MPI_DATATYPE_NULL, v, n, MPI_DOUBLE, comm);
  MPI_Gather(MPI_IN_PLACE, -1, MPI_DOUBLE, v, n, MPI_DOUBLE, 0, comm);
  MPI_Allgather(v, -1, MPI_DOUBLE, v, n, MPI_DOUBLE, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: constant count '-1' is negative
}

// B, G: MPI_Aint / MPI_Offset parameters hold any 64-bit size; only int
// arithmetic before the conversion is a hazard.
void wide_parameters(MPI_Datatype t, MPI_Datatype *out, MPI_Aint ext, size_t len,
                     MPI_Win win, MPI_File fh, int *buf, int rank) {
  MPI_Type_create_resized(t, 6, -9, out);
  MPI_Type_create_resized(t, 0, ext * sizeof(int), out);
  MPI_Put(buf, 1, MPI_INT, 0, len, 1, MPI_INT, win);
  MPI_File_write_at(fh, (MPI_Offset)rank * 100 * sizeof(int), buf, 1, MPI_INT, MPI_STATUS_IGNORE);
  MPI_File_write_at(fh, rank * 100, buf, 1, MPI_INT, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: offset 'rank * 100' is computed in 'int'
  // The same product again. The one above is an MPI argument that the fix
  // widens, so it bounds nothing here (model-executed-products.c): were this
  // one judged by it, the fixed code would have a new report.
  MPI_File_write_at(fh, rank * 100 * sizeof(int), buf, 1, MPI_INT, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: offset 'rank * 100' is computed in 'int'
}

// C: a loop counter that doubles while it stays below a bound.
void doubling(double *v, MPI_Comm comm) {
  int count;
  for (count = 1; count < 65000; count = count * 2)
    MPI_Bcast(v, count, MPI_DOUBLE, 0, comm);
  for (int k = 1; k < 1000; k *= 2)
    MPI_Bcast(v, k, MPI_DOUBLE, 0, comm);
}

// D: a constant divided by anything is no larger than the constant.
void divided(double *v, int np, MPI_Comm comm) {
  int block = 10 / np;
  int n = block * 10;
  MPI_Send(v, n, MPI_DOUBLE, 0, 0, comm);
}

// E: an array whose elements are only ever assigned constants.
void constant_elements(double *v, MPI_Comm comm) {
  int g[3];
  g[0] = g[1] = g[2] = 32;
  int n = g[0] * g[1] * g[2];
  MPI_Send(v, n, MPI_DOUBLE, 0, 0, comm);
  // MPI_Dims_create's extents are each at most its 1024 grid points, so
  // their product fits (it is 1024).
  int dims[3] = {0, 0, 0};
  MPI_Dims_create(1024, 3, dims);
  int m = dims[0] * dims[1] * dims[2];
  MPI_Send(v, m, MPI_DOUBLE, 0, 0, comm);
}

// H: an int size divided by sizeof and narrowed back.
void size_in_elements(int *v, MPI_Datatype t, MPI_Comm comm) {
  int tsize, nelem;
  MPI_Type_size(t, &tsize);
  nelem = tsize / sizeof(int);
  MPI_Send(v, nelem, MPI_INT, 0, 0, comm);
}

// J: negative displacements and sentinels past the count MPI reads.
void displacements(MPI_Datatype *out) {
  int blens[2] = {1, 1}, disps[2] = {0, -1};
  MPI_Type_indexed(2, blens, disps, MPI_INT, out);
  int blockcnt[2] = {4, -1}, offsets[2] = {0, 0};
  MPI_Type_indexed(1, blockcnt, offsets, MPI_INT, out);
}
