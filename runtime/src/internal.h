/* Internal interface of libmpix: the threshold, error reporting, and the
   temporary-datatype helpers that every family builds on. */
#ifndef MPIX_INTERNAL_H
#define MPIX_INTERNAL_H

#include "mpix.h"

#include <limits.h>
#include <stddef.h>

/* ---- where errors are reported ------------------------------------------ */

/* MPI reports an error through the handler of the communicator, window or file
   the call names; calls that name none use MPI_COMM_SELF (MPI-4) or
   MPI_COMM_WORLD (MPI-3). */
typedef enum { MPIX_CTX_NONE, MPIX_CTX_COMM, MPIX_CTX_WIN, MPIX_CTX_FILE } mpix_ctx_kind;
typedef struct {
  mpix_ctx_kind kind;
  MPI_Comm comm;
  MPI_Win win;
  MPI_File file;
} mpix_ctx;

mpix_ctx mpix_ctx_comm(MPI_Comm comm);
mpix_ctx mpix_ctx_win(MPI_Win win);
mpix_ctx mpix_ctx_file(MPI_File file);
mpix_ctx mpix_ctx_none(void);

/* Calls the handler of ctx with errclass and returns errclass. */
int mpix_error(const mpix_ctx *ctx, int errclass);
/* Reports a failure of an internal MPI call that MPI did not report itself
   (datatype construction has no communicator): passes MPI_SUCCESS through. */
int mpix_check(const mpix_ctx *ctx, int rc);

/* ---- the threshold ------------------------------------------------------- */

/* INT_MAX, or MPIX_MAX_INT from the environment (emulated backend, read once). */
MPI_Count mpix_threshold(void);
static inline int mpix_fits(MPI_Count n) { return n >= 0 && n <= mpix_threshold(); }
/* Narrows v to an int (at INT_MAX, not the threshold: these are scalars such
   as buffer sizes that MPI-3 simply cannot take); errclass when it cannot. */
int mpix_narrow(const mpix_ctx *ctx, MPI_Count v, int *out, int errclass);

/* ---- argument checks ----------------------------------------------------- */

/* MPI_ERR_COUNT for a negative count, MPI_ERR_TYPE for MPI_DATATYPE_NULL,
   MPI_ERR_BUFFER for a NULL buffer that would be read or written (a NULL that
   is MPI_BOTTOM with an absolute-address datatype is allowed). Reports it. */
int mpix_check_buffer(const mpix_ctx *ctx, const void *buf, int has_buf, MPI_Count count,
                      MPI_Datatype type);
/* MPI_ERR_COUNT for a NULL array of n > 0 counts or a negative count in it.
   Reports it. */
int mpix_check_counts(const mpix_ctx *ctx, const MPI_Count *counts, int n);
int mpix_is_root(MPI_Comm comm, int root);

/* ---- buffer triples ------------------------------------------------------ */

/* A (count, datatype) pair as the int functions take it: the caller's own when
   the count fits, else count 1 of a temporary datatype that owns. */
typedef struct {
  int count;
  MPI_Datatype type;
  int owned;
} mpix_buf;
#define MPIX_BUF_INIT {0, MPI_DATATYPE_NULL, 0}

/* Fills b for (buf, count, type). A triple that is not significant (an
   MPI_IN_PLACE side, a non-root's receive side) is passed through unchecked. */
int mpix_buf_make(const mpix_ctx *ctx, mpix_buf *b, const void *buf, int has_buf,
                  MPI_Count count, MPI_Datatype type, int significant);
void mpix_buf_release(mpix_buf *b);
/* For a nonblocking MPI-IO call or a persistent collective that succeeded:
   the temporary is freed at MPI_Finalize instead. ROMIO (MPICH's MPI-IO)
   keeps using the datatype of a pending nonblocking collective after
   MPI_Type_free returned (it holds no reference); a persistent request uses
   its datatypes at every MPI_Start until MPI_Request_free, which libmpix
   does not see, and Open MPI 4.1's pcollreq takes no reference on them. */
void mpix_buf_release_pending(mpix_buf *b, int rc);

/* ---- how a collective starts --------------------------------------------- */

/* Blocking (request NULL), nonblocking (MPI_I<name>), or persistent
   (MPI_<name>_init with info). */
typedef struct {
  MPI_Request *request;
  int persistent;
  MPI_Info info;
} mpix_start;

/* The int persistent collective MPI_<Name> (Name ends in _init) on an MPI-4
   library, Open MPI's MPIX_<Name> from its pcollreq extension on MPI-3. */
#if MPI_VERSION >= 4
#define MPIX_PCOLL(Name) MPI_##Name
#elif MPIX_HAVE_PERSISTENT_COLL
#define MPIX_PCOLL(Name) MPIX_##Name
#endif

/* MPICH 4.0's persistent scatter cannot be restarted: coll.c. */
#if defined(MPICH_NUMVERSION) && MPICH_NUMVERSION < 40100000 && MPIX_HAVE_PERSISTENT_COLL
#define MPIX_SCATTER_INIT_VIA_SCATTERV 1
#else
#define MPIX_SCATTER_INIT_VIA_SCATTERV 0
#endif

/* Isendrecv built from Irecv + Isend of a packed copy (pt2pt.c): the emulated
   backend, and MPICH 4.0, whose MPI_Isendrecv(_c) leaves the status's source
   and tag unset and crashes in UCX's send with MPI_PROC_NULL peers. */
#if MPIX_BACKEND_EMULATED || (defined(MPICH_NUMVERSION) && MPICH_NUMVERSION < 40100000)
#define MPIX_ISENDRECV_BY_COPY 1
#else
#define MPIX_ISENDRECV_BY_COPY 0
#endif

/* ---- temporary datatypes ------------------------------------------------- */

/* n consecutive copies of old as ONE datatype, built in O(1) (threshold-sized
   blocks plus a remainder), with lb(old) and extent n*extent(old), so that it
   stands for "n of old" wherever offsets are computed from the extent.
   The result is uncommitted and counted as a live temporary. */
int mpix_type_big(MPI_Count n, MPI_Datatype old, MPI_Datatype *out);
/* count copies of elem placed stride bytes apart (an hvector with any count). */
int mpix_type_rep(MPI_Count count, MPI_Aint stride, MPI_Datatype elem, MPI_Datatype *out);
/* *body as a type with bounds (lb, extent): *body itself when those are its
   bounds already, else a resized copy (*body is consumed either way). */
int mpix_type_bounded(MPI_Datatype *body, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *out);
/* mpix_type_big, committed. */
int mpix_type_big_committed(MPI_Count n, MPI_Datatype old, MPI_Datatype *out);
/* One block of n (may be large) of old placed at byte displacement where
   (from a base buffer, or an absolute address for MPI_BOTTOM). Committed. */
int mpix_type_at(MPI_Aint where, MPI_Count n, MPI_Datatype old, MPI_Datatype *out);
/* Keeps t (and a reference to keep, if not NULL) until MPI_Finalize. */
void mpix_type_defer(MPI_Datatype *t, void *keep);
/* Whether t is a predefined (named) datatype. */
int mpix_is_predefined(MPI_Datatype t);
/* Frees a temporary (and sets it to MPI_DATATYPE_NULL). Predefined types and
   MPI_DATATYPE_NULL are left alone. */
void mpix_type_free(MPI_Datatype *t);
/* Stops counting a temporary that is handed to the caller. */
void mpix_type_untrack(MPI_Datatype t);
/* A new datatype from a constructor: rc, and on success counted. */
int mpix_tracked(int rc, MPI_Datatype *t);

/* ---- live-object accounting and deferred frees --------------------------- */

void mpix_live_add(long delta);
void *mpix_malloc(size_t bytes);
void mpix_free(void *p);

/* A reference-counted block for the arrays a nonblocking call must keep until
   it completes. The caller holds one reference; each datatype it is attached
   to holds another, dropped when MPI destroys that datatype (after the
   operation using it completes). */
void *mpix_keep_alloc(size_t bytes);
int mpix_keep_attach(void *block, MPI_Datatype t);
void mpix_keep_release(void *block);
/* Holds a reference to block until MPI_Finalize. */
void mpix_keep_defer(void *block);

/* The lock around libmpix's lazily created state (recursive). */
void mpix_lock(void);
void mpix_unlock(void);
/* A datatype keyval created on first use and freed at MPI_Finalize. */
int mpix_type_keyval(int *keyval, MPI_Type_copy_attr_function *copy,
                     MPI_Type_delete_attr_function *del);
/* A delete callback that mpix_free()s the attribute value. */
int mpix_delete_free(MPI_Datatype t, int keyval, void *value, void *state);
/* Registers fn to run at MPI_Finalize (through an MPI_COMM_SELF attribute). */
void mpix_at_finalize(void (*fn)(void));

/* ---- helpers ------------------------------------------------------------- */

/* p advanced by bytes, leaving NULL, MPI_BOTTOM and MPI_IN_PLACE alone. */
void *mpix_offset(const void *p, MPI_Count bytes);
MPI_Aint mpix_extent(MPI_Datatype t);

#endif /* MPIX_INTERNAL_H */
