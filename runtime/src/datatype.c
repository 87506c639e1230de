/* Datatype constructors (emulated backend).
 *
 * Each MPIX_Type_*_x builds the type MPI-3 would build when every count fits,
 * and otherwise the same type map out of threshold-sized pieces (see
 * typeutil.c). Either way it caches the LOGICAL constructor - combiner, large
 * counts, old types - as an attribute, so that MPIX_Type_get_envelope_x and
 * MPIX_Type_get_contents_x answer as MPI-4's _c queries do for a type made by
 * a _c constructor, not with the vector-and-struct underneath.
 */
#include "internal.h"

#include <string.h>

/* ---- the cached logical constructor -------------------------------------- */

typedef struct {
  int combiner;
  int ni;
  MPI_Count nc;
  int nd;
  int *ints;
  MPI_Count *counts;
  /* A struct of zero-length blocks of the old types: MPI keeps them alive for
     us, and MPI_Type_get_contents on it hands them back as MPI would. Only
     when some old type is derived: predefined ones live forever and are
     handed back as they are, from types[] (building and freeing the carrier
     was a third of MPIX_Type_contiguous_x's time on Open MPI 4.1). */
  MPI_Datatype carrier;
  MPI_Datatype *types;
} ctor_record;

static int record_keyval = MPI_KEYVAL_INVALID;

static int record_delete(MPI_Datatype t, int keyval, void *value, void *state) {
  ctor_record *r = value;
  (void)t;
  (void)keyval;
  (void)state;
  mpix_type_free(&r->carrier);
  mpix_free(r);
  return MPI_SUCCESS;
}

static ctor_record *record_new(int combiner, int ni, MPI_Count nc, int nd) {
  size_t bytes = sizeof(ctor_record) + (size_t)nc * sizeof(MPI_Count) +
                 (size_t)nd * sizeof(MPI_Datatype) + (size_t)ni * sizeof(int);
  ctor_record *r = mpix_malloc(bytes);
  if (!r) return NULL;
  r->combiner = combiner;
  r->ni = ni;
  r->nc = nc;
  r->nd = nd;
  r->counts = (MPI_Count *)(r + 1);
  r->types = (MPI_Datatype *)(r->counts + nc);
  r->ints = (int *)(r->types + nd);
  r->carrier = MPI_DATATYPE_NULL;
  return r;
}

static int make_carrier(int nd, const MPI_Datatype *types, MPI_Datatype *out) {
  int i, rc;
  int *lens = mpix_malloc((size_t)nd * sizeof(int));
  MPI_Aint *displs = mpix_malloc((size_t)nd * sizeof(MPI_Aint));
  if (!lens || !displs) rc = MPI_ERR_NO_MEM;
  else {
    for (i = 0; i < nd; i++) {
      lens[i] = 0;
      displs[i] = 0;
    }
    rc = mpix_tracked(MPI_Type_create_struct(nd, lens, displs, (MPI_Datatype *)types, out), out);
  }
  mpix_free(lens);
  mpix_free(displs);
  return rc;
}

/* Attaches r (filled by the caller) to t, or frees r and t on failure. */
static int record_attach(ctor_record *r, const MPI_Datatype *types, MPI_Datatype *t) {
  int rc = mpix_type_keyval(&record_keyval, MPI_TYPE_NULL_COPY_FN, record_delete);
  int i, named = 1;
  for (i = 0; i < r->nd && named; i++) named = mpix_is_predefined(types[i]);
  if (named && r->nd > 0) memcpy(r->types, types, (size_t)r->nd * sizeof(MPI_Datatype));
  if (rc == MPI_SUCCESS && !named) rc = make_carrier(r->nd, types, &r->carrier);
  if (rc == MPI_SUCCESS) rc = MPI_Type_set_attr(*t, record_keyval, r);
  if (rc != MPI_SUCCESS) {
    mpix_type_free(&r->carrier);
    mpix_free(r);
    mpix_type_free(t);
  }
  return rc;
}

static ctor_record *record_of(MPI_Datatype t) {
  void *value = NULL;
  int flag = 0;
  if (record_keyval == MPI_KEYVAL_INVALID || t == MPI_DATATYPE_NULL) return NULL;
  if (MPI_Type_get_attr(t, record_keyval, &value, &flag) != MPI_SUCCESS || !flag) return NULL;
  return value;
}

static MPI_Count *put(MPI_Count *dst, const MPI_Count *src, MPI_Count n) {
  if (n > 0) memcpy(dst, src, (size_t)n * sizeof(MPI_Count));
  return dst + n;
}

/* Record for the many constructors whose large counts are
   [count, (scalar or array a), array b] and whose one old type is old. */
static int record_simple(MPI_Datatype *t, int combiner, MPI_Count count, const MPI_Count *a,
                         MPI_Count na, const MPI_Count *b, MPI_Count nb, MPI_Datatype old) {
  ctor_record *r = record_new(combiner, 0, 1 + na + nb, 1);
  if (!r) {
    mpix_type_free(t);
    return MPI_ERR_NO_MEM;
  }
  r->counts[0] = count;
  put(put(r->counts + 1, a, na), b, nb);
  return record_attach(r, &old, t);
}

/* A type handed to the caller is no longer a temporary of ours. */
static int hand_over(int rc, const mpix_ctx *ctx, MPI_Datatype t) {
  if (rc == MPI_SUCCESS) mpix_type_untrack(t);
  return mpix_check(ctx, rc);
}

/* ---- argument checks ----------------------------------------------------- */

static int check_ctor(const mpix_ctx *ctx, MPI_Count count, MPI_Datatype old, MPI_Datatype *out) {
  if (count < 0) return mpix_error(ctx, MPI_ERR_COUNT);
  if (old == MPI_DATATYPE_NULL) return mpix_error(ctx, MPI_ERR_TYPE);
  if (!out) return mpix_error(ctx, MPI_ERR_ARG);
  return MPI_SUCCESS;
}

static int all_fit(const MPI_Count *v, MPI_Count n) {
  MPI_Count i;
  for (i = 0; i < n; i++)
    if (!mpix_fits(v[i] < 0 ? -v[i] : v[i])) return 0;
  return 1;
}

static int any_negative(const MPI_Count *v, MPI_Count n) {
  MPI_Count i;
  for (i = 0; i < n; i++)
    if (v[i] < 0) return 1;
  return 0;
}

/* int copy of a count array that all_fit() accepted (NULL on no memory). */
static int *to_int(const MPI_Count *v, MPI_Count n) {
  int *out = mpix_malloc((size_t)n * sizeof(int));
  MPI_Count i;
  if (out)
    for (i = 0; i < n; i++) out[i] = (int)v[i];
  return out;
}

static MPI_Aint *to_aint(const MPI_Count *v, MPI_Count n, MPI_Aint scale) {
  MPI_Aint *out = mpix_malloc((size_t)n * sizeof(MPI_Aint));
  MPI_Count i;
  if (out)
    for (i = 0; i < n; i++) out[i] = (MPI_Aint)v[i] * scale;
  return out;
}

/* ---- the large constructions --------------------------------------------- */

/* count blocks of bl old elements, stride bytes apart, with MPI's lb/extent. */
static int large_vector(MPI_Count count, MPI_Count bl, MPI_Aint stride, MPI_Datatype old,
                        MPI_Datatype *out) {
  MPI_Aint lb = 0, ext = 0, last, lo, hi;
  MPI_Datatype block, body;
  int rc = MPI_Type_get_extent(old, &lb, &ext);
  if (rc == MPI_SUCCESS) rc = mpix_type_big(bl, old, &block);
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_type_rep(count, stride, block, &body);
  mpix_type_free(&block);
  if (rc != MPI_SUCCESS) return rc;
  last = count > 0 ? (MPI_Aint)(count - 1) * stride : 0;
  lo = last < 0 ? last : 0;
  hi = (last > 0 ? last : 0) + (MPI_Aint)bl * ext;
  return mpix_type_bounded(&body, lb + lo, hi - lo, out);
}

/* Blocks i = 0..count-1 of lens[i] (or len when lens is NULL) elements of
   types[i] (or old) at byte displacement displs[i]*scale: a struct whose
   oversized blocks are one mpix_type_big each. Indexed forms are then resized
   to MPI's lb/extent; a struct keeps MPI's own alignment rule. */
typedef struct {
  MPI_Count count;
  const MPI_Count *lens;
  MPI_Count len;
  const MPI_Count *displs;
  MPI_Aint scale;
  const MPI_Datatype *types;
  MPI_Datatype old;
  int resize;
} block_list;

static MPI_Count bl_len(const block_list *b, MPI_Count i) { return b->lens ? b->lens[i] : b->len; }
static MPI_Datatype bl_type(const block_list *b, MPI_Count i) {
  return b->types ? b->types[i] : b->old;
}

static int block_piece(const block_list *b, MPI_Count i, int *len, MPI_Datatype *type) {
  MPI_Count n = bl_len(b, i);
  if (mpix_fits(n)) {
    *len = (int)n;
    *type = bl_type(b, i);
    return MPI_SUCCESS;
  }
  *len = 1;
  return mpix_type_big(n, bl_type(b, i), type);
}

/* MPI's bounds of an indexed type: the union of its non-empty blocks. */
static void indexed_bounds(const block_list *b, MPI_Aint *lb_out, MPI_Aint *ext_out) {
  MPI_Aint lb = 0, ext = 0, lo = 0, hi = 0;
  MPI_Count i;
  int any = 0;
  MPI_Type_get_extent(b->old, &lb, &ext);
  for (i = 0; i < b->count; i++) {
    MPI_Aint start = (MPI_Aint)b->displs[i] * b->scale + lb;
    MPI_Aint end = start + (MPI_Aint)bl_len(b, i) * ext;
    if (bl_len(b, i) == 0) continue;
    if (!any || start < lo) lo = start;
    if (!any || end > hi) hi = end;
    any = 1;
  }
  *lb_out = lo;
  *ext_out = hi - lo;
}

static int large_blocks(const block_list *b, MPI_Datatype *out) {
  int n = (int)b->count, i, rc = MPI_SUCCESS;
  int *lens = mpix_malloc((size_t)n * sizeof(int));
  MPI_Aint *displs = to_aint(b->displs, n, b->scale);
  MPI_Datatype *types = mpix_malloc((size_t)n * sizeof(MPI_Datatype));
  MPI_Datatype body;
  if (!lens || !displs || !types) rc = MPI_ERR_NO_MEM;
  for (i = 0; i < n && rc == MPI_SUCCESS; i++) rc = block_piece(b, i, &lens[i], &types[i]);
  if (rc == MPI_SUCCESS)
    rc = mpix_tracked(MPI_Type_create_struct(n, lens, displs, types, &body), &body);
  if (rc == MPI_SUCCESS && b->resize) {
    MPI_Aint lb, ext;
    indexed_bounds(b, &lb, &ext);
    rc = mpix_type_bounded(&body, lb, ext, out);
  } else if (rc == MPI_SUCCESS) {
    *out = body;
  }
  for (i = 0; types && i < n; i++)
    if (types[i] != bl_type(b, i)) mpix_type_free(&types[i]);
  mpix_free(lens);
  mpix_free(displs);
  mpix_free(types);
  return rc;
}

/* ---- contiguous, vector, hvector ----------------------------------------- */

static int type_contiguous(int combiner, MPI_Count count, MPI_Datatype oldtype,
                           MPI_Datatype *newtype) {
  const mpix_ctx ctx = mpix_ctx_none();
  int rc = check_ctor(&ctx, count, oldtype, newtype);
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_fits(count) ? mpix_tracked(MPI_Type_contiguous((int)count, oldtype, newtype), newtype)
                        : mpix_type_big(count, oldtype, newtype);
  if (rc == MPI_SUCCESS)
    rc = record_simple(newtype, combiner, count, NULL, 0, NULL, 0, oldtype);
  return hand_over(rc, &ctx, *newtype);
}

/* Vector (stride in elements) and hvector (in bytes). */
static int type_vector(int combiner, MPI_Count count, MPI_Count bl, MPI_Count stride,
                       MPI_Datatype old, MPI_Datatype *out) {
  const mpix_ctx ctx = mpix_ctx_none();
  MPI_Count abs_stride = stride < 0 ? -stride : stride;
  MPI_Count tail[2] = {bl, stride};
  int hv = combiner == MPI_COMBINER_HVECTOR;
  int rc = check_ctor(&ctx, count, old, out);
  if (rc == MPI_SUCCESS && bl < 0) rc = mpix_error(&ctx, MPI_ERR_COUNT);
  if (rc != MPI_SUCCESS) return rc;
  if (mpix_fits(count) && mpix_fits(bl) && (hv || mpix_fits(abs_stride)))
    rc = mpix_tracked(hv ? MPI_Type_create_hvector((int)count, (int)bl, (MPI_Aint)stride, old, out)
                         : MPI_Type_vector((int)count, (int)bl, (int)stride, old, out),
                      out);
  else
    rc = large_vector(count, bl, hv ? (MPI_Aint)stride : (MPI_Aint)stride * mpix_extent(old), old,
                      out);
  if (rc == MPI_SUCCESS) rc = record_simple(out, combiner, count, tail, 2, NULL, 0, old);
  return hand_over(rc, &ctx, *out);
}

/* ---- indexed family ------------------------------------------------------- */

/* The classic constructor for a block list whose numbers all fit. */
static int classic_blocks(int combiner, const block_list *b, MPI_Datatype *out) {
  int n = (int)b->count, rc;
  int *lens = b->lens ? to_int(b->lens, n) : NULL;
  int *idispls = combiner == MPI_COMBINER_INDEXED || combiner == MPI_COMBINER_INDEXED_BLOCK
                     ? to_int(b->displs, n) : NULL;
  MPI_Aint *adispls = idispls ? NULL : to_aint(b->displs, n, 1);
  switch (combiner) {
  case MPI_COMBINER_INDEXED:
    rc = MPI_Type_indexed(n, lens, idispls, b->old, out);
    break;
  case MPI_COMBINER_HINDEXED:
    rc = MPI_Type_create_hindexed(n, lens, adispls, b->old, out);
    break;
  case MPI_COMBINER_INDEXED_BLOCK:
    rc = MPI_Type_create_indexed_block(n, (int)b->len, idispls, b->old, out);
    break;
  case MPI_COMBINER_HINDEXED_BLOCK:
    rc = MPI_Type_create_hindexed_block(n, (int)b->len, adispls, b->old, out);
    break;
  default:
    rc = MPI_Type_create_struct(n, lens, adispls, (MPI_Datatype *)b->types, out);
  }
  mpix_free(lens);
  mpix_free(idispls);
  mpix_free(adispls);
  return mpix_tracked(rc, out);
}

static int blocks_fit(const block_list *b, int displs_in_elements) {
  if (b->lens ? !all_fit(b->lens, b->count) : !mpix_fits(b->len)) return 0;
  return !displs_in_elements || all_fit(b->displs, b->count);
}

static int check_blocks(const mpix_ctx *ctx, const block_list *b, MPI_Datatype *out) {
  MPI_Count i;
  int rc = check_ctor(ctx, b->count, b->types ? MPI_BYTE : b->old, out);
  if (rc != MPI_SUCCESS) return rc;
  if (b->count > INT_MAX) return mpix_error(ctx, MPI_ERR_COUNT); /* array length */
  if (b->count > 0 && (!b->displs || (!b->lens && b->len < 0))) return mpix_error(ctx, MPI_ERR_ARG);
  if (b->lens && any_negative(b->lens, b->count)) return mpix_error(ctx, MPI_ERR_COUNT);
  for (i = 0; b->types && i < b->count; i++)
    if (b->types[i] == MPI_DATATYPE_NULL) return mpix_error(ctx, MPI_ERR_TYPE);
  return MPI_SUCCESS;
}

/* The logical record of an indexed-family type: [count, lens or len, displs],
   plus the types of a struct. */
static int record_blocks(int combiner, const block_list *b, MPI_Datatype *out) {
  MPI_Count nl = b->lens ? b->count : 1;
  ctor_record *r = record_new(combiner, 0, 1 + nl + b->count, b->types ? (int)b->count : 1);
  if (!r) {
    mpix_type_free(out);
    return MPI_ERR_NO_MEM;
  }
  r->counts[0] = b->count;
  put(put(r->counts + 1, b->lens ? b->lens : &b->len, nl), b->displs, b->count);
  return record_attach(r, b->types ? b->types : &b->old, out);
}

static int blocks_common(int combiner, block_list *b, MPI_Datatype *out) {
  const mpix_ctx ctx = mpix_ctx_none();
  int in_elements = combiner == MPI_COMBINER_INDEXED || combiner == MPI_COMBINER_INDEXED_BLOCK;
  int rc = check_blocks(&ctx, b, out);
  if (rc != MPI_SUCCESS) return rc;
  b->scale = in_elements ? mpix_extent(b->old) : 1;
  b->resize = combiner != MPI_COMBINER_STRUCT;
  rc = blocks_fit(b, in_elements) ? classic_blocks(combiner, b, out) : large_blocks(b, out);
  if (rc == MPI_SUCCESS) rc = record_blocks(combiner, b, out);
  return hand_over(rc, &ctx, *out);
}

/* Indexed and hindexed: a length per block. */
static int type_indexed(int combiner, MPI_Count count, const MPI_Count *lens,
                        const MPI_Count *displs, MPI_Datatype old, MPI_Datatype *out) {
  block_list b = {count, lens, 0, displs, 1, NULL, old, 1};
  return blocks_common(combiner, &b, out);
}

/* Indexed_block and hindexed_block: one length for all blocks. */
static int type_indexed_block(int combiner, MPI_Count count, MPI_Count len,
                              const MPI_Count *displs, MPI_Datatype old, MPI_Datatype *out) {
  block_list b = {count, NULL, len, displs, 1, NULL, old, 1};
  return blocks_common(combiner, &b, out);
}

static int type_struct(int combiner, MPI_Count count, const MPI_Count *lens,
                       const MPI_Count *displs, const MPI_Datatype *types, MPI_Datatype *out) {
  block_list b = {count, lens, 0, displs, 1, types, MPI_BYTE, 0};
  const mpix_ctx ctx = mpix_ctx_none();
  if (count > 0 && !types) return mpix_error(&ctx, MPI_ERR_ARG);
  return blocks_common(combiner, &b, out);
}

/* ---- resized --------------------------------------------------------------- */

static int type_resized(int combiner, MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent,
                        MPI_Datatype *newtype) {
  const mpix_ctx ctx = mpix_ctx_none();
  MPI_Count bounds[2] = {lb, extent};
  int rc = check_ctor(&ctx, 0, oldtype, newtype);
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_tracked(MPI_Type_create_resized(oldtype, (MPI_Aint)lb, (MPI_Aint)extent, newtype),
                    newtype);
  if (rc == MPI_SUCCESS) {
    ctor_record *r = record_new(combiner, 0, 2, 1);
    if (!r) {
      mpix_type_free(newtype);
      rc = MPI_ERR_NO_MEM;
    } else {
      put(r->counts, bounds, 2);
      rc = record_attach(r, &oldtype, newtype);
    }
  }
  return hand_over(rc, &ctx, *newtype);
}

/* ---- envelope and contents -------------------------------------------------- */

int MPIX_Type_get_envelope_x(MPI_Datatype datatype, MPI_Count *num_integers,
                             MPI_Count *num_addresses, MPI_Count *num_large_counts,
                             MPI_Count *num_datatypes, int *combiner) {
  const mpix_ctx ctx = mpix_ctx_none();
  ctor_record *r = record_of(datatype);
  int ni = 0, na = 0, nd = 0, rc;
  if (datatype == MPI_DATATYPE_NULL) return mpix_error(&ctx, MPI_ERR_TYPE);
  if (!num_integers || !num_addresses || !num_large_counts || !num_datatypes || !combiner)
    return mpix_error(&ctx, MPI_ERR_ARG);
  if (r) {
    *num_integers = r->ni;
    *num_addresses = 0;
    *num_large_counts = r->nc;
    *num_datatypes = r->nd;
    *combiner = r->combiner;
    return MPI_SUCCESS;
  }
  rc = MPI_Type_get_envelope(datatype, &ni, &na, &nd, combiner);
  *num_integers = ni;
  *num_addresses = na;
  *num_large_counts = 0;
  *num_datatypes = nd;
  return rc;
}

/* The old types of r, as MPI hands out contents: through the carrier, or
   the predefined types themselves. */
static int record_types(const ctor_record *r, MPI_Datatype *out) {
  int ni = 0, na = 0, nd = 0, comb, rc;
  int *ints;
  MPI_Aint *addrs;
  if (r->carrier == MPI_DATATYPE_NULL) {
    if (r->nd > 0) memcpy(out, r->types, (size_t)r->nd * sizeof(MPI_Datatype));
    return MPI_SUCCESS;
  }
  rc = MPI_Type_get_envelope(r->carrier, &ni, &na, &nd, &comb);
  if (rc != MPI_SUCCESS) return rc;
  ints = mpix_malloc((size_t)ni * sizeof(int));
  addrs = mpix_malloc((size_t)na * sizeof(MPI_Aint));
  rc = (ints && addrs) ? MPI_Type_get_contents(r->carrier, ni, na, nd, ints, addrs, out)
                       : MPI_ERR_NO_MEM;
  mpix_free(ints);
  mpix_free(addrs);
  return rc;
}

static int clamp_int(MPI_Count v) { return v > INT_MAX ? INT_MAX : (int)v; }

int MPIX_Type_get_contents_x(MPI_Datatype datatype, MPI_Count max_integers,
                             MPI_Count max_addresses, MPI_Count max_large_counts,
                             MPI_Count max_datatypes, int array_of_integers[],
                             MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                             MPI_Datatype array_of_datatypes[]) {
  const mpix_ctx ctx = mpix_ctx_none();
  ctor_record *r = record_of(datatype);
  if (datatype == MPI_DATATYPE_NULL) return mpix_error(&ctx, MPI_ERR_TYPE);
  if (!r)
    return MPI_Type_get_contents(datatype, clamp_int(max_integers), clamp_int(max_addresses),
                                 clamp_int(max_datatypes), array_of_integers, array_of_addresses,
                                 array_of_datatypes);
  if (max_integers < r->ni || max_large_counts < r->nc || max_datatypes < r->nd)
    return mpix_error(&ctx, MPI_ERR_ARG);
  if (r->ni > 0) memcpy(array_of_integers, r->ints, (size_t)r->ni * sizeof(int));
  put(array_of_large_counts, r->counts, r->nc);
  return mpix_check(&ctx, record_types(r, array_of_datatypes));
}

/* ---- subarray and darray ----------------------------------------------------- */

/* Large-count subarray: nested hvectors from the fastest dimension out, placed
   at the start offset and resized to the whole array, as MPI defines it. */
static int large_subarray(int ndims, const MPI_Count *sizes, const MPI_Count *subsizes,
                          const MPI_Count *starts, int order, MPI_Datatype old,
                          MPI_Datatype *out) {
  MPI_Aint stride = mpix_extent(old), offset = 0, total;
  MPI_Datatype cur = old, next, placed;
  int k, rc = MPI_SUCCESS, one = 1;
  for (k = 0; k < ndims && rc == MPI_SUCCESS; k++) {
    int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
    rc = mpix_type_rep(subsizes[d], stride, cur, &next);
    if (cur != old) mpix_type_free(&cur);
    cur = next;
    offset += (MPI_Aint)starts[d] * stride;
    stride *= (MPI_Aint)sizes[d];
  }
  total = stride;
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_tracked(MPI_Type_create_struct(1, &one, &offset, &cur, &placed), &placed);
  mpix_type_free(&cur);
  if (rc != MPI_SUCCESS) return rc;
  rc = mpix_tracked(MPI_Type_create_resized(placed, 0, total, out), out);
  mpix_type_free(&placed);
  return rc;
}

static int check_subarray(const mpix_ctx *ctx, int ndims, const MPI_Count *sizes,
                          const MPI_Count *subsizes, const MPI_Count *starts, int order) {
  int d;
  if (ndims <= 0 || !sizes || !subsizes || !starts) return mpix_error(ctx, MPI_ERR_ARG);
  if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN) return mpix_error(ctx, MPI_ERR_ARG);
  for (d = 0; d < ndims; d++)
    if (sizes[d] <= 0 || subsizes[d] < 0 || subsizes[d] > sizes[d] || starts[d] < 0 ||
        starts[d] > sizes[d] - subsizes[d])
      return mpix_error(ctx, MPI_ERR_ARG);
  return MPI_SUCCESS;
}

static int classic_subarray(int ndims, const MPI_Count *sizes, const MPI_Count *subsizes,
                            const MPI_Count *starts, int order, MPI_Datatype old,
                            MPI_Datatype *out) {
  int *s = to_int(sizes, ndims), *ss = to_int(subsizes, ndims), *st = to_int(starts, ndims);
  int rc = (s && ss && st) ? MPI_Type_create_subarray(ndims, s, ss, st, order, old, out)
                           : MPI_ERR_NO_MEM;
  mpix_free(s);
  mpix_free(ss);
  mpix_free(st);
  return mpix_tracked(rc, out);
}

static int type_subarray(int combiner, int ndims, const MPI_Count *array_of_sizes,
                         const MPI_Count *array_of_subsizes, const MPI_Count *array_of_starts,
                         int order, MPI_Datatype oldtype, MPI_Datatype *newtype) {
  const mpix_ctx ctx = mpix_ctx_none();
  ctor_record *r;
  int rc = check_ctor(&ctx, 0, oldtype, newtype);
  if (rc == MPI_SUCCESS)
    rc = check_subarray(&ctx, ndims, array_of_sizes, array_of_subsizes, array_of_starts, order);
  if (rc != MPI_SUCCESS) return rc;
  if (all_fit(array_of_sizes, ndims))
    rc = classic_subarray(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order,
                          oldtype, newtype);
  else
    rc = large_subarray(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order,
                        oldtype, newtype);
  if (rc != MPI_SUCCESS) return mpix_check(&ctx, rc);
  r = record_new(combiner, 2, 3 * (MPI_Count)ndims, 1);
  if (!r) {
    mpix_type_free(newtype);
    return mpix_error(&ctx, MPI_ERR_NO_MEM);
  }
  r->ints[0] = ndims;
  r->ints[1] = order;
  put(put(put(r->counts, array_of_sizes, ndims), array_of_subsizes, ndims), array_of_starts,
      ndims);
  rc = record_attach(r, &oldtype, newtype);
  return hand_over(rc, &ctx, *newtype);
}

/* A darray whose dimensions are all BLOCK or NONE is the subarray of this
   process's blocks; returns 0 when some dimension is CYCLIC. */
static int darray_as_subarray(int size, int rank, int ndims, const MPI_Count *gsizes,
                              const int *distribs, const int *dargs, const int *psizes,
                              MPI_Count *subsizes, MPI_Count *starts) {
  int d, rest = rank, grid = size;
  for (d = 0; d < ndims; d++) {
    int coord;
    MPI_Count b;
    grid /= psizes[d] > 0 ? psizes[d] : 1;
    coord = grid > 0 ? rest / grid : 0;
    rest = grid > 0 ? rest % grid : 0;
    if (distribs[d] == MPI_DISTRIBUTE_NONE) {
      starts[d] = 0;
      subsizes[d] = gsizes[d];
      continue;
    }
    if (distribs[d] != MPI_DISTRIBUTE_BLOCK) return 0;
    b = dargs[d] == MPI_DISTRIBUTE_DFLT_DARG ? (gsizes[d] + psizes[d] - 1) / psizes[d] : dargs[d];
    starts[d] = (MPI_Count)coord * b < gsizes[d] ? (MPI_Count)coord * b : gsizes[d];
    subsizes[d] = gsizes[d] - starts[d] < b ? gsizes[d] - starts[d] : b;
  }
  return 1;
}

static int classic_darray(int size, int rank, int ndims, const MPI_Count *gsizes,
                          const int *distribs, const int *dargs, const int *psizes, int order,
                          MPI_Datatype old, MPI_Datatype *out) {
  int *g = to_int(gsizes, ndims);
  int rc = g ? MPI_Type_create_darray(size, rank, ndims, g, (int *)distribs, (int *)dargs,
                                      (int *)psizes, order, old, out)
             : MPI_ERR_NO_MEM;
  mpix_free(g);
  return mpix_tracked(rc, out);
}

static int large_darray(int size, int rank, int ndims, const MPI_Count *gsizes,
                        const int *distribs, const int *dargs, const int *psizes, int order,
                        MPI_Datatype old, MPI_Datatype *out) {
  MPI_Count *sub = mpix_malloc(2 * (size_t)ndims * sizeof(MPI_Count));
  int rc = MPI_ERR_NO_MEM;
  if (sub) {
    /* CYCLIC distributions of more than INT_MAX elements are not emulated. */
    rc = darray_as_subarray(size, rank, ndims, gsizes, distribs, dargs, psizes, sub, sub + ndims)
             ? large_subarray(ndims, gsizes, sub, sub + ndims, order, old, out)
             : MPI_ERR_COUNT;
  }
  mpix_free(sub);
  return rc;
}

static int type_darray(int combiner, int size, int rank, int ndims,
                       const MPI_Count *array_of_gsizes, const int *array_of_distribs,
                       const int *array_of_dargs, const int *array_of_psizes, int order,
                       MPI_Datatype oldtype, MPI_Datatype *newtype) {
  const mpix_ctx ctx = mpix_ctx_none();
  ctor_record *r;
  int rc = check_ctor(&ctx, 0, oldtype, newtype);
  if (rc == MPI_SUCCESS && (ndims <= 0 || !array_of_gsizes || !array_of_distribs ||
                            !array_of_dargs || !array_of_psizes))
    rc = mpix_error(&ctx, MPI_ERR_ARG);
  if (rc != MPI_SUCCESS) return rc;
  rc = (all_fit(array_of_gsizes, ndims) ? classic_darray : large_darray)(
      size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs, array_of_psizes,
      order, oldtype, newtype);
  if (rc != MPI_SUCCESS) return mpix_check(&ctx, rc);
  r = record_new(combiner, 4 + 3 * ndims, ndims, 1);
  if (!r) {
    mpix_type_free(newtype);
    return mpix_error(&ctx, MPI_ERR_NO_MEM);
  }
  r->ints[0] = size;
  r->ints[1] = rank;
  r->ints[2] = ndims;
  memcpy(r->ints + 3, array_of_distribs, (size_t)ndims * sizeof(int));
  memcpy(r->ints + 3 + ndims, array_of_dargs, (size_t)ndims * sizeof(int));
  memcpy(r->ints + 3 + 2 * ndims, array_of_psizes, (size_t)ndims * sizeof(int));
  r->ints[3 + 3 * ndims] = order;
  put(r->counts, array_of_gsizes, ndims);
  rc = record_attach(r, &oldtype, newtype);
  return hand_over(rc, &ctx, *newtype);
}

/* ---- the public constructors ------------------------------------------------- */

/* MPIX_Type_[create_]<kind>_x of the DATATYPE rows, generated from the table
   (gen_mpix.py): each passes MPI_COMBINER_<KIND> and its parameters to the
   type_<kind> above, an h-form to its element form's. */
#define MPIX_SHIMS_DATATYPE 1
#include "mpix_shims.inc"
