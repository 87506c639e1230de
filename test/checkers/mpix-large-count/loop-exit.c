// X: the value a counting loop leaves in its counter. After
// `for (k = A; k < B; k++)` that cannot be left early, k is max(A, B): the
// remainder `total - PIECE * k` after the full pieces is less than a piece
// (datatype/large_type.c of MPICH's tests). Each twin breaks one condition
// and still warns.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

#define PIECE (1024 * 1024)

// 3000000000 bytes: 2861 full pieces and a remainder of 24064 bytes.
void send_remainder(const char *buf, MPI_Comm comm) {
  long total = 3000000000L;
  int pieces = 1 + (total - 1) / PIECE;
  int k;
  for (k = 0; k < pieces - 1; k++)
    MPI_Send(buf + (long)PIECE * k, PIECE, MPI_BYTE, 0, 0, comm);
  MPI_Send(buf + (long)PIECE * k, total - (long)PIECE * k, MPI_BYTE, 0, 0,
           comm);
}

// The other spellings of a step of one and of the condition; the start
// given by the statement before the loop; a return in the body (the call
// is not reached then); the use in a later statement.
void remainder_spellings(const char *buf, int fail, MPI_Comm comm) {
  long total = 3000000000L;
  int pieces = 1 + (total - 1) / PIECE;
  int k;
  for (k = 0; k <= pieces - 2; ++k)
    ;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
  for (k = 0; pieces - 1 > k; k += 1)
    if (fail)
      return;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
  k = 0;
  for (; k != pieces - 1; k = k + 1)
    continue;
  if (buf)
    MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
}

// As in large_type.c: the block lengths of a static function whose one
// call passes the size.
static void make_pieces(MPI_Offset total, MPI_Datatype *type) {
  int i, count = 1 + (total - 1) / PIECE;
  int lens[4096];
  MPI_Aint offsets[4096];
  for (i = 0; i < count - 1; i++) {
    lens[i] = PIECE;
    offsets[i] = (MPI_Aint)PIECE * i;
  }
  lens[count - 1] = total - (MPI_Aint)PIECE * i;
  offsets[count - 1] = (MPI_Aint)PIECE * i;
  MPI_Type_create_hindexed(count, lens, offsets, MPI_BYTE, type);
}

void build_pieces(MPI_Datatype *type) { make_pieces(3000000000LL, type); }

// k * PIECE grows with k: 2047 pieces are 2^31 - 2^20 bytes, which fits.
void send_prefix(const char *buf, int skip, MPI_Comm comm) {
  int k;
  for (k = 0; k < 2047; k++)
    ;
  MPI_Send(buf, (long)k * PIECE, MPI_BYTE, 0, 0, comm);

  // Really too large: 2048 pieces are 2^31 bytes.
  for (k = 0; k < 2048; k++)
    ;
  MPI_Send(buf, (long)k * PIECE, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: constant count '(long)k * PIECE' is 2147483648, which does not fit in 'int'

  // The body changes k too: it can leave the loop at 2048.
  for (k = 0; k < 2047; k++)
    if (skip)
      k++;
  MPI_Send(buf, (long)k * PIECE, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count '(long)k * PIECE' of type 'long' is narrowed to 'int'

  // A step of two can overshoot the bound.
  for (k = 0; k < 2047; k += 2)
    ;
  MPI_Send(buf, (long)k * PIECE, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count '(long)k * PIECE' of type 'long' is narrowed to 'int'

  // k <= 2047 leaves k at 2048.
  for (k = 0; k <= 2047; k++)
    ;
  MPI_Send(buf, (long)k * PIECE, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: constant count '(long)k * PIECE' is 2147483648, which does not fit in 'int'
}

// The remainder's twins, one function each so that no twin's change
// reaches another.
#define REMAINDER_SETUP                                                        \
  long total = 3000000000L;                                                    \
  int pieces = 1 + (total - 1) / PIECE;                                        \
  int k

// A break can leave the loop at k = 0: the remainder is all of total.
void remainder_after_break(const char *buf, int stop, MPI_Comm comm) {
  REMAINDER_SETUP;
  for (k = 0; k < pieces - 1; k++)
    if (buf[k] == stop)
      break;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'total - (long)PIECE * k' of type 'long' is narrowed to 'int'
}

// k is stored again between the loop and the call.
void remainder_restored(const char *buf, int stop, MPI_Comm comm) {
  REMAINDER_SETUP;
  for (k = 0; k < pieces - 1; k++)
    ;
  k = stop;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'total - (long)PIECE * k' of type 'long' is narrowed to 'int'
}

void rewind_counter(int *counter);

// k is handed out: the callee may change it.
void remainder_handed_out(const char *buf, MPI_Comm comm) {
  REMAINDER_SETUP;
  for (k = 0; k < pieces - 1; k++)
    ;
  rewind_counter(&k);
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'total - (long)PIECE * k' of type 'long' is narrowed to 'int'
}

// Whatever the start, a loop that leaves through `k != pieces - 1` leaves
// with k == pieces - 1: the pass over the control flow takes the bound from
// the exit edge (this was reported before it).
void remainder_from(const char *buf, int from, MPI_Comm comm) {
  REMAINDER_SETUP;
  for (k = from; k != pieces - 1; k++)
    ;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
}

// The bound changes in the loop: it can end at k = 0.
void remainder_bound_moved(const char *buf, int stop, MPI_Comm comm) {
  REMAINDER_SETUP;
  for (k = 0; k < pieces - 1; k++)
    if (buf[k] == stop)
      pieces = 1;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'total - (long)PIECE * k' of type 'long' is narrowed to 'int'
}

// A bound known from a guard, 2000 to 2862 pieces: the remainder is below
// 2^30. The loop ends with k at least pieces - 1 as pieces is there: the
// twin that changes pieces after the loop keeps k, and is silent too.
void remainder_guarded(const char *buf, long total, int pieces, MPI_Comm comm) {
  if (total != 3000000000L || pieces < 2000 || pieces > 2862)
    return;
  int k;
  for (k = 0; k < pieces - 1; k++)
    ;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
}

void remainder_guarded_then_changed(const char *buf, long total, int pieces,
                                    MPI_Comm comm) {
  if (total != 3000000000L || pieces < 2000 || pieces > 2862)
    return;
  int k;
  for (k = 0; k < pieces - 1; k++)
    ;
  pieces = 0;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
}

// A jump to a label after the loop bypasses it: k is still 0 there.
void loop_bypassed(const char *buf, int skip, MPI_Comm comm) {
  long total = 3000000000L;
  int pieces = 1 + (total - 1) / PIECE;
  int k = 0;
  if (skip)
    goto tail;
  for (k = 0; k < pieces - 1; k++)
    ;
tail:
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'total - (long)PIECE * k' of type 'long' is narrowed to 'int'
}

// The loop is the body of an if: it may not run at all.
void loop_not_run(const char *buf, int run, MPI_Comm comm) {
  long total = 3000000000L;
  int pieces = 1 + (total - 1) / PIECE;
  int k = 0;
  if (run)
    for (k = 0; k < pieces - 1; k++)
      ;
  MPI_Send(buf, total - (long)PIECE * k, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'total - (long)PIECE * k' of type 'long' is narrowed to 'int'
}
