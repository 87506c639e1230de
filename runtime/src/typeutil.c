/* Temporary datatypes: the one-datatype-in-O(1) trick that lets an int-count
   MPI call move any number of elements, attributes that survive until MPI
   destroys a datatype, and the finalize hook that releases cached objects. */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

int mpix_tracked(int rc, MPI_Datatype *t) {
  if (rc == MPI_SUCCESS) mpix_live_add(1);
  else *t = MPI_DATATYPE_NULL;
  return rc;
}

void mpix_type_untrack(MPI_Datatype t) { (void)t; mpix_live_add(-1); }

int mpix_is_predefined(MPI_Datatype t) {
  int ni, na, nd, combiner;
  if (MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner) != MPI_SUCCESS) return 1;
  return combiner == MPI_COMBINER_NAMED;
}

void mpix_type_free(MPI_Datatype *t) {
  if (*t == MPI_DATATYPE_NULL) return;
  if (!mpix_is_predefined(*t)) {
    MPI_Type_free(t);
    mpix_live_add(-1);
  }
  *t = MPI_DATATYPE_NULL;
}

/* n copies, stride bytes apart, with n within the threshold. Contiguous when
   the copies touch, so that MPI keeps its contiguous fast paths. */
static int rep_small(int n, MPI_Aint stride, MPI_Datatype elem, MPI_Datatype *out) {
  if (stride == mpix_extent(elem)) return mpix_tracked(MPI_Type_contiguous(n, elem, out), out);
  return mpix_tracked(MPI_Type_create_hvector(n, 1, stride, elem, out), out);
}

/* A piece at byte displacement 0, used once, and n2 copies of b at d2, as one
   struct. Frees *a, and *b when owned (else b is the caller's). */
static int join2(MPI_Datatype *a, MPI_Aint d2, int n2, MPI_Datatype *b, int owned,
                 MPI_Datatype *out) {
  int lens[2] = {1, n2};
  MPI_Aint displs[2] = {0, d2};
  MPI_Datatype types[2] = {*a, *b};
  int rc = mpix_tracked(MPI_Type_create_struct(2, lens, displs, types, out), out);
  mpix_type_free(a);
  if (owned) mpix_type_free(b);
  return rc;
}

/* c such that count = c * (count / c) with both factors within the threshold
   t, found cheaply, or 0: the smallest power of two that is at least
   ceil(count / t) (a mask test), then the four integers from ceil(count / t)
   on (four divisions; a count a little above t is often a multiple of 2..5).
   A type built per call has to be cheap: see mpix_type_rep. */
static MPI_Count exact_split(MPI_Count count, MPI_Count t) {
  MPI_Count cmin = (count - 1) / t + 1, c = 1;
  while (c < cmin) c <<= 1;
  if (c <= t && (count & (c - 1)) == 0) return c;
  for (c = cmin; c < cmin + 4 && c <= t; c++)
    if (count % c == 0) return c;
  return 0;
}

/* count copies of elem stride bytes apart, count above the threshold t, as
   few MPI types as possible: building, committing and freeing a type is most
   of what a large-count constructor costs (on Open MPI 4.1 about 0.09 us a
   type; docs/runtime-performance.md), and transfers are as fast whatever the
   nesting.
   - touching copies (stride = extent) with count = c*b, both within t: ONE
     vector of c blocks of b;
   - touching copies otherwise: a vector of c = count/t blocks of t and the
     r = count%t remaining copies as a block of the struct that joins them
     (two types);
   - copies with gaps: c blocks of t copies (one level per factor of t, so
     the cost does not grow with the count) and r copies, joined (three or
     more). */
int mpix_type_rep(MPI_Count count, MPI_Aint stride, MPI_Datatype elem, MPI_Datatype *out) {
  MPI_Count t = mpix_threshold(), c, r;
  MPI_Datatype block, blocks, rest;
  int rc, touching;
  if (count <= t) return rep_small((int)count, stride, elem, out);
  touching = stride == mpix_extent(elem);
  if (touching && (c = exact_split(count, t)) > 0) {
    int b = (int)(count / c);
    return mpix_tracked(MPI_Type_vector((int)c, b, b, elem, out), out);
  }
  c = count / t;
  r = count % t;
  if (touching && c <= t) {
    rc = mpix_tracked(MPI_Type_vector((int)c, (int)t, (int)t, elem, &blocks), &blocks);
    if (rc != MPI_SUCCESS || r == 0) {
      *out = blocks;
      return rc;
    }
    return join2(&blocks, stride * (MPI_Aint)(c * t), (int)r, &elem, 0, out);
  }
  rc = rep_small((int)t, stride, elem, &block);
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_type_rep(c, stride * (MPI_Aint)t, block, &blocks);
  mpix_type_free(&block);
  if (rc != MPI_SUCCESS || r == 0) {
    *out = blocks;
    return rc;
  }
  rc = rep_small((int)r, stride, elem, &rest);
  if (rc != MPI_SUCCESS) {
    mpix_type_free(&blocks);
    return rc;
  }
  return join2(&blocks, stride * (MPI_Aint)(c * t), 1, &rest, 1, out);
}

/* body with bounds (lb, extent). Only resizes when MPI's own bounds differ:
   an explicit resize changes how the type combines in a struct (Open MPI then
   takes bounds and alignment padding from the explicit markers only). */
int mpix_type_bounded(MPI_Datatype *body, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *out) {
  MPI_Aint blb = 0, bext = 0;
  int rc = MPI_Type_get_extent(*body, &blb, &bext);
  if (rc == MPI_SUCCESS && blb == lb && bext == extent) {
    *out = *body;
    *body = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
  }
  if (rc == MPI_SUCCESS)
    rc = mpix_tracked(MPI_Type_create_resized(*body, lb, extent, out), out);
  mpix_type_free(body);
  return rc;
}

int mpix_type_big(MPI_Count n, MPI_Datatype old, MPI_Datatype *out) {
  MPI_Aint lb = 0, extent = 0;
  MPI_Datatype body;
  int rc;
  if (n <= mpix_threshold()) return mpix_tracked(MPI_Type_contiguous((int)n, old, out), out);
  rc = MPI_Type_get_extent(old, &lb, &extent);
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_type_rep(n, extent, old, &body);
  if (rc != MPI_SUCCESS) return rc;
  /* The struct join may round the extent up for alignment: pin it to n*extent. */
  return mpix_type_bounded(&body, lb, (MPI_Aint)n * extent, out);
}

int mpix_type_big_committed(MPI_Count n, MPI_Datatype old, MPI_Datatype *out) {
  int rc = mpix_type_big(n, old, out);
  if (rc == MPI_SUCCESS) rc = MPI_Type_commit(out);
  return rc;
}

int mpix_type_at(MPI_Aint where, MPI_Count n, MPI_Datatype old, MPI_Datatype *out) {
  MPI_Datatype body;
  int one = 1, rc = mpix_type_big(n, old, &body);
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_tracked(MPI_Type_create_struct(1, &one, &where, &body, out), out);
  mpix_type_free(&body);
  return rc == MPI_SUCCESS ? MPI_Type_commit(out) : rc;
}

/* ---- one lock for libmpix's lazily created state -------------------------- */

/* Keyvals, cached ops, trampolines and deferred lists are created on first
   use; under MPI_THREAD_MULTIPLE two threads may get there together.
   Recursive: the creators call each other (a keyval registers a finalizer). */
static pthread_mutex_t state_lock;
static pthread_once_t state_lock_once = PTHREAD_ONCE_INIT;

static void init_state_lock(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&state_lock, &a);
  pthread_mutexattr_destroy(&a);
}

void mpix_lock(void) {
  pthread_once(&state_lock_once, init_state_lock);
  pthread_mutex_lock(&state_lock);
}

void mpix_unlock(void) { pthread_mutex_unlock(&state_lock); }

/* ---- finalize hook ------------------------------------------------------- */

#define MPIX_MAX_FINALIZERS 16
static void (*finalizers[MPIX_MAX_FINALIZERS])(void);
static int n_finalizers = 0;
static int self_keyval = MPI_KEYVAL_INVALID;

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first (MPI-3.1 8.7.1):
   the place to release libmpix's cached ops and keyvals. */
static int run_finalizers(MPI_Comm comm, int keyval, void *value, void *state) {
  (void)comm;
  (void)value;
  (void)state;
  while (n_finalizers > 0) finalizers[--n_finalizers]();
  MPI_Comm_free_keyval(&keyval);
  self_keyval = MPI_KEYVAL_INVALID;
  return MPI_SUCCESS;
}

void mpix_at_finalize(void (*fn)(void)) {
  mpix_lock();
  if (self_keyval == MPI_KEYVAL_INVALID) {
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, run_finalizers, &self_keyval, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, self_keyval, NULL);
  }
  if (n_finalizers < MPIX_MAX_FINALIZERS) finalizers[n_finalizers++] = fn;
  mpix_unlock();
}

/* ---- datatype keyvals ---------------------------------------------------- */

#define MPIX_MAX_KEYVALS 8
static int *keyvals[MPIX_MAX_KEYVALS];
static int n_keyvals = 0;

static void free_keyvals(void) {
  while (n_keyvals > 0) MPI_Type_free_keyval(keyvals[--n_keyvals]);
}

int mpix_type_keyval(int *keyval, MPI_Type_copy_attr_function *copy,
                     MPI_Type_delete_attr_function *del) {
  int rc = MPI_SUCCESS, k;
  if (__atomic_load_n(keyval, __ATOMIC_ACQUIRE) != MPI_KEYVAL_INVALID) return MPI_SUCCESS;
  mpix_lock();
  if (*keyval == MPI_KEYVAL_INVALID) {
    rc = MPI_Type_create_keyval(copy, del, &k, NULL);
    if (rc == MPI_SUCCESS) {
      if (n_keyvals == 0) mpix_at_finalize(free_keyvals);
      if (n_keyvals < MPIX_MAX_KEYVALS) keyvals[n_keyvals++] = keyval;
      __atomic_store_n(keyval, k, __ATOMIC_RELEASE);
    }
  }
  mpix_unlock();
  return rc;
}

/* ---- blocks kept alive by datatypes -------------------------------------- */

typedef struct {
  long refs;
  /* the caller's bytes follow, aligned for any type */
  union { MPI_Aint a; MPI_Count c; void *p; double d; } payload[1];
} keep_block;

static int keep_keyval = MPI_KEYVAL_INVALID;

static keep_block *keep_of(void *bytes) {
  return (keep_block *)((char *)bytes - offsetof(keep_block, payload));
}

void *mpix_keep_alloc(size_t bytes) {
  keep_block *k = mpix_malloc(sizeof(keep_block) + bytes);
  if (!k) return NULL;
  k->refs = 1;
  return k->payload;
}

static void keep_retain(void *bytes) {
  __atomic_add_fetch(&keep_of(bytes)->refs, 1, __ATOMIC_ACQ_REL);
}

void mpix_keep_release(void *bytes) {
  keep_block *k;
  if (!bytes) return;
  k = keep_of(bytes);
  if (__atomic_sub_fetch(&k->refs, 1, __ATOMIC_ACQ_REL) == 0) mpix_free(k);
}

/* Attribute delete callbacks: the value is a block of ours. */
static int keep_delete(MPI_Datatype t, int keyval, void *value, void *state) {
  (void)t, (void)keyval, (void)state;
  mpix_keep_release(value);
  return MPI_SUCCESS;
}

int mpix_delete_free(MPI_Datatype t, int keyval, void *value, void *state) {
  (void)t, (void)keyval, (void)state;
  mpix_free(value);
  return MPI_SUCCESS;
}

int mpix_keep_attach(void *bytes, MPI_Datatype t) {
  int rc = mpix_type_keyval(&keep_keyval, MPI_TYPE_NULL_COPY_FN, keep_delete);
  if (rc != MPI_SUCCESS) return rc;
  keep_retain(bytes);
  rc = MPI_Type_set_attr(t, keep_keyval, bytes);
  if (rc != MPI_SUCCESS) mpix_keep_release(bytes);
  return rc;
}

/* ---- datatypes freed at MPI_Finalize ------------------------------------- */

typedef struct {
  MPI_Datatype type;
  void *keep;
} deferred_entry;

static deferred_entry *deferred = NULL;
static size_t n_deferred = 0, cap_deferred = 0;

static void defer_entry(MPI_Datatype *t, void *keep);

static void free_deferred(void) {
  while (n_deferred > 0) {
    deferred_entry *e = &deferred[--n_deferred];
    mpix_type_free(&e->type);
    mpix_keep_release(e->keep);
  }
  mpix_free(deferred);
  deferred = NULL;
  cap_deferred = 0;
}

void mpix_type_defer(MPI_Datatype *t, void *keep) {
  if (*t == MPI_DATATYPE_NULL) return;
  defer_entry(t, keep);
}

/* An entry of the list freed at MPI_Finalize: a type, a kept block, or both. */
static void defer_entry(MPI_Datatype *t, void *keep) {
  mpix_lock();
  if (n_deferred == cap_deferred) {
    size_t cap = cap_deferred ? 2 * cap_deferred : 16;
    deferred_entry *grown = mpix_malloc(cap * sizeof *grown);
    if (!grown) { /* cannot defer: free now, as MPI allows */
      mpix_type_free(t);
      mpix_unlock();
      return;
    }
    if (deferred) memcpy(grown, deferred, n_deferred * sizeof *grown);
    if (!deferred) mpix_at_finalize(free_deferred);
    mpix_free(deferred);
    deferred = grown;
    cap_deferred = cap;
  }
  if (keep) keep_retain(keep);
  deferred[n_deferred].type = *t;
  deferred[n_deferred].keep = keep;
  n_deferred++;
  *t = MPI_DATATYPE_NULL;
  mpix_unlock();
}

void mpix_keep_defer(void *keep) {
  MPI_Datatype none = MPI_DATATYPE_NULL;
  defer_entry(&none, keep);
}

void mpix_buf_release_pending(mpix_buf *b, int rc) {
  if (b->owned && rc == MPI_SUCCESS) mpix_type_defer(&b->type, NULL);
  mpix_buf_release(b);
}
