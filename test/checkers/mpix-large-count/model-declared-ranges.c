// The Ranges option: the user states the scale of a domain that no code
// bounds (a block has at most 4096 columns, a solve at most 2^10
// right-hand sides), and products of the values so stated are no hazard
// when they fit. Products of two unbounded sizes were most of the reports
// of held-out codes that no run reaches (SuperLU_DIST's supernode size
// times right-hand sides). Without the option every count below is
// reported; with it, only the ones whose stated ranges still overflow,
// those built from what is not stated, and those converted through a cast.
// RUN: %check_mpix_tidy --no-fix --check-suffix=NONE %s mpix-large-count %t-none -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=STATED %s mpix-large-count %t-stated \
// RUN:   --config="{CheckOptions: {mpix-large-count.Ranges: 'ncols:4096; nrhs:1..2^10; block_t.width:4096; .depth:2^12; layout.lens:1000; weights:0..7; COLS():0..4096; panel_rows():4096; level:-8..8; total:2^40; nlocal:2^20; mesh.nverts:2^20; pack_record::record:4096'}}" -- %mpi_cflags
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' \
// RUN:   --config="{CheckOptions: {mpix-large-count.Ranges: 'ncols:4096; nrhs:1..2^10; block_t.width:4096; .depth:2^12; layout.lens:1000; weights:0..7; COLS():0..4096; panel_rows():4096; level:-8..8; total:2^40; nlocal:2^20; mesh.nverts:2^20; pack_record::record:4096'}}" -- %mpi_cflags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTES
// The option holds under StrictTypes too: it is the user's statement, not
// the model's assumption.
// RUN: %check_mpix_tidy --no-fix --check-suffix=STATED %s mpix-large-count %t-strict \
// RUN:   --config="{CheckOptions: {mpix-large-count.StrictTypes: true, mpix-large-count.Ranges: 'ncols:4096; nrhs:1..2^10; block_t.width:4096; .depth:2^12; layout.lens:1000; weights:0..7; COLS():0..4096; panel_rows():4096; level:-8..8; total:2^40; nlocal:2^20; mesh.nverts:2^20; pack_record::record:4096'}}" -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

#define COLS(k) (xsup[(k) + 1] - xsup[(k)])

typedef struct {
  int width;
} block_t;

struct layout {
  int lens[16];
  int depth;
};

struct other {
  int depth;
  int lens[16];
};

struct mesh {
  int nverts;
};

int panel_rows(int k);
int weights[64];

// Parameters by name.
void solve_panel(double *b, int ncols, int nrhs, MPI_Comm comm) {
  MPI_Send(b, ncols * nrhs, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'ncols * nrhs' is computed in 'int' and can overflow before MPI sees it
}

// A local named as stated, assigned from what the analysis cannot see.
void local_named(double *b, const int *cols, int k, MPI_Comm comm) {
  int ncols = cols[k];
  MPI_Send(b, ncols * 512, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'ncols * 512' is computed in 'int' and can overflow before MPI sees it
}

// Stated, and still too large together: 4096 * 2^20.
void still_overflows(double *b, int ncols, MPI_Comm comm) {
  MPI_Send(b, ncols * 1048576, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'ncols * 1048576' is computed in 'int' and can overflow before MPI sees it
  // CHECK-MESSAGES-STATED: :[[@LINE-2]]:15: warning: count 'ncols * 1048576' is computed in 'int' and can overflow before MPI sees it
}

// One factor stated, the other not.
void half_stated(double *b, int ncols, int nrows, MPI_Comm comm) {
  MPI_Send(b, ncols * nrows, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'ncols * nrows' is computed in 'int' and can overflow before MPI sees it
  // CHECK-MESSAGES-STATED: :[[@LINE-2]]:15: warning: count 'ncols * nrows' is computed in 'int' and can overflow before MPI sees it
}

// Members: of a typedef'd anonymous struct by its typedef's name, of any
// record (`.depth`), and elements of a member array of one record only.
void members(double *b, const block_t *blk, const struct layout *lay,
             const struct other *oth, int i, MPI_Comm comm) {
  MPI_Send(b, blk->width * lay->depth, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'blk->width * lay->depth' is computed in 'int' and can overflow before MPI sees it
  MPI_Send(b, lay->lens[i] * oth->depth, MPI_DOUBLE, 0, 1, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'lay->lens[i] * oth->depth' is computed in 'int' and can overflow before MPI sees it
  MPI_Send(b, oth->lens[i] * oth->depth, MPI_DOUBLE, 0, 2, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'oth->lens[i] * oth->depth' is computed in 'int' and can overflow before MPI sees it
  // CHECK-MESSAGES-STATED: :[[@LINE-2]]:15: warning: count 'oth->lens[i] * oth->depth' is computed in 'int' and can overflow before MPI sees it
}

// Elements of a global array, a function's returns, and a macro's
// expansions, whose own subtraction could overflow: the statement says
// what it comes to.
void calls_and_macros(double *b, const int *xsup, int k, int nrhs,
                      MPI_Comm comm) {
  MPI_Send(b, weights[k] * panel_rows(k) * nrhs, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'weights[k] * panel_rows(k) * nrhs' is computed in 'int' and can overflow before MPI sees it
  MPI_Send(b, COLS(k) * nrhs, MPI_DOUBLE, 0, 1, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'COLS(k) * nrhs' is computed in 'int' and can overflow before MPI sees it
}

// A stated operand of a product that still overflows is said to be
// within its statement, and the unbounded one is the origin.
void stated_operand(double *b, const int *xsup, int k, int nfields,
                    MPI_Comm comm) {
  MPI_Send(b, COLS(k) * nfields, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'COLS(k) * nfields' is computed in 'int' and can overflow before MPI sees it
  // CHECK-MESSAGES-STATED: :[[@LINE-2]]:15: warning: count 'COLS(k) * nfields' is computed in 'int' and can overflow before MPI sees it
}
// NOTES: model-declared-ranges.c:[[#@LINE-4]]:15: note: 'COLS(k) * nfields' can overflow 'int' here: COLS(k) up to 4096, nfields unbounded
// NOTES: model-declared-ranges.c:[[#@LINE-7]]:60: note: 'nfields' is a parameter: its callers may pass any value

// A signed range, and a range wider than the count: stated or not, the
// narrowing wraps.
void signed_and_wide(double *b, int level, long total, MPI_Comm comm) {
  MPI_Send(b, (1 << 20) * (level + 8), MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count '(1 << 20) * (level + 8)' is computed in 'int' and can overflow before MPI sees it
  MPI_Send(b, total, MPI_DOUBLE, 0, 1, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'total' of type 'long' is narrowed to 'int'
  // CHECK-MESSAGES-STATED: :[[@LINE-2]]:15: warning: count 'total' of type 'long' is narrowed to 'int'
}

// A store into a stated local or member loses nothing: what the user
// states of it is what every run holds.
void stored(double *b, size_t n, struct mesh *m, MPI_Comm comm) {
  int nlocal = n;
  MPI_Send(b, nlocal, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'nlocal' holds a value narrowed from 'size_t'
  m->nverts = n;
  MPI_Send(b, m->nverts, MPI_DOUBLE, 0, 1, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:15: warning: count 'm->nverts' holds a value narrowed from 'size_t'
}

// A statement scoped to one function (`pack_record::record`) leaves a
// variable of the same name elsewhere unbounded (mpifileutils' pack sizes,
// held-out audit: a bare name bounded an unrelated local too).
void pack_record(char *buf, int record, MPI_Comm comm) {
  MPI_Bcast(buf, record * 100, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:18: warning: count 'record * 100' is computed in 'int'
}

void unpack_record(char *buf, int record, MPI_Comm comm) {
  MPI_Bcast(buf, record * 100, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:18: warning: count 'record * 100' is computed in 'int'
  // CHECK-MESSAGES-STATED: :[[@LINE-2]]:18: warning: count 'record * 100' is computed in 'int'
}
