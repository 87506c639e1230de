/* Datatype constructors and queries. Every MPIX_Type_*_x type is compared with
   the type the classic constructor builds from the same numbers (which fit an
   int here, while being above the lowered threshold, so the emulated backend
   takes its large path): same size, bounds, true bounds and the same packed
   bytes of two consecutive elements. Envelope and contents must report the
   logical large-count constructor as MPI-4 does. Also pack/unpack and the
   size queries at large counts. */
#include "rt_test.h"

#include <stdlib.h>

static char *patterned(size_t bytes) {
  char *p = malloc(bytes ? bytes : 1);
  size_t i;
  for (i = 0; i < bytes; i++) p[i] = (char)(i * 131 + 7);
  return p;
}

/* Two elements of a and of b hold the same data at the same places. */
static int same_type(MPI_Datatype a, MPI_Datatype b) {
  MPI_Count sa, sb, lba, lbb, ea, eb, tla, tlb, tea, teb;
  int pa = 0, pb = 0, posa = 0, posb = 0, good;
  size_t span;
  char *data, *outa, *outb;
  MPI_Type_commit(&a);
  MPI_Type_commit(&b);
  MPIX_Type_size_x(a, &sa);
  MPI_Type_size_x(b, &sb);
  MPIX_Type_get_extent_x(a, &lba, &ea);
  MPI_Type_get_extent_x(b, &lbb, &eb);
  MPIX_Type_get_true_extent_x(a, &tla, &tea);
  MPI_Type_get_true_extent_x(b, &tlb, &teb);
  if (sa != sb || lba != lbb || ea != eb || tla != tlb || tea != teb) {
    fprintf(stderr, "size %lld/%lld lb %lld/%lld extent %lld/%lld true %lld+%lld/%lld+%lld\n",
            (long long)sa, (long long)sb, (long long)lba, (long long)lbb, (long long)ea,
            (long long)eb, (long long)tla, (long long)tea, (long long)tlb, (long long)teb);
    return 0;
  }
  span = (size_t)(tla + ea + tea + 64);
  data = patterned(span);
  MPI_Pack_size(2, a, MPI_COMM_WORLD, &pa);
  MPI_Pack_size(2, b, MPI_COMM_WORLD, &pb);
  outa = calloc((size_t)pa + 1, 1);
  outb = calloc((size_t)pb + 1, 1);
  MPI_Pack(data, 2, a, outa, pa, &posa, MPI_COMM_WORLD);
  MPI_Pack(data, 2, b, outb, pb, &posb, MPI_COMM_WORLD);
  good = posa == posb && memcmp(outa, outb, (size_t)posa) == 0;
  free(data);
  free(outa);
  free(outb);
  return good;
}

/* The envelope and contents of t are (combiner, ints, counts, one type old). */
static int contents_are(MPI_Datatype t, int combiner, int ni, const int *ints, MPI_Count nc,
                        const MPI_Count *counts, int nd, const MPI_Datatype *types) {
  MPI_Count gi, ga, gc, gd;
  int comb, i, good = 1;
  int gints[64];
  MPI_Aint gaddr[4];
  MPI_Count gcounts[256];
  MPI_Datatype gtypes[16];
  if (MPIX_Type_get_envelope_x(t, &gi, &ga, &gc, &gd, &comb) != MPI_SUCCESS) return 0;
  if (comb != combiner || gi != ni || ga != 0 || gc != nc || gd != nd) {
    fprintf(stderr, "envelope: combiner %d ni %lld na %lld nc %lld nd %lld\n", comb,
            (long long)gi, (long long)ga, (long long)gc, (long long)gd);
    return 0;
  }
  if (MPIX_Type_get_contents_x(t, 64, 4, 256, 16, gints, gaddr, gcounts, gtypes) != MPI_SUCCESS)
    return 0;
  for (i = 0; i < ni; i++) good &= gints[i] == ints[i];
  for (i = 0; i < nc; i++) good &= gcounts[i] == counts[i];
  for (i = 0; i < nd; i++) {
    int c2, a2, d2, cb;
    good &= gtypes[i] == types[i] || (MPI_Type_get_envelope(gtypes[i], &c2, &a2, &d2, &cb),
                                      cb != MPI_COMBINER_NAMED);
    MPI_Type_get_envelope(gtypes[i], &c2, &a2, &d2, &cb);
    if (cb != MPI_COMBINER_NAMED) MPI_Type_free(&gtypes[i]);
  }
  return good;
}

static void check_and_free_at(MPI_Datatype x, MPI_Datatype classic, int line) {
  rt_checks++;
  if (!same_type(x, classic)) rt_fail(__FILE__, line, "same_type(x, classic)");
  MPI_Type_free(&x);
  MPI_Type_free(&classic);
}
#define check_and_free(x, c) check_and_free_at(x, c, __LINE__)

static void test_contiguous(MPI_Datatype old, MPI_Count n) {
  MPI_Datatype x, c;
  CHECK_RC(MPIX_Type_contiguous_x(n, old, &x));
  CHECK(contents_are(x, MPI_COMBINER_CONTIGUOUS, 0, NULL, 1, &n, 1, &old));
  MPI_Type_contiguous((int)n, old, &c);
  check_and_free(x, c);
}

static void test_vectors(MPI_Datatype old, MPI_Count n) {
  MPI_Datatype x, c;
  MPI_Aint ext = 0, lb = 0;
  MPI_Count v[3] = {n, n + 1, 2 * n + 3}, h[3] = {3, n + 2, 0};
  MPI_Count w[3] = {4, 2, -3};
  MPI_Type_get_extent(old, &lb, &ext);
  h[2] = (MPI_Count)ext * (n + 5);
  CHECK_RC(MPIX_Type_vector_x(v[0], v[1], v[2], old, &x));
  CHECK(contents_are(x, MPI_COMBINER_VECTOR, 0, NULL, 3, v, 1, &old));
  MPI_Type_vector((int)v[0], (int)v[1], (int)v[2], old, &c);
  check_and_free(x, c);
  CHECK_RC(MPIX_Type_create_hvector_x(h[0], h[1], h[2], old, &x));
  CHECK(contents_are(x, MPI_COMBINER_HVECTOR, 0, NULL, 3, h, 1, &old));
  MPI_Type_create_hvector((int)h[0], (int)h[1], (MPI_Aint)h[2], old, &c);
  check_and_free(x, c);
  /* a negative stride with a small count: the int path */
  CHECK_RC(MPIX_Type_vector_x(w[0], w[1], w[2], old, &x));
  MPI_Type_vector(4, 2, -3, old, &c);
  check_and_free(x, c);
}

static void test_indexed(MPI_Datatype old, MPI_Count n) {
  MPI_Count lens[3] = {n, 1, n + 1}, displs[3] = {2, n + 10, 2 * n + 20};
  MPI_Count hdispls[3];
  MPI_Count all[7];
  int ilens[3], idispls[3], i;
  MPI_Aint adispls[3], ext = 0, lb = 0;
  MPI_Datatype x, c, types[3] = {old, MPI_DOUBLE, old};
  MPI_Type_get_extent(old, &lb, &ext);
  for (i = 0; i < 3; i++) {
    ilens[i] = (int)lens[i];
    idispls[i] = (int)displs[i];
    hdispls[i] = displs[i] * ext;
    adispls[i] = (MPI_Aint)hdispls[i];
  }
  all[0] = 3;
  for (i = 0; i < 3; i++) {
    all[1 + i] = lens[i];
    all[4 + i] = displs[i];
  }
  CHECK_RC(MPIX_Type_indexed_x(3, lens, displs, old, &x));
  CHECK(contents_are(x, MPI_COMBINER_INDEXED, 0, NULL, 7, all, 1, &old));
  MPI_Type_indexed(3, ilens, idispls, old, &c);
  check_and_free(x, c);

  for (i = 0; i < 3; i++) all[4 + i] = hdispls[i];
  CHECK_RC(MPIX_Type_create_hindexed_x(3, lens, hdispls, old, &x));
  CHECK(contents_are(x, MPI_COMBINER_HINDEXED, 0, NULL, 7, all, 1, &old));
  MPI_Type_create_hindexed(3, ilens, adispls, old, &c);
  check_and_free(x, c);

  all[1] = n;
  for (i = 0; i < 3; i++) all[2 + i] = displs[i] * 2;
  CHECK_RC(MPIX_Type_create_indexed_block_x(3, n, all + 2, old, &x));
  CHECK(contents_are(x, MPI_COMBINER_INDEXED_BLOCK, 0, NULL, 5, all, 1, &old));
  for (i = 0; i < 3; i++) idispls[i] = (int)all[2 + i];
  MPI_Type_create_indexed_block(3, (int)n, idispls, old, &c);
  check_and_free(x, c);

  for (i = 0; i < 3; i++) all[2 + i] = hdispls[i] * 2;
  CHECK_RC(MPIX_Type_create_hindexed_block_x(3, n, all + 2, old, &x));
  CHECK(contents_are(x, MPI_COMBINER_HINDEXED_BLOCK, 0, NULL, 5, all, 1, &old));
  for (i = 0; i < 3; i++) adispls[i] = (MPI_Aint)all[2 + i];
  MPI_Type_create_hindexed_block(3, (int)n, adispls, old, &c);
  check_and_free(x, c);

  /* struct: the second block is a double placed after the first block */
  hdispls[1] = hdispls[0] + (MPI_Count)ext * n + 4;
  hdispls[2] = hdispls[1] + 8 + (MPI_Count)ext * 3;
  for (i = 0; i < 3; i++) {
    all[1 + i] = lens[i];
    all[4 + i] = hdispls[i];
    adispls[i] = (MPI_Aint)hdispls[i];
  }
  CHECK_RC(MPIX_Type_create_struct_x(3, lens, hdispls, types, &x));
  CHECK(contents_are(x, MPI_COMBINER_STRUCT, 0, NULL, 7, all, 3, types));
  MPI_Type_create_struct(3, ilens, adispls, types, &c);
  check_and_free(x, c);
}

static void test_arrays(MPI_Datatype old, MPI_Count n) {
  MPI_Count sizes[2] = {3, 2 * n + 5}, subs[2] = {2, n + 1}, starts[2] = {1, 3}, all[6];
  int isz[2], isub[2], ist[2], ints[2], order, i, o;
  const int orders[2] = {MPI_ORDER_C, MPI_ORDER_FORTRAN}; /* Open MPI's MPI_ORDER_C is 0 */
  MPI_Datatype x, c;
  for (o = 0; o < 2; o++) {
    order = orders[o];
    for (i = 0; i < 2; i++) {
      isz[i] = (int)sizes[i];
      isub[i] = (int)subs[i];
      ist[i] = (int)starts[i];
      all[i] = sizes[i];
      all[2 + i] = subs[i];
      all[4 + i] = starts[i];
    }
    ints[0] = 2;
    ints[1] = order;
    CHECK_RC(MPIX_Type_create_subarray_x(2, sizes, subs, starts, order, old, &x));
    CHECK(contents_are(x, MPI_COMBINER_SUBARRAY, 2, ints, 6, all, 1, &old));
    MPI_Type_create_subarray(2, isz, isub, ist, order, old, &c);
    check_and_free(x, c);
  }
  {
    /* darray: BLOCK x NONE over a 3 x 1 grid, this process = rank 1 */
    MPI_Count g[2] = {7, 2 * n + 1};
    int ig[2] = {7, (int)(2 * n + 1)};
    int distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_NONE};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, psizes[2] = {3, 1};
    int dints[10] = {3, 1, 2, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_DFLT_DARG,
                     MPI_DISTRIBUTE_DFLT_DARG, 3, 1, MPI_ORDER_C};
    CHECK_RC(MPIX_Type_create_darray_x(3, 1, 2, g, distribs, dargs, psizes, MPI_ORDER_C, old, &x));
    CHECK(contents_are(x, MPI_COMBINER_DARRAY, 10, dints, 2, g, 1, &old));
    MPI_Type_create_darray(3, 1, 2, ig, distribs, dargs, psizes, MPI_ORDER_C, old, &c);
    check_and_free(x, c);
  }
}

static void test_resized(MPI_Datatype old) {
  MPI_Count b[2] = {-4, 40};
  MPI_Datatype x, c;
  CHECK_RC(MPIX_Type_create_resized_x(old, b[0], b[1], &x));
  CHECK(contents_are(x, MPI_COMBINER_RESIZED, 0, NULL, 2, b, 1, &old));
  MPI_Type_create_resized(old, -4, 40, &c);
  check_and_free(x, c);
}

/* A type that libmpix did not build answers the classic way. */
static void test_foreign(void) {
  MPI_Datatype c;
  MPI_Count ni, na, nc, nd;
  int comb, ints[1];
  MPI_Aint a[1];
  MPI_Count counts[1];
  MPI_Datatype types[1];
  MPI_Type_contiguous(5, MPI_INT, &c);
  CHECK_RC(MPIX_Type_get_envelope_x(c, &ni, &na, &nc, &nd, &comb));
  CHECK(comb == MPI_COMBINER_CONTIGUOUS && ni == 1 && na == 0 && nc == 0 && nd == 1);
  CHECK_RC(MPIX_Type_get_contents_x(c, 1, 0, 0, 1, ints, a, counts, types));
  CHECK(ints[0] == 5 && types[0] == MPI_INT);
  MPI_Type_free(&c);
}

/* Pack/unpack n elements in int-sized pieces = the classic pack of n. */
static void test_pack(MPI_Datatype old, MPI_Count n) {
  MPI_Aint ext = 0, lb = 0;
  MPI_Count size = 0, psize = 0, pos = 0, upos = 0, esize = 0, epos = 0, eupos = 0;
  int cpsize = 0, cpos = 0;
  char *in, *out, *cout, *back, *eout;
  MPI_Type_get_extent(old, &lb, &ext);
  in = patterned((size_t)(n * ext));
  CHECK_RC(MPIX_Pack_size_x(n, old, MPI_COMM_WORLD, &psize));
  MPI_Pack_size((int)n, old, MPI_COMM_WORLD, &cpsize);
  CHECK(psize >= cpsize);
  out = calloc((size_t)psize + 1, 1);
  cout = calloc((size_t)cpsize + 1, 1);
  back = calloc((size_t)(n * ext) + 1, 1);
  CHECK_RC(MPIX_Pack_x(in, n, old, out, psize, &pos, MPI_COMM_WORLD));
  MPI_Pack(in, (int)n, old, cout, cpsize, &cpos, MPI_COMM_WORLD);
  CHECK(pos == cpos && memcmp(out, cout, (size_t)cpos) == 0);
  CHECK_RC(MPIX_Unpack_x(out, pos, &upos, back, n, old, MPI_COMM_WORLD));
  CHECK(upos == pos);
  MPIX_Type_size_x(old, &size);
  {
    /* the data bytes of each element came back (gaps are not written) */
    char *again = calloc((size_t)psize + 1, 1);
    MPI_Count p2 = 0;
    MPIX_Pack_x(back, n, old, again, psize, &p2, MPI_COMM_WORLD);
    CHECK(p2 == pos && memcmp(again, out, (size_t)pos) == 0);
    free(again);
  }
  CHECK_RC(MPIX_Pack_external_size_x("external32", n, old, &esize));
  CHECK(esize == size * n);
  eout = calloc((size_t)esize + 1, 1);
  CHECK_RC(MPIX_Pack_external_x("external32", in, n, old, eout, esize, &epos));
  CHECK(epos == esize);
  memset(back, 0, (size_t)(n * ext));
  CHECK_RC(MPIX_Unpack_external_x("external32", eout, esize, &eupos, back, n, old));
  CHECK(eupos == esize);
  {
    char *again = calloc((size_t)psize + 1, 1);
    MPI_Count p2 = 0;
    MPIX_Pack_x(back, n, old, again, psize, &p2, MPI_COMM_WORLD);
    CHECK(p2 == pos && memcmp(again, out, (size_t)pos) == 0);
    free(again);
  }
  free(in);
  free(out);
  free(cout);
  free(back);
  free(eout);
}

/* Size queries exactly beyond INT_MAX: a type of 2^31 + 8 bytes (built in
   O(1), never allocated). */
static void test_big_sizes(void) {
  MPI_Count n = (MPI_Count)INT_MAX + 9, size = 0, lb = -1, ext = 0, tlb = -1, text = 0, ps = 0;
  MPI_Datatype t;
  CHECK_RC(MPIX_Type_contiguous_x(n, MPI_BYTE, &t));
  CHECK_RC(MPI_Type_commit(&t));
  CHECK_RC(MPIX_Type_size_x(t, &size));
  CHECK_RC(MPIX_Type_get_extent_x(t, &lb, &ext));
  CHECK_RC(MPIX_Type_get_true_extent_x(t, &tlb, &text));
  CHECK(size == n && lb == 0 && ext == n && tlb == 0 && text == n);
  CHECK_RC(MPIX_Pack_size_x(3, t, MPI_COMM_WORLD, &ps));
  CHECK(ps >= 3 * n);
  MPI_Type_free(&t);
}

int main(int argc, char **argv) {
  MPI_Datatype olds[2];
  int k, i;
  rt_init(&argc, &argv);
  olds[0] = MPI_INT;
  olds[1] = rt_gappy_type();
  for (k = 0; k < 2; k++) {
    for (i = 1; i < RT_NCOUNTS; i++) {
      test_contiguous(olds[k], rt_count(i));
      test_vectors(olds[k], rt_count(i));
      test_indexed(olds[k], rt_count(i));
      test_arrays(olds[k], rt_count(i));
      test_pack(olds[k], rt_count(i));
    }
    /* the shapes of mpix_type_rep for touching copies (typeutil.c): T+1 and
       3T+7 above are c blocks of T plus a remainder; 4T splits at a power of
       two (4 blocks of T), 3T+3 at a divisor found by division (at T = 1000:
       7 blocks of 429) */
    test_contiguous(olds[k], 4 * rt_T);
    test_contiguous(olds[k], 3 * rt_T + 3);
    test_resized(olds[k]);
  }
  test_foreign();
  test_big_sizes();
  MPI_Type_free(&olds[1]);
  return rt_finish();
}
