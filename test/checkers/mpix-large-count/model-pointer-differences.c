// The model of a run: a difference of two pointers into one block is the
// gap between their offsets from a base that stays put. `base + np - cur`,
// with cur moved only forward from base, is at most np, a process count;
// so its narrowing to `int` loses nothing. A base that can move (stored to,
// or handed to a call that may store to it), a cursor that may move back,
// an offset the run does not bound, or a cast to other elements keep the
// report. A member or element read just after a statement that stores
// there (`c->sizes[0] = n;`, `MPI_Get_count(&st, t, &c->sizes[k]);`)
// holds what was stored.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

struct gather_plan {
  int nprocs;
  int *slots;
  int *lengths;
};

void plan_init(struct gather_plan *g) {
  MPI_Comm_size(MPI_COMM_WORLD, &g->nprocs);
  g->slots = malloc(sizeof(int) * (size_t)g->nprocs);
  g->lengths = malloc(sizeof(int) * (size_t)g->nprocs);
}

void plan_regrow(struct gather_plan *g);

// Each receive fills the slots left; what it got moves the cursor on.
void gather_slots(struct gather_plan *g, int leader) {
  MPI_Status st;
  int *cursor, np;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (leader) {
    g->lengths[0] = np;
    cursor = g->slots + g->lengths[0];
  } else {
    cursor = g->slots;
  }
  for (int p = 1; p < np; p++) {
    int left = (int)(g->slots + np - cursor);
    if (left > 0) {
      MPI_Recv(cursor, left, MPI_INT, p, 0, MPI_COMM_WORLD, &st);
      MPI_Get_count(&st, MPI_INT, &g->lengths[p]);
      cursor += g->lengths[p];
    }
  }
}

// A local block, a cursor moved by received counts.
void gather_local(MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *block = malloc(sizeof(int) * (size_t)np);
  int *at = block;
  MPI_Status st;
  for (int p = 1; p < np; p++) {
    int room = (int)(block + np - at);
    if (room > 0) {
      int got;
      MPI_Recv(at, room, MPI_INT, p, 0, comm, &st);
      MPI_Get_count(&st, MPI_INT, &got);
      at += got;
    }
  }
  free(block);
}

// The cursor may move back: the gap may be anything.
void gather_backwards(struct gather_plan *g, int step, int np) {
  MPI_Status st;
  int *cursor = g->slots;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  for (int p = 1; p < np; p++) {
    int left = (int)(g->slots + np - cursor);
    MPI_Recv(cursor, left, MPI_INT, p, 0, MPI_COMM_WORLD, &st);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'left' holds a value narrowed from 'long'
    cursor -= step;
  }
}

// The block is replaced while the cursor walks the old one.
void gather_regrown(struct gather_plan *g, int np) {
  MPI_Status st;
  int *cursor = g->slots;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  for (int p = 1; p < np; p++) {
    int left = (int)(g->slots + np - cursor);
    MPI_Recv(cursor, left, MPI_INT, p, 0, MPI_COMM_WORLD, &st);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'left' holds a value narrowed from 'long'
    plan_regrow(g);
    cursor += 1;
  }
}

// A store to the base member itself.
void gather_reassigned(struct gather_plan *g, int *spare, int np) {
  MPI_Status st;
  int *cursor = g->slots;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int left = (int)(g->slots + np - cursor);
  g->slots = spare;
  MPI_Recv(cursor, left, MPI_INT, 1, 0, MPI_COMM_WORLD, &st);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count 'left' holds a value narrowed from 'long'
}

// An end the run does not bound.
void send_rest(const char *buf, size_t n, const char *from) {
  const char *end = buf + n;
  MPI_Send(from, (int)(end - from), MPI_CHAR, 0, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'end - from' of type 'long' is narrowed to 'int'
}

// Another block's elements: the gap is counted in bytes of ints.
void send_bytes(struct gather_plan *g, int np) {
  int *cursor = g->slots;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int left = (int)((char *)(g->slots + np) - (char *)cursor);
  MPI_Send(cursor, left, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: count 'left' holds a value narrowed from 'long'
}

// A call between the store and the read may change the element.
void plan_touch(struct gather_plan *g);
void send_after_touch(struct gather_plan *g, const int *buf, long wide) {
  g->lengths[0] = (int)(wide % 1000);
  plan_touch(g);
  long total = (long)g->lengths[0] * 4000000;
  MPI_Send(buf, (int)total, MPI_INT, 0, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'total' of type 'long' is narrowed to 'int'
}

// With nothing between, the stored value is what is read.
void send_after_store(struct gather_plan *g, const int *buf, long wide) {
  g->lengths[0] = (int)(wide % 1000);
  long total = (long)g->lengths[0] * 4000;
  MPI_Send(buf, (int)total, MPI_INT, 0, 0, MPI_COMM_WORLD);
}
