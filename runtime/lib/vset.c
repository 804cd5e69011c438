/* vset.c - vertex subsets (frontiers): sparse ids, bool bytes, bitvector;
 * and lists of vertex sets.
 *
 * Invariants (between calls):
 *  - `size` is always the exact member count, or with ids_dups the length
 *    of the id list, which may repeat members.
 *  - ids_valid: ids[0..size) are the members, each once unless ids_dups;
 *    ids_sorted says whether they are ascending. When !ids_valid the ids
 *    array is stale. ids_dups implies ids_valid: the repeats live only in
 *    the id list, which is therefore never rebuilt from a dense view.
 *  - bools != NULL: bools[v] is 1 for members and 0 otherwise (n bytes,
 *    from rt_zalloc, so a fresh array costs O(1) + O(pages touched)).
 *  - bits != NULL: bit v of word v/64 is set exactly for members.
 *  - At least one of ids_valid, bools, bits holds (or size == 0 with none).
 * Building (see graph_rt.h): a caller may write 1s into the bool array of
 * an empty set and/or ids into the id buffer, then seals. seal_ids treats the
 * buffer as the truth (duplicates removed, the bool array made to match in
 * O(count)); seal_ids_keep_dups keeps the buffer as it is (a frontier of
 * applyModified without dedup); seal_bools treats the bool array as the
 * truth (O(n)). No O(n)
 * work happens for sparse sets: the ids view sorts in O(count) (radix sort)
 * unless count is large, in which case it scans the bool array. */
#include "internal.h"

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct graphrt_vset {
  int64_t n, size;
  int32_t *ids;
  int64_t ids_cap; /* elements; freed with rt_zfree(ids, 4 * ids_cap) */
  int ids_valid, ids_sorted, ids_dups;
  uint8_t *bools;
  uint64_t *bits;
  int32_t *idbuf; /* handed out by graphrt_vset_id_buffer[_n] */
  int64_t idbuf_cap;
  graphrt_vset *prev, *next; /* in the list of live sets */
  int kept;                  /* state of an export library: off that list */
  /* The members' out-degree sum in degrees_of, as the traversal that built
   * the set counted it (seal_dense); NULL when unknown. */
  const graphrt_graph *degrees_of;
  int64_t degree_sum;
};

/* Every live set, so that the sets a program never deletes are freed when it
 * ends (graphrt_vset_free_all). */
static graphrt_vset *live_sets;
static pthread_mutex_t live_sets_lock = PTHREAD_MUTEX_INITIALIZER;

static void link_live(graphrt_vset *s) {
  pthread_mutex_lock(&live_sets_lock);
  s->next = live_sets;
  if (live_sets)
    live_sets->prev = s;
  live_sets = s;
  pthread_mutex_unlock(&live_sets_lock);
}

static void unlink_live(graphrt_vset *s) {
  if (s->kept)
    return;
  pthread_mutex_lock(&live_sets_lock);
  if (s->prev)
    s->prev->next = s->next;
  else
    live_sets = s->next;
  if (s->next)
    s->next->prev = s->prev;
  pthread_mutex_unlock(&live_sets_lock);
}

static int64_t nwords(int64_t n) { return (n + 63) / 64; }

/* Generated code replaces the handle of a deleted set with NULL, so a use
 * after `delete` (or a second `delete`) stops here instead of touching freed
 * memory. */
static void check_live(const graphrt_vset *s, const char *what) {
  if (!s)
    rt_fatal("%s: the vertex set was deleted", what);
}

static void check_id(const graphrt_vset *s, int64_t v, const char *what) {
  check_live(s, what);
  if (v >= 0 && v < s->n)
    return;
  int64_t arg = rt_argv_source(v);
  char source[32] = "";
  if (arg >= 0)
    snprintf(source, sizeof(source), " (argv[%lld])", (long long)arg);
  rt_fatal("%s: vertex id %lld%s is not a vertex of the graph, which has %lld "
           "vertices [0, %lld)",
           what, (long long)v, source, (long long)s->n, (long long)s->n);
}

static void free_ids(graphrt_vset *s) {
  rt_zfree(s->ids, (size_t)s->ids_cap * 4);
  s->ids = NULL;
  s->ids_cap = 0;
  s->ids_valid = 0;
  s->ids_dups = 0;
}
static void free_bools(graphrt_vset *s) {
  rt_zfree(s->bools, (size_t)s->n);
  s->bools = NULL;
}
static void free_bits(graphrt_vset *s) {
  rt_zfree(s->bits, (size_t)nwords(s->n) * 8);
  s->bits = NULL;
}
static void free_idbuf(graphrt_vset *s) {
  rt_zfree(s->idbuf, (size_t)s->idbuf_cap * 4);
  s->idbuf = NULL;
  s->idbuf_cap = 0;
}

graphrt_vset *graphrt_vset_new(int64_t n, int32_t all) {
  if (n < 0 || n > RT_MAX_VERTICES)
    rt_fatal("vertex set of %lld vertices: out of range [0, %lld]",
             (long long)n, (long long)RT_MAX_VERTICES);
  graphrt_vset *s = rt_calloc(1, sizeof(*s));
  s->n = n;
  s->ids_valid = 1; /* the empty list */
  s->ids_sorted = 1;
  if (all) {
    s->bools = rt_zalloc((size_t)n);
    memset(s->bools, 1, (size_t)n);
    s->size = n;
    s->ids_valid = 0;
  }
  link_live(s);
  return s;
}

static void free_set(graphrt_vset *s) {
  free_ids(s);
  free_bools(s);
  free_bits(s);
  free_idbuf(s);
  free(s);
}

void graphrt_vset_free(graphrt_vset *s) {
  check_live(s, "delete");
  unlink_live(s);
  free_set(s);
}

void graphrt_vset_keep(graphrt_vset *s) {
  check_live(s, "export state");
  unlink_live(s);
  s->kept = 1;
}

void graphrt_vset_free_all(void) {
  pthread_mutex_lock(&live_sets_lock);
  graphrt_vset *s = live_sets;
  live_sets = NULL;
  pthread_mutex_unlock(&live_sets_lock);
  while (s) {
    graphrt_vset *next = s->next;
    free_set(s);
    s = next;
  }
}

int rt_vset_has_dups(const graphrt_vset *s) { return s->ids_dups; }

int64_t graphrt_vset_num_vertices(const graphrt_vset *s) {
  check_live(s, "vertex set");
  return s->n;
}
int64_t graphrt_vset_size(graphrt_vset *s) {
  check_live(s, "vertex set size");
  return s->size;
}

/* ---- materialization ------------------------------------------------------
 */

static void ensure_bools(graphrt_vset *s) {
  if (s->bools)
    return;
  uint8_t *b = rt_zalloc((size_t)s->n);
  if (s->ids_valid) {
    int64_t k = s->size;
#pragma omp parallel for if (k > RT_PAR_MIN)
    for (int64_t i = 0; i < k; i++) /* atomic: ids may repeat (ids_dups) */
      __atomic_store_n(&b[s->ids[i]], 1, __ATOMIC_RELAXED);
  } else if (s->bits) {
    int64_t n = s->n;
#pragma omp parallel for if (n > RT_PAR_MIN)
    for (int64_t v = 0; v < n; v++)
      b[v] = (uint8_t)((s->bits[v >> 6] >> (v & 63)) & 1);
  }
  s->bools = b;
}

static void ensure_bits(graphrt_vset *s) {
  if (s->bits)
    return;
  int64_t nw = nwords(s->n);
  uint64_t *w = rt_zalloc((size_t)nw * 8);
  if (s->ids_valid && (!s->bools || s->size < nw)) {
    int64_t k = s->size;
#pragma omp parallel for if (k > RT_PAR_MIN)
    for (int64_t i = 0; i < k; i++)
      __atomic_fetch_or(&w[s->ids[i] >> 6], (uint64_t)1 << (s->ids[i] & 63),
                        __ATOMIC_RELAXED);
  } else if (s->bools) {
    int64_t n = s->n;
#pragma omp parallel for if (nw > RT_PAR_MIN / 64)
    for (int64_t i = 0; i < nw; i++) {
      uint64_t x = 0;
      int64_t hi = (i + 1) * 64 < n ? (i + 1) * 64 : n;
      for (int64_t v = i * 64; v < hi; v++)
        x |= (uint64_t)(s->bools[v] != 0) << (v & 63);
      w[i] = x;
    }
  }
  s->bits = w;
}

static void reserve_ids(graphrt_vset *s, int64_t cap) {
  if (s->ids_cap >= cap)
    return;
  int64_t nc = s->ids_cap * 2 > cap ? s->ids_cap * 2 : cap;
  if (nc < 16)
    nc = 16;
  int32_t *a = rt_zalloc((size_t)nc * 4);
  if (s->ids_valid && s->size > 0)
    memcpy(a, s->ids, (size_t)s->size * 4);
  rt_zfree(s->ids, (size_t)s->ids_cap * 4);
  s->ids = a;
  s->ids_cap = nc;
}

/* LSD radix sort of non-negative int32 keys, 3 passes of 11 bits. */
static void radix_sort(int32_t *a, int64_t k) {
  if (k < 64) {
    rt_sort_i32(a, k);
    return;
  }
  int32_t *tmp = rt_malloc((size_t)k * 4), *src = a, *dst = tmp;
  int64_t *cnt = rt_malloc(2048 * sizeof(int64_t));
  for (int shift = 0; shift < 33; shift += 11) {
    memset(cnt, 0, 2048 * sizeof(int64_t));
    for (int64_t i = 0; i < k; i++)
      cnt[((uint32_t)src[i] >> shift) & 2047]++;
    int64_t sum = 0;
    for (int d = 0; d < 2048; d++) {
      int64_t c = cnt[d];
      cnt[d] = sum;
      sum += c;
    }
    for (int64_t i = 0; i < k; i++)
      dst[cnt[((uint32_t)src[i] >> shift) & 2047]++] = src[i];
    int32_t *t = src;
    src = dst;
    dst = t;
  }
  if (src != a)
    memcpy(a, src, (size_t)k * 4);
  free(cnt);
  free(tmp);
}

/* Members in ascending order from the bool array (or bitvector), by a
 * parallel count + scan + fill over fixed vertex blocks; a bitvector is
 * read a word at a time (popcount, then its set bits lowest first). */
static void ids_from_dense(graphrt_vset *s) {
  int64_t n = s->n;
  if (!s->bools && !s->bits)
    ensure_bools(s); /* only when size == 0 */
  reserve_ids(s, s->size > 0 ? s->size : 1);
  const uint8_t *b = s->bools;
  const uint64_t *w = b ? NULL : s->bits;
  enum { kBlock = 65536 }; /* vertices, a whole number of words */
  int64_t nblk = (n + kBlock - 1) / kBlock;
  int64_t *cnt = rt_calloc((size_t)nblk + 1, sizeof(int64_t));
#pragma omp parallel for schedule(dynamic, 4) if (nblk > 1)
  for (int64_t k = 0; k < nblk; k++) {
    int64_t c = 0, lo = k * kBlock, hi = lo + kBlock < n ? lo + kBlock : n;
    if (w)
      for (int64_t i = lo / 64; i < nwords(hi); i++)
        c += __builtin_popcountll(w[i]);
    else
      for (int64_t v = lo; v < hi; v++)
        c += b[v] != 0;
    cnt[k] = c;
  }
  rt_prefix_sum(cnt, nblk + 1);
#pragma omp parallel for schedule(dynamic, 4) if (nblk > 1)
  for (int64_t k = 0; k < nblk; k++) {
    int64_t p = cnt[k], lo = k * kBlock, hi = lo + kBlock < n ? lo + kBlock : n;
    if (w)
      for (int64_t i = lo / 64; i < nwords(hi); i++)
        for (uint64_t x = w[i]; x; x &= x - 1)
          s->ids[p++] = (int32_t)(i * 64 + __builtin_ctzll(x));
    else
      for (int64_t v = lo; v < hi; v++)
        if (b[v])
          s->ids[p++] = (int32_t)v;
  }
  free(cnt);
  s->ids_valid = 1;
  s->ids_sorted = 1;
}

static void ensure_sorted_ids(graphrt_vset *s) {
  if (s->ids_valid && s->ids_sorted)
    return;
  /* A list with repeats must keep them: sort it even when it is long. */
  if (s->ids_valid && (s->ids_dups || s->size <= s->n / 32)) {
    radix_sort(s->ids, s->size);
    s->ids_sorted = 1;
    return;
  }
  ids_from_dense(s);
}

/* ---- queries ------------------------------------------------------------- */

int32_t graphrt_vset_contains(graphrt_vset *s, int64_t v) {
  check_id(s, v, "vertex set lookup");
  if (s->bools)
    return s->bools[v] != 0;
  if (s->bits)
    return (int32_t)((s->bits[v >> 6] >> (v & 63)) & 1);
  if (s->size == 0)
    return 0;
  ensure_bools(s);
  return s->bools[v] != 0;
}

int64_t graphrt_vset_out_degree_sum(graphrt_vset *s, graphrt_graph *g) {
  check_live(s, "vertex set");
  if (s->n != g->n)
    rt_fatal("vertex set of %lld vertices used with a graph of %lld",
             (long long)s->n, (long long)g->n);
  if (s->degrees_of == g)
    return s->degree_sum;
  const int64_t *off = rt_degree_offsets(g);
  int64_t sum = 0;
  if (s->size == s->n && !s->ids_dups)
    return off[g->n];
  if (s->ids_valid) {
    int64_t k = s->size;
#pragma omp parallel for reduction(+ : sum) if (k > RT_PAR_MIN)
    for (int64_t i = 0; i < k; i++)
      sum += off[s->ids[i] + 1] - off[s->ids[i]];
    return sum;
  }
  ensure_bools(s);
  int64_t n = s->n;
  const uint8_t *b = s->bools;
  /* Branch-free: dense frontiers are about half members, so a branch per
   * vertex mispredicts constantly; this form vectorizes. */
#pragma omp parallel for reduction(+ : sum) if (n > RT_PAR_MIN)
  for (int64_t v = 0; v < n; v++)
    sum += (off[v + 1] - off[v]) & -(int64_t)(b[v] != 0);
  return sum;
}

/* ---- modification -------------------------------------------------------- */

void graphrt_vset_insert(graphrt_vset *s, int64_t v) {
  check_id(s, v, "vertex set insert");
  ensure_bools(s);
  if (s->bools[v])
    return;
  s->bools[v] = 1;
  s->degrees_of = NULL;
  if (s->bits)
    s->bits[v >> 6] |= (uint64_t)1 << (v & 63);
  if (s->ids_valid) {
    reserve_ids(s, s->size + 1);
    if (s->size > 0 && s->ids[s->size - 1] > v)
      s->ids_sorted = 0;
    s->ids[s->size] = (int32_t)v;
  }
  s->size++;
}

void _mlir_ciface_graphrt_vset_id_buffer_n(graphrt_memref_i32 *r,
                                           graphrt_vset *s, int64_t capacity) {
  if (capacity < 0)
    rt_fatal("vertex set id buffer of %lld entries", (long long)capacity);
  if (s->idbuf_cap < capacity || !s->idbuf) {
    free_idbuf(s);
    s->idbuf_cap = capacity > 0 ? capacity : 1;
    s->idbuf = rt_zalloc((size_t)s->idbuf_cap * 4);
  }
  RT_SET_MEMREF(r, s->idbuf, capacity);
}

void _mlir_ciface_graphrt_vset_id_buffer(graphrt_memref_i32 *r,
                                         graphrt_vset *s) {
  _mlir_ciface_graphrt_vset_id_buffer_n(r, s, s->n);
}

/* Takes the id buffer over as the id list after checking count against it.
 * An empty set keeps its bool array, holding the caller's marks; a set
 * that had members loses it (the ids are the truth). */
static int32_t *adopt_idbuf(graphrt_vset *s, int64_t count) {
  if (count > 0 && !s->idbuf)
    rt_fatal("sealing a vertex set whose id buffer was never requested");
  if (count < 0 || count > (s->idbuf ? s->idbuf_cap : 0))
    rt_fatal("sealing a vertex set with %lld ids (capacity %lld)",
             (long long)count, (long long)s->idbuf_cap);
  if (s->bools && s->size != 0)
    free_bools(s);
  free_bits(s);
  free_ids(s);
  s->degrees_of = NULL;
  s->ids = s->idbuf; /* NULL when count == 0 and none was requested */
  s->ids_cap = s->idbuf_cap;
  s->idbuf = NULL;
  s->idbuf_cap = 0;
  return s->ids;
}

static void fatal_bad_id(const graphrt_vset *s, int64_t i) {
  rt_fatal("sealing a vertex set: id buffer entry %lld is %d, out of range "
           "[0, %lld)",
           (long long)i, s->ids[i], (long long)s->n);
}

void graphrt_vset_seal_ids_keep_dups(graphrt_vset *s, int64_t count) {
  int32_t *ids = adopt_idbuf(s, count);
  ensure_bools(s); /* the caller's marks, or zero */
  uint8_t *b = s->bools;
  int64_t bad = count;
  int dups = 0;
#pragma omp parallel for reduction(min : bad)                                  \
    reduction(| : dups) if (count > RT_PAR_MIN)
  for (int64_t i = 0; i < count; i++) {
    int32_t v = ids[i];
    if (v < 0 || v >= s->n)
      bad = i < bad ? i : bad;
    else
      dups |= __atomic_exchange_n(&b[v], 1, __ATOMIC_RELAXED) != 0;
  }
  if (bad < count)
    fatal_bad_id(s, bad);
  s->size = count;
  s->ids_valid = 1;
  s->ids_sorted = 0;
  s->ids_dups = dups; /* none repeated: an ordinary set */
}

void graphrt_vset_seal_distinct_ids(graphrt_vset *s, int64_t count) {
  adopt_idbuf(s, count); /* a bool array left is the caller's marks */
  s->size = count;
  s->ids_valid = 1;
  s->ids_sorted = 0;
  s->ids_dups = 0;
}

graphrt_vset *graphrt_vset_from_ids(int64_t n, const int32_t *ids,
                                    int64_t count) {
  graphrt_vset *s = graphrt_vset_new(n, 0);
  if (count == 0)
    return s;
  reserve_ids(s, count);
  for (int64_t i = 0; i < count; i++)
    if (ids[i] < 0 || ids[i] >= n)
      rt_fatal("vertex set from ids: entry %lld is %d, out of range [0, "
               "%lld)",
               (long long)i, ids[i], (long long)n);
  memcpy(s->ids, ids, (size_t)count * sizeof(int32_t));
  s->size = count;
  s->ids_sorted = 0;
  return s;
}

void graphrt_vset_seal_ids(graphrt_vset *s, int64_t count) {
  int32_t *ids = adopt_idbuf(s, count);
  ensure_bools(s); /* the caller's marks, or zero */
  uint8_t *b = s->bools;
  int64_t bad = -1;
  /* Dedup in O(count): the first claimant of b[v] moves it to 2. */
  if (count <= RT_PAR_MIN) {
    int64_t k = 0;
    for (int64_t i = 0; i < count; i++) {
      int32_t v = ids[i];
      if (v < 0 || v >= s->n) {
        bad = i;
        break;
      }
      if (b[v] != 2) {
        b[v] = 2;
        ids[k++] = v;
      }
    }
    if (bad < 0)
      for (int64_t i = 0; i < k; i++)
        b[ids[i]] = 1;
    s->size = k;
  } else {
    int nt = omp_get_max_threads();
    int64_t nch = 4 * (int64_t)nt;
    int64_t *cnt = rt_calloc((size_t)nch + 1, sizeof(int64_t));
    int64_t badmin = count;
#pragma omp parallel for schedule(dynamic, 1) reduction(min : badmin)
    for (int64_t c = 0; c < nch; c++) {
      int64_t lo = count * c / nch, hi = count * (c + 1) / nch, k = lo;
      for (int64_t i = lo; i < hi; i++) {
        int32_t v = ids[i];
        if (v < 0 || v >= s->n) {
          badmin = i < badmin ? i : badmin;
          break;
        }
        if (__atomic_exchange_n(&b[v], 2, __ATOMIC_RELAXED) != 2)
          ids[k++] = v; /* compact within the chunk */
      }
      cnt[c] = k - lo;
    }
    if (badmin < count)
      bad = badmin;
    int64_t k = 0;
    for (int64_t c = 0; c < nch && bad < 0; c++) {
      int64_t lo = count * c / nch;
      if (k != lo)
        memmove(ids + k, ids + lo, (size_t)cnt[c] * 4);
      k += cnt[c];
    }
    free(cnt);
    if (bad < 0) {
#pragma omp parallel for if (k > RT_PAR_MIN)
      for (int64_t i = 0; i < k; i++)
        b[ids[i]] = 1;
    }
    s->size = k;
  }
  if (bad >= 0)
    fatal_bad_id(s, bad);
  s->ids_valid = 1;
  s->ids_sorted = 0;
}

void graphrt_vset_seal_bools(graphrt_vset *s) {
  free_bits(s);
  s->ids_valid = 0;
  s->ids_dups = 0;
  s->degrees_of = NULL;
  free_idbuf(s);
  if (!s->bools) {
    free_ids(s);
    s->size = 0;
    s->ids_valid = 1;
    s->ids_sorted = 1;
    return;
  }
  int64_t n = s->n, cnt = 0;
  uint8_t *b = s->bools, above_one = 0;
  /* Count branch-free (vectorized); rewrite only if some entry needs it. */
#pragma omp parallel for reduction(+ : cnt)                                    \
    reduction(| : above_one) if (n > RT_PAR_MIN)
  for (int64_t v = 0; v < n; v++) {
    cnt += b[v] != 0;
    above_one |= b[v] > 1;
  }
  if (above_one) {
#pragma omp parallel for if (n > RT_PAR_MIN)
    for (int64_t v = 0; v < n; v++)
      b[v] = b[v] != 0;
  }
  s->size = cnt;
}

/* Remembers the members' out-degree sum in g, as a traversal counted it. */
static void keep_degree_sum(graphrt_vset *s, int64_t degree_sum,
                            const graphrt_graph *g) {
  if (s->n != g->n)
    rt_fatal("vertex set of %lld vertices sealed with a graph of %lld",
             (long long)s->n, (long long)g->n);
  /* A distributed graph's local adjacency has only this rank's edges: its
   * degrees are not the global ones out_degree_sum answers with. */
  s->degrees_of = g->part ? NULL : g;
  s->degree_sum = degree_sum;
}

void graphrt_vset_seal_counted_ids(graphrt_vset *s, int64_t count,
                                   int64_t degree_sum, graphrt_graph *g) {
  graphrt_vset_seal_distinct_ids(s, count);
  keep_degree_sum(s, degree_sum, g);
}

void graphrt_vset_seal_dense(graphrt_vset *s, int64_t count, int64_t degree_sum,
                             graphrt_graph *g) {
  check_live(s, "vertex set");
  if (count < 0 || count > s->n || (count > 0 && !s->bools && !s->bits))
    rt_fatal("sealing a vertex set of %lld vertices with %lld marked",
             (long long)s->n, (long long)count);
  free_idbuf(s);
  s->size = count;
  s->ids_dups = 0;
  /* With no view, the set is the empty id list it was created as. */
  s->ids_valid = !s->bools && !s->bits;
  keep_degree_sum(s, degree_sum, g);
}

/* ---- views --------------------------------------------------------------- */

void _mlir_ciface_graphrt_vset_ids(graphrt_memref_i32 *r, graphrt_vset *s) {
  check_live(s, "vertex set");
  ensure_sorted_ids(s);
  if (!s->ids)
    reserve_ids(s, 1);
  RT_SET_MEMREF(r, s->ids, s->size);
}

void _mlir_ciface_graphrt_vset_bools(graphrt_memref_i8 *r, graphrt_vset *s) {
  check_live(s, "vertex set");
  ensure_bools(s);
  RT_SET_MEMREF(r, s->bools, s->n);
}

void _mlir_ciface_graphrt_vset_bits(graphrt_memref_i64 *r, graphrt_vset *s) {
  check_live(s, "vertex set");
  ensure_bits(s);
  RT_SET_MEMREF(r, (int64_t *)s->bits, nwords(s->n));
}

/* ---- lists of vertex sets ------------------------------------------------ */

struct graphrt_vlist {
  graphrt_vset **items;
  int64_t size, capacity;
};

graphrt_vlist *graphrt_vlist_new(void) {
  return rt_calloc(1, sizeof(graphrt_vlist));
}

void graphrt_vlist_free(graphrt_vlist *l) {
  if (!l)
    return;
  free(l->items);
  free(l);
}

void graphrt_vlist_append(graphrt_vlist *l, graphrt_vset *s) {
  check_live(s, "list append");
  if (l->size == l->capacity) {
    l->capacity = l->capacity ? 2 * l->capacity : 16;
    graphrt_vset **items = rt_malloc((size_t)l->capacity * sizeof *items);
    if (l->size)
      memcpy(items, l->items, (size_t)l->size * sizeof *items);
    free(l->items);
    l->items = items;
  }
  l->items[l->size++] = s;
}

graphrt_vset *graphrt_vlist_pop(graphrt_vlist *l) {
  if (l->size == 0)
    rt_fatal("list pop: the list of vertex sets is empty");
  return l->items[--l->size];
}
