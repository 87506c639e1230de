/* V and w collectives, and the neighborhood v/w forms (emulated backend).
 *
 * Every one of them becomes ONE MPI_(I)alltoallw or MPI_(I)neighbor_alltoallw
 * relative to the caller's buffers: per peer, the caller's own (count, type)
 * and byte displacement when they fit an int, else count 1 of a temporary
 * datatype that holds the block's offset and its (large) count. Int counts and
 * displacements then never carry the size, and a nonblocking form returns the
 * one request of that call.
 *
 * The route is taken for every count, not only large ones: which route a call
 * takes must be the same on every process, and a non-root process of a gatherv
 * cannot know whether another process's count is large.
 */
#include "internal.h"

#include <string.h>

typedef struct {
  const void *addr;
  MPI_Count count;
  MPI_Datatype type;
} peer;

/* The arrays of one alltoallw call. owned[i] marks the temporary types. */
typedef struct {
  int ns, nr;
  int *scounts, *rcounts;
  int *sdispls, *rdispls;       /* alltoallw: int bytes from the base */
  MPI_Aint *sadispls, *radispls; /* neighbor_alltoallw: MPI_Aint bytes */
  MPI_Datatype *stypes, *rtypes;
  char *sowned, *rowned;
} w_arrays;

static size_t w_bytes(int ns, int nr) {
  return (size_t)(ns + nr) * (2 * sizeof(int) + sizeof(MPI_Aint) + sizeof(MPI_Datatype) + 1);
}

static void w_layout(w_arrays *a, void *block, int ns, int nr) {
  char *p = block;
  a->ns = ns;
  a->nr = nr;
  a->sadispls = (MPI_Aint *)p;
  a->radispls = a->sadispls + ns;
  p = (char *)(a->radispls + nr);
  a->stypes = (MPI_Datatype *)p;
  a->rtypes = a->stypes + ns;
  p = (char *)(a->rtypes + nr);
  a->scounts = (int *)p;
  a->rcounts = a->scounts + ns;
  a->sdispls = a->rcounts + nr;
  a->rdispls = a->sdispls + ns;
  a->sowned = (char *)(a->rdispls + nr);
  a->rowned = a->sowned + ns;
}

/* Open MPI 4.1 never destroys datatypes that are freed while an
   (i)alltoallw / ineighbor_alltoallw using them is pending (they stay
   retained), so there the temporaries of nonblocking calls, and the arrays
   they came with, are freed at MPI_Finalize instead; MPICH destroys them when
   the operation completes, which releases the arrays (mpix_keep_attach). */
#if defined(OPEN_MPI) && OPEN_MPI
#define MPIX_DEFER_W_TYPES 1
#else
#define MPIX_DEFER_W_TYPES 0
#endif

static void free_types(MPI_Datatype *types, const char *owned, int n, int pending, void *keep,
                       int persistent) {
  int i;
  for (i = 0; i < n; i++) {
    if (!owned[i]) continue;
    if (pending && (MPIX_DEFER_W_TYPES || persistent)) mpix_type_defer(&types[i], keep);
    else mpix_type_free(&types[i]);
  }
}

/* Byte offset of addr from base, as MPI addresses go. */
static MPI_Aint offset_from(const void *base, const void *addr) {
  MPI_Aint a = 0, b = 0;
  MPI_Get_address(addr, &a);
  MPI_Get_address(base, &b);
  return a - b;
}

/* Entry i of one side, relative to the side's base buffer: the caller's own
   (count, type) when the count fits and (for alltoallw) the byte offset fits
   an int; otherwise count 1 of a temporary type holding the whole block at
   its offset. Only blocks that need it get a temporary type. */
static int w_entry(const peer *pe, const void *base, int neighbor, void *keep, int *count,
                   int *displ, MPI_Aint *adispl, MPI_Datatype *type, char *owned) {
  MPI_Aint off;
  int rc;
  *displ = 0;
  *adispl = 0;
  *count = 0;
  *type = MPI_BYTE;
  *owned = 0;
  if (pe->count == 0) return MPI_SUCCESS;
  off = offset_from(base, pe->addr);
  if (mpix_fits(pe->count) && (neighbor || (off >= INT_MIN && off <= INT_MAX))) {
    *count = (int)pe->count;
    *displ = (int)off;
    *adispl = off;
    *type = pe->type;
    return MPI_SUCCESS;
  }
  rc = mpix_type_at(off, pe->count, pe->type, type);
  if (rc != MPI_SUCCESS) return rc;
  *owned = 1;
  *count = 1;
  return MPIX_DEFER_W_TYPES ? MPI_SUCCESS : mpix_keep_attach(keep, *type);
}

static int w_fill(const peer *pe, int n, const void *base, int neighbor, void *keep, int *counts,
                  int *displs, MPI_Aint *adispls, MPI_Datatype *types, char *owned) {
  int i, rc = MPI_SUCCESS;
  for (i = 0; i < n; i++) owned[i] = 0;
  for (i = 0; i < n && rc == MPI_SUCCESS; i++)
    rc = w_entry(&pe[i], base, neighbor, keep, &counts[i], &displs[i], &adispls[i], &types[i],
                 &owned[i]);
  return rc;
}

/* One (neighbor_)alltoallw moving send[i] to peer i and recv[j] from peer j.
   start NULL: blocking. keep: a block from mpix_keep_alloc with room for
   w_bytes(ns, nr) at its start (and whatever else must outlive the call). */
static int w_run(const mpix_ctx *ctx, const peer *send, int ns, const void *sbase,
                 const peer *recv, int nr, void *rbase, void *keep, MPI_Comm comm, int neighbor,
                 const mpix_start *start) {
  static const char distinct_base = 0;
  w_arrays a;
  int rc;
  /* Open MPI's nonblocking alltoallw takes sendbuf == recvbuf for MPI_IN_PLACE:
     never pass equal bases (the entries are relative to their base anyway). */
  if (sbase == rbase) sbase = &distinct_base;
  w_layout(&a, keep, ns, nr);
  rc = w_fill(send, ns, sbase, neighbor, keep, a.scounts, a.sdispls, a.sadispls, a.stypes,
              a.sowned);
  if (rc == MPI_SUCCESS)
    rc = w_fill(recv, nr, rbase, neighbor, keep, a.rcounts, a.rdispls, a.radispls, a.rtypes,
                a.rowned);
  if (rc != MPI_SUCCESS) rc = mpix_check(ctx, rc);
  else if (!start)
    rc = neighbor ? MPI_Neighbor_alltoallw(sbase, a.scounts, a.sadispls, a.stypes, rbase,
                                           a.rcounts, a.radispls, a.rtypes, comm)
                  : MPI_Alltoallw(sbase, a.scounts, a.sdispls, a.stypes, rbase, a.rcounts,
                                  a.rdispls, a.rtypes, comm);
  else if (!start->persistent)
    rc = neighbor ? MPI_Ineighbor_alltoallw(sbase, a.scounts, a.sadispls, a.stypes, rbase,
                                            a.rcounts, a.radispls, a.rtypes, comm,
                                            start->request)
                  : MPI_Ialltoallw(sbase, a.scounts, a.sdispls, a.stypes, rbase, a.rcounts,
                                   a.rdispls, a.rtypes, comm, start->request);
#if MPIX_HAVE_PERSISTENT_COLL
  else
    rc = neighbor ? MPIX_PCOLL(Neighbor_alltoallw_init)(
                        sbase, a.scounts, a.sadispls, a.stypes, rbase, a.rcounts, a.radispls,
                        a.rtypes, comm, start->info, start->request)
                  : MPIX_PCOLL(Alltoallw_init)(sbase, a.scounts, a.sdispls, a.stypes, rbase,
                                               a.rcounts, a.rdispls, a.rtypes, comm,
                                               start->info, start->request);
#else
  else
    rc = mpix_error(ctx, MPI_ERR_UNSUPPORTED_OPERATION); /* not declared: cannot happen */
#endif
  /* MPI holds the types of a pending call until it completes (but see above);
     a persistent request's, until MPI_Request_free, which libmpix never sees. */
  free_types(a.stypes, a.sowned, ns, start && rc == MPI_SUCCESS, keep,
             start && start->persistent);
  free_types(a.rtypes, a.rowned, nr, start && rc == MPI_SUCCESS, keep,
             start && start->persistent);
  return rc;
}

/* ---- building the peer lists ---------------------------------------------- */

typedef struct {
  peer *send, *recv;
  int ns, nr;
  const void *sbase; /* the buffers the int displacements are relative to */
  void *rbase;
  void *keep;
  char *scratch; /* in-place copies, inside keep */
} plan;

static int plan_alloc(const mpix_ctx *ctx, plan *p, int ns, int nr, size_t scratch) {
  size_t w = w_bytes(ns, nr);
  p->ns = ns;
  p->nr = nr;
  p->send = mpix_malloc((size_t)(ns + nr) * sizeof(peer));
  p->keep = mpix_keep_alloc(w + scratch);
  if (!p->send || !p->keep) {
    mpix_free(p->send);
    mpix_keep_release(p->keep);
    return mpix_error(ctx, MPI_ERR_NO_MEM);
  }
  p->recv = p->send + ns;
  memset(p->send, 0, (size_t)(ns + nr) * sizeof(peer));
  p->scratch = (char *)p->keep + w;
  p->sbase = MPI_BOTTOM;
  p->rbase = MPI_BOTTOM;
  return MPI_SUCCESS;
}

static int plan_run(const mpix_ctx *ctx, plan *p, MPI_Comm comm, int neighbor,
                    const mpix_start *start) {
  int rc = w_run(ctx, p->send, p->ns, p->sbase, p->recv, p->nr, p->rbase, p->keep, comm,
                 neighbor, start);
  mpix_free(p->send);
  mpix_keep_release(p->keep);
  return rc;
}

static void set_peer(peer *pe, const void *base, MPI_Count count, MPI_Aint byte_displ,
                     MPI_Datatype type) {
  pe->addr = mpix_offset(base, byte_displ);
  pe->count = count;
  pe->type = type;
}

/* Bytes spanned by the data of the given peers (0 if none). */
static MPI_Aint span_of(const peer *pe, int n, const char **lo_out) {
  const char *lo = NULL, *hi = NULL;
  int i;
  for (i = 0; i < n; i++) {
    MPI_Aint lb, ext, tlb, text;
    const char *a, *b;
    if (pe[i].count == 0) continue;
    MPI_Type_get_extent(pe[i].type, &lb, &ext);
    MPI_Type_get_true_extent(pe[i].type, &tlb, &text);
    a = (const char *)pe[i].addr + tlb;
    b = a + (MPI_Aint)(pe[i].count - 1) * ext + text;
    if (!lo || a < lo) lo = a;
    if (!hi || b > hi) hi = b;
  }
  *lo_out = lo;
  return lo ? hi - lo : 0;
}

/* MPI_IN_PLACE for alltoallv/w: what is sent is what the receive buffer held
   before the call: send from a copy of it kept in p->scratch. */
static void send_from_copy(plan *p, const char *lo, MPI_Aint span) {
  int i;
  if (span > 0) memcpy(p->scratch, lo, (size_t)span);
  for (i = 0; i < p->ns; i++) {
    p->send[i] = p->recv[i];
    if (p->send[i].count > 0)
      p->send[i].addr = p->scratch + ((const char *)p->recv[i].addr - lo);
  }
}

/* The peers of an alltoallw on comm: the group, or the remote group of an
   intercommunicator (*me is then -1: a process never addresses itself). */
static int comm_peers(MPI_Comm comm, int *n, int *me) {
  int inter = 0, rc = MPI_Comm_test_inter(comm, &inter);
  if (rc != MPI_SUCCESS) return rc;
  *me = -1;
  if (inter) return MPI_Comm_remote_size(comm, n);
  rc = MPI_Comm_size(comm, n);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_rank(comm, me);
  return rc;
}

static int check_side(const mpix_ctx *ctx, const void *buf, const MPI_Count *counts, int n,
                      const MPI_Datatype *types, MPI_Datatype type) {
  int i, rc = mpix_check_counts(ctx, counts, n);
  for (i = 0; i < n && rc == MPI_SUCCESS; i++)
    rc = mpix_check_buffer(ctx, buf, 1, counts[i], types ? types[i] : type);
  return rc;
}

static int check_one(const mpix_ctx *ctx, const void *buf, MPI_Count count, MPI_Datatype type) {
  return buf == MPI_IN_PLACE ? MPI_SUCCESS : mpix_check_buffer(ctx, buf, 1, count, type);
}

/* start is NULL for a blocking form. A nonblocking or persistent form with no
   request to return fails with MPI_ERR_REQUEST before it does anything. */
static int check_start(const mpix_ctx *ctx, const mpix_start *start) {
  return start && !start->request ? mpix_error(ctx, MPI_ERR_REQUEST) : MPI_SUCCESS;
}

/* ---- gatherv, scatterv, allgatherv ------------------------------------------ */

/* Gatherv (scatter = 0) and scatterv: the "one" side is each process's
   single block (gather: send, scatter: receive), the v side the root's. On
   an intercommunicator the root passes MPI_ROOT and addresses the remote
   group, its group's other processes pass MPI_PROC_NULL, and the remote
   processes address the root by its rank. */
static int rooted_v(int scatter, const void *one_buf, MPI_Count one_count, MPI_Datatype one_type,
                    const void *v_buf, const MPI_Count *counts, const MPI_Aint *displs,
                    MPI_Datatype v_type, int root, MPI_Comm comm, const mpix_start *start) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  int n = 0, me = -1, r, rc = check_start(&ctx, start);
  if (rc == MPI_SUCCESS) rc = comm_peers(comm, &n, &me);
  int inter = me < 0, is_root = inter ? root == MPI_ROOT : me == root;
  int has_one = inter ? root >= 0 : 1; /* sends to (or receives from) the root */
  int in_place = !inter && is_root && one_buf == MPI_IN_PLACE;
  peer *one, *v;
  plan p = {0};
  if (rc == MPI_SUCCESS && !(root >= 0 && root < n) &&
      !(inter && (root == MPI_ROOT || root == MPI_PROC_NULL)))
    rc = mpix_error(&ctx, MPI_ERR_ROOT);
  if (rc == MPI_SUCCESS && has_one) rc = check_one(&ctx, one_buf, one_count, one_type);
  if (rc == MPI_SUCCESS && is_root) rc = check_side(&ctx, v_buf, counts, n, NULL, v_type);
  if (rc == MPI_SUCCESS) rc = plan_alloc(&ctx, &p, n, n, 0);
  if (rc != MPI_SUCCESS) return rc;
  one = scatter ? p.recv : p.send;
  v = scatter ? p.send : p.recv;
  if (has_one && !in_place) set_peer(&one[root], one_buf, one_count, 0, one_type);
  for (r = 0; is_root && r < n; r++)
    if (!(in_place && r == root))
      set_peer(&v[r], v_buf, counts[r], displs[r] * mpix_extent(v_type), v_type);
  if (scatter) {
    p.sbase = is_root ? v_buf : MPI_BOTTOM;
    p.rbase = has_one && !in_place ? (void *)one_buf : MPI_BOTTOM;
  } else {
    p.sbase = has_one && !in_place ? one_buf : MPI_BOTTOM;
    p.rbase = is_root ? (void *)v_buf : MPI_BOTTOM;
  }
  return plan_run(&ctx, &p, comm, 0, start);
}

static int gatherv(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf,
                   const MPI_Count *rcounts, const MPI_Aint *displs, MPI_Datatype rtype, int root,
                   MPI_Comm comm, const mpix_start *start) {
  return rooted_v(0, sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm, start);
}

static int scatterv(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *displs,
                    MPI_Datatype stype, void *rbuf, MPI_Count rcount, MPI_Datatype rtype,
                    int root, MPI_Comm comm, const mpix_start *start) {
  return rooted_v(1, rbuf, rcount, rtype, sbuf, scounts, displs, stype, root, comm, start);
}

static int allgatherv(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf,
                      const MPI_Count *rcounts, const MPI_Aint *displs, MPI_Datatype rtype,
                      MPI_Comm comm, const mpix_start *start) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  int n = 0, me = -1, r, rc = check_start(&ctx, start);
  int in_place = sbuf == MPI_IN_PLACE;
  plan p = {0};
  if (rc == MPI_SUCCESS) rc = comm_peers(comm, &n, &me);
  if (rc == MPI_SUCCESS && in_place && me < 0) rc = mpix_error(&ctx, MPI_ERR_BUFFER);
  if (rc == MPI_SUCCESS) rc = check_one(&ctx, sbuf, scount, stype);
  if (rc == MPI_SUCCESS) rc = check_side(&ctx, rbuf, rcounts, n, NULL, rtype);
  if (rc == MPI_SUCCESS) rc = plan_alloc(&ctx, &p, n, n, 0);
  if (rc != MPI_SUCCESS) return rc;
  p.sbase = in_place ? rbuf : sbuf;
  p.rbase = rbuf;
  for (r = 0; r < n; r++) {
    if (in_place && r == me) continue;
    set_peer(&p.recv[r], rbuf, rcounts[r], displs[r] * mpix_extent(rtype), rtype);
    if (in_place) set_peer(&p.send[r], rbuf, rcounts[me], displs[me] * mpix_extent(rtype), rtype);
    else set_peer(&p.send[r], sbuf, scount, 0, stype);
  }
  return plan_run(&ctx, &p, comm, 0, start);
}

/* ---- alltoallv and alltoallw (and their neighborhood forms) ------------------ */

/* One side of an alltoallv/w: counts, displacements in units of the extent
   of type (v) or in bytes (w: types[i], unit 1). */
typedef struct {
  const void *buf;
  const MPI_Count *counts;
  const MPI_Aint *displs;
  MPI_Datatype type;
  const MPI_Datatype *types;
} side;

static void fill_side(peer *pe, int n, const side *s) {
  int i;
  for (i = 0; i < n; i++) {
    MPI_Datatype t = s->types ? s->types[i] : s->type;
    MPI_Aint unit = s->types ? 1 : mpix_extent(t);
    set_peer(&pe[i], s->buf, s->counts[i], s->displs[i] * unit, t);
  }
}

static int neighbor_degrees(const mpix_ctx *ctx, MPI_Comm comm, int *in, int *out) {
  int topo = MPI_UNDEFINED, rc = MPI_Topo_test(comm, &topo), weighted, me;
  if (rc != MPI_SUCCESS) return rc;
  if (topo == MPI_CART) {
    rc = MPI_Cartdim_get(comm, in);
    *in *= 2;
    *out = *in;
  } else if (topo == MPI_GRAPH) {
    rc = MPI_Comm_rank(comm, &me);
    if (rc == MPI_SUCCESS) rc = MPI_Graph_neighbors_count(comm, me, in);
    *out = *in;
  } else if (topo == MPI_DIST_GRAPH) {
    rc = MPI_Dist_graph_neighbors_count(comm, in, out, &weighted);
  } else {
    rc = mpix_error(ctx, MPI_ERR_TOPOLOGY);
  }
  return rc;
}

/* *inter: an intercommunicator (MPI_IN_PLACE is erroneous there). */
static int peers_for(const mpix_ctx *ctx, MPI_Comm comm, int neighbor, int *ns, int *nr,
                     int *inter) {
  int me = 0, rc;
  *inter = 0;
  if (neighbor) return neighbor_degrees(ctx, comm, nr, ns);
  rc = comm_peers(comm, ns, &me);
  *nr = *ns;
  *inter = me < 0;
  return rc;
}

static int alltoall_vw(side s, side r, MPI_Comm comm, int neighbor, const mpix_start *start) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  int ns = 0, nr = 0, in_place = s.buf == MPI_IN_PLACE;
  const char *lo = NULL;
  MPI_Aint span = 0;
  plan p = {0};
  int inter = 0, rc = check_start(&ctx, start);
  if (rc == MPI_SUCCESS) rc = peers_for(&ctx, comm, neighbor, &ns, &nr, &inter);
  if (rc == MPI_SUCCESS && in_place && (neighbor || inter)) rc = mpix_error(&ctx, MPI_ERR_BUFFER);
  /* In place, what is sent is a copy of the receive buffer taken now; a
     persistent request would need a fresh copy at every MPI_Start, which
     libmpix does not see. */
  if (rc == MPI_SUCCESS && in_place && start && start->persistent)
    rc = mpix_error(&ctx, MPI_ERR_UNSUPPORTED_OPERATION);
  if (rc == MPI_SUCCESS && !in_place) rc = check_side(&ctx, s.buf, s.counts, ns, s.types, s.type);
  if (rc == MPI_SUCCESS) rc = check_side(&ctx, r.buf, r.counts, nr, r.types, r.type);
  if (rc == MPI_SUCCESS && (ns + nr > 0) && ((!in_place && !s.displs) || !r.displs))
    rc = mpix_error(&ctx, MPI_ERR_ARG);
  if (rc != MPI_SUCCESS) return rc;
  if (in_place) {
    /* Find the span from the receive side before the plan exists. */
    peer *tmp = mpix_malloc((size_t)(nr ? nr : 1) * sizeof(peer));
    if (!tmp) return mpix_error(&ctx, MPI_ERR_NO_MEM);
    fill_side(tmp, nr, &r);
    span = span_of(tmp, nr, &lo);
    mpix_free(tmp);
  }
  rc = plan_alloc(&ctx, &p, ns, nr, (size_t)span);
  if (rc != MPI_SUCCESS) return rc;
  fill_side(p.recv, nr, &r);
  if (in_place) send_from_copy(&p, lo, span);
  else fill_side(p.send, ns, &s);
  p.sbase = in_place ? p.scratch : s.buf;
  p.rbase = (void *)r.buf;
  return plan_run(&ctx, &p, comm, neighbor, start);
}

static int neighbor_allgatherv(const void *sbuf, MPI_Count scount, MPI_Datatype stype,
                               void *rbuf, const MPI_Count *rcounts, const MPI_Aint *displs,
                               MPI_Datatype rtype, MPI_Comm comm, const mpix_start *start) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  int ns = 0, nr = 0, i, rc = check_start(&ctx, start);
  side recv = {rbuf, rcounts, displs, rtype, NULL};
  plan p = {0};
  if (rc == MPI_SUCCESS) rc = neighbor_degrees(&ctx, comm, &nr, &ns);
  if (rc == MPI_SUCCESS) rc = mpix_check_buffer(&ctx, sbuf, 1, scount, stype);
  if (rc == MPI_SUCCESS) rc = check_side(&ctx, rbuf, rcounts, nr, NULL, rtype);
  if (rc == MPI_SUCCESS && nr > 0 && !displs) rc = mpix_error(&ctx, MPI_ERR_ARG);
  if (rc == MPI_SUCCESS) rc = plan_alloc(&ctx, &p, ns, nr, 0);
  if (rc != MPI_SUCCESS) return rc;
  p.sbase = sbuf;
  p.rbase = rbuf;
  for (i = 0; i < ns; i++) set_peer(&p.send[i], sbuf, scount, 0, stype);
  fill_side(p.recv, nr, &recv);
  return plan_run(&ctx, &p, comm, 1, start);
}

/* The v sides name one datatype, the w sides one per peer (in bytes). */
static side v_side(const void *buf, const MPI_Count *counts, const MPI_Aint *displs,
                   MPI_Datatype type) {
  side v = {buf, counts, displs, type, NULL};
  return v;
}

static side w_side(const void *buf, const MPI_Count *counts, const MPI_Aint *displs,
                   const MPI_Datatype *types) {
  side w = {buf, counts, displs, MPI_BYTE, types};
  return w;
}

static int alltoallv(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *sdispls,
                     MPI_Datatype stype, void *rbuf, const MPI_Count *rcounts,
                     const MPI_Aint *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                     const mpix_start *start) {
  return alltoall_vw(v_side(sbuf, scounts, sdispls, stype), v_side(rbuf, rcounts, rdispls, rtype),
                     comm, 0, start);
}

static int neighbor_alltoallv(const void *sbuf, const MPI_Count *scounts,
                              const MPI_Aint *sdispls, MPI_Datatype stype, void *rbuf,
                              const MPI_Count *rcounts, const MPI_Aint *rdispls,
                              MPI_Datatype rtype, MPI_Comm comm, const mpix_start *start) {
  return alltoall_vw(v_side(sbuf, scounts, sdispls, stype), v_side(rbuf, rcounts, rdispls, rtype),
                     comm, 1, start);
}

static int alltoallw(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *sdispls,
                     const MPI_Datatype *stypes, void *rbuf, const MPI_Count *rcounts,
                     const MPI_Aint *rdispls, const MPI_Datatype *rtypes, MPI_Comm comm,
                     const mpix_start *start) {
  return alltoall_vw(w_side(sbuf, scounts, sdispls, stypes),
                     w_side(rbuf, rcounts, rdispls, rtypes), comm, 0, start);
}

static int neighbor_alltoallw(const void *sbuf, const MPI_Count *scounts,
                              const MPI_Aint *sdispls, const MPI_Datatype *stypes, void *rbuf,
                              const MPI_Count *rcounts, const MPI_Aint *rdispls,
                              const MPI_Datatype *rtypes, MPI_Comm comm,
                              const mpix_start *start) {
  return alltoall_vw(w_side(sbuf, scounts, sdispls, stypes),
                     w_side(rbuf, rcounts, rdispls, rtypes), comm, 1, start);
}

/* ---- the public functions ------------------------------------------------------ */

/* MPIX_<Op>_x, MPIX_I<op>_x and MPIX_<Op>_init_x of the VCOLL rows, generated
   from the table (gen_mpix.py): each passes its parameters to the <op> above
   (gatherv ... neighbor_alltoallw), with how it starts. */
#define MPIX_SHIMS_VCOLL 1
#include "mpix_shims.inc"
