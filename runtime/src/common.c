/* Threshold, error reporting, argument checks and live-object accounting:
   what every family of libmpix shares. */
#include "internal.h"

#include <stdlib.h>

/* ---- where errors are reported ------------------------------------------ */

mpix_ctx mpix_ctx_comm(MPI_Comm comm) {
  mpix_ctx c = {MPIX_CTX_COMM, comm, MPI_WIN_NULL, MPI_FILE_NULL};
  return c;
}
mpix_ctx mpix_ctx_win(MPI_Win win) {
  mpix_ctx c = {MPIX_CTX_WIN, MPI_COMM_NULL, win, MPI_FILE_NULL};
  return c;
}
mpix_ctx mpix_ctx_file(MPI_File file) {
  mpix_ctx c = {MPIX_CTX_FILE, MPI_COMM_NULL, MPI_WIN_NULL, file};
  return c;
}
mpix_ctx mpix_ctx_none(void) {
  mpix_ctx c = {MPIX_CTX_NONE, MPI_COMM_NULL, MPI_WIN_NULL, MPI_FILE_NULL};
  return c;
}

int mpix_error(const mpix_ctx *ctx, int errclass) {
  switch (ctx->kind) {
  case MPIX_CTX_COMM:
    /* A null communicator has no handler; MPI itself reports on SELF/WORLD. */
    if (ctx->comm != MPI_COMM_NULL) {
      MPI_Comm_call_errhandler(ctx->comm, errclass);
      return errclass;
    }
    break;
  case MPIX_CTX_WIN:
    if (ctx->win != MPI_WIN_NULL) {
      MPI_Win_call_errhandler(ctx->win, errclass);
      return errclass;
    }
    break;
  case MPIX_CTX_FILE:
    /* MPI_FILE_NULL has a handler of its own (MPI_ERRORS_RETURN by default). */
    MPI_File_call_errhandler(ctx->file, errclass);
    return errclass;
  case MPIX_CTX_NONE:
    break;
  }
#if MPI_VERSION >= 4
  MPI_Comm_call_errhandler(MPI_COMM_SELF, errclass);
#else
  MPI_Comm_call_errhandler(MPI_COMM_WORLD, errclass);
#endif
  return errclass;
}

int mpix_check(const mpix_ctx *ctx, int rc) {
  int cls = rc;
  if (rc == MPI_SUCCESS) return rc;
  MPI_Error_class(rc, &cls);
  mpix_error(ctx, cls);
  return rc;
}

/* ---- the threshold ------------------------------------------------------- */

static MPI_Count threshold_from_env(void) {
#if MPIX_BACKEND_EMULATED
  const char *s = getenv("MPIX_MAX_INT");
  if (s && *s) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (*end == '\0' && v >= 1 && v <= INT_MAX) return (MPI_Count)v;
  }
#endif
  return INT_MAX;
}

MPI_Count mpix_threshold(void) {
  /* Read once: a benign race at worst stores the same value twice. */
  static MPI_Count cached = 0;
  if (cached == 0) cached = threshold_from_env();
  return cached;
}

MPI_Count MPIX_Threshold(void) { return mpix_threshold(); }

int mpix_narrow(const mpix_ctx *ctx, MPI_Count v, int *out, int errclass) {
  if (v < INT_MIN || v > INT_MAX || (errclass == MPI_ERR_COUNT && v < 0))
    return mpix_error(ctx, errclass);
  *out = (int)v;
  return MPI_SUCCESS;
}

/* ---- argument checks ----------------------------------------------------- */

/* A NULL buffer is MPI_BOTTOM: legal only with a datatype whose data sit at
   absolute addresses, i.e. whose true lower bound is not 0. */
static int null_buffer_is_bad(MPI_Datatype type) {
  MPI_Count size = 0, true_lb = 0, true_extent = 0;
  if (MPI_Type_size_x(type, &size) != MPI_SUCCESS || size == 0) return 0;
  if (MPI_Type_get_true_extent_x(type, &true_lb, &true_extent) != MPI_SUCCESS) return 0;
  return true_lb == 0;
}

int mpix_check_buffer(const mpix_ctx *ctx, const void *buf, int has_buf, MPI_Count count,
                      MPI_Datatype type) {
  if (count < 0) return mpix_error(ctx, MPI_ERR_COUNT);
  if (type == MPI_DATATYPE_NULL) return mpix_error(ctx, MPI_ERR_TYPE);
  if (has_buf && buf == NULL && count > 0 && null_buffer_is_bad(type))
    return mpix_error(ctx, MPI_ERR_BUFFER);
  return MPI_SUCCESS;
}

int mpix_check_counts(const mpix_ctx *ctx, const MPI_Count *counts, int n) {
  int i;
  if (n > 0 && counts == NULL) return mpix_error(ctx, MPI_ERR_COUNT);
  for (i = 0; i < n; i++)
    if (counts[i] < 0) return mpix_error(ctx, MPI_ERR_COUNT);
  return MPI_SUCCESS;
}

int mpix_is_root(MPI_Comm comm, int root) {
  int inter = 0, rank = -1;
  if (comm == MPI_COMM_NULL) return 0;
  MPI_Comm_test_inter(comm, &inter);
  if (inter) return root == MPI_ROOT;
  MPI_Comm_rank(comm, &rank);
  return rank == root;
}

/* ---- buffer triples ------------------------------------------------------ */

int mpix_buf_make(const mpix_ctx *ctx, mpix_buf *b, const void *buf, int has_buf,
                  MPI_Count count, MPI_Datatype type, int significant) {
  int rc;
  b->type = type;
  b->owned = 0;
  if (!significant) {
    b->count = (count >= 0 && count <= INT_MAX) ? (int)count : 0;
    return MPI_SUCCESS;
  }
  rc = mpix_check_buffer(ctx, buf, has_buf, count, type);
  if (rc != MPI_SUCCESS) return rc;
  if (mpix_fits(count)) {
    b->count = (int)count;
    return MPI_SUCCESS;
  }
  rc = mpix_type_big_committed(count, type, &b->type);
  if (rc != MPI_SUCCESS) {
    b->type = MPI_DATATYPE_NULL;
    return mpix_check(ctx, rc);
  }
  b->count = 1;
  b->owned = 1;
  return MPI_SUCCESS;
}

void mpix_buf_release(mpix_buf *b) {
  if (b->owned) mpix_type_free(&b->type);
  b->owned = 0;
}

/* ---- live-object accounting ---------------------------------------------- */

static long live_temporaries = 0;

void mpix_live_add(long delta) { __atomic_add_fetch(&live_temporaries, delta, __ATOMIC_RELAXED); }

long MPIX_Live_temporaries(void) { return __atomic_load_n(&live_temporaries, __ATOMIC_RELAXED); }

void *mpix_malloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (p) mpix_live_add(1);
  return p;
}

void mpix_free(void *p) {
  if (!p) return;
  free(p);
  mpix_live_add(-1);
}

/* ---- helpers ------------------------------------------------------------- */

void *mpix_offset(const void *p, MPI_Count bytes) {
  if (p == NULL || p == MPI_IN_PLACE) return (void *)p;
  return (char *)p + bytes;
}

MPI_Aint mpix_extent(MPI_Datatype t) {
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(t, &lb, &extent);
  return extent;
}
