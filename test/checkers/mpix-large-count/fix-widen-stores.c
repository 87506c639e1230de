// A widened local must hold the wide value: every value stored into it is
// computed in its new type (the first factor of a product is cast, an (int)
// takes the new type), or the fix would only move the truncation out of
// sight. Target=mpix, so that the same file compiles under both MPI flavours.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpix}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
// CHECK-FIXES: #include <mpi.h>
// CHECK-FIXES-NEXT: #include <mpix.h>
#include <stddef.h>

void assigned_product(double *buf, int nvars, int face_len, int dest) {
  int size;
  // CHECK-FIXES: MPI_Count size;
  size = nvars * face_len;
  // CHECK-FIXES: size = (MPI_Count)nvars * face_len;
  MPI_Send(buf, size, MPI_DOUBLE, dest, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:17: warning: count 'size' holds a value computed in 'int' that can overflow
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:17: warning: count 'size' holds a value computed in 'int' that can overflow
  // CHECK-FIXES: MPIX_Send_x(buf, size, MPI_DOUBLE, dest, 0, MPI_COMM_WORLD);
}

void initialized_product(double *buf, int nx, int ny, int nz, int dest) {
  int n = nx * ny * nz;
  // CHECK-FIXES: MPI_Count n = (MPI_Count)nx * ny * nz;
  MPI_Send(buf, n, MPI_DOUBLE, dest, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:17: warning: count 'n' holds a value computed in 'int'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:17: warning: count 'n' holds a value computed in 'int'
}

void cast_kept(double *buf, size_t n, int dest) {
  int cnt;
  cnt = (int)(n * 2);
  // CHECK-FIXES: cnt = (MPI_Count)(n * 2);
  MPI_Send(buf, cnt, MPI_DOUBLE, dest, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:17: warning: count 'cnt' holds a value narrowed from 'size_t'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:17: warning: count 'cnt' holds a value narrowed from 'size_t'
}

// Every store follows, not only the one that was reported: the sum of two
// products is widened product by product, the branches of a ternary each,
// and a cast around an int product takes the new type with the product
// widened inside it.
void every_store(double *buf, size_t total, int a, int b, int c, int d, int flag) {
  int n = total;
  // CHECK-FIXES: MPI_Count n = total;
  if (flag == 1)
    n = a * b + c * d;
  // CHECK-FIXES: n = (MPI_Count)a * b + (MPI_Count)c * d;
  else if (flag == 2)
    n = flag > 2 ? a * b : c << 20;
  // CHECK-FIXES: n = flag > 2 ? (MPI_Count)a * b : (MPI_Count)c << 20;
  else if (flag == 3)
    n = (int)(a * b);
  // CHECK-FIXES: n = (MPI_Count)((MPI_Count)a * b);
  else
    n = n * 2 + 1;
  // CHECK-FIXES: n = n * 2 + 1;
  MPI_Bcast(buf, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:18: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:18: warning: count 'n' holds a value narrowed from 'size_t'
}

// A displacement array widened to MPI_Aint is filled in MPI_Aint too.
void displacements(const double *sendbuf, double *recvbuf, int msg, MPI_Comm comm) {
  int counts[64], displs[64];
  // CHECK-FIXES: MPI_Count counts[64];
  // CHECK-FIXES-NEXT: MPI_Aint displs[64];
  int offset = 0;
  // CHECK-FIXES: MPI_Aint offset = 0;
  for (int i = 0; i < 64; ++i) {
    counts[i] = msg;
    displs[i] = offset;
    offset += msg;
  }
  MPI_Gatherv(sendbuf, msg, MPI_DOUBLE, recvbuf, counts, displs, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:58: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:58: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-FIXES: MPIX_Gatherv_x(sendbuf, msg, MPI_DOUBLE, recvbuf, counts, displs, MPI_DOUBLE, 0, comm);
}

// Arrays filled with int products: the elements are widened where stored.
void scatter_planes(const double *in, double *out, int nx, int ny, int r_num, MPI_Comm comm) {
  int counts[16], displs[16];
  // CHECK-FIXES: MPI_Count counts[16];
  // CHECK-FIXES-NEXT: MPI_Aint displs[16];
  for (int i = 0; i < 16; ++i) {
    counts[i] = nx * ny;
    // CHECK-FIXES: counts[i] = (MPI_Count)nx * ny;
    displs[i] = r_num * i;
    // CHECK-FIXES: displs[i] = (MPI_Aint)r_num * i;
  }
  MPI_Scatterv(in, counts, displs, MPI_DOUBLE, out, nx * ny, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:20: warning: count array 'counts' of MPI_Scatterv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:20: warning: count array 'counts' of MPI_Scatterv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-MPICH: :[[@LINE-3]]:28: warning: displacement array 'displs' of MPI_Scatterv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-4]]:28: warning: displacement array 'displs' of MPI_Scatterv is filled with values that can exceed INT_MAX
  // CHECK-MESSAGES-MPICH: :[[@LINE-5]]:53: warning: count 'nx * ny' is computed in 'int'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-6]]:53: warning: count 'nx * ny' is computed in 'int'
  // CHECK-FIXES: MPIX_Scatterv_x(in, counts, displs, MPI_DOUBLE, out, (MPI_Count)nx * ny, MPI_DOUBLE, 0, comm);
}

// A widened local also passed as an MPI_Offset goes there whole: that is no
// reason to give up the fix.
void read_at(MPI_File fh, double *buf, size_t n) {
  int count = n;
  // CHECK-FIXES: MPI_Count count = n;
  MPI_File_read_at_all(fh, count, buf, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:40: warning: count 'count' holds a value narrowed from 'size_t'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:40: warning: count 'count' holds a value narrowed from 'size_t'
  // CHECK-FIXES: MPIX_File_read_at_all_x(fh, count, buf, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
}

// The extent of a resized type is called an extent, not a count.
void resized(int nx, int ny, MPI_Datatype *plane) {
  MPI_Type_create_resized(MPI_DOUBLE, 0, nx * ny * 8, plane);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:42: warning: extent 'nx * ny * 8' is computed in 'int' and can overflow before it is converted to 'MPI_Aint'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:42: warning: extent 'nx * ny * 8' is computed in 'int' and can overflow before it is converted to 'MPI_Aint'
  // CHECK-FIXES: MPI_Type_create_resized(MPI_DOUBLE, 0, (MPI_Aint)nx * ny * 8, plane);
}
