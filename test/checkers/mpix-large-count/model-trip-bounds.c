// Powers of two doubled up to the number of processes, and loops that halve
// one back down: under the model of a run (at most 2^24 processes) the
// power stays below 2^25, a loop that halves it while it is at least 1 runs
// at most 25 times, and what that loop steps by a bounded amount each turn
// stays bounded too (docs/checks/mpix-large-count.md, "Loops of bounded
// trips"). A bound that comes from input, a step the analysis cannot bound,
// a loop that does not halve on every turn, or a product that really
// overflows is still reported.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

// Compound assignments are followed as their plain forms: `blocks <<= 1`
// is `blocks = blocks << 1`, so the loop leaves blocks below 2 * size.
void compound_doubling(MPI_Comm comm, MPI_Datatype *out) {
  int size;
  MPI_Comm_size(comm, &size);
  int blocks = 1;
  while (blocks < size)
    blocks <<= 1;
  int parts = size;
  parts /= 2;
  parts *= 3;
  MPI_Type_contiguous(blocks * 32, MPI_INT, out);
  MPI_Type_contiguous(parts * 64, MPI_INT, out + 1);
  MPI_Type_contiguous(blocks * 128, MPI_INT, out + 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: count 'blocks * 128' is computed in 'int' and can overflow
}

// The power found by doubling is used several blocks after its loop: the
// bound its loop's condition gives reaches every later use.
void counter_window(MPI_Comm comm, MPI_Win *win) {
  int size;
  MPI_Comm_size(comm, &size);
  int pof2 = 1;
  while (pof2 < size)
    pof2 *= 2;
  int *mem;
  if (MPI_Alloc_mem(pof2 * 2 * sizeof(int), MPI_INFO_NULL, &mem) != MPI_SUCCESS) {
    MPI_Abort(comm, 1);
  }
  for (int i = 0; i < pof2 * 2; i++)
    mem[i] = 0;
  if (size > 1)
    mem[0] = 1;
  MPI_Win_create(mem, pof2 * 2 * sizeof(int), sizeof(int), MPI_INFO_NULL, comm, win);
}

// The path from a leaf to the root of a binary tree laid out level by
// level: `width` is halved each turn, `node` grows by at most 2 * width.
void tree_path(MPI_Comm comm, MPI_Datatype *down, MPI_Datatype *up,
               MPI_Datatype *bytes) {
  int size, me;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &me);
  int width = 1, depth = 0;
  while (width < size) {
    width <<= 1;
    depth++;
  }
  width >>= 1;
  int *near = malloc(depth * sizeof(int));
  int *far = malloc(depth * sizeof(int));
  int *scaled = malloc(depth * sizeof(int));
  int node = 0, level = 0, r = me;
  while (width >= 1) {
    scaled[level] = node * 2;
    if (r < width) {
      near[level] = node + 1;
      far[level] = node + width * 2;
      node = node + 1;
    } else {
      near[level] = node + width * 2;
      far[level] = node + 1;
      node = node + width * 2;
    }
    level++;
    r = r % width;
    width >>= 1;
  }
  MPI_Type_create_indexed_block(depth, 1, near, MPI_INT, down);
  MPI_Type_create_indexed_block(depth, 1, far, MPI_INT, up);
  MPI_Type_create_indexed_block(depth, 1, scaled, MPI_SHORT, bytes);
  free(near);
  free(far);
  free(scaled);
}

// The same halving in a for loop's increment, divided rather than shifted.
void tree_path_for(MPI_Comm comm, MPI_Datatype *t) {
  int size;
  MPI_Comm_size(comm, &size);
  int top = 1;
  while (top < size)
    top *= 2;
  int disp[32];
  int node = 0, level = 0;
  for (int w = top; w >= 1 && level < 32; w /= 2) {
    disp[level++] = node * 2;
    node += w;
  }
  MPI_Type_create_indexed_block(level, 1, disp, MPI_INT, t);
}

// The power comes from input: it is not bounded, nor is the halving loop.
void tree_from_input(int argc, char **argv, MPI_Datatype *t) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  int width = 1, depth = 0;
  while (width < n) {
    width <<= 1;
    depth++;
  }
  int *disp = malloc((depth + 1) * sizeof(int));
  int node = 0, level = 0;
  while (width >= 1) {
    disp[level++] = node * 2;
    node += width;
    width >>= 1;
  }
  MPI_Type_create_indexed_block(level, 1, disp, MPI_INT, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: displacement array 'disp' of MPI_Type_create_indexed_block is filled with values that can exceed INT_MAX
  free(disp);
}

// Each step comes from input: however few the turns, node is unbounded.
void unbounded_step(MPI_Comm comm, char **argv, MPI_Datatype *t) {
  int size;
  MPI_Comm_size(comm, &size);
  int width = 1;
  while (width < size)
    width <<= 1;
  int step = atoi(argv[1]);
  int disp[32];
  int node = 0, level = 0;
  while (width >= 1 && level < 32) {
    disp[level++] = node * 2;
    node += step;
    width >>= 1;
  }
  MPI_Type_create_indexed_block(level, 1, disp, MPI_INT, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: displacement array 'disp' of MPI_Type_create_indexed_block is filled with values that can exceed INT_MAX
}

// Counting down by one is no halving: the loop may turn 2^25 times.
void no_halving(MPI_Comm comm, MPI_Datatype *t) {
  int size;
  MPI_Comm_size(comm, &size);
  int width = 1;
  while (width < size)
    width <<= 1;
  int *disp = malloc(width * sizeof(int));
  int node = 0, level = 0;
  while (width >= 1) {
    disp[level++] = node * 2;
    node += 64;
    width -= 1;
  }
  MPI_Type_create_indexed_block(level, 1, disp, MPI_INT, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: displacement array 'disp' of MPI_Type_create_indexed_block is filled with values that can exceed INT_MAX
  free(disp);
}

// A turn that `continue`s skips the halving: no bound on the turns.
void halving_skipped(MPI_Comm comm, const int *skip, MPI_Datatype *t) {
  int size;
  MPI_Comm_size(comm, &size);
  int width = 1;
  while (width < size)
    width <<= 1;
  int disp[32];
  int node = 0, level = 0;
  while (width >= 1 && level < 32) {
    node += width;
    if (skip[level])
      continue;
    disp[level++] = node * 2;
    width >>= 1;
  }
  MPI_Type_create_indexed_block(level, 1, disp, MPI_INT, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: displacement array 'disp' of MPI_Type_create_indexed_block is filled with values that can exceed INT_MAX
}

// Halved only on some turns: no bound either.
void halving_in_a_branch(MPI_Comm comm, const int *halve, MPI_Datatype *t) {
  int size;
  MPI_Comm_size(comm, &size);
  int width = 1;
  while (width < size)
    width <<= 1;
  int disp[32];
  int node = 0, level = 0;
  while (width >= 1 && level < 32) {
    disp[level] = node * 2;
    node += width;
    if (halve[level])
      width >>= 1;
    level++;
  }
  MPI_Type_create_indexed_block(level, 1, disp, MPI_INT, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: displacement array 'disp' of MPI_Type_create_indexed_block is filled with values that can exceed INT_MAX
}

// Bounded turns, but each adds too much: 25 turns of up to 2^31 - 128.
void steps_too_large(MPI_Comm comm, MPI_Datatype *t) {
  int size;
  MPI_Comm_size(comm, &size);
  int width = 1;
  while (width < size)
    width <<= 1;
  int disp[32];
  int node = 0, level = 0;
  while (width >= 1 && level < 32) {
    disp[level++] = node * 2;
    node += width * 64;
    width >>= 1;
  }
  MPI_Type_create_indexed_block(level, 1, disp, MPI_INT, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: displacement array 'disp' of MPI_Type_create_indexed_block is filled with values that can exceed INT_MAX
}

// The products themselves overflow, whatever the trip count.
void product_overflows(MPI_Comm comm, MPI_Datatype *t) {
  int size;
  MPI_Comm_size(comm, &size);
  int width = 1;
  while (width < size)
    width <<= 1;
  int disp[32];
  int level = 0;
  while (width >= 1 && level < 32) {
    disp[level++] = width * 256;
    width >>= 1;
  }
  MPI_Type_create_indexed_block(level, 1, disp, MPI_INT, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: displacement array 'disp' of MPI_Type_create_indexed_block is filled with values that can exceed INT_MAX
}
