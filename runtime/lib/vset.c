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

/* The set a handle names (graphrt_vset is the handle type; see below). */
typedef struct vset {
  int64_t n, size;
  int32_t *ids;
  int64_t ids_cap; /* elements; freed with rt_zfree(ids, 4 * ids_cap) */
  int ids_valid, ids_sorted, ids_dups;
  uint8_t *bools;
  uint64_t *bits;
  int32_t *idbuf; /* handed out by graphrt_vset_id_buffer[_n] */
  int64_t idbuf_cap;
  int kept; /* state of an export library: not freed by free_all */
  /* The members' out-degree sum in degrees_of, as the traversal that built
   * the set counted it (seal_dense); NULL when unknown. */
  const graphrt_graph *degrees_of;
  int64_t degree_sum;
  /* While degrees_of is a distributed graph (rt_vset_spread): the members
   * here are this rank's part of a set spread over the ranks, whole_size
   * and degree_sum are the whole set's. */
  int64_t whole_size;
  int64_t serial; /* sets created before this one */
  /* A dense view of the set was handed out while it was empty: compiled
   * code may be marking members in it until a seal. */
  int open;
} vset;

/* ---- handles ---------------------------------------------------------------
 * A program, its lists and extern functions hold a set by handle, never by
 * address: the handle is generation << 32 | slot, the slot's entry names the
 * set, and freeing the set bumps the slot's generation. Every other copy of
 * the handle (a second variable, a list entry, an extern's result) then goes
 * stale and is reported as deleted instead of reaching freed memory, and a
 * slot reused by a later set cannot be reached through an old handle. A
 * value the runtime never handed out fails the lookup as well. Generations
 * start at 1, so no handle is NULL (graph.vertexset.deleted). The table
 * also lists every live set for graphrt_vset_free_all. */
enum { kChunkBits = 12, kChunk = 1 << kChunkBits, kMaxChunks = 1 << 16 };
typedef struct {
  vset *set; /* NULL while the slot is free */
  uint32_t gen;
  uint32_t next_free;
} slot;
static slot *chunks[kMaxChunks];         /* allocated as needed, never moved */
static uint32_t num_slots;               /* slots ever used: [0, num_slots) */
static uint32_t free_slots = UINT32_MAX; /* chained through next_free */
static int64_t sets_created;
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;

static slot *slot_at(uint32_t i) {
  return &__atomic_load_n(&chunks[i >> kChunkBits],
                          __ATOMIC_ACQUIRE)[i & (kChunk - 1)];
}

static graphrt_vset *make_handle(uint32_t i, uint32_t gen) {
  return (graphrt_vset *)(uintptr_t)((uint64_t)gen << 32 | i);
}

static graphrt_vset *register_set(vset *s) {
  pthread_mutex_lock(&slots_lock);
  uint32_t i = free_slots;
  if (i != UINT32_MAX) {
    free_slots = slot_at(i)->next_free;
  } else {
    /* An error may return to a caller (or skip a guarded iteration): the
     * lock is released first. */
    if (num_slots == (uint32_t)kMaxChunks * kChunk) {
      pthread_mutex_unlock(&slots_lock);
      rt_fatal("more than %lld vertex sets exist at once",
               (long long)kMaxChunks * kChunk);
    }
    i = num_slots;
    if ((i & (kChunk - 1)) == 0) {
      slot *chunk = calloc(kChunk, sizeof(slot));
      if (!chunk) {
        pthread_mutex_unlock(&slots_lock);
        rt_fatal("out of memory registering a vertex set");
      }
      __atomic_store_n(&chunks[i >> kChunkBits], chunk, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&num_slots, i + 1, __ATOMIC_RELEASE);
  }
  slot *e = slot_at(i);
  e->set = s;
  if (e->gen == 0) /* a slot never used */
    __atomic_store_n(&e->gen, 1, __ATOMIC_RELEASE);
  s->serial = sets_created;
  __atomic_store_n(&sets_created, s->serial + 1, __ATOMIC_RELEASE);
  graphrt_vset *h = make_handle(i, e->gen);
  pthread_mutex_unlock(&slots_lock);
  return h;
}

/* Ends the set's handle (every copy of it) and frees the slot for reuse. */
static void unregister_set(graphrt_vset *h) {
  uint32_t i = (uint32_t)(uintptr_t)h;
  pthread_mutex_lock(&slots_lock);
  slot *e = slot_at(i);
  e->set = NULL;
  __atomic_store_n(&e->gen, e->gen == UINT32_MAX ? 1 : e->gen + 1,
                   __ATOMIC_RELEASE);
  e->next_free = free_slots;
  free_slots = i;
  pthread_mutex_unlock(&slots_lock);
}

typedef enum { kLive, kNull, kDeleted, kForeign } handle_state;

static handle_state resolve(const graphrt_vset *h, vset **out) {
  uint64_t bits = (uint64_t)(uintptr_t)h;
  uint32_t i = (uint32_t)bits, gen = (uint32_t)(bits >> 32);
  *out = NULL;
  if (!h)
    return kNull;
  if (gen == 0 || i >= __atomic_load_n(&num_slots, __ATOMIC_ACQUIRE))
    return kForeign;
  slot *e = slot_at(i);
  uint32_t now = __atomic_load_n(&e->gen, __ATOMIC_ACQUIRE);
  if (gen == now && e->set) {
    *out = e->set;
    return kLive;
  }
  /* An older generation of this slot was handed out and freed. */
  return gen < now ? kDeleted : kForeign;
}

/* The set h names. Generated code replaces the handle of a deleted set with
 * NULL, and other copies of it go stale: a use after `delete` (or a second
 * `delete`, through any name) stops here instead of touching freed memory. */
static vset *lookup(const graphrt_vset *h, const char *what) {
  vset *s;
  switch (resolve(h, &s)) {
  case kLive:
    return s;
  case kNull:
  case kDeleted:
    rt_fatal("%s: the vertex set was deleted", what);
  case kForeign:
    break;
  }
  rt_fatal("%s: %p is not a vertex set handle of libgraphrt", what,
           (const void *)h);
}

static int64_t nwords(int64_t n) { return (n + 63) / 64; }

static void check_id(const vset *s, int64_t v, const char *what) {
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

static void free_ids(vset *s) {
  rt_zfree(s->ids, (size_t)s->ids_cap * 4);
  s->ids = NULL;
  s->ids_cap = 0;
  s->ids_valid = 0;
  s->ids_dups = 0;
}
static void free_bools(vset *s) {
  rt_zfree(s->bools, (size_t)s->n);
  s->bools = NULL;
}
static void free_bits(vset *s) {
  rt_zfree(s->bits, (size_t)nwords(s->n) * 8);
  s->bits = NULL;
}
static void free_idbuf(vset *s) {
  rt_zfree(s->idbuf, (size_t)s->idbuf_cap * 4);
  s->idbuf = NULL;
  s->idbuf_cap = 0;
}

/* ---- spare arrays ----------------------------------------------------------
 * A loop's frontiers are freed and created once a round, over the same
 * vertex count. The arrays of a freed set wait here for the next set's: a
 * bool array or bitvector cleared (by the members' ids where the set lists
 * them, so in O(members) for a sparse set), an id array as it is. A round
 * of a few vertices then maps no fresh memory, faults in no fresh page and
 * unmaps nothing. One array of each kind waits, the last one given back;
 * graphrt_vset_free_all releases them. Not in GPU mode, whose arrays are
 * managed memory. */
typedef struct {
  void *p;
  size_t bytes;
} spare;
static spare spare_ids, spare_bools, spare_bits;
static pthread_mutex_t spare_lock = PTHREAD_MUTEX_INITIALIZER;

/* Takes the spare array of `kind` if it has `bytes` (at least `bytes`, if
 * !exact; its size is then stored in *got), else NULL. */
static void *take_spare(spare *kind, size_t bytes, int exact, size_t *got) {
  if (rt_gpu_mode)
    return NULL;
  pthread_mutex_lock(&spare_lock);
  void *p = NULL;
  if (kind->p && (exact ? kind->bytes == bytes : kind->bytes >= bytes)) {
    p = kind->p;
    if (got)
      *got = kind->bytes;
    kind->p = NULL;
  }
  pthread_mutex_unlock(&spare_lock);
  return p;
}

/* A zeroed array of `bytes`: a spare one of that size, or a fresh one. */
static void *zeroed(spare *kind, size_t bytes) {
  void *p = take_spare(kind, bytes, /*exact=*/1, NULL);
  return p ? p : rt_zalloc(bytes);
}

/* Makes p (of `bytes`, cleared where it must be) the spare of `kind`,
 * releasing the one it replaces. */
static void give_spare(spare *kind, void *p, size_t bytes) {
  pthread_mutex_lock(&spare_lock);
  spare old = *kind;
  kind->p = p;
  kind->bytes = bytes;
  pthread_mutex_unlock(&spare_lock);
  rt_zfree(old.p, old.bytes);
}

static void release_spares(void) {
  spare *kinds[] = {&spare_ids, &spare_bools, &spare_bits};
  pthread_mutex_lock(&spare_lock);
  spare old[3];
  for (int i = 0; i < 3; i++) {
    old[i] = *kinds[i];
    kinds[i]->p = NULL;
  }
  pthread_mutex_unlock(&spare_lock);
  for (int i = 0; i < 3; i++)
    rt_zfree(old[i].p, old[i].bytes);
}

static vset *alloc_set(int64_t n) {
  if (n < 0 || n > RT_MAX_VERTICES)
    rt_fatal("vertex set of %lld vertices: out of range [0, %lld]",
             (long long)n, (long long)RT_MAX_VERTICES);
  vset *s = rt_calloc(1, sizeof(*s));
  s->n = n;
  s->ids_valid = 1; /* the empty list */
  s->ids_sorted = 1;
  return s;
}

graphrt_vset *graphrt_vset_new(int64_t n, int32_t all) {
  vset *s = alloc_set(n);
  if (all) {
    s->bools = zeroed(&spare_bools, (size_t)n);
    memset(s->bools, 1, (size_t)n);
    s->size = n;
    s->ids_valid = 0;
  }
  return register_set(s);
}

/* Gives the set's arrays to the spares, a bool array or bitvector cleared:
 * by the members the set lists, or a bitvector whole (n / 8 bytes). A bool
 * array of a set that lists no members, and the dense arrays of a set that
 * compiled code may still be marking (`open`), are released instead. */
/* Gives a listed set's bool array to the spares, cleared by its members. */
static void give_listed_bools(vset *s) {
  for (int64_t i = 0; i < s->size; i++)
    s->bools[s->ids[i]] = 0;
  give_spare(&spare_bools, s->bools, (size_t)s->n);
  s->bools = NULL;
}

static void give_spares(vset *s) {
  int listed = s->ids_valid && !s->open;
  if (s->bools && listed)
    give_listed_bools(s);
  if (s->bits && !s->open) {
    if (listed && s->size < nwords(s->n))
      for (int64_t i = 0; i < s->size; i++)
        s->bits[s->ids[i] >> 6] = 0;
    else
      memset(s->bits, 0, (size_t)nwords(s->n) * 8);
    give_spare(&spare_bits, s->bits, (size_t)nwords(s->n) * 8);
    s->bits = NULL;
  }
  /* The id buffer is what the next set asks for; its contents are never
   * read before they are written. */
  if (s->idbuf) {
    give_spare(&spare_ids, s->idbuf, (size_t)s->idbuf_cap * 4);
    s->idbuf = NULL;
  } else if (s->ids) {
    give_spare(&spare_ids, s->ids, (size_t)s->ids_cap * 4);
    s->ids = NULL;
  }
}

/* Frees the set, its arrays going to the spares (see give_spares). */
static void free_set(vset *s) {
  if (!rt_gpu_mode)
    give_spares(s);
  free_ids(s);
  free_bools(s);
  free_bits(s);
  free_idbuf(s);
  free(s);
}

void graphrt_vset_free(graphrt_vset *h) {
  vset *s = lookup(h, "delete");
  unregister_set(h);
  free_set(s);
}

void graphrt_vset_keep(graphrt_vset *h) { lookup(h, "export state")->kept = 1; }

void graphrt_vset_free_all(void) {
  for (uint32_t i = 0; i < num_slots; i++) {
    slot *e = slot_at(i);
    if (e->set && !e->set->kept) {
      vset *s = e->set;
      unregister_set(make_handle(i, e->gen));
      free_set(s);
    }
  }
  release_spares();
}

/* An independent set with s's members (its views copied as they are). */
static vset *copy_set(const vset *s) {
  vset *c = alloc_set(s->n);
  c->size = s->size;
  c->ids_valid = s->ids_valid;
  c->ids_sorted = s->ids_sorted;
  c->ids_dups = s->ids_dups;
  c->degrees_of = s->degrees_of;
  c->degree_sum = s->degree_sum;
  c->whole_size = s->whole_size;
  if (s->ids_valid && s->size > 0) {
    c->ids_cap = s->size;
    c->ids = rt_zalloc((size_t)c->ids_cap * 4);
    memcpy(c->ids, s->ids, (size_t)s->size * 4);
  }
  if (s->bools) {
    c->bools = rt_zalloc((size_t)s->n);
    memcpy(c->bools, s->bools, (size_t)s->n);
  }
  if (s->bits) {
    c->bits = rt_zalloc((size_t)nwords(s->n) * 8);
    memcpy(c->bits, s->bits, (size_t)nwords(s->n) * 8);
  }
  return c;
}

int64_t graphrt_vset_created(void) {
  return __atomic_load_n(&sets_created, __ATOMIC_ACQUIRE);
}

graphrt_vset *graphrt_vset_from_extern(graphrt_vset *h, const char *name,
                                       int64_t num_vertices,
                                       int64_t created_before) {
  vset *s;
  switch (resolve(h, &s)) {
  case kLive:
    break;
  case kNull:
    rt_fatal("extern '%s' returned no vertex set (NULL)", name);
  case kDeleted:
    rt_fatal("extern '%s' returned a vertex set that was deleted", name);
  case kForeign:
    rt_fatal("extern '%s' returned %p, which is not a vertex set of libgraphrt "
             "(make sets with graphrt_vset_new)",
             name, (const void *)h);
  }
  if (num_vertices >= 0 && s->n != num_vertices)
    rt_fatal("extern '%s' returned a vertex set of %lld vertices; the "
             "program's graph has %lld",
             name, (long long)s->n, (long long)num_vertices);
  /* A set that existed before the call (its argument, say) is already the
   * program's: it gets a copy, so that each is deleted (and freed) once. */
  return s->serial < created_before ? register_set(copy_set(s)) : h;
}

int rt_vset_has_dups(const graphrt_vset *h) {
  return lookup(h, "vertex set")->ids_dups;
}

int64_t graphrt_vset_num_vertices(const graphrt_vset *h) {
  return lookup(h, "vertex set")->n;
}
int64_t graphrt_vset_size(graphrt_vset *h) {
  vset *s = lookup(h, "vertex set size");
  return s->degrees_of && s->degrees_of->part ? s->whole_size : s->size;
}

void rt_vset_spread(graphrt_vset *h, int64_t whole_size, int64_t degree_sum,
                    const graphrt_graph *g) {
  vset *s = lookup(h, "vertex set");
  s->degrees_of = g;
  s->degree_sum = degree_sum;
  s->whole_size = whole_size;
}

/* ---- materialization ------------------------------------------------------
 */

static void ensure_bools(vset *s) {
  if (s->bools)
    return;
  uint8_t *b = zeroed(&spare_bools, (size_t)s->n);
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

static void ensure_bits(vset *s) {
  if (s->bits)
    return;
  int64_t nw = nwords(s->n);
  uint64_t *w = zeroed(&spare_bits, (size_t)nw * 8);
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

static void reserve_ids(vset *s, int64_t cap) {
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
 * read a word at a time (popcount, then its set bits lowest first). Scans
 * only the vertices [lo, hi) (widened to whole words): returns 0, and
 * builds nothing, where some member lies outside. */
static int ids_from_dense_in(vset *s, int64_t lo, int64_t hi) {
  int64_t n = s->n;
  lo = lo < 0 ? 0 : lo / 64 * 64;
  hi = hi > n ? n : hi;
  hi = hi < lo ? lo : hi;
  hi = (hi + 63) / 64 * 64 < n ? (hi + 63) / 64 * 64 : n;
  if (!s->bools && !s->bits)
    ensure_bools(s); /* only when size == 0 */
  const uint8_t *b = s->bools;
  const uint64_t *w = b ? NULL : s->bits;
  enum { kBlock = 65536 }; /* vertices, a whole number of words */
  int64_t nblk = (hi - lo + kBlock - 1) / kBlock;
  int64_t *cnt = rt_calloc((size_t)nblk + 1, sizeof(int64_t));
#pragma omp parallel for schedule(dynamic, 4) if (nblk > 1)
  for (int64_t k = 0; k < nblk; k++) {
    int64_t c = 0, from = lo + k * kBlock;
    int64_t to = from + kBlock < hi ? from + kBlock : hi;
    if (w)
      for (int64_t i = from / 64; i < nwords(to); i++)
        c += __builtin_popcountll(w[i]);
    else
      for (int64_t v = from; v < to; v++)
        c += b[v] != 0;
    cnt[k] = c;
  }
  rt_prefix_sum(cnt, nblk + 1);
  if (cnt[nblk] != s->size) {
    free(cnt);
    return 0;
  }
  reserve_ids(s, s->size > 0 ? s->size : 1);
#pragma omp parallel for schedule(dynamic, 4) if (nblk > 1)
  for (int64_t k = 0; k < nblk; k++) {
    int64_t p = cnt[k], from = lo + k * kBlock;
    int64_t to = from + kBlock < hi ? from + kBlock : hi;
    if (w)
      for (int64_t i = from / 64; i < nwords(to); i++)
        for (uint64_t x = w[i]; x; x &= x - 1)
          s->ids[p++] = (int32_t)(i * 64 + __builtin_ctzll(x));
    else
      for (int64_t v = from; v < to; v++)
        if (b[v])
          s->ids[p++] = (int32_t)v;
  }
  free(cnt);
  s->ids_valid = 1;
  s->ids_sorted = 1;
  return 1;
}

static void ids_from_dense(vset *s) { ids_from_dense_in(s, 0, s->n); }

static void ensure_sorted_ids(vset *s) {
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

int32_t graphrt_vset_contains(graphrt_vset *h, int64_t v) {
  vset *s = lookup(h, "vertex set lookup");
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

/* The out-degree sum of a set of a distributed graph that is not spread
 * (rt_vset_spread): a whole set, or a part the program changed since. A
 * rank has the global degrees of its own vertices only, so each adds its
 * owned members' and the ranks sum them (every rank asks at the same
 * point); a member that several ranks hold counts once, at its owner. */
static int64_t owned_degree_sum(vset *s, const rt_partition *p) {
  int64_t lo = p->bounds[p->rank], hi = p->bounds[p->rank + 1], sum = 0;
  const int64_t *off = p->degree_off;
  if (s->ids_valid) {
    int64_t k = s->size;
#pragma omp parallel for reduction(+ : sum) if (k > RT_PAR_MIN)
    for (int64_t i = 0; i < k; i++) {
      int64_t v = s->ids[i];
      if (v >= lo && v < hi)
        sum += off[v + 1] - off[v];
    }
  } else if (s->size) {
    ensure_bools(s);
    const uint8_t *b = s->bools;
#pragma omp parallel for reduction(+ : sum) if (hi - lo > RT_PAR_MIN)
    for (int64_t v = lo; v < hi; v++)
      sum += (off[v + 1] - off[v]) & -(int64_t)(b[v] != 0);
  }
  return p->sum_over_ranks(sum);
}

int64_t graphrt_vset_out_degree_sum(graphrt_vset *h, graphrt_graph *g) {
  vset *s = lookup(h, "vertex set");
  if (s->n != g->n)
    rt_fatal("vertex set of %lld vertices used with a graph of %lld",
             (long long)s->n, (long long)g->n);
  if (s->degrees_of == g)
    return s->degree_sum;
  if (g->part)
    return owned_degree_sum(s, g->part);
  const int64_t *off = g->out_off;
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

void graphrt_vset_insert(graphrt_vset *h, int64_t v) {
  vset *s = lookup(h, "vertex set insert");
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
                                           graphrt_vset *h, int64_t capacity) {
  vset *s = lookup(h, "vertex set");
  if (capacity < 0)
    rt_fatal("vertex set id buffer of %lld entries", (long long)capacity);
  if (s->idbuf_cap < capacity || !s->idbuf) {
    free_idbuf(s);
    int64_t cap = capacity > 0 ? capacity : 1;
    size_t bytes = (size_t)cap * 4;
    s->idbuf = take_spare(&spare_ids, bytes, /*exact=*/0, &bytes);
    if (!s->idbuf)
      s->idbuf = rt_zalloc(bytes);
    s->idbuf_cap = (int64_t)(bytes / 4);
  }
  RT_SET_MEMREF(r, s->idbuf, capacity);
}

void _mlir_ciface_graphrt_vset_id_buffer(graphrt_memref_i32 *r,
                                         graphrt_vset *h) {
  _mlir_ciface_graphrt_vset_id_buffer_n(r, h, lookup(h, "vertex set")->n);
}

/* Takes the id buffer over as the id list after checking count against it.
 * An empty set keeps its bool array, holding the caller's marks; a set
 * that had members loses it (the ids are the truth). */
static int32_t *adopt_idbuf(vset *s, int64_t count) {
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

static void fatal_bad_id(const vset *s, int64_t i) {
  rt_fatal("sealing a vertex set: id buffer entry %lld is %d, out of range "
           "[0, %lld)",
           (long long)i, s->ids[i], (long long)s->n);
}

void graphrt_vset_seal_ids_keep_dups(graphrt_vset *h, int64_t count) {
  vset *s = lookup(h, "vertex set");
  s->open = 0;
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
  rt_verbose_frontier(s->size, s->n);
}

void graphrt_vset_seal_distinct_ids(graphrt_vset *h, int64_t count) {
  rt_vset_seal_distinct_quiet(h, count);
  rt_verbose_frontier(count, lookup(h, "vertex set")->n);
}

/* Seals the first `count` ids of the buffer as they are: distinct, or
 * maybe repeating members (`dups`). */
static void seal_listed(graphrt_vset *h, int64_t count, int dups) {
  vset *s = lookup(h, "vertex set");
  s->open = 0;
  adopt_idbuf(s, count); /* a bool array left is the caller's marks */
  s->size = count;
  s->ids_valid = 1;
  s->ids_sorted = 0;
  s->ids_dups = dups;
  /* The marks of a sparse set's members go back to the spares now, not
   * when it is freed: a loop that keeps its frontiers (BC's levels on a
   * road network, thousands of them) would otherwise hold n bytes per
   * frontier, each faulted in page by page. A membership test rebuilds
   * them from the ids. */
  if (s->bools && count > 0 && count <= s->n / 64 && !rt_gpu_mode)
    give_listed_bools(s);
}

void rt_vset_seal_distinct_quiet(graphrt_vset *h, int64_t count) {
  seal_listed(h, count, /*dups=*/0);
}

void rt_vset_seal_repeats_quiet(graphrt_vset *h, int64_t count) {
  seal_listed(h, count, /*dups=*/1);
}

graphrt_vset *graphrt_vset_from_ids(int64_t n, const int32_t *ids,
                                    int64_t count) {
  vset *s = alloc_set(n);
  if (count == 0)
    return register_set(s);
  reserve_ids(s, count);
  for (int64_t i = 0; i < count; i++)
    if (ids[i] < 0 || ids[i] >= n)
      rt_fatal("vertex set from ids: entry %lld is %d, out of range [0, "
               "%lld)",
               (long long)i, ids[i], (long long)n);
  memcpy(s->ids, ids, (size_t)count * sizeof(int32_t));
  s->size = count;
  s->ids_sorted = 0;
  return register_set(s);
}

void graphrt_vset_seal_ids(graphrt_vset *h, int64_t count) {
  vset *s = lookup(h, "vertex set");
  s->open = 0;
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
  rt_verbose_frontier(s->size, s->n);
}

void graphrt_vset_seal_bools_in(graphrt_vset *h, int64_t lo, int64_t hi) {
  vset *s = lookup(h, "vertex set");
  s->open = 0;
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
    rt_verbose_frontier(0, s->n);
    return;
  }
  int64_t n = s->n, cnt = 0;
  if (lo < 0)
    lo = 0;
  if (hi > n)
    hi = n;
  uint8_t *b = s->bools, above_one = 0;
  /* Count branch-free (vectorized); rewrite only if some entry needs it. */
#pragma omp parallel for reduction(+ : cnt)                                    \
    reduction(| : above_one) if (hi - lo > RT_PAR_MIN)
  for (int64_t v = lo; v < hi; v++) {
    cnt += b[v] != 0;
    above_one |= b[v] > 1;
  }
  if (above_one) {
#pragma omp parallel for if (hi - lo > RT_PAR_MIN)
    for (int64_t v = lo; v < hi; v++)
      b[v] = b[v] != 0;
  }
  s->size = cnt;
  rt_verbose_frontier(cnt, n);
}

void graphrt_vset_seal_bools(graphrt_vset *h) {
  graphrt_vset_seal_bools_in(h, 0, INT64_MAX);
}

/* Remembers the members' out-degree sum in g, as a traversal counted it. */
static void keep_degree_sum(vset *s, int64_t degree_sum,
                            const graphrt_graph *g) {
  if (s->n != g->n)
    rt_fatal("vertex set of %lld vertices sealed with a graph of %lld",
             (long long)s->n, (long long)g->n);
  /* A distributed graph's local adjacency has only this rank's edges: its
   * degrees are not the global ones out_degree_sum answers with. */
  s->degrees_of = g->part ? NULL : g;
  s->degree_sum = degree_sum;
}

void graphrt_vset_seal_counted_ids(graphrt_vset *h, int64_t count,
                                   int64_t degree_sum, graphrt_graph *g) {
  graphrt_vset_seal_distinct_ids(h, count);
  keep_degree_sum(lookup(h, "vertex set"), degree_sum, g);
}

void graphrt_vset_seal_dense(graphrt_vset *h, int64_t count, int64_t degree_sum,
                             graphrt_graph *g) {
  vset *s = lookup(h, "vertex set");
  if (count < 0 || count > s->n || (count > 0 && !s->bools && !s->bits))
    rt_fatal("sealing a vertex set of %lld vertices with %lld marked",
             (long long)s->n, (long long)count);
  free_idbuf(s);
  s->open = 0;
  s->size = count;
  s->ids_dups = 0;
  /* With no view, the set is the empty id list it was created as. */
  s->ids_valid = !s->bools && !s->bits;
  keep_degree_sum(s, degree_sum, g);
  rt_verbose_frontier(count, s->n);
}

/* ---- views --------------------------------------------------------------- */

/* The set's id list as an array view (a valid pointer even when empty). */
static void ids_view(graphrt_memref_i32 *r, vset *s) {
  if (!s->ids)
    reserve_ids(s, 1);
  RT_SET_MEMREF(r, s->ids, s->size);
}

void _mlir_ciface_graphrt_vset_ids(graphrt_memref_i32 *r, graphrt_vset *h) {
  vset *s = lookup(h, "vertex set");
  ensure_sorted_ids(s);
  ids_view(r, s);
}

/* The first of the sorted ids ids[0..size) that is at least v. */
static int64_t first_at_least(const int32_t *ids, int64_t size, int64_t v) {
  int64_t lo = 0, hi = size;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (ids[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void _mlir_ciface_graphrt_vset_ids_in(graphrt_memref_i32 *r, graphrt_vset *h,
                                      int64_t lo, int64_t hi) {
  vset *s = lookup(h, "vertex set");
  /* A dense set whose members all lie in the range (a rank's part of a
   * frontier) lists them from the range alone. */
  if (!(s->ids_valid && s->ids_sorted) &&
      !(s->ids_valid && (s->ids_dups || s->size <= s->n / 32)))
    ids_from_dense_in(s, lo, hi);
  ensure_sorted_ids(s);
  ids_view(r, s);
  int64_t first = first_at_least(s->ids, s->size, lo);
  int64_t end = hi > lo ? first_at_least(s->ids, s->size, hi) : first;
  r->aligned = s->ids + first;
  r->sizes[0] = end > first ? end - first : 0;
}

void _mlir_ciface_graphrt_vset_ids_unordered(graphrt_memref_i32 *r,
                                             graphrt_vset *h) {
  vset *s = lookup(h, "vertex set");
  /* Sorting pays only where members share cache lines of the caller's
   * per-vertex arrays; a sparser list is visited as it is. In GPU mode a
   * list is never sorted here: sorting on the host would move the list's
   * managed pages to the host and back for little coalescing. */
  if (!s->ids_valid || (s->size > s->n / 64 && !rt_gpu_mode))
    ensure_sorted_ids(s);
  ids_view(r, s);
}

void _mlir_ciface_graphrt_vset_bools(graphrt_memref_i8 *r, graphrt_vset *h) {
  vset *s = lookup(h, "vertex set");
  s->open |= s->size == 0;
  ensure_bools(s);
  RT_SET_MEMREF(r, s->bools, s->n);
}

void _mlir_ciface_graphrt_vset_bits(graphrt_memref_i64 *r, graphrt_vset *h) {
  vset *s = lookup(h, "vertex set");
  s->open |= s->size == 0;
  ensure_bits(s);
  RT_SET_MEMREF(r, (int64_t *)s->bits, nwords(s->n));
}

/* ---- lists of vertex sets ------------------------------------------------ */

/* A list of vertex sets holds handles. A fused GPU loop that appends to or
 * pops from it (graphrt_vlist_device) packs them first into device storage
 * (managed memory in GPU mode): the ids of its levels one after another,
 * level k at ids[offsets[k], offsets[k + 1]), and the state the kernel keeps
 * (GRAPHRT_VLIST_*). The packed levels lie below the handles appended since,
 * so the list's size is both counts together. */
struct graphrt_vlist {
  graphrt_vset **items;
  int64_t size, capacity;
  /* Taken by append and pop: parallel iterations may append to one list
   * (in the order they run). */
  pthread_mutex_t lock;
  int32_t *ids;     /* NULL until the list is packed */
  int64_t *offsets; /* state[GRAPHRT_VLIST_LEVEL_CAPACITY] entries */
  int64_t *state;   /* GRAPHRT_VLIST_STATE_SIZE entries */
  int64_t n;        /* the vertex count of the packed sets */
};

/* The lists not freed yet, freed when the program ends (as lists of
 * numbers, list.c). */
static rt_ptrset live_vlists = RT_PTRSET_INIT;

graphrt_vlist *graphrt_vlist_new(void) {
  graphrt_vlist *l = rt_calloc(1, sizeof(graphrt_vlist));
  pthread_mutex_init(&l->lock, NULL);
  rt_ptrset_add(&live_vlists, l);
  return l;
}

static void free_vlist(void *p) {
  graphrt_vlist *l = p;
  pthread_mutex_destroy(&l->lock);
  if (l->ids) {
    rt_zfree(l->ids, (size_t)l->state[GRAPHRT_VLIST_ID_CAPACITY] * 4);
    rt_zfree(l->offsets, (size_t)l->state[GRAPHRT_VLIST_LEVEL_CAPACITY] * 8);
    rt_zfree(l->state, GRAPHRT_VLIST_STATE_SIZE * 8);
  }
  free(l->items);
  free(l);
}

void graphrt_vlist_free(graphrt_vlist *l) {
  if (!l)
    return;
  rt_ptrset_remove(&live_vlists, l);
  free_vlist(l);
}

void graphrt_vlist_free_all(void) { rt_ptrset_clear(&live_vlists, free_vlist); }

/* An error releases the list's lock first: it may return to an export
 * library's caller. */
void graphrt_vlist_append(graphrt_vlist *l, graphrt_vset *s) {
  lookup(s, "list append");
  pthread_mutex_lock(&l->lock);
  if (l->size == l->capacity) {
    int64_t capacity = l->capacity ? 2 * l->capacity : 16;
    size_t bytes = (size_t)capacity * sizeof(graphrt_vset *);
    graphrt_vset **items = rt_try_malloc(bytes);
    if (!items) {
      pthread_mutex_unlock(&l->lock);
      rt_fatal("out of memory (allocating %zu bytes)", bytes);
    }
    if (l->size)
      memcpy(items, l->items, (size_t)l->size * sizeof *items);
    free(l->items);
    l->items = items;
    l->capacity = capacity;
  }
  l->items[l->size++] = s;
  pthread_mutex_unlock(&l->lock);
}

graphrt_vset *graphrt_vlist_pop(graphrt_vlist *l, const char *what) {
  pthread_mutex_lock(&l->lock);
  if (l->size > 0) {
    graphrt_vset *top = l->items[--l->size];
    pthread_mutex_unlock(&l->lock);
    return top;
  }
  int64_t levels = l->ids ? l->state[GRAPHRT_VLIST_LEVELS] : 0;
  if (levels > 0)
    l->state[GRAPHRT_VLIST_LEVELS] = levels - 1;
  pthread_mutex_unlock(&l->lock);
  if (levels == 0)
    rt_fatal("%s: the list of vertex sets is empty", what ? what : "list pop");
  /* The top packed level, as a set of its own (taken above: another pop
   * takes the level below). */
  int64_t from = l->offsets[levels - 1], count = l->offsets[levels] - from;
  graphrt_vset *h = graphrt_vset_new(l->n, 0);
  graphrt_memref_i32 buffer;
  _mlir_ciface_graphrt_vset_id_buffer_n(&buffer, h, count);
  memcpy(buffer.aligned, l->ids + from, (size_t)count * 4);
  graphrt_vset_seal_ids(h, count);
  return h;
}

/* Storage of `count` elements of `bytes` each, keeping the first `keep`;
 * exhausting the memory is the one error, naming the list's storage. */
static void *grow_storage(void *old, int64_t old_count, int64_t keep,
                          int64_t count, size_t bytes, const char *what) {
  void *p = (uint64_t)count <= SIZE_MAX / bytes
                ? rt_try_zalloc((size_t)count * bytes)
                : NULL;
  if (!p)
    rt_fatal("list of vertex sets: out of memory growing the device "
             "storage of a fused GPU loop's list to %lld %s (%.0f bytes%s)",
             (long long)count, what, (double)count * (double)bytes,
             rt_gpu_mode ? " of managed memory" : "");
  if (old) {
    memcpy(p, old, (size_t)keep * bytes);
    rt_zfree(old, (size_t)old_count * bytes);
  }
  return p;
}

/* Makes the device storage of l hold at least `ids` ids and `levels`
 * offsets, each that grows at least doubling, keeping the packed levels and
 * their offsets. */
static void reserve_device(graphrt_vlist *l, int64_t ids, int64_t levels) {
  int64_t *state = l->state;
  int64_t packed = state[GRAPHRT_VLIST_LEVELS];
  int64_t id_capacity = state[GRAPHRT_VLIST_ID_CAPACITY];
  int64_t level_capacity = state[GRAPHRT_VLIST_LEVEL_CAPACITY];
  if (!l->ids || id_capacity < ids) {
    int64_t grown = l->ids && ids < 2 * id_capacity ? 2 * id_capacity : ids;
    l->ids = grow_storage(l->ids, id_capacity, l->ids ? l->offsets[packed] : 0,
                          grown, 4, "ids");
    state[GRAPHRT_VLIST_ID_CAPACITY] = grown;
  }
  if (!l->offsets || level_capacity < levels) {
    int64_t grown =
        l->offsets && levels < 2 * level_capacity ? 2 * level_capacity : levels;
    l->offsets = grow_storage(l->offsets, level_capacity, packed + 1, grown, 8,
                              "levels");
    state[GRAPHRT_VLIST_LEVEL_CAPACITY] = grown;
  }
}

/* Packs set h as the list's top level (the storage has room for it). */
static void pack_level(graphrt_vlist *l, graphrt_vset *h) {
  int64_t *state = l->state;
  int64_t levels = state[GRAPHRT_VLIST_LEVELS];
  int64_t total = l->offsets[levels];
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids_unordered(&ids, h);
  int64_t count = ids.sizes[0];
  memcpy(l->ids + total, ids.aligned, (size_t)count * 4);
  l->offsets[levels + 1] = total + count;
  state[GRAPHRT_VLIST_LEVELS] = levels + 1;
  if (count > state[GRAPHRT_VLIST_LARGEST])
    state[GRAPHRT_VLIST_LARGEST] = count;
}

void graphrt_vlist_device(graphrt_vlist *l, int64_t n, int64_t room) {
  if (!l->ids) {
    l->state = rt_zalloc(GRAPHRT_VLIST_STATE_SIZE * 8);
    l->n = n;
  } else if (l->n != n) {
    rt_fatal("list of vertex sets: its sets have %lld vertices, a loop "
             "keeps sets of %lld in it",
             (long long)l->n, (long long)n);
  }
  int64_t *state = l->state;
  int64_t levels = state[GRAPHRT_VLIST_LEVELS];
  int64_t total = l->ids ? l->offsets[levels] : 0;
  int64_t extra = 0;
  for (int64_t i = 0; i < l->size; i++) {
    const vset *s = lookup(l->items[i], "list of vertex sets");
    if (s->n != n)
      rt_fatal("list of vertex sets: it holds a set of %lld vertices, a "
               "loop keeps sets of %lld in it",
               (long long)s->n, (long long)n);
    extra += s->size;
  }
  /* Room for the handles and for what the loop adds; an append beyond it
   * stops the loop, which graphrt_vlist_device_resume grows the storage
   * for. */
  reserve_device(l, total + extra + room + 1, levels + l->size + room + 2);
  /* The handles' ids, in order, become packed levels. The sets stay the
   * program's, as in a list that is not packed: another name for one may
   * still read or delete it after the loop. */
  for (int64_t i = 0; i < l->size; i++)
    pack_level(l, l->items[i]);
  l->size = 0;
}

int32_t graphrt_vlist_device_resume(graphrt_vlist *l, graphrt_vset *last) {
  int64_t *state = l->state;
  int64_t failed = state ? state[GRAPHRT_VLIST_FAILED] : 0;
  if (failed != GRAPHRT_VLIST_FULL_BEFORE && failed != GRAPHRT_VLIST_FULL_AFTER)
    return 0;
  int64_t levels = state[GRAPHRT_VLIST_LEVELS];
  int64_t total = l->offsets[levels];
  if (failed == GRAPHRT_VLIST_FULL_BEFORE) {
    /* The loop stopped before a step whose append needs `needed` ids. */
    reserve_device(l, state[GRAPHRT_VLIST_NEEDED] + 1, levels + 3);
  } else {
    /* The loop stopped after the step whose append of its next frontier,
     * `last`, did not fit: that append happens here. */
    if (!last)
      rt_fatal("list append: a fused GPU loop stopped with a level to "
               "append and no set to append");
    graphrt_memref_i32 ids;
    _mlir_ciface_graphrt_vset_ids_unordered(&ids, last);
    reserve_device(l, total + ids.sizes[0] + 1, levels + 3);
    pack_level(l, last);
  }
  state[GRAPHRT_VLIST_FAILED] = 0;
  state[GRAPHRT_VLIST_NEEDED] = 0;
  return 1;
}

void _mlir_ciface_graphrt_vlist_device_ids(graphrt_memref_i32 *r,
                                           graphrt_vlist *l) {
  RT_SET_MEMREF(r, l->ids, l->state[GRAPHRT_VLIST_ID_CAPACITY]);
}

void _mlir_ciface_graphrt_vlist_device_offsets(graphrt_memref_i64 *r,
                                               graphrt_vlist *l) {
  RT_SET_MEMREF(r, l->offsets, l->state[GRAPHRT_VLIST_LEVEL_CAPACITY]);
}

void _mlir_ciface_graphrt_vlist_device_state(graphrt_memref_i64 *r,
                                             graphrt_vlist *l) {
  RT_SET_MEMREF(r, l->state, GRAPHRT_VLIST_STATE_SIZE);
}

void graphrt_vlist_device_check(graphrt_vlist *l, const char *what) {
  int64_t *state = l->state;
  switch (state[GRAPHRT_VLIST_FAILED]) {
  case GRAPHRT_VLIST_FAILED_IDS:
    rt_fatal("list append: a fused GPU loop's levels need %lld ids, more "
             "than the %lld of the list's device storage",
             (long long)state[GRAPHRT_VLIST_NEEDED],
             (long long)state[GRAPHRT_VLIST_ID_CAPACITY]);
  case GRAPHRT_VLIST_FAILED_LEVELS:
    rt_fatal("list append: a fused GPU loop appends more than the %lld "
             "levels of the list's device storage",
             (long long)state[GRAPHRT_VLIST_LEVEL_CAPACITY] - 1);
  case GRAPHRT_VLIST_FAILED_EMPTY:
    rt_fatal("%s: the list of vertex sets is empty", what ? what : "list pop");
  }
}
