/* vset_tests - vertex sets the way generated code uses them: insert,
 * id buffer + seal, bools + seal, the three views and their conversions,
 * size, contains, out-degree sums, dedup, O(count) sparse sealing,
 * handles: stale after a free, checked when an extern returns them, and a
 * freed set's arrays handed to the next set, cleared. */
#include "check.h"
#include "graph_rt.h"

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  graphrt_memref_i32 ids;
  graphrt_memref_i8 bools;
  graphrt_memref_i64 bits;
} views;

/* Every view agrees with the reference membership ref[0..n). */
static int consistent(graphrt_vset *s, const uint8_t *ref, int64_t n) {
  int64_t k = 0;
  for (int64_t v = 0; v < n; v++)
    k += ref[v] != 0;
  if (graphrt_vset_size(s) != k)
    return 0;
  for (int64_t v = 0; v < n; v++)
    if (graphrt_vset_contains(s, v) != (ref[v] != 0))
      return 0;
  views w;
  _mlir_ciface_graphrt_vset_ids(&w.ids, s);
  if (w.ids.sizes[0] != k)
    return 0;
  int64_t j = 0;
  for (int64_t v = 0; v < n; v++)
    if (ref[v] && w.ids.aligned[j++] != v)
      return 0;
  _mlir_ciface_graphrt_vset_bools(&w.bools, s);
  if (w.bools.sizes[0] != n)
    return 0;
  for (int64_t v = 0; v < n; v++)
    if (w.bools.aligned[v] != (ref[v] != 0))
      return 0;
  _mlir_ciface_graphrt_vset_bits(&w.bits, s);
  if (w.bits.sizes[0] != (n + 63) / 64)
    return 0;
  for (int64_t v = 0; v < (n + 63) / 64 * 64; v++) {
    int bit = (int)(((uint64_t)w.bits.aligned[v / 64] >> (v % 64)) & 1);
    if (bit != (v < n && ref[v]))
      return 0;
  }
  return 1;
}

static void test_basic(void) {
  int64_t n = 100;
  uint8_t ref[100] = {0};
  graphrt_vset *s = graphrt_vset_new(n, 0);
  CHECK_EQ(graphrt_vset_size(s), 0);
  CHECK(consistent(s, ref, n));
  int order[] = {42, 7, 99, 7, 0, 42, 63, 64};
  for (int i = 0; i < 8; i++) {
    graphrt_vset_insert(s, order[i]);
    ref[order[i]] = 1;
  }
  CHECK_EQ(graphrt_vset_size(s), 6); /* duplicates kept once */
  CHECK(consistent(s, ref, n));
  graphrt_vset_insert(s, 5); /* insert after the views exist */
  ref[5] = 1;
  CHECK(consistent(s, ref, n));
  graphrt_vset_free(s);

  graphrt_vset *all = graphrt_vset_new(n, 1);
  memset(ref, 1, sizeof(ref));
  CHECK_EQ(graphrt_vset_size(all), 100);
  CHECK(consistent(all, ref, n));
  graphrt_vset_insert(all, 3);
  CHECK_EQ(graphrt_vset_size(all), 100);
  graphrt_vset_free(all);

  graphrt_vset *z = graphrt_vset_new(0, 1);
  CHECK_EQ(graphrt_vset_size(z), 0);
  graphrt_vset_free(z);
}

/* The push pattern: CAS on the bool array, fetch-add into the id buffer. */
static void test_seal_ids(int64_t n, int64_t tries, int mark_bools,
                          uint64_t seed) {
  graphrt_vset *s = graphrt_vset_new(n, 0);
  graphrt_memref_i8 b;
  graphrt_memref_i32 buf;
  _mlir_ciface_graphrt_vset_bools(&b, s);
  _mlir_ciface_graphrt_vset_id_buffer(&buf, s);
  CHECK_EQ(buf.sizes[0], n);
  uint8_t *ref = calloc((size_t)n, 1);
  int64_t count = 0;
#pragma omp parallel for
  for (int64_t i = 0; i < tries; i++) {
    uint64_t h = (uint64_t)i * 0x9E3779B97F4A7C15ull ^ seed;
    h ^= h >> 29;
    int32_t v = (int32_t)(h % (uint64_t)n);
    ref[v] = 1;
    if (mark_bools) {
      uint8_t zero = 0;
      if (!__atomic_compare_exchange_n(&b.aligned[v], &zero, 1, 0,
                                       __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        continue;
    }
    int64_t p = __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    if (p < n)
      buf.aligned[p] = v;
  }
  if (count > n)
    count = n; /* without dedup the buffer can overflow: keep n */
  if (!mark_bools) {
    memset(ref, 0, (size_t)n);
    for (int64_t i = 0; i < count; i++)
      ref[buf.aligned[i]] = 1;
  }
  graphrt_vset_seal_ids(s, count);
  CHECK(consistent(s, ref, n));
  graphrt_vset_free(s);
  free(ref);
}

/* The pull pattern: write bools, seal. */
static void test_seal_bools(void) {
  int64_t n = 10000;
  uint8_t *ref = calloc((size_t)n, 1);
  graphrt_vset *s = graphrt_vset_new(n, 0);
  graphrt_memref_i8 b;
  _mlir_ciface_graphrt_vset_bools(&b, s);
  for (int64_t v = 0; v < n; v += 3) {
    b.aligned[v] = (uint8_t)(v % 2 ? 1 : 5); /* any non-zero is a member */
    ref[v] = 1;
  }
  graphrt_vset_seal_bools(s);
  CHECK_EQ(graphrt_vset_size(s), (n + 2) / 3);
  CHECK(consistent(s, ref, n));
  /* sealing ids replaces the content */
  graphrt_memref_i32 buf;
  _mlir_ciface_graphrt_vset_id_buffer(&buf, s);
  buf.aligned[0] = 1;
  buf.aligned[1] = 2;
  buf.aligned[2] = 1;
  graphrt_vset_seal_ids(s, 3);
  memset(ref, 0, (size_t)n);
  ref[1] = ref[2] = 1;
  CHECK_EQ(graphrt_vset_size(s), 2);
  CHECK(consistent(s, ref, n));
  graphrt_vset_seal_ids(s, 0);
  CHECK_EQ(graphrt_vset_size(s), 0);
  graphrt_vset_free(s);
  free(ref);
}

/* The dedup push: each id once, marked in the bool array as it was
 * appended; then a set that had members, whose new ids are its id list. */
static void test_seal_distinct(void) {
  int64_t n = 1000, k = 0;
  uint8_t *ref = calloc((size_t)n, 1);
  graphrt_vset *s = graphrt_vset_new(n, 0);
  graphrt_memref_i8 b;
  graphrt_memref_i32 buf;
  _mlir_ciface_graphrt_vset_bools(&b, s);
  _mlir_ciface_graphrt_vset_id_buffer(&buf, s);
  for (int64_t v = n - 1; v >= 0; v -= 7) {
    b.aligned[v] = 1;
    buf.aligned[k++] = (int32_t)v;
    ref[v] = 1;
  }
  graphrt_vset_seal_distinct_ids(s, k);
  CHECK_EQ(graphrt_vset_size(s), k);
  CHECK(consistent(s, ref, n));
  _mlir_ciface_graphrt_vset_id_buffer(&buf, s);
  buf.aligned[0] = 5;
  buf.aligned[1] = 3;
  graphrt_vset_seal_distinct_ids(s, 2);
  memset(ref, 0, (size_t)n);
  ref[5] = ref[3] = 1;
  CHECK_EQ(graphrt_vset_size(s), 2);
  CHECK(consistent(s, ref, n));
  graphrt_vset_free(s);
  free(ref);
}

/* The unordered view has the members once each: a sparse list as it was
 * sealed (no sort), a dense one (over n / 64 members) and a set made from
 * marks in ascending order. */
static void test_unordered_ids(int64_t n, int64_t stride) {
  graphrt_vset *s = graphrt_vset_new(n, 0);
  graphrt_memref_i8 b;
  graphrt_memref_i32 buf, ids;
  _mlir_ciface_graphrt_vset_bools(&b, s);
  _mlir_ciface_graphrt_vset_id_buffer(&buf, s);
  int64_t k = 0;
  for (int64_t v = n - 1; v >= 0; v -= stride) {
    b.aligned[v] = 1;
    buf.aligned[k++] = (int32_t)v;
  }
  graphrt_vset_seal_distinct_ids(s, k);
  _mlir_ciface_graphrt_vset_ids_unordered(&ids, s);
  CHECK_EQ(ids.sizes[0], k);
  int sparse = k <= n / 64, as_sealed = 1, ascending = 1;
  for (int64_t i = 0; i < k; i++) {
    as_sealed &= ids.aligned[ids.offset + i] == n - 1 - i * stride;
    if (i)
      ascending &=
          ids.aligned[ids.offset + i - 1] < ids.aligned[ids.offset + i];
  }
  CHECK(sparse ? as_sealed : ascending);
  graphrt_vset_free(s);

  graphrt_vset *all = graphrt_vset_new(n, 1);
  _mlir_ciface_graphrt_vset_ids_unordered(&ids, all);
  CHECK_EQ(ids.sizes[0], n);
  int listed = 1;
  for (int64_t v = 0; v < n; v++)
    listed &= ids.aligned[ids.offset + v] == v;
  CHECK(listed);
  graphrt_vset_free(all);
}

static void test_degree_sum(void) {
  /* star-ish graph: 0 -> 1..4, 1 -> 2, 3 -> 0 */
  int32_t src[] = {0, 0, 0, 0, 1, 3}, dst[] = {1, 2, 3, 4, 2, 0};
  graphrt_graph *g = graphrt_graph_from_edges(5, 6, src, dst, NULL, 0);
  graphrt_vset *s = graphrt_vset_new(5, 0);
  CHECK_EQ(graphrt_vset_out_degree_sum(s, g), 0);
  graphrt_vset_insert(s, 0);
  graphrt_vset_insert(s, 3);
  CHECK_EQ(graphrt_vset_out_degree_sum(s, g), 5);
  graphrt_memref_i8 b;
  graphrt_vset *d = graphrt_vset_new(5, 0);
  _mlir_ciface_graphrt_vset_bools(&b, d);
  b.aligned[1] = b.aligned[4] = 1;
  graphrt_vset_seal_bools(d);
  CHECK_EQ(graphrt_vset_out_degree_sum(d, g), 1);
  graphrt_vset *all = graphrt_vset_new(5, 1);
  CHECK_EQ(graphrt_vset_out_degree_sum(all, g), 6);

  /* A pull's output: marked in a fresh set's bitvector and sealed with the
   * members and out-degree sum it counted, both answered as given (here a
   * sum of 40 no scan would find) until the set changes. */
  graphrt_vset *p = graphrt_vset_new(5, 0);
  graphrt_memref_i64 w;
  _mlir_ciface_graphrt_vset_bits(&w, p);
  w.aligned[0] = 1 << 0 | 1 << 3;
  graphrt_vset_seal_dense(p, 2, 40, g);
  uint8_t ref[5] = {1, 0, 0, 1, 0};
  CHECK(consistent(p, ref, 5));
  CHECK_EQ(graphrt_vset_out_degree_sum(p, g), 40);
  graphrt_graph *t = graphrt_transpose(g);
  CHECK_EQ(graphrt_vset_out_degree_sum(p, t), 2); /* another graph: scanned */
  /* The largest out-degree bounds a set's sum by its size; asked twice (the
   * second answer kept from the first), and of the transpose (in-degrees). */
  CHECK_EQ(graphrt_max_out_degree(g), 4);
  CHECK_EQ(graphrt_max_out_degree(g), 4);
  CHECK_EQ(graphrt_max_out_degree(t), 2);
  graphrt_graph_free(t);
  graphrt_vset_insert(p, 1);
  CHECK_EQ(graphrt_vset_out_degree_sum(p, g), 6); /* 4 + 1 + 1: scanned */
  /* the bool array, and an empty set with no view at all */
  graphrt_vset *q = graphrt_vset_new(5, 0);
  _mlir_ciface_graphrt_vset_bools(&b, q);
  b.aligned[4] = 1;
  graphrt_vset_seal_dense(q, 1, 0, g);
  uint8_t ref4[5] = {0, 0, 0, 0, 1};
  CHECK(consistent(q, ref4, 5));
  /* A push's distinct ids, sealed with the out-degree sum it counted. */
  graphrt_vset *c = graphrt_vset_new(5, 0);
  graphrt_memref_i32 buf;
  _mlir_ciface_graphrt_vset_id_buffer(&buf, c);
  buf.aligned[0] = 3;
  buf.aligned[1] = 1;
  graphrt_vset_seal_counted_ids(c, 2, 30, g);
  uint8_t ref13[5] = {0, 1, 0, 1, 0};
  CHECK(consistent(c, ref13, 5));
  CHECK_EQ(graphrt_vset_out_degree_sum(c, g), 30);
  graphrt_vset_insert(c, 0);
  CHECK_EQ(graphrt_vset_out_degree_sum(c, g), 6); /* 1 + 1 + 4: scanned */
  graphrt_vset *e = graphrt_vset_new(5, 0);
  graphrt_vset_seal_dense(e, 0, 0, g);
  uint8_t none[5] = {0};
  CHECK(consistent(e, none, 5));
  graphrt_vset_free(s);
  graphrt_vset_free(d);
  graphrt_vset_free(all);
  graphrt_vset_free(p);
  graphrt_vset_free(q);
  graphrt_vset_free(c);
  graphrt_vset_free(e);
  graphrt_graph_free(g);
}

/* A bitvector-marked set over several 65536-vertex blocks, with a partial
 * last word, lists its members in order (one word at a time). */
static void test_bits_to_ids(int64_t n, unsigned seed) {
  graphrt_vset *s = graphrt_vset_new(n, 0);
  graphrt_memref_i64 w;
  _mlir_ciface_graphrt_vset_bits(&w, s);
  uint8_t *ref = calloc((size_t)n, 1);
  int64_t count = 0;
  for (int64_t v = 0; v < n; v++) {
    seed = seed * 1103515245u + 12345u;
    /* runs of members and gaps, and every vertex of some words */
    if ((seed >> 16) % 5 == 0 || (v / 64) % 7 == 3 || v == n - 1) {
      ref[v] = 1;
      count++;
      w.aligned[v / 64] |= (int64_t)((uint64_t)1 << (v % 64));
    }
  }
  graphrt_graph *g = graphrt_graph_empty(n);
  graphrt_vset_seal_dense(s, count, 0, g);
  CHECK(consistent(s, ref, n));
  graphrt_vset_free(s);
  graphrt_graph_free(g);
  free(ref);
}

/* Whether the n bytes (or words) at p are all zero. */
static int all_zero(const void *p, size_t bytes) {
  const uint8_t *b = p;
  for (size_t i = 0; i < bytes; i++)
    if (b[i])
      return 0;
  return 1;
}

/* A freed set's arrays go to the next set of its vertex count, as a loop's
 * frontiers die and are born once a round: its id buffer as it is, its bool
 * array and bitvector cleared. A set freed while its dense view may still
 * be marked, and a set of another vertex count, get fresh zeroed arrays. */
/* A push's output: the members flagged in its bools and listed in its id
 * buffer, sealed as distinct ids; `flags` and `buf` are the views it used. */
static graphrt_vset *sealed_push_output(int64_t n, const int32_t *members,
                                        int count, graphrt_memref_i8 *flags,
                                        graphrt_memref_i32 *buf) {
  graphrt_vset *s = graphrt_vset_new(n, 0);
  _mlir_ciface_graphrt_vset_bools(flags, s);
  _mlir_ciface_graphrt_vset_id_buffer(buf, s);
  for (int i = 0; i < count; i++) {
    flags->aligned[members[i]] = 1;
    buf->aligned[i] = members[i];
  }
  graphrt_vset_seal_distinct_ids(s, count);
  return s;
}

static void test_spares(void) {
  int64_t n = 300000; /* arrays large enough to be mapped, not malloc'd */
  graphrt_graph *g = graphrt_graph_empty(n);
  uint8_t *ref = calloc((size_t)n, 1);

  /* A push's output: flags in the bools, ids in the buffer, sealed. */
  graphrt_memref_i8 flags;
  graphrt_memref_i32 buf;
  int32_t members[] = {5, 77, 299999, 4096};
  graphrt_vset *a = sealed_push_output(n, members, 4, &flags, &buf);
  uint8_t *bools_a = flags.aligned;
  int32_t *ids_a = buf.aligned;
  graphrt_vset_free(a);

  graphrt_vset *b = graphrt_vset_new(n, 0);
  graphrt_memref_i32 buf_b;
  _mlir_ciface_graphrt_vset_id_buffer(&buf_b, b);
  CHECK(buf_b.aligned == ids_a); /* the same buffer, not a fresh one */
  graphrt_memref_i8 flags_b;
  _mlir_ciface_graphrt_vset_bools(&flags_b, b);
  CHECK(flags_b.aligned == bools_a);
  CHECK(all_zero(flags_b.aligned, (size_t)n)); /* cleared by its ids */
  buf_b.aligned[0] = 12;
  flags_b.aligned[12] = 1;
  graphrt_vset_seal_distinct_ids(b, 1);
  ref[12] = 1;
  CHECK(consistent(b, ref, n));
  ref[12] = 0;
  graphrt_vset_free(b);

  /* A pull's output: bitvector marks, sealed dense (no ids listed). */
  graphrt_vset *c = graphrt_vset_new(n, 0);
  graphrt_memref_i64 bits;
  _mlir_ciface_graphrt_vset_bits(&bits, c);
  for (int64_t v = 0; v < n; v += 3)
    bits.aligned[v >> 6] |= (int64_t)((uint64_t)1 << (v & 63));
  graphrt_vset_seal_dense(c, (n + 2) / 3, 0, g);
  int64_t *bits_c = bits.aligned;
  graphrt_vset_free(c);
  graphrt_vset *d = graphrt_vset_new(n, 0);
  _mlir_ciface_graphrt_vset_bits(&bits, d);
  CHECK(bits.aligned == bits_c);
  CHECK(all_zero(bits.aligned, (size_t)(n + 63) / 64 * 8));
  graphrt_vset_seal_dense(d, 0, 0, g);
  CHECK(consistent(d, ref, n));
  graphrt_vset_free(d);

  /* Freed unsealed, marks and all: its bools are not handed on. */
  graphrt_vset *e = graphrt_vset_new(n, 0);
  _mlir_ciface_graphrt_vset_bools(&flags, e);
  flags.aligned[9] = 1;
  graphrt_vset_free(e);
  graphrt_vset *f = graphrt_vset_new(n, 0);
  _mlir_ciface_graphrt_vset_bools(&flags, f);
  CHECK(all_zero(flags.aligned, (size_t)n));
  graphrt_vset_free(f);

  /* Another vertex count: arrays of its own size. */
  graphrt_vset *h = graphrt_vset_new(n / 2, 1);
  memset(ref, 1, (size_t)n / 2);
  CHECK(consistent(h, ref, n / 2));
  graphrt_vset_free(h);

  /* A set listing its members, inserted one by one, hands its bools on. */
  graphrt_vset *k = graphrt_vset_new(n, 0);
  for (int i = 0; i < 4; i++)
    graphrt_vset_insert(k, members[i]);
  graphrt_vset_free(k);
  graphrt_vset *l = graphrt_vset_new(n, 0);
  _mlir_ciface_graphrt_vset_bools(&flags, l);
  CHECK(all_zero(flags.aligned, (size_t)n));
  graphrt_vset_free(l);

  free(ref);
  graphrt_graph_free(g);
}

/* A sparse set sealed from a push's output gives its marks back at once
 * (a kept frontier holds no n-byte array): the next set's bools are the same
 * array, cleared, and the kept set still answers membership from its ids.
 * A dense one keeps its marks. */
static void test_sealed_sparse_bools(void) {
  int64_t n = 300000;
  uint8_t *ref = calloc((size_t)n, 1);
  graphrt_memref_i8 flags;
  graphrt_memref_i32 buf;
  int32_t members[] = {5, 77, 299999, 4096};
  graphrt_vset *kept = sealed_push_output(n, members, 4, &flags, &buf);
  for (int i = 0; i < 4; i++)
    ref[members[i]] = 1;
  uint8_t *marks = flags.aligned;

  graphrt_vset *next = graphrt_vset_new(n, 0);
  _mlir_ciface_graphrt_vset_bools(&flags, next);
  CHECK(flags.aligned == marks);
  CHECK(all_zero(flags.aligned, (size_t)n));
  CHECK(consistent(kept, ref, n));
  graphrt_vset_free(next);
  graphrt_vset_free(kept);

  graphrt_vset *dense = graphrt_vset_new(n, 0);
  _mlir_ciface_graphrt_vset_bools(&flags, dense);
  _mlir_ciface_graphrt_vset_id_buffer(&buf, dense);
  int64_t k = 0;
  memset(ref, 0, (size_t)n);
  for (int64_t v = 0; v < n; v += 8) {
    flags.aligned[v] = 1;
    buf.aligned[k++] = (int32_t)v;
    ref[v] = 1;
  }
  graphrt_vset_seal_distinct_ids(dense, k);
  marks = flags.aligned;
  _mlir_ciface_graphrt_vset_bools(&flags, dense);
  CHECK(flags.aligned == marks);
  CHECK(consistent(dense, ref, n));
  graphrt_vset_free(dense);
  free(ref);
}

/* Lists hold the handles appended (last in, first out) past their first
 * growth, lists of numbers their packed values; a transpose swaps out- and
 * in-edges and frees only itself. */
static void test_lists_and_transpose(void) {
  graphrt_vlist *l = graphrt_vlist_new();
  graphrt_vset *sets[40];
  for (int i = 0; i < 40; i++) {
    sets[i] = graphrt_vset_new(5, i % 2);
    graphrt_vlist_append(l, sets[i]);
  }
  for (int i = 39; i >= 0; i--)
    CHECK(graphrt_vlist_pop(l, NULL) == sets[i]);
  for (int i = 0; i < 40; i++)
    graphrt_vset_free(sets[i]);
  graphrt_vlist_free(l);

  /* A kept set (program state of an export library) survives free_all. */
  graphrt_vset *kept = graphrt_vset_new(7, 1);
  graphrt_vset_keep(kept);
  graphrt_vset_keep(kept); /* idempotent */
  graphrt_vset_free_all();
  CHECK_EQ(graphrt_vset_size(kept), 7);
  graphrt_vset_free(kept);

  /* Lists of numbers: packed elements, last in first out, negative values
   * and doubles round-trip through the element's bits. */
  graphrt_list *ints = graphrt_list_new(4);
  for (int32_t i = -20; i < 20; i++)
    graphrt_list_append(ints, (uint32_t)i);
  CHECK_EQ(graphrt_list_size(ints), 40);
  CHECK_EQ(((int32_t *)graphrt_list_data(ints))[0], -20);
  CHECK_EQ(((int32_t *)graphrt_list_data(ints))[39], 19);
  for (int32_t i = 19; i >= -20; i--)
    CHECK_EQ((int32_t)graphrt_list_pop(ints, NULL), i);
  CHECK_EQ(graphrt_list_size(ints), 0);
  graphrt_list_resize(ints, 3);
  CHECK_EQ(graphrt_list_size(ints), 3);
  graphrt_list_free(ints);
  graphrt_list *doubles = graphrt_list_new(8);
  double half = 0.5, got;
  uint64_t bits;
  memcpy(&bits, &half, sizeof bits);
  graphrt_list_append(doubles, bits);
  bits = graphrt_list_pop(doubles, NULL);
  memcpy(&got, &bits, sizeof got);
  CHECK(got == 0.5);
  graphrt_list_free(doubles);

  int32_t src[] = {0, 0, 1, 3}, dst[] = {1, 2, 2, 0};
  graphrt_graph *g = graphrt_graph_from_edges(4, 4, src, dst, NULL, 0);
  graphrt_graph *t = graphrt_transpose(g);
  CHECK_EQ(graphrt_num_vertices(t), 4);
  CHECK_EQ(graphrt_num_edges(t), 4);
  graphrt_vset *zero = graphrt_vset_new(4, 0);
  graphrt_vset_insert(zero, 0);
  graphrt_vset *two = graphrt_vset_new(4, 0);
  graphrt_vset_insert(two, 2);
  CHECK_EQ(graphrt_vset_out_degree_sum(zero, g), 2); /* 0 -> 1, 2 */
  CHECK_EQ(graphrt_vset_out_degree_sum(zero, t), 1); /* 3 -> 0 reversed */
  CHECK_EQ(graphrt_vset_out_degree_sum(two, t), 2);  /* 0, 1 -> 2 reversed */
  graphrt_vset_free(zero);
  graphrt_vset_free(two);
  graphrt_graph_free(t);
  graphrt_vset *all = graphrt_vset_new(4, 1);
  CHECK_EQ(graphrt_vset_out_degree_sum(all, g), 4); /* g's arrays intact */
  graphrt_vset_free(all);
  graphrt_graph_free(g);
}

/* Thousands of tiny frontiers on a large vertex count must not cost O(n)
 * each (a high-diameter graph's BFS): 2000 x O(n) would take minutes. */
static void test_sparse_cost(void) {
  int64_t n = (int64_t)1 << 26;
  double t0 = graphrt_time_now();
  for (int it = 0; it < 2000; it++) {
    graphrt_vset *s = graphrt_vset_new(n, 0);
    graphrt_memref_i8 b;
    graphrt_memref_i32 buf;
    _mlir_ciface_graphrt_vset_bools(&b, s);
    _mlir_ciface_graphrt_vset_id_buffer(&buf, s);
    int32_t v = (int32_t)((it * 2654435761u) % (uint64_t)n);
    b.aligned[v] = 1;
    buf.aligned[0] = v;
    buf.aligned[1] = v + 1 < n ? v + 1 : 0;
    graphrt_vset_seal_ids(s, 2);
    graphrt_memref_i32 ids;
    _mlir_ciface_graphrt_vset_ids(&ids, s);
    CHECK_EQ(graphrt_vset_size(s), 2);
    CHECK(graphrt_vset_contains(s, v));
    graphrt_vset_free(s);
  }
  double t = graphrt_time_now() - t0;
  if (t > 5.0)
    fprintf(stderr, "sparse sealing took %.2f s for 2000 frontiers\n", t);
  CHECK(t < 5.0);
}

/* applyModified without dedup: a buffer larger than n with repeats, sealed
 * as it is. Size, ids and degree sums count entries; dense views mark
 * members once. */
static void test_keep_dups(int64_t n, int64_t count) {
  int32_t src[] = {0, 0, 1}, dst[] = {1, 2, 2};
  graphrt_graph *g = graphrt_graph_from_edges(3, 3, src, dst, NULL, 0);
  graphrt_vset *s = graphrt_vset_new(n, 0);
  graphrt_memref_i32 buf;
  _mlir_ciface_graphrt_vset_id_buffer_n(&buf, s, count);
  CHECK_EQ(buf.sizes[0], count);
  uint8_t *ref = calloc((size_t)n, 1);
  int64_t *times = calloc((size_t)n, sizeof(int64_t));
  for (int64_t i = 0; i < count; i++) {
    int32_t v = (int32_t)((i * 7 + i / 3) % (n / 2 + 1)); /* repeats */
    buf.aligned[i] = v;
    ref[v] = 1;
    times[v]++;
  }
  graphrt_vset_seal_ids_keep_dups(s, count);
  CHECK_EQ(graphrt_vset_size(s), count);
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids(&ids, s);
  CHECK_EQ(ids.sizes[0], count);
  int64_t j = 0;
  for (int64_t v = 0; v < n; v++)
    for (int64_t t = 0; t < times[v]; t++)
      CHECK_EQ(ids.aligned[j++], v);
  graphrt_memref_i8 b;
  graphrt_memref_i64 bits;
  _mlir_ciface_graphrt_vset_bools(&b, s);
  _mlir_ciface_graphrt_vset_bits(&bits, s);
  for (int64_t v = 0; v < n; v++) {
    CHECK_EQ(b.aligned[v], ref[v]);
    CHECK_EQ((int)((uint64_t)bits.aligned[v / 64] >> (v % 64) & 1), ref[v]);
    CHECK_EQ(graphrt_vset_contains(s, v), ref[v]);
  }
  if (n == 3) /* 0 twice, 1 once: 2 + 2 + 1 */
    CHECK_EQ(graphrt_vset_out_degree_sum(s, g), 2 * times[0] + times[1]);
  /* Sealing the bool array again gives an ordinary set. */
  graphrt_vset_seal_bools(s);
  CHECK(consistent(s, ref, n));
  graphrt_vset_free(s);
  graphrt_graph_free(g);
  free(times);
  free(ref);
}

static void exit_at_once(void) { _exit(1); }

/* Runs f(s) in a child process: whether it stopped with exit status 1 and
 * `expected` in what it printed on stderr. The child's exit skips the leak
 * checker of a sanitized build: libomp's fork handlers allocate in it. */
static int dies_with(void (*f)(graphrt_vset *), graphrt_vset *s,
                     const char *expected) {
  int fds[2];
  if (pipe(fds))
    return 0;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    atexit(exit_at_once);
    f(s);
    _exit(0);
  }
  close(fds[1]);
  char out[512];
  size_t len = 0;
  ssize_t got;
  while ((got = read(fds[0], out + len, sizeof out - 1 - len)) > 0)
    len += (size_t)got;
  out[len] = 0;
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!strstr(out, expected))
    fprintf(stderr, "expected '%s', got '%s'\n", expected, out);
  return WIFEXITED(status) && WEXITSTATUS(status) == 1 && strstr(out, expected);
}

static void size_of(graphrt_vset *s) { graphrt_vset_size(s); }
static void retrieve_empty(graphrt_vset *s) {
  (void)s;
  graphrt_vlist_pop(graphrt_vlist_new(), "p.gt:9:5: retrieve");
}
static void pop_empty_numbers(graphrt_vset *s) {
  (void)s;
  graphrt_list_pop(graphrt_list_new(4), "p.gt:3:7: pop");
}
static void pop_empty_unnamed(graphrt_vset *s) {
  (void)s;
  graphrt_vlist_pop(graphrt_vlist_new(), NULL);
}
static void from_extern_10(graphrt_vset *s) {
  graphrt_vset_from_extern(s, "f", 10, 0);
}

/* A freed set's handle is stale wherever it was copied, also once a new set
 * reuses its slot; values that were never handles are refused; free_all
 * frees each live set once and ends their handles too. */
static void test_handles(void) {
  graphrt_vset *s = graphrt_vset_new(10, 0);
  graphrt_vset_insert(s, 3);
  graphrt_vlist *l = graphrt_vlist_new();
  graphrt_vlist_append(l, s);
  graphrt_vlist_append(l, s);
  graphrt_vset *first = graphrt_vlist_pop(l, NULL);
  graphrt_vset *second = graphrt_vlist_pop(l, NULL);
  CHECK(first == s && second == s);
  graphrt_vset_free(first);
  graphrt_vlist_free(l);
  CHECK(dies_with(graphrt_vset_free, second,
                  "graphrt: delete: the vertex set was deleted"));
  graphrt_vset *reused = graphrt_vset_new(10, 1);
  CHECK(reused != s);
  CHECK(dies_with(graphrt_vset_free, s,
                  "graphrt: delete: the vertex set was deleted"));
  CHECK(dies_with(size_of, s, "vertex set size: the vertex set was deleted"));
  /* An empty list's pop is named as the program wrote it. */
  CHECK(dies_with(retrieve_empty, NULL,
                  "graphrt: p.gt:9:5: retrieve: the list of vertex sets is "
                  "empty"));
  CHECK(dies_with(pop_empty_numbers, NULL,
                  "graphrt: p.gt:3:7: pop: the list is empty"));
  CHECK(dies_with(pop_empty_unnamed, NULL,
                  "graphrt: list pop: the list of vertex sets is empty"));
  CHECK_EQ(graphrt_vset_size(reused), 10);
  CHECK(dies_with(graphrt_vset_free, NULL,
                  "graphrt: delete: the vertex set was deleted"));
  static char storage[64];
  CHECK(dies_with(size_of, (graphrt_vset *)storage,
                  "is not a vertex set handle of libgraphrt"));
  CHECK(dies_with(size_of, (graphrt_vset *)(uintptr_t)1,
                  "is not a vertex set handle of libgraphrt"));

  graphrt_vset *a = graphrt_vset_new(5, 0), *b = graphrt_vset_new(5, 1);
  graphrt_vset_free(a);
  graphrt_vset_free_all();
  CHECK(dies_with(size_of, b, "vertex set size: the vertex set was deleted"));
  CHECK(dies_with(size_of, reused, "the vertex set was deleted"));
}

/* What an extern function returns: a set it made is passed through; one
 * that existed before the call comes back as an independent copy with the
 * same members; anything else stops with one line naming the extern. */
static void test_from_extern(void) {
  int64_t n = 1000;
  uint8_t ref[1000] = {0};
  graphrt_vset *arg = graphrt_vset_new(n, 0);
  for (int64_t v = 0; v < n; v += 7) {
    graphrt_vset_insert(arg, v);
    ref[v] = 1;
  }
  graphrt_memref_i64 bits;
  _mlir_ciface_graphrt_vset_bits(&bits, arg); /* every view is copied */
  int64_t before = graphrt_vset_created();
  graphrt_vset *made = graphrt_vset_new(n, 0);
  CHECK(graphrt_vset_from_extern(made, "f", n, before) == made);
  CHECK(graphrt_vset_from_extern(made, "f", -1, before) == made);
  graphrt_vset *copy = graphrt_vset_from_extern(arg, "f", n, before);
  CHECK(copy != arg);
  CHECK(consistent(copy, ref, n));
  graphrt_vset_insert(copy, 1);
  CHECK(consistent(arg, ref, n));
  graphrt_vset_free(copy);
  graphrt_vset_free(made);

  CHECK(dies_with(from_extern_10, NULL,
                  "graphrt: extern 'f' returned no vertex set (NULL)"));
  CHECK(dies_with(from_extern_10, arg,
                  "graphrt: extern 'f' returned a vertex set of 1000 "
                  "vertices; the program's graph has 10"));
  CHECK(dies_with(from_extern_10, made,
                  "graphrt: extern 'f' returned a vertex set that was "
                  "deleted"));
  static char storage[64];
  CHECK(dies_with(from_extern_10, (graphrt_vset *)storage,
                  "which is not a vertex set of libgraphrt"));
  graphrt_vset_free(arg);
}

/* A range's members (a rank's owned ones): graphrt_vset_ids_in gives the
 * sorted ids in [lo, hi) of a sparse set, of a dense set whose members all
 * lie in the range (listed from the range alone, bools or bits) and of one
 * with members outside it; seal_bools_in counts the range's marks. */
static void test_ids_in(int64_t n, int use_bits) {
  uint8_t *ref = calloc((size_t)n, 1);
  int64_t lo = n / 3 + 5, hi = 2 * n / 3 - 7;
  int32_t src[] = {0}, dst[] = {1};
  graphrt_graph *g = graphrt_graph_from_edges(n, 1, src, dst, NULL, 0);
  graphrt_vset *d = graphrt_vset_new(n, 0);
  int64_t count = 0;
  if (use_bits) {
    graphrt_memref_i64 w;
    _mlir_ciface_graphrt_vset_bits(&w, d);
    for (int64_t v = lo; v < hi; v += 3) {
      w.aligned[v / 64] |= (int64_t)(1ull << (v % 64));
      ref[v] = 1;
      count++;
    }
    graphrt_vset_seal_dense(d, count, 0, g);
  } else {
    graphrt_memref_i8 b;
    _mlir_ciface_graphrt_vset_bools(&b, d);
    for (int64_t v = lo; v < hi; v += 3)
      b.aligned[v] = ref[v] = 1;
    graphrt_vset_seal_bools_in(d, lo, hi);
  }
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids_in(&ids, d, lo, hi);
  CHECK_EQ(ids.sizes[0], (hi - lo + 2) / 3);
  CHECK_EQ(ids.aligned[0], lo);
  CHECK_EQ(ids.aligned[ids.sizes[0] - 1], lo + 3 * (ids.sizes[0] - 1));
  /* A part of the range, and an empty one. */
  _mlir_ciface_graphrt_vset_ids_in(&ids, d, lo + 1, lo + 7);
  CHECK_EQ(ids.sizes[0], 2);
  CHECK_EQ(ids.aligned[0], lo + 3);
  _mlir_ciface_graphrt_vset_ids_in(&ids, d, 0, lo);
  CHECK_EQ(ids.sizes[0], 0);
  _mlir_ciface_graphrt_vset_ids_in(&ids, d, hi, hi);
  CHECK_EQ(ids.sizes[0], 0);
  CHECK(consistent(d, ref, n));
  /* Members outside the range: the whole list, then the range's part. */
  graphrt_vset_insert(d, 0);
  graphrt_vset_insert(d, n - 1);
  ref[0] = ref[n - 1] = 1;
  _mlir_ciface_graphrt_vset_ids_in(&ids, d, lo, hi);
  CHECK_EQ(ids.sizes[0], (hi - lo + 2) / 3);
  CHECK_EQ(ids.aligned[0], lo);
  CHECK(consistent(d, ref, n));
  graphrt_vset_free(d);
  graphrt_graph_free(g);
  free(ref);
}

int main(void) {
  test_ids_in(1000, 0);
  test_ids_in(1000, 1);
  test_ids_in(300000, 0); /* parallel scans */
  test_ids_in(300000, 1);
  test_handles();
  test_from_extern();
  test_basic();
  test_seal_ids(1000, 300, 1, 1);      /* small: serial path */
  test_seal_ids(1000, 300, 0, 2);      /* no bool marks: runtime dedups */
  test_seal_ids(200000, 150000, 1, 3); /* parallel path */
  test_seal_ids(200000, 150000, 0, 4); /* parallel dedup of duplicates */
  test_seal_ids(200000, 1000, 1, 5);   /* sparse on a large set: radix sort */
  test_seal_bools();
  test_seal_distinct();
  test_unordered_ids(100000, 1000); /* sparse: kept as sealed */
  test_unordered_ids(1000, 7);      /* dense: sorted */
  test_keep_dups(3, 5);             /* out-degree sum counts repeats */
  test_keep_dups(1000, 3000);       /* more entries than vertices */
  test_keep_dups(100000, 300000);   /* parallel path */
  test_degree_sum();
  test_bits_to_ids(200037, 7);
  test_bits_to_ids(64, 9);
  test_sparse_cost();
  test_spares();
  test_sealed_sparse_bools();
  test_lists_and_transpose();
  return check_report("vset");
}
