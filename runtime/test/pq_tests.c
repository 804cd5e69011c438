/* pq_tests - priority queues the way generated code uses them: buckets,
 * stale entries, dedup, a refilled current bucket, finished and
 * finished_vertex, bucket fusion's local bins, the lazy window and its
 * overflow, constant-sum counts; and whole delta-stepping and k-core runs
 * (serial and parallel) against a plain Dijkstra (Bellman-Ford for negative
 * weights) and a plain peeling; updates before the current bucket, eager
 * buckets far beyond the dense window; the dequeue that keeps repeats. */
#include "check.h"
#include "graph_rt.h"

#include <omp.h>
#include <stdint.h>
#include <string.h>

/* The members of a set, sorted, into out; returns how many. */
static int64_t members(graphrt_vset *s, int32_t *out) {
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids(&ids, s);
  for (int64_t i = 0; i < ids.sizes[0]; ++i)
    out[i] = ids.aligned[i];
  int64_t n = ids.sizes[0];
  graphrt_vset_free(s);
  return n;
}

/* Whether pushes take generated code's inline fast path (push below). */
static int inline_pushes;
/* How many pushes the fast path appended. */
static int64_t fast_pushes;

/* An eager push as generated code makes it (convert-graph-to-scf's
 * PriorityQueuePushLowering) with inline_pushes: appended to the calling
 * thread's bin through its graphrt_pq_push_view while the view is of the
 * queue's epoch (a queue's first 8 bytes), the bucket in the view's bins
 * and the bin has room; else, and without inline_pushes, graphrt_pq_push.
 */
static void push(graphrt_pq *q, int64_t v, int64_t p) {
  graphrt_pq_push_view *view = &graphrt_pq_thread_view;
  if (inline_pushes && view->epoch == *(const uint64_t *)q && p >= 0) {
    uint64_t k = (uint64_t)p / (uint64_t)view->delta - (uint64_t)view->first;
    if (k < (uint64_t)view->count) {
      graphrt_pq_bin *bin = &view->bins[k];
      if (bin->size < bin->capacity) {
        bin->ids[bin->size++] = (int32_t)v;
        __atomic_add_fetch(&fast_pushes, 1, __ATOMIC_RELAXED);
        return;
      }
    }
  }
  graphrt_pq_push(q, v, p);
}

/* The view the fast path reads: made by a thread's first push of a round,
 * it takes the pushes into buckets from the current one to the window's
 * end while their bins have room (a bin grows through graphrt_pq_push); a
 * dequeue ends it; a bucket before the current one or beyond the window
 * goes through graphrt_pq_push. */
static void test_push_view(void) {
  enum { N = 40 };
  int32_t prio[N], got[N];
  for (int v = 0; v < N; ++v)
    prio[v] = INT32_MAX;
  prio[0] = 0;
  inline_pushes = 1;
  omp_set_num_threads(1);
  graphrt_pq *q = graphrt_pq_new(prio, 4, N, 1, 4, 0, GRAPHRT_PQ_START,
                                 GRAPHRT_PQ_EAGER, 1);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  fast_pushes = 0;
  /* Bucket 1: the first push makes the view and a bin of 16, the next 15
   * fill it, the 17th grows it. */
  for (int v = 1; v <= 17; ++v)
    prio[v] = 5, push(q, v, 5);
  CHECK_EQ(fast_pushes, 15);
  const graphrt_pq_push_view *view = &graphrt_pq_thread_view;
  CHECK_EQ(view->epoch, *(const uint64_t *)q);
  CHECK_EQ(view->delta, 4);
  CHECK_EQ(view->first, 0);
  CHECK_EQ(view->count, 16);
  prio[18] = 6, push(q, 18, 6); /* room after the growth */
  CHECK_EQ(fast_pushes, 16);
  prio[19] = 4 * 100000, push(q, 19, prio[19]); /* beyond the window */
  CHECK_EQ(fast_pushes, 16);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 18); /* bucket 1 */
  CHECK(view->epoch != *(const uint64_t *)q);
  /* Bucket 2 after the dequeue: the first push remakes the view, from the
   * current bucket; bucket 0 lies before it. */
  prio[20] = 9, push(q, 20, 9);
  prio[21] = 10, push(q, 21, 10);
  CHECK_EQ(fast_pushes, 17);
  CHECK_EQ(view->first, 1);
  CHECK_EQ(view->count, 15);
  prio[22] = 1, push(q, 22, 1); /* before the current bucket: its below bin */
  CHECK_EQ(fast_pushes, 17);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1); /* 22, as bucket 1 */
  CHECK_EQ(got[0], 22);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 2); /* bucket 2 */
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1); /* the far one */
  CHECK_EQ(got[0], 19);
  CHECK(graphrt_pq_finished(q));
  graphrt_pq_free(q);
  inline_pushes = 0;
}

/* Eager, delta 2: vertex v in bucket prio[v] / 2. */
static void test_eager_buckets(void) {
  int32_t prio[6] = {0, 9, 9, 9, 9, 9};
  graphrt_pq *q = graphrt_pq_new(prio, 4, 6, 1, 2, 0, 0, GRAPHRT_PQ_EAGER, 1);
  int32_t got[16];
  CHECK(!graphrt_pq_finished(q));
  CHECK_EQ(graphrt_pq_current_priority(q), 0);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 0);
  /* Improvements: 1 -> 3 (bucket 1), 2 -> 3 then 2 (bucket 1 twice), 3 -> 1
   * (the current bucket again), 4 -> 7 then 4 (stale entry in bucket 3). */
  prio[1] = 3, push(q, 1, 3);
  prio[2] = 3, push(q, 2, 3);
  prio[2] = 2, push(q, 2, 2);
  prio[3] = 1, push(q, 3, 1);
  prio[4] = 7, push(q, 4, 7);
  prio[4] = 4, push(q, 4, 4);
  /* 3 is back in bucket 0, so bucket 0 is not settled. */
  CHECK(!graphrt_pq_finished_vertex(q, 0));
  CHECK(!graphrt_pq_finished_vertex(q, 3));
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1); /* bucket 0 again */
  CHECK_EQ(got[0], 3);
  CHECK(graphrt_pq_finished_vertex(q, 3));
  CHECK(!graphrt_pq_finished_vertex(q, 1));
  int64_t k = members(graphrt_pq_dequeue(q), got);
  CHECK_EQ(k, 2); /* 1 and 2, 2 once */
  CHECK_EQ(got[0], 1);
  CHECK_EQ(got[1], 2);
  CHECK_EQ(graphrt_pq_current_priority(q), 1);
  /* Bucket fusion: the thread's bin of the current bucket while small. */
  prio[5] = 2, push(q, 5, 2);
  graphrt_memref_i32 local;
  _mlir_ciface_graphrt_pq_take_local(&local, q, 1); /* threshold 1: never */
  CHECK_EQ(local.sizes[0], 0);
  _mlir_ciface_graphrt_pq_take_local(&local, q, 8);
  CHECK_EQ(local.sizes[0], 1);
  CHECK_EQ(local.aligned[0], 5);
  _mlir_ciface_graphrt_pq_take_local(&local, q, 8);
  CHECK_EQ(local.sizes[0], 0);
  /* Bucket 2 is empty, bucket 3 holds only 4's stale entry: bucket 2 (4). */
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 4);
  CHECK_EQ(graphrt_pq_current_priority(q), 2);
  CHECK(graphrt_pq_finished(q)); /* the stale entry does not count */
  CHECK(graphrt_pq_finished_vertex(q, 1));
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 0);
  graphrt_pq_free(q);
}

/* graphrt_pq_dequeue_keep_dups, eager or lazy, 4- and 8-byte priorities,
 * delta 2: every live entry of the bucket comes out, repeats included; a
 * stale entry (its vertex moved on to another bucket) does not, nor does a
 * below entry's vertex that moved behind it. The set counts every entry. */
static void test_keep_dups(int strategy, int width) {
  int32_t prio32[8] = {0, 9, 9, 9, 9, 9, 9, 9};
  int64_t prio64[8] = {0, 9, 9, 9, 9, 9, 9, 9};
  void *prio = width == 4 ? (void *)prio32 : (void *)prio64;
#define SET(v, p)                                                              \
  do {                                                                         \
    if (width == 4)                                                            \
      prio32[v] = (p);                                                         \
    else                                                                       \
      prio64[v] = (p);                                                         \
    if (strategy == GRAPHRT_PQ_EAGER)                                          \
      push(q, v, p);                                                           \
    else                                                                       \
      graphrt_pq_changed(q, v);                                                \
  } while (0)
  graphrt_pq *q = graphrt_pq_new(prio, width, 8, 1, 2, 0, 0, strategy, 4);
  int32_t got[32];
  graphrt_vset *s = graphrt_pq_dequeue_keep_dups(q);
  CHECK_EQ(graphrt_vset_size(s), 1);
  CHECK_EQ(members(s, got), 1);
  CHECK_EQ(got[0], 0);
  /* Bucket 1: 1 twice (3, then 2), 2 once, 3 to bucket 1 then on to 3
   * (stale there), 4 three times (still 3 after the last). */
  SET(1, 3);
  SET(1, 2);
  SET(2, 3);
  SET(3, 2);
  SET(3, 7);
  SET(4, 3);
  SET(4, 3);
  SET(4, 2);
  s = graphrt_pq_dequeue_keep_dups(q);
  int64_t want = strategy == GRAPHRT_PQ_EAGER ? 6 : 3; /* lazy: once each */
  CHECK_EQ(graphrt_vset_size(s), want);
  CHECK_EQ(graphrt_vset_contains(s, 1), 1);
  CHECK_EQ(graphrt_vset_contains(s, 3), 0);
  CHECK_EQ(members(s, got), want);
  if (strategy == GRAPHRT_PQ_EAGER) {
    int32_t expect[6] = {1, 1, 2, 4, 4, 4};
    for (int i = 0; i < 6; ++i)
      CHECK_EQ(got[i], expect[i]);
  } else {
    CHECK_EQ(got[0], 1);
    CHECK_EQ(got[1], 2);
    CHECK_EQ(got[2], 4);
  }
  CHECK_EQ(graphrt_pq_current_priority(q), 1);
  /* A vertex lowered behind the current bucket comes with it again. */
  SET(5, 0);
  SET(5, 1);
  s = graphrt_pq_dequeue_keep_dups(q);
  CHECK_EQ(graphrt_pq_current_priority(q), 1);
  int64_t k = members(s, got);
  CHECK(k >= 1);
  for (int64_t i = 0; i < k; ++i)
    CHECK_EQ(got[i], 5);
  /* Then bucket 3: only 3. */
  CHECK_EQ(members(graphrt_pq_dequeue_keep_dups(q), got), 1);
  CHECK_EQ(got[0], 3);
  CHECK(graphrt_pq_finished(q));
  CHECK_EQ(members(graphrt_pq_dequeue_keep_dups(q), got), 0);
  graphrt_pq_free(q);
#undef SET
}

/* Requeue (applyUpdatePriorityExtern): priorities changed outside a
 * traversal move the set's vertices to their buckets, eager or lazy. */
static void test_requeue(int strategy) {
  int32_t prio[4] = {0, 0, 0, 0};
  graphrt_pq *q = graphrt_pq_new(prio, 4, 4, 1, 1, -1, 1, strategy, 4);
  int32_t got[8];
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 4);
  prio[1] = 2, prio[3] = 1;
  graphrt_vset *moved = graphrt_vset_new(4, 0);
  graphrt_vset_insert(moved, 1);
  graphrt_vset_insert(moved, 3);
  graphrt_pq_requeue(q, moved);
  graphrt_vset_free(moved);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 3);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 1);
  CHECK(graphrt_pq_finished(q));
  graphrt_pq_free(q);
}

/* Lazy, two open buckets, 64-bit priorities: the window runs out and the
 * overflow is redistributed; stale overflow entries are dropped. */
static void test_lazy_window(void) {
  int64_t prio[5] = {0, 5, 1, 8, 3};
  graphrt_pq *q = graphrt_pq_new(prio, 8, 5, 1, 1, -1, 1, GRAPHRT_PQ_LAZY, 2);
  int32_t got[8];
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 0);
  /* 3 drops from 8 (overflow) to 2, beyond the window [0, 2). */
  prio[3] = 2;
  graphrt_pq_changed(q, 3);
  graphrt_pq_changed(q, 3); /* recorded once */
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 2);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1); /* new window [2, 4) */
  CHECK_EQ(got[0], 3);
  CHECK_EQ(graphrt_pq_current_priority(q), 2);
  CHECK(!graphrt_pq_finished_vertex(q, 1));
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 4);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 1);
  CHECK(graphrt_pq_finished(q)); /* 3's entry at 8 is stale */
  graphrt_pq_free(q);

  /* Higher priorities first. */
  int32_t high[4] = {3, 7, 5, 7};
  q = graphrt_pq_new(high, 4, 4, 0, 1, -1, 1, GRAPHRT_PQ_LAZY, 2);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 2);
  CHECK_EQ(got[0], 1);
  CHECK_EQ(got[1], 3);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 2);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 0);
  CHECK(graphrt_pq_finished(q));
  graphrt_pq_free(q);
}

/* A vertex whose priority falls before the current bucket (a negative
 * edge) comes again with the current bucket, eager or lazy; once that
 * happened, only an empty queue settles a vertex. */
static void test_below(int strategy) {
  int32_t prio[4] = {0, 5, 4, INT32_MAX};
  graphrt_pq *q =
      graphrt_pq_new(prio, 4, 4, 1, 1, 0, GRAPHRT_PQ_START, strategy, 8);
  int32_t got[8];
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 0);
  for (int32_t v = 1; v <= 2; ++v)
    strategy == GRAPHRT_PQ_EAGER ? push(q, v, prio[v])
                                 : graphrt_pq_changed(q, v);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1); /* bucket 4 */
  CHECK_EQ(got[0], 2);
  prio[3] = 5;
  strategy == GRAPHRT_PQ_EAGER ? push(q, 3, 5) : graphrt_pq_changed(q, 3);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 2); /* bucket 5: 1 and 3 */
  CHECK(graphrt_pq_finished_vertex(q, 2));
  prio[2] = 2; /* 1 -> 2 of weight -3 */
  strategy == GRAPHRT_PQ_EAGER ? push(q, 2, 2) : graphrt_pq_changed(q, 2);
  CHECK(!graphrt_pq_finished(q));
  CHECK(!graphrt_pq_finished_vertex(q, 2));
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1); /* 2, with bucket 5 */
  CHECK_EQ(got[0], 2);
  CHECK_EQ(graphrt_pq_current_priority(q), 5);
  prio[3] = 3; /* 2 -> 3 of weight 1 */
  strategy == GRAPHRT_PQ_EAGER ? push(q, 3, 3) : graphrt_pq_changed(q, 3);
  CHECK(!graphrt_pq_finished_vertex(q, 0));
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 3);
  CHECK(graphrt_pq_finished(q));
  CHECK(graphrt_pq_finished_vertex(q, 0));
  graphrt_pq_free(q);
}

/* A queue whose traversals walk a graph with a negative weight settles a
 * vertex only when it is empty: a later bucket may still lower it. */
static void test_negative_graph(void) {
  int32_t src[] = {0, 0, 1}, dst[] = {3, 1, 3}, w[] = {3, 5, -4};
  graphrt_graph *g = graphrt_graph_from_edges(4, 3, src, dst, w, 0);
  int32_t prio[4] = {0, 5, INT32_MAX, 3};
  graphrt_pq *q = graphrt_pq_new(prio, 4, 4, 1, 1, 0, GRAPHRT_PQ_START,
                                 GRAPHRT_PQ_EAGER, 1);
  int32_t got[4];
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  push(q, 3, 3);
  push(q, 1, 5);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1); /* bucket 3: 3 */
  CHECK(graphrt_pq_finished_vertex(q, 3)); /* as far as the queue knows */
  graphrt_pq_edges(q, g);
  CHECK(!graphrt_pq_finished_vertex(q, 3));
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1); /* bucket 5: 1 */
  CHECK(graphrt_pq_finished_vertex(q, 3));
  graphrt_pq_free(q);
  graphrt_graph_free(g);
}

/* Eager buckets far apart (priorities up to 2^31 - 2, delta 1) need memory
 * for the entries only; the window moves from far bucket to far bucket,
 * and an entry that went stale in the heap is dropped. */
static void test_far_buckets(void) {
  int32_t prio[5] = {0, INT32_MAX, INT32_MAX, INT32_MAX, 7};
  graphrt_pq *q = graphrt_pq_new(prio, 4, 5, 1, 1, 0, GRAPHRT_PQ_START,
                                 GRAPHRT_PQ_EAGER, 1);
  int32_t got[8];
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  prio[1] = 2000000000, push(q, 1, prio[1]);
  prio[2] = 1000000000, push(q, 2, prio[2]);
  prio[3] = INT32_MAX - 1, push(q, 3, prio[3]);
  prio[4] = 1000000000, push(q, 4, prio[4]);
  CHECK(!graphrt_pq_finished(q));            /* the heap holds them */
  prio[4] = 1500000000, push(q, 4, prio[4]); /* up: stale */
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 2);
  CHECK_EQ(graphrt_pq_current_priority(q), 1000000000);
  /* 3 drops into the window of 2's bucket. */
  prio[3] = 1000000005, push(q, 3, prio[3]);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 3);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 4);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 1);
  CHECK(graphrt_pq_finished(q));
  graphrt_pq_free(q);
  /* Initially empty: finished at once. */
  q = graphrt_pq_new(prio, 4, 5, 1, 1, 0, GRAPHRT_PQ_EMPTY, GRAPHRT_PQ_EAGER,
                     1);
  CHECK(graphrt_pq_finished(q));
  graphrt_pq_free(q);
}

/* A random weighted graph (weights 0..9) as CSR. */
typedef struct {
  int64_t n, offsets[201];
  int32_t neighbors[1600], weights[1600];
} small_graph;

static uint64_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005ull + 1442695040888963407ull;
  return *state >> 33;
}

/* How test_delta_stepping's graphs weigh their edges. */
enum {
  PLAIN,    /* 0..9 */
  NEGATIVE, /* 0..9 reweighted by vertex potentials: many negative */
  HUGE,     /* 0..9 times 10^7: far more buckets than the eager window */
};

static void random_graph(small_graph *g, uint64_t seed, int weights) {
  g->n = 200;
  int32_t potential[200];
  for (int64_t v = 0; v < g->n; ++v)
    potential[v] = (int32_t)(next_random(&seed) % 20);
  potential[0] = 20; /* so that every distance from 0 stays >= 0 */
  int64_t m = 0;
  for (int64_t v = 0; v < g->n; ++v) {
    g->offsets[v] = m;
    int64_t degree = (int64_t)(next_random(&seed) % 9);
    for (int64_t i = 0; i < degree; ++i, ++m) {
      int32_t u = (int32_t)(next_random(&seed) % (uint64_t)g->n);
      int32_t w = (int32_t)(next_random(&seed) % 10);
      g->neighbors[m] = u;
      g->weights[m] = weights == HUGE       ? w * 10000000
                      : weights == NEGATIVE ? w + potential[v] - potential[u]
                                            : w;
    }
  }
  g->offsets[g->n] = m;
}

/* Shortest distances from 0 for any weights without a negative cycle. */
static void bellman_ford(const small_graph *g, int32_t *dist) {
  for (int64_t v = 0; v < g->n; ++v)
    dist[v] = INT32_MAX;
  dist[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int64_t u = 0; u < g->n; ++u)
      for (int64_t k = g->offsets[u];
           dist[u] != INT32_MAX && k < g->offsets[u + 1]; ++k)
        if (dist[u] + g->weights[k] < dist[g->neighbors[k]]) {
          dist[g->neighbors[k]] = dist[u] + g->weights[k];
          changed = 1;
        }
  }
}

static void dijkstra(const small_graph *g, int32_t *dist) {
  int done[200] = {0};
  for (int64_t v = 0; v < g->n; ++v)
    dist[v] = INT32_MAX;
  dist[0] = 0;
  for (;;) {
    int64_t u = -1;
    for (int64_t v = 0; v < g->n; ++v)
      if (!done[v] && dist[v] != INT32_MAX && (u < 0 || dist[v] < dist[u]))
        u = v;
    if (u < 0)
      return;
    done[u] = 1;
    for (int64_t k = g->offsets[u]; k < g->offsets[u + 1]; ++k)
      if (dist[u] + g->weights[k] < dist[g->neighbors[k]])
        dist[g->neighbors[k]] = dist[u] + g->weights[k];
  }
}

static int lower(int32_t *slot, int32_t value) {
  int32_t old = __atomic_load_n(slot, __ATOMIC_RELAXED);
  while (value < old)
    if (__atomic_compare_exchange_n(slot, &old, value, 1, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return 1;
  return 0;
}

static void relax(const small_graph *g, int32_t *dist, graphrt_pq *q,
                  int strategy, int32_t u) {
  for (int64_t k = g->offsets[u]; k < g->offsets[u + 1]; ++k) {
    int32_t d = dist[u] + g->weights[k], v = g->neighbors[k];
    if (!lower(&dist[v], d))
      continue;
    if (strategy == GRAPHRT_PQ_EAGER)
      push(q, v, d);
    else
      graphrt_pq_changed(q, v);
  }
}

/* A round of delta-stepping as generated code runs it: the frontier ids
 * over the team (the calling thread if `alone`), then, for the eager queue,
 * each thread's own bin of the bucket while it holds fewer than 16 vertices
 * (bucket fusion). Returns the work of the bins (vertices plus out-degrees).
 */
static int64_t fusion_round(const small_graph *g, int32_t *dist, graphrt_pq *q,
                            int strategy, const graphrt_memref_i32 *ids,
                            int alone) {
  int64_t work = 0;
#pragma omp parallel if (!alone) reduction(+ : work)
  {
#pragma omp for schedule(dynamic, 4) nowait
    for (int64_t i = 0; i < ids->sizes[0]; ++i)
      relax(g, dist, q, strategy, ids->aligned[i]);
    graphrt_memref_i32 local;
    while (strategy == GRAPHRT_PQ_EAGER) {
      _mlir_ciface_graphrt_pq_take_local(&local, q, 16);
      if (local.sizes[0] == 0)
        break;
      for (int64_t i = 0; i < local.sizes[0]; ++i) {
        int32_t v = local.aligned[i];
        work += 1 + g->offsets[v + 1] - g->offsets[v];
        relax(g, dist, q, strategy, v);
      }
    }
  }
  return work;
}

/* Delta-stepping as generated code runs it, in parallel over each bucket,
 * with bucket fusion for the eager queue; with limit >= 0 as its serial copy
 * does: each round asks graphrt_pq_fusion_alone (given the frontier's
 * vertices plus out-degrees) whether the calling thread runs it and its
 * bins alone. The distances are Dijkstra's or Bellman-Ford's, and no
 * cascade run alone does more than the limit plus one bin (15 vertices of
 * out-degree at most 8). */
/* Whether test_delta_stepping dequeues with graphrt_pq_dequeue_keep_dups,
 * as generated code does for a min update (graph.pq.dequeue
 * keep_duplicates). */
static int keep_dups;

static void test_delta_stepping(int strategy, int64_t delta, int threads,
                                int weights, int64_t limit) {
  small_graph g;
  int32_t dist[200], want[200];
  int alone_rounds = 0, over = 0;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    random_graph(&g, seed, weights);
    if (weights == PLAIN)
      dijkstra(&g, want);
    else
      bellman_ford(&g, want);
    graphrt_graph *graph =
        graphrt_graph_from_csr(g.n, g.offsets, g.neighbors, g.weights);
    for (int64_t v = 0; v < g.n; ++v)
      dist[v] = INT32_MAX;
    dist[0] = 0;
    omp_set_num_threads(threads);
    graphrt_pq *q = graphrt_pq_new(dist, 4, g.n, 1, delta, 0, 0, strategy, 4);
    while (!graphrt_pq_finished(q)) {
      graphrt_memref_i32 ids;
      graphrt_vset *frontier =
          keep_dups ? graphrt_pq_dequeue_keep_dups(q) : graphrt_pq_dequeue(q);
      _mlir_ciface_graphrt_vset_ids(&ids, frontier);
      graphrt_pq_edges(q, graph);
      int64_t work = 0;
      for (int64_t i = 0; i < ids.sizes[0]; ++i)
        work += 1 + g.offsets[ids.aligned[i] + 1] - g.offsets[ids.aligned[i]];
      int alone = limit >= 0 && graphrt_pq_fusion_alone(q, work, limit);
      work += fusion_round(&g, dist, q, strategy, &ids, alone);
      alone_rounds += alone;
      over += alone && work > limit + 15 * 9;
      graphrt_vset_free(frontier);
    }
    int same = 1;
    for (int64_t v = 0; v < g.n; ++v)
      same &= dist[v] == want[v];
    CHECK(same);
    graphrt_pq_free(q);
    graphrt_graph_free(graph);
  }
  CHECK_EQ(over, 0);
  if (limit > 0)
    CHECK(alone_rounds > 0);
  else
    CHECK_EQ(alone_rounds, 0);
}

/* Bucket fusion's serial cascades: with no history a small round runs
 * alone; a cascade run alone gets no more bins once they did limit - work
 * (vertices plus out-degrees), and the round after it runs with the team;
 * otherwise the estimate is the round's work times the last cascade's
 * growth. */
static void test_fusion_alone(void) {
  enum { N = 32 };
  int32_t src[N - 1], dst[N - 1], w[N - 1], prio[N];
  for (int v = 0; v + 1 < N; ++v)
    src[v] = v, dst[v] = v + 1, w[v] = 1; /* out-degree 1 but the last */
  graphrt_graph *g = graphrt_graph_from_edges(N, N - 1, src, dst, w, 0);
  for (int v = 0; v < N; ++v)
    prio[v] = INT32_MAX;
  prio[0] = 0;
  graphrt_pq *q = graphrt_pq_new(prio, 4, N, 1, 1, 0, GRAPHRT_PQ_START,
                                 GRAPHRT_PQ_EAGER, 1);
  graphrt_pq_edges(q, g);
  int32_t got[N];
  graphrt_memref_i32 local;
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK(graphrt_pq_fusion_alone(q, 2, 20)); /* budget 18 for the bins */
  /* Bins of 3, 4 and 3 vertices: work 6, 14, 20; the fourth is refused. */
  int from = 1;
  int sizes[3] = {3, 4, 3};
  for (int b = 0; b < 3; ++b) {
    for (int v = from; v < from + sizes[b]; ++v)
      prio[v] = 0, push(q, v, 0);
    _mlir_ciface_graphrt_pq_take_local(&local, q, 100);
    CHECK_EQ(local.sizes[0], sizes[b]);
    from += sizes[b];
  }
  prio[11] = 0, push(q, 11, 0);
  _mlir_ciface_graphrt_pq_take_local(&local, q, 100);
  CHECK_EQ(local.sizes[0], 0);
  /* The refused bin is the next round, which runs with the team: its bins
   * have no cap. */
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK_EQ(got[0], 11);
  CHECK(!graphrt_pq_fusion_alone(q, 2, 20));
  for (int v = 12; v < 22; ++v)
    prio[v] = 0, push(q, v, 0);
  _mlir_ciface_graphrt_pq_take_local(&local, q, 100);
  CHECK_EQ(local.sizes[0], 10);
  /* That cascade grew from 2 to 22: a round of work 2 is expected at 22. */
  prio[22] = 5, push(q, 22, 5);
  CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
  CHECK(!graphrt_pq_fusion_alone(q, 2, 20));
  /* This one did not grow: the next small round runs alone again. */
  CHECK(graphrt_pq_fusion_alone(q, 2, 20));
  /* It grows 7 times (2 to 14): work 3 is expected at 21, work 2 at 14. */
  for (int v = 23; v < 29; ++v)
    prio[v] = 5, push(q, v, 5);
  _mlir_ciface_graphrt_pq_take_local(&local, q, 100);
  CHECK_EQ(local.sizes[0], 6);
  CHECK(!graphrt_pq_fusion_alone(q, 3, 20));
  CHECK(graphrt_pq_fusion_alone(q, 3, 20));
  graphrt_pq_free(q);
  graphrt_graph_free(g);
}

/* k-core peeling with constant-sum counts against a serial peeling. */
/* A bucket large enough for the team to gather (more than 256 entries in
 * an eager queue's bins), of n - 1 vertices pushed by 3 threads, each vertex
 * by two of them: every vertex comes out once (in the second round, with
 * graphrt_pq_dequeue_keep_dups, twice); then a queue made where the freed
 * one was takes pushes of its own (the threads' cached bins belong to the
 * freed queue's last round). */
static void test_team_gather(int64_t n) {
  enum { N = 9000 };
  static int32_t prio[N], got[2 * N];
  static uint8_t seen[N];
  omp_set_num_threads(3);
  for (int round = 0; round < 2; ++round) {
    for (int64_t v = 0; v < n; ++v)
      prio[v] = v == 0 ? 0 : 5;
    graphrt_pq *q = graphrt_pq_new(prio, 4, n, 1, 4, 0, GRAPHRT_PQ_START,
                                   GRAPHRT_PQ_EAGER, 1);
    CHECK_EQ(members(graphrt_pq_dequeue(q), got), 1);
#pragma omp parallel num_threads(3)
    {
      int t = omp_get_thread_num();
      for (int64_t v = 1; v < n; ++v)
        if (v % 3 != t)
          push(q, v, 5);
    }
    int64_t k = members(
        round ? graphrt_pq_dequeue_keep_dups(q) : graphrt_pq_dequeue(q), got);
    /* Kept repeats: each vertex twice, in sorted order. */
    CHECK_EQ(k, round ? 2 * (n - 1) : n - 1);
    memset(seen, 0, sizeof(seen));
    for (int64_t i = 0; i < k; ++i) {
      CHECK(got[i] > 0 && got[i] < n && seen[got[i]] < 1 + round);
      seen[got[i]]++;
    }
    /* The next round's pushes go to the bins of the next bucket. */
#pragma omp parallel num_threads(3)
    {
      int t = omp_get_thread_num();
      for (int64_t v = 1 + t; v < 100; v += 3)
        prio[v] = 9, push(q, v, 9);
    }
    CHECK_EQ(members(graphrt_pq_dequeue(q), got), 99);
    CHECK(graphrt_pq_finished(q));
    graphrt_pq_free(q);
  }
}

static void test_kcore(int threads) {
  small_graph g;
  random_graph(&g, 11, PLAIN);
  int32_t degree[200], want[200], removed[200] = {0};
  for (int64_t v = 0; v < g.n; ++v)
    want[v] = degree[v] = (int32_t)(g.offsets[v + 1] - g.offsets[v]);
  for (int32_t k = 0, left = (int32_t)g.n; left > 0;) {
    int32_t frontier[200], count = 0;
    for (int64_t v = 0; v < g.n; ++v)
      if (!removed[v] && want[v] == k)
        frontier[count++] = (int32_t)v;
    if (!count) {
      ++k;
      continue;
    }
    for (int32_t i = 0; i < count; ++i)
      removed[frontier[i]] = 1;
    left -= count;
    for (int32_t i = 0; i < count; ++i)
      for (int64_t e = g.offsets[frontier[i]]; e < g.offsets[frontier[i] + 1];
           ++e)
        if (want[g.neighbors[e]] > k)
          --want[g.neighbors[e]];
  }
  omp_set_num_threads(threads);
  graphrt_pq *q =
      graphrt_pq_new(degree, 4, g.n, 1, 1, -1, 1, GRAPHRT_PQ_LAZY, 3);
  for (int64_t finished = 0; finished < g.n;) {
    graphrt_memref_i32 ids;
    graphrt_vset *frontier = graphrt_pq_dequeue(q);
    _mlir_ciface_graphrt_vset_ids(&ids, frontier);
    finished += ids.sizes[0];
#pragma omp parallel for schedule(dynamic, 2)
    for (int64_t i = 0; i < ids.sizes[0]; ++i) {
      int32_t u = ids.aligned[i];
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
        graphrt_pq_count(q, g.neighbors[e]);
    }
    graphrt_pq_apply_counts(q, -1, graphrt_pq_current_priority(q));
    graphrt_vset_free(frontier);
  }
  int same = 1;
  for (int64_t v = 0; v < g.n; ++v)
    same &= degree[v] == want[v];
  CHECK(same);
  graphrt_pq_free(q);
}

/* A fused GPU loop's hand-over: take_all empties the queue (each live
 * vertex once, in bucket order), the first bucket becomes the current one;
 * device_shape gives the width (negated for higher-first), the current
 * bucket's place and the vertex count; failure code 0 reports nothing. */
static void test_take_all(int32_t lower_first, int32_t strategy) {
  int32_t prio[6] = {4, 9, 2, 9, 5, 3}; /* buckets 2 4 1 4 2 1 */
  graphrt_pq *q = graphrt_pq_new(prio, 4, 6, lower_first, 2, 0, GRAPHRT_PQ_ALL,
                                 strategy, 2);
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_pq_take_all(&ids, q);
  CHECK_EQ(ids.sizes[0], 6);
  int seen[6] = {0};
  int64_t last = lower_first ? 0 : 4;
  for (int64_t i = 0; i < ids.sizes[0]; ++i) {
    int32_t v = ids.aligned[ids.offset + i];
    CHECK(lower_first ? prio[v] / 2 >= last : prio[v] / 2 <= last);
    last = prio[v] / 2;
    ++seen[v];
  }
  for (int v = 0; v < 6; ++v)
    CHECK_EQ(seen[v], 1);
  CHECK(graphrt_pq_finished(q));
  graphrt_memref_i64 shape;
  _mlir_ciface_graphrt_pq_device_shape(&shape, q);
  CHECK_EQ(shape.sizes[0], 3);
  CHECK_EQ(shape.aligned[0], lower_first ? 2 : -2);
  CHECK_EQ(shape.aligned[1], lower_first ? 1 : -4);
  CHECK_EQ(shape.aligned[2], 6);
  graphrt_pq_device_failure(q, GRAPHRT_PQ_FAILED_NONE, 0, 0);
  graphrt_pq_free(q);
}

/* Every test of eager queues, their pushes inline (as generated code makes
 * them) or not. */
static void test_eager(void) {
  test_eager_buckets();
  test_take_all(1, GRAPHRT_PQ_EAGER);
  test_requeue(GRAPHRT_PQ_EAGER);
  test_below(GRAPHRT_PQ_EAGER);
  test_far_buckets();
  test_negative_graph();
  for (int threads = 1; threads <= 3; threads += 2)
    for (int64_t delta = 1; delta <= 8; delta *= 8)
      for (int weights = PLAIN; weights <= HUGE; ++weights)
        test_delta_stepping(GRAPHRT_PQ_EAGER, delta, threads, weights, -1);
  test_fusion_alone();
  for (int threads = 1; threads <= 3; threads += 2)
    for (int64_t limit = 0; limit <= 100000; limit = limit ? limit * 100 : 10)
      test_delta_stepping(GRAPHRT_PQ_EAGER, 4, threads, PLAIN, limit);
  test_team_gather(9000);
  test_team_gather(300); /* 598 entries */
}

int main(void) {
  test_push_view();
  inline_pushes = 1;
  fast_pushes = 0;
  test_eager();
  CHECK(fast_pushes > 0);
  inline_pushes = 0;
  test_eager_buckets();
  test_take_all(1, GRAPHRT_PQ_EAGER);
  test_take_all(1, GRAPHRT_PQ_LAZY);
  test_take_all(0, GRAPHRT_PQ_LAZY); /* eager queues are lower-first only */
  test_lazy_window();
  test_requeue(GRAPHRT_PQ_EAGER);
  test_requeue(GRAPHRT_PQ_LAZY);
  test_below(GRAPHRT_PQ_EAGER);
  test_below(GRAPHRT_PQ_LAZY);
  test_far_buckets();
  test_negative_graph();
  for (int threads = 1; threads <= 3; threads += 2)
    for (int64_t delta = 1; delta <= 8; delta *= 8) {
      for (int weights = PLAIN; weights <= HUGE; ++weights) {
        test_delta_stepping(GRAPHRT_PQ_EAGER, delta, threads, weights, -1);
        test_delta_stepping(GRAPHRT_PQ_LAZY, delta, threads, weights, -1);
      }
    }
  test_fusion_alone();
  for (int threads = 1; threads <= 3; threads += 2)
    for (int64_t limit = 0; limit <= 100000; limit = limit ? limit * 100 : 10)
      test_delta_stepping(GRAPHRT_PQ_EAGER, 4, threads, PLAIN, limit);
  test_kcore(1);
  test_kcore(3);
  test_team_gather(9000);
  test_team_gather(300); /* 598 entries */
  /* The dequeue that keeps repeats, and delta-stepping over it. */
  for (int width = 4; width <= 8; width += 4) {
    test_keep_dups(GRAPHRT_PQ_EAGER, width);
    test_keep_dups(GRAPHRT_PQ_LAZY, width);
  }
  keep_dups = 1;
  for (int threads = 1; threads <= 3; threads += 2)
    for (int64_t delta = 1; delta <= 8; delta *= 8)
      for (int weights = PLAIN; weights <= HUGE; ++weights) {
        test_delta_stepping(GRAPHRT_PQ_EAGER, delta, threads, weights, -1);
        test_delta_stepping(GRAPHRT_PQ_LAZY, delta, threads, weights, -1);
      }
  for (int threads = 1; threads <= 3; threads += 2)
    test_delta_stepping(GRAPHRT_PQ_EAGER, 4, threads, PLAIN, 1000);
  keep_dups = 0;
  return check_report("pq");
}
