// The large-type workaround of codes that already handle big blocks
// (HDF5's H5FDmpio.c): a block length is stored narrowed, then overwritten
// with 1, and the block described by a derived type, wherever the size is
// over a limit that fits. The array keeps narrowed values only below the
// limit. An overwrite of another element, a limit that does not fit, or a
// size changed between the store and the test keep the report.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

int large_block_type(size_t bytes, MPI_Datatype *type);

int build_struct(int count, const size_t *sizes, const MPI_Aint *disp,
                 MPI_Datatype *out) {
  size_t limit = (size_t)1 << 30;
  int *lens = malloc(count * sizeof(int));
  MPI_Datatype *types = malloc(count * sizeof(MPI_Datatype));
  for (int i = 0; i < count; i++) {
    size_t size = sizes[i];
    lens[i] = (int)size;
    types[i] = MPI_BYTE;
    if (size > limit) {
      large_block_type(size, &types[i]);
      lens[i] = 1;
    }
  }
  return MPI_Type_create_struct(count, lens, disp, types, out);
}

// The kept branch is the `if`'s, the overwrite in its `else`.
int build_hindexed(int count, const size_t *sizes, const MPI_Aint *disp,
                   MPI_Datatype *out) {
  int lens[16];
  for (int i = 0; i < count && i < 16; i++) {
    lens[i] = (int)sizes[i];
    if (sizes[i] <= 4096) {
    } else {
      lens[i] = 1;
    }
  }
  return MPI_Type_create_hindexed(count, lens, disp, MPI_BYTE, out);
}

int overwrite_elsewhere(int count, const size_t *sizes, const MPI_Aint *disp,
                        MPI_Datatype *out) {
  size_t limit = (size_t)1 << 30;
  int lens[16];
  for (int i = 0; i < count && i < 16; i++) {
    size_t size = sizes[i];
    lens[i] = (int)size;
    if (size > limit)
      lens[0] = 1;
  }
  return MPI_Type_create_hindexed(count, lens, disp, MPI_BYTE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: block length array 'lens' of MPI_Type_create_hindexed is filled with values that can exceed INT_MAX
}

int limit_too_large(int count, const size_t *sizes, const MPI_Aint *disp,
                    MPI_Datatype *out) {
  size_t limit = (size_t)1 << 40;
  int lens[16];
  for (int i = 0; i < count && i < 16; i++) {
    size_t size = sizes[i];
    lens[i] = (int)size;
    if (size > limit)
      lens[i] = 1;
  }
  return MPI_Type_create_hindexed(count, lens, disp, MPI_BYTE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: block length array 'lens' of MPI_Type_create_hindexed is filled with values that can exceed INT_MAX
}

int size_changed(int count, const size_t *sizes, const MPI_Aint *disp,
                 MPI_Datatype *out) {
  size_t limit = (size_t)1 << 30;
  int lens[16];
  for (int i = 0; i < count && i < 16; i++) {
    size_t size = sizes[i];
    lens[i] = (int)size;
    size = size / 2;
    if (size > limit)
      lens[i] = 1;
  }
  return MPI_Type_create_hindexed(count, lens, disp, MPI_BYTE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: block length array 'lens' of MPI_Type_create_hindexed is filled with values that can exceed INT_MAX
}

// A leaf's block lengths are element counts; an inner node's are all 1 and
// are what its struct type reads: the two branches never meet in one run.
// In a loop, or with a label before the `if`, they can.
int node_type(int leaf, int n, const size_t *counts, const MPI_Aint *disp,
              const MPI_Datatype *inner, MPI_Datatype *out) {
  int lens[16];
  if (leaf) {
    for (int i = 0; i < n && i < 16; i++)
      lens[i] = (int)counts[i];
    return MPI_Type_create_hindexed(n, lens, disp, MPI_BYTE, out);
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: block length array 'lens' of MPI_Type_create_hindexed is filled with values that can exceed INT_MAX
  } else {
    for (int i = 0; i < n && i < 16; i++)
      lens[i] = 1;
    return MPI_Type_create_struct(n, lens, disp, inner, out);
  }
}

int node_types(int levels, int n, const size_t *counts, const MPI_Aint *disp,
               const MPI_Datatype *inner, MPI_Datatype *out) {
  int lens[16];
  for (int level = 0; level < levels; level++) {
    if (level == 0) {
      for (int i = 0; i < n && i < 16; i++)
        lens[i] = (int)counts[i];
    } else {
      MPI_Type_create_struct(n, lens, disp, inner, out);
      // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: block length array 'lens' of MPI_Type_create_struct is filled with values that can exceed INT_MAX
    }
  }
  return 0;
}

// The size read from memory again after a call that may change it.
void refresh_sizes(size_t *sizes, int n);
int size_reread(int count, size_t *sizes, const MPI_Aint *disp,
                MPI_Datatype *out) {
  int lens[16];
  for (int i = 0; i < count && i < 16; i++) {
    lens[i] = (int)sizes[i];
    refresh_sizes(sizes, count);
    if (sizes[i] > 4096)
      lens[i] = 1;
  }
  return MPI_Type_create_hindexed(count, lens, disp, MPI_BYTE, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: block length array 'lens' of MPI_Type_create_hindexed is filled with values that can exceed INT_MAX
}

// Displacements summed on the first call, kept in a structure, and loaded
// from it on the others (SuperLU_DIST's nrformat_loc3d): the other branch
// filled them, in an earlier call.
struct layout { int *disp; };
void gather_rows(struct layout *kept, int first, const int *counts, int np,
                 const double *mine, int n, double *all, MPI_Comm comm) {
  int *disp;
  if (first) {
    disp = malloc(np * sizeof(int));
    disp[0] = 0;
    for (int p = 1; p < np; p++)
      disp[p] = disp[p - 1] + counts[p - 1];
    kept->disp = disp;
  } else {
    disp = kept->disp;
    MPI_Gatherv(mine, n, MPI_DOUBLE, all, counts, disp, MPI_DOUBLE, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: displacement array 'disp' of MPI_Gatherv is an 'int' running sum
  }
}
