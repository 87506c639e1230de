/* Reductions.
 *
 * Blocking reductions of more than a piece are chunked: MPI's reduction
 * operations are elementwise, so reducing pieces with the caller's own
 * (built-in) op gives the same result at the built-in op's speed. A piece is
 * at most the threshold (an int count) and at most piece_bytes() bytes, which
 * measurement chose per library (see piece_bytes()); the native backend uses
 * the same loop (MPICH 4.0.2's MPI_Allreduce_c is slower than pieces).
 *
 * A nonblocking reduction must return ONE request. On MPICH (both backends)
 * allreduce, reduce, scan and exscan above the threshold start one
 * nonblocking reduction per piece, all inside the call, behind one
 * generalized request with a poll function (MPICH's MPIX_Grequest_start; see
 * "nonblocking above the threshold on MPICH" below, and
 * docs/runtime-performance.md for why). Elsewhere (Open MPI, persistent
 * forms) the whole count becomes one "unit" datatype carrying (base type,
 * elements per unit, op) as an attribute, reduced with a cached user-defined
 * op whose function reads the attribute and applies MPI_Reduce_local in
 * threshold-sized pieces: still the built-in op's arithmetic.
 * Reduce_scatter(_block) use units too, since each process's block must stay
 * one piece.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The element count of one reduction call. Native: INT_MAX elements per
   piece; emulated: the threshold. */
static MPI_Count piece_limit(void) { return mpix_threshold(); }

/* Bytes per piece of a blocking reduction, at most piece_limit() elements.
   MPICH 4.0.2 and Open MPI 4.1.4 both reduce a large buffer through a
   temporary buffer of its whole size (or half of it), malloc'd and freed at
   every call: above glibc's mmap threshold (at most 32 MiB) that is a fresh
   mapping, page-faulted in and unmapped each time (a fault is slow on this
   virtual machine), and it is swept through memory instead of cache. Below
   it, the temporary stays in the heap after the first call. Fewer, larger
   pieces mean fewer synchronisations, which matters most when the cores are
   shared: at 32 MiB and above both libraries were 4-8 times slower, and
   from 4 MiB up to 24 MiB the time fell on all three variants
   (docs/runtime-performance.md, "Huge blocking reductions"; N = 2^31 + 2^20
   int8 SUM, 2 processes, best of 2 rounds on a loaded machine: MPICH emulated
   2.63/2.22/2.13/2.13 s at 4/8/16/24 MiB, Open MPI 3.62/3.70/3.30/1.12 s,
   MPICH native 4.29/2.94/2.92/1.16 s). 24 MiB keeps a quarter of the way to
   the 32 MiB cliff for the libraries' own headers. The other routes
   measured: MPICH 4.0.2's MPI_Allreduce_c on the whole count took 23-38 s
   against 1-2.3 s for pieces, so the native backend keeps pieces (of _c
   calls); one element of a large type reduced with a user op applying the
   built-in op piecewise (BigMPI's route, libmpix's nonblocking one) took
   15-34 s on MPICH and at best 2.2 s on Open MPI: MPI moves it as one
   message into a whole-size temporary.
   MPIX_REDUCE_PIECE_BYTES overrides the size (read once; 0: pieces only
   above the threshold, the old route), for measuring.
   The same size won on both libraries, so there is one default; a library
   that needs another would get its own here (OPEN_MPI, MPICH_NUMVERSION). */
#define MPIX_REDUCE_PIECE_BYTES_DEFAULT ((MPI_Count)24 << 20)

static MPI_Count piece_bytes(void) {
  static MPI_Count cached = -1;
  if (cached < 0) {
    const char *env = getenv("MPIX_REDUCE_PIECE_BYTES");
    MPI_Count v = MPIX_REDUCE_PIECE_BYTES_DEFAULT;
    if (env && *env) {
      char *end;
      long long e = strtoll(env, &end, 10);
      if (*end == '\0' && e >= 0) v = (MPI_Count)e;
    }
    cached = v;
  }
  return cached;
}

/* Elements per piece of a blocking reduction of type t. */
static MPI_Count blocking_piece(MPI_Datatype t) {
  MPI_Count limit = piece_limit(), bytes = piece_bytes(), size = 0, n;
  if (bytes == 0 || MPI_Type_size_x(t, &size) != MPI_SUCCESS || size <= 0) return limit;
  n = bytes / size;
  if (n < 1) n = 1;
  return n < limit ? n : limit;
}

/* ---- blocking: pieces ----------------------------------------------------- */

typedef struct {
  MPI_Comm comm;
  int root;
  int kind;
} reduce_call;

enum { R_ALLREDUCE, R_REDUCE, R_SCAN, R_EXSCAN, R_LOCAL };

#if MPIX_BACKEND_NATIVE
#define MPIX_REDUCE_PIECE(fn, ...) MPI_##fn##_c(__VA_ARGS__)
#else
#define MPIX_REDUCE_PIECE(fn, ...) MPI_##fn(__VA_ARGS__)
#endif

static int reduce_piece(const reduce_call *c, const void *s, void *r, int n, MPI_Datatype t,
                        MPI_Op op) {
  switch (c->kind) {
  case R_ALLREDUCE:
    return MPIX_REDUCE_PIECE(Allreduce, s, r, n, t, op, c->comm);
  case R_REDUCE:
    return MPIX_REDUCE_PIECE(Reduce, s, r, n, t, op, c->root, c->comm);
  case R_SCAN:
    return MPIX_REDUCE_PIECE(Scan, s, r, n, t, op, c->comm);
  case R_EXSCAN:
    return MPIX_REDUCE_PIECE(Exscan, s, r, n, t, op, c->comm);
  default:
    return MPIX_REDUCE_PIECE(Reduce_local, s, r, n, t, op);
  }
}

static int pieces(const reduce_call *c, const void *s, void *r, MPI_Count count, MPI_Datatype t,
                  MPI_Op op, MPI_Count limit) {
  MPI_Aint ext = mpix_extent(t);
  MPI_Count done = 0;
  int rc = MPI_SUCCESS;
  do {
    MPI_Count n = count - done < limit ? count - done : limit;
    rc = reduce_piece(c, mpix_offset(s, done * ext), mpix_offset(r, done * ext), (int)n, t, op);
    done += n;
  } while (rc == MPI_SUCCESS && done < count);
  return rc;
}

/* Common checks: count, type, op, and the buffers that are significant. */
static int check_reduce(const mpix_ctx *ctx, const void *s, void *r, int recv_significant,
                        MPI_Count count, MPI_Datatype t, MPI_Op op) {
  int rc = mpix_check_buffer(ctx, r, recv_significant, count, t);
  if (rc == MPI_SUCCESS && s != MPI_IN_PLACE) rc = mpix_check_buffer(ctx, s, 1, count, t);
  if (rc == MPI_SUCCESS && op == MPI_OP_NULL) rc = mpix_error(ctx, MPI_ERR_OP);
  return rc;
}

/* MPICH 4.0's MPI_Reduce (and _c) with MPI_IN_PLACE at a root other than 0
   crashes from about a thousand ints on (its reduce-scatter-gather algorithm
   reads the MPI_IN_PLACE pointer). There the root reduces from a copy. */
#if defined(MPICH_NUMVERSION) && MPICH_NUMVERSION < 40100000
#define MPIX_COPY_IN_PLACE_REDUCE 1
#else
#define MPIX_COPY_IN_PLACE_REDUCE 0
#endif

/* A copy of count elements of t at r; *sendbuf is set to address it like r. */
static void *copy_of(const void *r, MPI_Count count, MPI_Datatype t, const void **sendbuf) {
  MPI_Aint lb, ext, tlb, text;
  size_t span;
  char *tmp;
  MPI_Type_get_extent(t, &lb, &ext);
  MPI_Type_get_true_extent(t, &tlb, &text);
  span = count > 0 ? (size_t)((count - 1) * ext + text) : 0;
  tmp = mpix_malloc(span);
  if (tmp && span) memcpy(tmp, (const char *)r + tlb, span);
  *sendbuf = tmp ? tmp - tlb : MPI_IN_PLACE;
  return tmp;
}

static int blocking(reduce_call c, const void *s, void *r, MPI_Count count, MPI_Datatype t,
                    MPI_Op op) {
  const mpix_ctx ctx = c.kind == R_LOCAL ? mpix_ctx_none() : mpix_ctx_comm(c.comm);
  int recv_sig = c.kind != R_REDUCE || mpix_is_root(c.comm, c.root);
  void *copy = NULL;
  int rc = check_reduce(&ctx, s, r, recv_sig, count, t, op);
  if (rc != MPI_SUCCESS) return rc;
  if (MPIX_COPY_IN_PLACE_REDUCE && c.kind == R_REDUCE && s == MPI_IN_PLACE && c.root != 0) {
    copy = copy_of(r, count, t, &s);
    if (!copy && count > 0) return mpix_error(&ctx, MPI_ERR_NO_MEM);
  }
  {
    MPI_Count piece = c.kind == R_LOCAL ? piece_limit() : blocking_piece(t);
    if (count <= piece) rc = reduce_piece(&c, s, r, (int)count, t, op);
    else rc = pieces(&c, s, r, count, t, op, piece);
  }
  mpix_free(copy);
  return rc;
}


/* ---- nonblocking above the threshold on MPICH: pieces behind one request ---

   A nonblocking reduction must return ONE request. On MPICH, libmpix starts
   one int (emulated) or _c (native) nonblocking reduction per piece, with the
   caller's built-in op, ALL of them inside the call, and returns a generalized
   request made with MPICH's extension MPIX_Grequest_start, whose poll_fn
   MPICH calls from MPI_Test/Testall/Testany/Wait/Waitall/Waitany (checked on
   4.0.2): it tests the pieces with MPI_Testall and calls
   MPI_Grequest_complete when they are all done; its wait_fn (MPICH requires
   one) waits for them. Measured against the routes it replaces in
   docs/runtime-performance.md ("Huge nonblocking reductions").

   Why all pieces at once and not a window of them started as others finish:
   a piece started later, from poll_fn, would (1) be started in an order that
   depends on timing, while collectives on one communicator must be started
   in the same order by every process (two such requests in flight would
   interleave their pieces differently on different processes), and (2) use
   the caller's communicator, datatype and op after the call returned, when
   the caller may already have freed them (MPI lets them be freed while an
   operation is pending; an operation that was started holds its own
   references). Started inside the call, every piece is an ordinary pending
   MPI operation with those guarantees.

   Errors: a piece that fails to start stops the call (the pieces already
   started are waited for, then freed) and its error is returned through the
   communicator's handler; a piece that fails when it completes is reported by
   query_fn as the request's error (MPI_Wait returns it, MPI_Waitall puts it
   in the status). MPI_Cancel cannot cancel a collective: cancel_fn does
   nothing (MPI_Test_cancelled says false). A request freed by
   MPI_Request_free before it completed is completed at MPI_Finalize, where
   libmpix waits for any pieces still pending. Persistent forms keep their
   single-request routes (the units of the emulated backend, MPI_*_init_c). */
#if defined(MPICH_NUMVERSION)
#define MPIX_IREDUCE_BY_PIECES 1
#else
#define MPIX_IREDUCE_BY_PIECES 0
#endif

#if MPIX_IREDUCE_BY_PIECES

/* Bytes per piece of a nonblocking reduction (all pieces are in flight at
   once; measured: docs/runtime-performance.md). MPIX_IREDUCE_PIECE_BYTES
   overrides it for measuring. */
#define MPIX_IREDUCE_PIECE_BYTES_DEFAULT ((MPI_Count)24 << 20)
/* At most this many pieces per call: larger counts get larger pieces. */
#define MPIX_IREDUCE_MAX_PIECES 1024

static MPI_Count env_count(const char *name, MPI_Count dflt) {
  const char *env = getenv(name);
  if (env && *env) {
    char *end;
    long long e = strtoll(env, &end, 10);
    if (*end == '\0' && e >= 0) return (MPI_Count)e;
  }
  return dflt;
}

static MPI_Count ipiece_bytes(void) {
  static MPI_Count cached = -1;
  if (cached < 0) cached = env_count("MPIX_IREDUCE_PIECE_BYTES", MPIX_IREDUCE_PIECE_BYTES_DEFAULT);
  return cached;
}

/* Counts above which a nonblocking reduction takes pieces: the threshold
   (INT_MAX on the native backend), or MPIX_IREDUCE_PIECES_ABOVE (elements),
   which the tests lower to run the route on small data on the native backend
   too, and which a very large value turns off (the previous routes, for
   measuring). */
static MPI_Count ipieces_above(void) {
  static MPI_Count cached = -1;
  if (cached < 0) cached = env_count("MPIX_IREDUCE_PIECES_ABOVE", mpix_threshold());
  return cached;
}

typedef struct ipieces {
  MPI_Request greq;
  int n;               /* pieces started */
  int done;            /* MPI_Grequest_complete called */
  int err;             /* the first error of a piece, or MPI_SUCCESS */
  void *copy;          /* the in-place reduce copy (MPIX_COPY_IN_PLACE_REDUCE) */
  struct ipieces *next, *prev; /* the list of those not yet freed */
  MPI_Request *reqs;
  MPI_Status *statuses;
} ipieces;

static ipieces *ipieces_live = NULL; /* under mpix_lock */

/* The first error among the pieces' completion, given Testall/Waitall's rc. */
static int pieces_error(ipieces *x, int rc) {
  int i;
  if (rc != MPI_ERR_IN_STATUS) return rc;
  for (i = 0; i < x->n; i++)
    if (x->statuses[i].MPI_ERROR != MPI_SUCCESS && x->statuses[i].MPI_ERROR != MPI_ERR_PENDING)
      return x->statuses[i].MPI_ERROR;
  return MPI_ERR_OTHER;
}

static void ipieces_finish(ipieces *x, int rc) {
  if (x->err == MPI_SUCCESS) x->err = pieces_error(x, rc);
  x->done = 1;
  MPI_Grequest_complete(x->greq);
}

static int ipieces_query(void *state, MPI_Status *status) {
  ipieces *x = state;
  MPI_Status_set_elements_x(status, MPI_BYTE, 0);
  MPI_Status_set_cancelled(status, 0);
  status->MPI_SOURCE = MPI_UNDEFINED;
  status->MPI_TAG = MPI_UNDEFINED;
  status->MPI_ERROR = x->err;
  return x->err;
}

static int ipieces_poll(void *state, MPI_Status *status) {
  ipieces *x = state;
  int flag = 0, rc;
  (void)status;
  if (x->done) return MPI_SUCCESS;
  rc = MPI_Testall(x->n, x->reqs, &flag, x->statuses);
  /* a piece that failed while others are pending: keep its error now (MPI
     frees the failed request, so a later Testall would not report it) */
  if (!flag && rc == MPI_ERR_IN_STATUS && x->err == MPI_SUCCESS) x->err = pieces_error(x, rc);
  if (flag || (rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS)) {
    if (!flag) { /* Testall itself failed: wait for what is left, keep its error */
      x->err = rc;
      MPI_Waitall(x->n, x->reqs, x->statuses);
    }
    ipieces_finish(x, rc);
  }
  return MPI_SUCCESS;
}

static int ipieces_wait(int count, void **states, double timeout, MPI_Status *status) {
  int i;
  (void)timeout;
  (void)status;
  for (i = 0; i < count; i++) {
    ipieces *x = states[i];
    if (!x->done) ipieces_finish(x, MPI_Waitall(x->n, x->reqs, x->statuses));
  }
  return MPI_SUCCESS;
}

static int ipieces_cancel(void *state, int complete) {
  (void)state;
  (void)complete;
  return MPI_SUCCESS; /* a collective cannot be cancelled */
}

static void ipieces_destroy(ipieces *x) {
  mpix_free(x->copy);
  mpix_free(x->reqs);
  mpix_free(x->statuses);
  mpix_free(x);
}

static int ipieces_free(void *state) {
  ipieces *x = state;
  mpix_lock();
  if (x->prev) x->prev->next = x->next;
  else ipieces_live = x->next;
  if (x->next) x->next->prev = x->prev;
  mpix_unlock();
  ipieces_destroy(x);
  return MPI_SUCCESS;
}

/* At MPI_Finalize: requests freed by MPI_Request_free before they completed
   (nothing polls them any more) complete here; MPI then frees them. */
static void ipieces_drain(void) {
  for (;;) {
    ipieces *x;
    mpix_lock();
    for (x = ipieces_live; x && x->done; x = x->next) {}
    mpix_unlock();
    if (!x) return;
    ipieces_finish(x, MPI_Waitall(x->n, x->reqs, x->statuses));
  }
}

static int ipiece_start(const reduce_call *c, const void *s, void *r, MPI_Count n,
                        MPI_Datatype t, MPI_Op op, MPI_Request *req) {
#if MPIX_BACKEND_NATIVE
  switch (c->kind) {
  case R_ALLREDUCE:
    return MPI_Iallreduce_c(s, r, n, t, op, c->comm, req);
  case R_REDUCE:
    return MPI_Ireduce_c(s, r, n, t, op, c->root, c->comm, req);
  case R_SCAN:
    return MPI_Iscan_c(s, r, n, t, op, c->comm, req);
  default:
    return MPI_Iexscan_c(s, r, n, t, op, c->comm, req);
  }
#else
  switch (c->kind) {
  case R_ALLREDUCE:
    return MPI_Iallreduce(s, r, (int)n, t, op, c->comm, req);
  case R_REDUCE:
    return MPI_Ireduce(s, r, (int)n, t, op, c->root, c->comm, req);
  case R_SCAN:
    return MPI_Iscan(s, r, (int)n, t, op, c->comm, req);
  default:
    return MPI_Iexscan(s, r, (int)n, t, op, c->comm, req);
  }
#endif
}

/* Elements per piece of a nonblocking reduction of count elements of t. */
static MPI_Count ipiece(MPI_Count count, MPI_Datatype t) {
  MPI_Count limit = piece_limit(), size = 0, n = limit, least;
  if (MPI_Type_size_x(t, &size) == MPI_SUCCESS && size > 0 && ipiece_bytes() > 0)
    n = ipiece_bytes() / size;
  least = (count + MPIX_IREDUCE_MAX_PIECES - 1) / MPIX_IREDUCE_MAX_PIECES;
  if (n < least) n = least;
  if (n < 1) n = 1;
  return n < limit ? n : limit;
}

/* The pieces of a nonblocking reduction behind one generalized request.
   Checks are done by the caller. */
static int ipieces_start(reduce_call c, const void *s, void *r, MPI_Count count,
                         MPI_Datatype t, MPI_Op op, MPI_Request *request) {
  static int drain_registered = 0;
  const mpix_ctx ctx = mpix_ctx_comm(c.comm);
  MPI_Count piece = ipiece(count, t), done = 0;
  MPI_Aint ext = mpix_extent(t);
  int npieces = (int)((count + piece - 1) / piece), rc = MPI_SUCCESS, own = 1;
  ipieces *x = mpix_malloc(sizeof *x);
  if (x) {
    memset(x, 0, sizeof *x);
    x->reqs = mpix_malloc((size_t)npieces * sizeof *x->reqs);
    x->statuses = mpix_malloc((size_t)npieces * sizeof *x->statuses);
  }
  if (!x || !x->reqs || !x->statuses) rc = MPI_ERR_NO_MEM;
  if (rc == MPI_SUCCESS && MPIX_COPY_IN_PLACE_REDUCE && c.kind == R_REDUCE &&
      s == MPI_IN_PLACE && c.root != 0 && mpix_is_root(c.comm, c.root)) {
    x->copy = copy_of(r, count, t, &s);
    if (!x->copy) rc = MPI_ERR_NO_MEM;
  }
  /* A piece's own error went through the communicator's handler already
     (own = 0): it is returned as it is. */
  while (rc == MPI_SUCCESS && done < count) {
    MPI_Count n = count - done < piece ? count - done : piece;
    rc = ipiece_start(&c, mpix_offset(s, done * ext), mpix_offset(r, done * ext), n, t, op,
                      &x->reqs[x->n]);
    if (rc == MPI_SUCCESS) x->n++;
    else own = 0;
    done += n;
  }
  if (rc == MPI_SUCCESS)
    rc = MPIX_Grequest_start(ipieces_query, ipieces_free, ipieces_cancel, ipieces_poll,
                             ipieces_wait, x, request);
  if (rc != MPI_SUCCESS) {
    if (x) {
      if (x->n) MPI_Waitall(x->n, x->reqs, x->statuses);
      ipieces_destroy(x);
    }
    if (rc == MPI_ERR_NO_MEM) return mpix_error(&ctx, rc);
    return own ? mpix_check(&ctx, rc) : rc;
  }
  x->greq = *request;
  mpix_lock();
  if (!drain_registered) {
    drain_registered = 1;
    mpix_at_finalize(ipieces_drain);
  }
  x->next = ipieces_live;
  if (ipieces_live) ipieces_live->prev = x;
  ipieces_live = x;
  mpix_unlock();
  return MPI_SUCCESS;
}

/* Whether a nonblocking or persistent form takes ipieces_start. */
static int takes_ipieces(int kind, MPI_Count count, const mpix_start *start) {
  return !start->persistent && kind != R_LOCAL && count > 0 && count > ipieces_above();
}

#endif /* MPIX_IREDUCE_BY_PIECES */

#if MPIX_BACKEND_EMULATED

/* ---- units: one datatype for a whole large count ---------------------------- */

typedef struct {
  MPI_Datatype base;
  MPI_Count per_unit;
  MPI_Op op;
} unit_info;

static int unit_keyval = MPI_KEYVAL_INVALID;
static MPI_Op unit_ops[2] = {MPI_OP_NULL, MPI_OP_NULL}; /* [commutative] */

/* The op MPI calls on units: the real op on the base elements, in pieces. */
static void unit_apply(void *in, void *inout, int *len, MPI_Datatype *type) {
  unit_info *u = NULL;
  int flag = 0;
  reduce_call local = {MPI_COMM_NULL, 0, R_LOCAL};
  MPI_Type_get_attr(*type, unit_keyval, &u, &flag);
  if (!flag || !u) return; /* not a unit: cannot happen, nothing safe to do */
  pieces(&local, in, inout, (MPI_Count)*len * u->per_unit, u->base, u->op, piece_limit());
}

static void free_unit_ops(void) {
  int i;
  for (i = 0; i < 2; i++)
    if (unit_ops[i] != MPI_OP_NULL) MPI_Op_free(&unit_ops[i]);
}

static int unit_op(MPI_Op op, MPI_Op *out) {
  int commute = 1, rc = MPI_Op_commutative(op, &commute);
  commute = commute ? 1 : 0;
  if (rc == MPI_SUCCESS)
    rc = mpix_type_keyval(&unit_keyval, MPI_TYPE_NULL_COPY_FN, mpix_delete_free);
  if (rc != MPI_SUCCESS) return rc;
  mpix_lock();
  if (unit_ops[commute] == MPI_OP_NULL) {
    if (unit_ops[0] == MPI_OP_NULL && unit_ops[1] == MPI_OP_NULL) mpix_at_finalize(free_unit_ops);
    rc = MPI_Op_create(unit_apply, commute, &unit_ops[commute]);
  }
  *out = unit_ops[commute];
  mpix_unlock();
  return rc;
}

/* A committed datatype of n elements of base tagged with (base, n, op). */
static int unit_type(MPI_Count n, MPI_Datatype base, MPI_Op op, MPI_Datatype *out) {
  unit_info *u = mpix_malloc(sizeof *u);
  int rc = u ? mpix_type_big_committed(n, base, out) : MPI_ERR_NO_MEM;
  if (rc != MPI_SUCCESS) {
    mpix_free(u);
    return rc;
  }
  u->base = base;
  u->per_unit = n;
  u->op = op;
  rc = MPI_Type_set_attr(*out, unit_keyval, u);
  if (rc != MPI_SUCCESS) {
    mpix_free(u);
    mpix_type_free(out);
  }
  return rc;
}

/* ---- nonblocking ------------------------------------------------------------ */

typedef struct {
  MPI_Comm comm;
  int root;
  int kind;
  mpix_start start;
} ireduce_call;

static int ireduce_piece(const ireduce_call *c, const void *s, void *r, int n, MPI_Datatype t,
                         MPI_Op op) {
  MPI_Request *req = c->start.request;
#if MPIX_HAVE_PERSISTENT_COLL
  MPI_Info info = c->start.info;
  if (c->start.persistent) switch (c->kind) {
    case R_ALLREDUCE:
      return MPIX_PCOLL(Allreduce_init)(s, r, n, t, op, c->comm, info, req);
    case R_REDUCE:
      return MPIX_PCOLL(Reduce_init)(s, r, n, t, op, c->root, c->comm, info, req);
    case R_SCAN:
      return MPIX_PCOLL(Scan_init)(s, r, n, t, op, c->comm, info, req);
    default:
      return MPIX_PCOLL(Exscan_init)(s, r, n, t, op, c->comm, info, req);
    }
#endif
  switch (c->kind) {
  case R_ALLREDUCE:
    return MPI_Iallreduce(s, r, n, t, op, c->comm, req);
  case R_REDUCE:
    return MPI_Ireduce(s, r, n, t, op, c->root, c->comm, req);
  case R_SCAN:
    return MPI_Iscan(s, r, n, t, op, c->comm, req);
  default:
    return MPI_Iexscan(s, r, n, t, op, c->comm, req);
  }
}

/* A temporary type of a started call: MPI keeps it until a nonblocking call
   completes, but a persistent request uses it until MPI_Request_free. */
static void release_started(MPI_Datatype *t, const mpix_start *st, int rc) {
  if (st->persistent && rc == MPI_SUCCESS) mpix_type_defer(t, NULL);
  else mpix_type_free(t);
}

static int nonblocking(ireduce_call c, const void *s, void *r, MPI_Count count, MPI_Datatype t,
                       MPI_Op op) {
  const mpix_ctx ctx = mpix_ctx_comm(c.comm);
  int recv_sig = c.kind != R_REDUCE || mpix_is_root(c.comm, c.root);
  MPI_Datatype unit;
  MPI_Op uop;
  int rc = check_reduce(&ctx, s, r, recv_sig, count, t, op);
  if (rc == MPI_SUCCESS && !c.start.request) rc = mpix_error(&ctx, MPI_ERR_REQUEST);
  if (rc != MPI_SUCCESS) return rc;
  if (mpix_fits(count)) return ireduce_piece(&c, s, r, (int)count, t, op);
  rc = unit_op(op, &uop);
  if (rc == MPI_SUCCESS) rc = unit_type(count, t, op, &unit);
  if (rc != MPI_SUCCESS) return mpix_check(&ctx, rc);
  rc = ireduce_piece(&c, s, r, 1, unit, uop);
  release_started(&unit, &c.start, rc);
  return rc;
}

/* ---- reduce_scatter and reduce_scatter_block ------------------------------- */

static MPI_Count gcd(MPI_Count a, MPI_Count b) {
  while (b) {
    MPI_Count t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Reduce_scatter's per-process counts in units of g elements, g the largest
   common divisor, so that each block is whole units; *fits when they and
   their sum fit the int call as they are (g = 1, no unit type needed). */
typedef struct {
  int n;
  MPI_Count g;
  int *counts;
  int fits;
} scatter_plan;

/* Unit counts; returns 0 when some count in units does not fit. */
static int plan_units(const MPI_Count *recvcounts, scatter_plan *p) {
  MPI_Count sum = 0, g = 0;
  int i;
  for (i = 0; i < p->n; i++) {
    sum += recvcounts[i];
    g = gcd(g, recvcounts[i]);
  }
  p->fits = mpix_fits(sum);
  p->g = p->fits || g == 0 ? 1 : g;
  for (i = 0; i < p->n; i++) {
    if (!mpix_fits(recvcounts[i] / p->g)) return 0;
    p->counts[i] = (int)(recvcounts[i] / p->g);
  }
  return 1;
}

static int plan_scatter(const mpix_ctx *ctx, MPI_Comm comm, const MPI_Count *recvcounts,
                        scatter_plan *p, int *expressible) {
  int rc = MPI_Comm_size(comm, &p->n);
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_check_counts(ctx, recvcounts, p->n);
  if (rc != MPI_SUCCESS) return rc;
  p->counts = mpix_keep_alloc((size_t)p->n * sizeof(int)); /* see reduce_scatter */
  if (!p->counts) return mpix_error(ctx, MPI_ERR_NO_MEM);
  *expressible = plan_units(recvcounts, p);
  return MPI_SUCCESS;
}

/* Blocking reduce_scatter whose counts have no usable common unit: one
   (chunked) reduce per process to that process, then each moves its block to
   the front of recvbuf when the input was in place there. */
static int reduce_per_root(const void *s, void *r, const MPI_Count *recvcounts, int n,
                           MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  MPI_Aint ext = mpix_extent(t);
  MPI_Count at = 0, mine = 0;
  int me, root, rc = MPI_Comm_rank(comm, &me);
  int in_place = s == MPI_IN_PLACE;
  const void *in = in_place ? r : s;
  for (root = 0; root < n && rc == MPI_SUCCESS; root++) {
    const void *send = mpix_offset(in, at * ext);
    if (root == me) mine = at;
    if (root == me && in_place) send = MPI_IN_PLACE;
    rc = MPIX_Reduce_x(send, root == me ? (in_place ? mpix_offset(r, at * ext) : r) : NULL,
                       recvcounts[root], t, op, root, comm);
    at += recvcounts[root];
  }
  if (rc == MPI_SUCCESS && in_place && mine > 0)
    memmove(r, mpix_offset(r, mine * ext), (size_t)(recvcounts[me] * ext));
  return rc;
}

/* Shared by the six reduce_scatter forms: start NULL means blocking. */
static int scatter_reduced(const void *s, void *r, const MPI_Count *recvcounts, MPI_Count block,
                           MPI_Datatype t, MPI_Op op, MPI_Comm comm, const mpix_start *start) {
  MPI_Request *request = start ? start->request : NULL;
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  scatter_plan p = {0, 1, NULL, 1};
  MPI_Datatype unit = t;
  MPI_Op uop = op;
  int rc, expressible = 1;
  /* A nonblocking or persistent form with no request to return fails before
     it does anything, as the other families do (request NULL here must not
     mean "blocking"). */
  if (start && !request) return mpix_error(&ctx, MPI_ERR_REQUEST);
  if (t == MPI_DATATYPE_NULL) return mpix_error(&ctx, MPI_ERR_TYPE);
  if (op == MPI_OP_NULL) return mpix_error(&ctx, MPI_ERR_OP);
  if (recvcounts) rc = plan_scatter(&ctx, comm, recvcounts, &p, &expressible);
  else if (block < 0) rc = mpix_error(&ctx, MPI_ERR_COUNT);
  else {
    p.fits = mpix_fits(block);
    p.g = p.fits || block == 0 ? 1 : block;
    rc = MPI_SUCCESS;
  }
  if (rc == MPI_SUCCESS && !expressible) {
    /* No common unit: blocking goes per root; one request cannot be had. */
    rc = request ? mpix_error(&ctx, MPI_ERR_COUNT)
                 : reduce_per_root(s, r, recvcounts, p.n, t, op, comm);
    mpix_keep_release(p.counts);
    return rc;
  }
  if (rc != MPI_SUCCESS) return rc;
  if (!p.fits) {
    rc = unit_op(op, &uop);
    if (rc == MPI_SUCCESS) rc = unit_type(p.g, t, op, &unit);
  }
  if (rc == MPI_SUCCESS) {
    int b = recvcounts ? 0 : (int)(block / p.g);
#if MPIX_HAVE_PERSISTENT_COLL
    if (start && start->persistent && recvcounts)
      rc = MPIX_PCOLL(Reduce_scatter_init)(s, r, p.counts, unit, uop, comm, start->info, request);
    else if (start && start->persistent)
      rc = MPIX_PCOLL(Reduce_scatter_block_init)(s, r, b, unit, uop, comm, start->info, request);
    else
#endif
    if (recvcounts && request) rc = MPI_Ireduce_scatter(s, r, p.counts, unit, uop, comm, request);
    else if (recvcounts) rc = MPI_Reduce_scatter(s, r, p.counts, unit, uop, comm);
    else if (request) rc = MPI_Ireduce_scatter_block(s, r, b, unit, uop, comm, request);
    else rc = MPI_Reduce_scatter_block(s, r, b, unit, uop, comm);
  } else {
    rc = mpix_check(&ctx, rc);
  }
  if (unit != t && start) release_started(&unit, start, rc);
  else if (unit != t) mpix_type_free(&unit);
  /* MPICH and Open MPI read the counts when a call starts; a persistent
     request might read them at every MPI_Start, so those stay until
     MPI_Finalize. */
  if (start && start->persistent && rc == MPI_SUCCESS && p.counts) mpix_keep_defer(p.counts);
  mpix_keep_release(p.counts);
  return rc;
}

#endif /* MPIX_BACKEND_EMULATED */

/* ---- the operations of the table's rows --------------------------------------- */

/* start is NULL for a blocking form (pieces), else how a nonblocking or
   persistent one starts (one request: on MPICH, pieces behind a generalized
   request above the threshold; else units, or the native _c call). */
static int reduction(int kind, const void *s, void *r, MPI_Count count, MPI_Datatype t,
                     MPI_Op op, int root, MPI_Comm comm, const mpix_start *start) {
  reduce_call c = {comm, root, kind};
#if MPIX_IREDUCE_BY_PIECES
  if (start && takes_ipieces(kind, count, start)) {
    const mpix_ctx ctx = mpix_ctx_comm(comm);
    int recv_sig = kind != R_REDUCE || mpix_is_root(comm, root);
    int rc = check_reduce(&ctx, s, r, recv_sig, count, t, op);
    if (rc == MPI_SUCCESS && !start->request) rc = mpix_error(&ctx, MPI_ERR_REQUEST);
    if (rc != MPI_SUCCESS) return rc;
    return ipieces_start(c, s, r, count, t, op, start->request);
  }
#endif
#if MPIX_BACKEND_EMULATED
  if (start) {
    ireduce_call ic = {comm, root, kind, *start};
    return nonblocking(ic, s, r, count, t, op);
  }
#else
  /* Native: the nonblocking forms below the pieces' threshold (the
     persistent forms are generated forwards). */
  if (start) {
    switch (kind) {
    case R_ALLREDUCE:
      return MPI_Iallreduce_c(s, r, count, t, op, comm, start->request);
    case R_REDUCE:
      return MPI_Ireduce_c(s, r, count, t, op, root, comm, start->request);
    case R_SCAN:
      return MPI_Iscan_c(s, r, count, t, op, comm, start->request);
    default:
      return MPI_Iexscan_c(s, r, count, t, op, comm, start->request);
    }
  }
#endif
  return blocking(c, s, r, count, t, op);
}

static int allreduce(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                     MPI_Op op, MPI_Comm comm, const mpix_start *start) {
  return reduction(R_ALLREDUCE, sendbuf, recvbuf, count, datatype, op, 0, comm, start);
}

static int reduce(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                  MPI_Op op, int root, MPI_Comm comm, const mpix_start *start) {
  return reduction(R_REDUCE, sendbuf, recvbuf, count, datatype, op, root, comm, start);
}

/* Native: only MPIX_Iscan_x and MPIX_Iexscan_x come here (gen_mpix.py). */
static int scan(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                MPI_Op op, MPI_Comm comm, const mpix_start *start) {
  return reduction(R_SCAN, sendbuf, recvbuf, count, datatype, op, 0, comm, start);
}

static int exscan(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                  MPI_Op op, MPI_Comm comm, const mpix_start *start) {
  return reduction(R_EXSCAN, sendbuf, recvbuf, count, datatype, op, 0, comm, start);
}

#if MPIX_BACKEND_EMULATED

/* Local: no communicator, and only a blocking form. */
static int reduce_local(const void *inbuf, void *inoutbuf, MPI_Count count,
                        MPI_Datatype datatype, MPI_Op op, const mpix_start *start) {
  return reduction(R_LOCAL, inbuf, inoutbuf, count, datatype, op, 0, MPI_COMM_NULL, start);
}

static int reduce_scatter(const void *sendbuf, void *recvbuf, const MPI_Count *recvcounts,
                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                          const mpix_start *start) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  if (!recvcounts) return mpix_error(&ctx, MPI_ERR_COUNT);
  return scatter_reduced(sendbuf, recvbuf, recvcounts, 0, datatype, op, comm, start);
}

static int reduce_scatter_block(const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                const mpix_start *start) {
  return scatter_reduced(sendbuf, recvbuf, NULL, recvcount, datatype, op, comm, start);
}

#endif /* MPIX_BACKEND_EMULATED */

/* MPIX_<Op>_x, MPIX_I<op>_x and MPIX_<Op>_init_x of the REDUCE rows this
   backend implements here (native: MPIX_Allreduce_x and MPIX_Reduce_x),
   generated from the table (gen_mpix.py): each passes its parameters to the
   <op> above, with how it starts. */
#define MPIX_SHIMS_REDUCE 1
#include "mpix_shims.inc"
