/* pq.c - bucketed priority queues for ordered algorithms (GraphIt's
 * priority_queue): delta-stepping SSSP, point-to-point search, k-core.
 *
 * A vertex v lies in bucket prio[v] / delta, where prio is the program's
 * priority vector. Buckets are processed in order (lower or higher first);
 * priorities only move towards the buckets already processed (lower for
 * lower-first), so an entry whose vertex has since moved to another bucket
 * is stale forever and is dropped wherever it is met. A vertex whose
 * priority moves before the current bucket (a negative edge weight) goes to
 * its thread's `below` bin, which the next dequeue hands out as the current
 * bucket again: label-correcting, as Bellman-Ford. A bucket that keeps
 * coming back more often than the graph has vertices means priorities
 * that keep decreasing (a negative cycle), an error.
 *
 * Eager queues (the delta-stepping organisation of the GAP suite) keep one
 * set of bins per thread, a dense window of buckets [base, base + bins):
 * generated code pushes each vertex it improved into the calling thread's
 * bin, with no synchronization; a dequeue gathers every thread's bin of the
 * next bucket. Entries of buckets beyond the window (at most EAGER_WINDOW
 * buckets) go to the thread's `far` list; a dequeue moves those into a
 * min-heap of (bucket, vertex), and when the window is exhausted it moves to
 * the heap's first bucket. Storage grows with the entries, not with the
 * largest priority. Lazy queues (Julienne) record changed vertices and move
 * them in bulk at the next dequeue into a window of open buckets plus an
 * overflow bucket that is redistributed when the window runs out. */
#include "graph_rt.h"
#include "internal.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* A growable array of vertex ids; an eager thread's bins are also written
 * by generated code (graphrt_pq_push_view). */
typedef graphrt_pq_bin pq_bin;

/* Failures of the functions traversals call inside their parallel regions
 * (pushes, updates) go through rt_fail_or_defer: under an export call the
 * update is dropped and the call fails after the region. */

static void bin_push(pq_bin *b, int32_t v) {
  if (b->size == b->capacity) {
    int64_t capacity = b->capacity ? 2 * b->capacity : 16;
    int32_t *ids = realloc(b->ids, (size_t)capacity * sizeof(int32_t));
    if (!ids) {
      rt_fail_or_defer("out of memory growing a priority queue bucket");
      return;
    }
    b->ids = ids;
    b->capacity = capacity;
  }
  b->ids[b->size++] = v;
}

/* An eager entry beyond the dense window: its vertex and its bucket then. */
typedef struct {
  int64_t bucket;
  int32_t v;
} pq_far;

/* A growable array of far entries; a min-heap by bucket where it is the
 * queue's heap. */
typedef struct {
  pq_far *at;
  int64_t size, capacity;
} pq_far_list;

/* Whether it could. */
static int far_push(pq_far_list *l, int64_t bucket, int32_t v) {
  if (l->size == l->capacity) {
    int64_t capacity = l->capacity ? 2 * l->capacity : 16;
    pq_far *at = realloc(l->at, (size_t)capacity * sizeof(pq_far));
    if (!at) {
      rt_fail_or_defer("out of memory growing a priority queue");
      return 0;
    }
    l->at = at;
    l->capacity = capacity;
  }
  l->at[l->size++] = (pq_far){bucket, v};
  return 1;
}

static void heap_push(pq_far_list *h, pq_far e) {
  if (!far_push(h, e.bucket, e.v))
    return;
  for (int64_t i = h->size - 1; i > 0;) {
    int64_t parent = (i - 1) / 2;
    if (h->at[parent].bucket <= e.bucket)
      break;
    h->at[i] = h->at[parent];
    h->at[i = parent] = e;
  }
}

static pq_far heap_pop(pq_far_list *h) {
  pq_far top = h->at[0], last = h->at[--h->size];
  int64_t i = 0;
  for (;;) {
    int64_t child = 2 * i + 1;
    if (child >= h->size)
      break;
    if (child + 1 < h->size && h->at[child + 1].bucket < h->at[child].bucket)
      ++child;
    if (last.bucket <= h->at[child].bucket)
      break;
    h->at[i] = h->at[child];
    i = child;
  }
  if (h->size)
    h->at[i] = last;
  return top;
}

/* The most buckets an eager thread keeps dense (24 bytes each). */
enum { EAGER_WINDOW = 1 << 16 };

/* One thread's state, padded so that threads share no cache line. */
typedef struct {
  pq_bin *bins; /* eager: bins[i] holds the thread's entries of bucket
                   base + i */
  int64_t num_bins;
  pq_far_list far; /* eager: entries of buckets beyond the window */
  pq_bin below;    /* vertices whose priority fell before the current bucket */
  pq_bin local;    /* eager: the bin take_local handed out */
  uint32_t fused_round; /* eager: the dequeue of `fused` */
  int64_t fused;        /* eager: bins taken by take_local since */
  int64_t fused_work;   /* eager: their vertices and out-degrees, since the
                           last graphrt_pq_fusion_alone */
  pq_bin changed;       /* lazy: vertices recorded by graphrt_pq_changed */
  pq_bin counted;       /* lazy: vertices counted by graphrt_pq_count */
  pq_bin journal; /* distributed: vertices updated since the last mirror */
  char pad[64];
} pq_thread;

struct graphrt_pq {
  /* First: generated code compares it with its graphrt_pq_push_view's. It
   * moves on (next_epoch) wherever the window, the current bucket or a
   * thread's bins change but through that thread's own graphrt_pq_push. */
  uint64_t epoch;
  void *prio;
  int32_t width;
  int64_t n, delta;
  int32_t lower_first, lazy;
  int64_t current;      /* the bucket of the last dequeue */
  int64_t rounds;       /* dequeues of the current bucket in a row */
  int32_t went_below;   /* whether a priority ever fell before the current
                           bucket */
  graphrt_graph *graph; /* the graph traversals last updated it with */
  int32_t threads;
  pq_thread *per_thread;
  uint32_t round; /* counts the dequeues (take_local's fused_round) */
  /* A bit per vertex, set while a dequeue gathers it (each vertex once) and
   * cleared before the dequeue returns: n / 8 bytes, which stay in cache
   * where an array of n stamps did not. */
  uint64_t *seen;
  pq_bin scratch; /* where a dequeue gathers its bucket */
  /* take_bucket's bins, and their ranges in the scratch array */
  pq_bin **gather_bins;
  int64_t *gather_start, *gather_end;
  /* eager */
  int64_t base;       /* the first bucket of the dense window */
  pq_far_list heap;   /* the far entries met by a dequeue */
  pq_bin heap_bucket; /* the heap's entries of the bucket being dequeued */
  /* lazy */
  int64_t open, window_key; /* the window holds keys [window_key, +open) */
  pq_bin *window, overflow;
  uint8_t *is_changed;
  int32_t *counts;
  /* distributed (rt_pq_journal): marks the vertices in a thread's journal */
  uint8_t *journaled;
  /* The vertices the queue starts with, not yet in their buckets. */
  int64_t initial_from, initial_to;
  /* Bucket fusion's cascades (graphrt_pq_fusion_alone): the work of the
   * last round's frontier, whether the calling thread alone runs the
   * current cascade and the work its bins may add, and whether they ran
   * out of it. */
  int64_t cascade_first;
  int32_t alone, cut;
  int64_t alone_budget;
  /* graphrt_pq_take_all's vertices, and graphrt_pq_device_shape's values. */
  pq_bin taken;
  int64_t shape[3];
};

int rt_pq_journal;

static void place_initial(graphrt_pq *q);

/* Every use of a queue starts here: the queue must exist, and its initial
 * vertices go to their buckets at its first use. */
static void check_queue(graphrt_pq *q, const char *what) {
  if (!q)
    rt_fatal("%s: the priority queue was not created (new) or was deleted",
             what);
  if (q->initial_from < q->initial_to)
    place_initial(q);
}

static int64_t priority_of(const graphrt_pq *q, int64_t v) {
  return q->width == 4 ? ((const int32_t *)q->prio)[v]
                       : ((const int64_t *)q->prio)[v];
}

/* -1 (no bucket) when a negative priority's failure is deferred. */
static int64_t bucket_of(const graphrt_pq *q, int64_t v) {
  int64_t p = priority_of(q, v);
  if (p < 0) {
    rt_fail_or_defer("priority queue: vertex %lld has negative priority %lld",
                     (long long)v, (long long)p);
    return -1;
  }
  return p / q->delta;
}

/* Buckets in processing order: lower-first buckets are their own keys,
 * higher-first buckets are negated. */
static int64_t key_of(const graphrt_pq *q, int64_t bucket) {
  return q->lower_first ? bucket : -bucket;
}

static int64_t bucket_of_key(const graphrt_pq *q, int64_t key) {
  return q->lower_first ? key : -key;
}

/* Whether v, in a bin of `bucket` (a below bin: of `bucket` or one before
 * it), is live there. Compares v's priority with the bucket's range
 * [lo, lo + delta) instead of dividing it by delta. */
static int live_in(const graphrt_pq *q, int32_t v, int64_t bucket, int64_t lo,
                   int below) {
  int64_t p = priority_of(q, v);
  if (p < 0) /* reports it: never live */
    return bucket_of(q, v) == bucket;
  int in = (uint64_t)(p - lo) < (uint64_t)q->delta;
  if (!below || in)
    return in;
  return q->lower_first ? p < lo : p > lo;
}

static int is_live(const graphrt_pq *q, int32_t v, int64_t bucket) {
  return live_in(q, v, bucket, bucket * q->delta, /*below=*/0);
}

/* The epochs of queues: each queue's differs from every other's and moves
 * on at its every dequeue, so a (queue, epoch) pair names one round of one
 * queue even where a queue's memory is reused. */
static uint64_t epochs;

static uint64_t next_epoch(void) {
  return __atomic_add_fetch(&epochs, 1, __ATOMIC_RELAXED);
}

_Static_assert(offsetof(struct graphrt_pq, epoch) == 0,
               "graphrt_pq_push_view: a queue starts with its epoch");

/* NULL (the update dropped) when the failure is deferred. */
static pq_thread *calling_thread(graphrt_pq *q, const char *what) {
  int t = omp_get_thread_num();
  if (t >= q->threads) {
    rt_fail_or_defer("%s: thread %d of a team larger than the %d threads the "
                     "priority queue was created for",
                     what, t, q->threads);
    return NULL;
  }
  return &q->per_thread[t];
}

/* Whether some thread holds a vertex that fell before the current bucket. */
static int any_below(const graphrt_pq *q) {
  for (int t = 0; t < q->threads; ++t)
    if (q->per_thread[t].below.size)
      return 1;
  return 0;
}

/* ---- eager bins ---------------------------------------------------------- */

/* Grows t's window to hold bin i when i < EAGER_WINDOW; whether it does. */
static int grow_bins(pq_thread *t, int64_t i) {
  if (i >= EAGER_WINDOW)
    return 0;
  int64_t grown = t->num_bins ? t->num_bins : 16;
  while (grown <= i)
    grown *= 2;
  pq_bin *bins = realloc(t->bins, (size_t)grown * sizeof(pq_bin));
  if (!bins) {
    rt_fail_or_defer("out of memory growing a priority queue");
    return 0;
  }
  t->bins = bins;
  memset(t->bins + t->num_bins, 0,
         (size_t)(grown - t->num_bins) * sizeof(pq_bin));
  t->num_bins = grown;
  return 1;
}

static void eager_insert_slow(graphrt_pq *q, pq_thread *t, int32_t v,
                              int64_t bucket) {
  if (bucket >= q->base && grow_bins(t, bucket - q->base))
    bin_push(&t->bins[bucket - q->base], v);
  else
    far_push(&t->far, bucket, v);
}

static void eager_insert(graphrt_pq *q, pq_thread *t, int32_t v,
                         int64_t bucket) {
  if (bucket < q->current) {
    bin_push(&t->below, v);
    return;
  }
  uint64_t i = (uint64_t)(bucket - q->base);
  if (i < (uint64_t)t->num_bins)
    bin_push(&t->bins[i], v);
  else
    eager_insert_slow(q, t, v, bucket);
}

/* Drops stale entries from the end of a bin; whether a live one is left. */
static int trim(const graphrt_pq *q, pq_bin *b, int64_t bucket) {
  while (b->size && !is_live(q, b->ids[b->size - 1], bucket))
    --b->size;
  return b->size > 0;
}

/* Moves the threads' far entries into the heap and drops the heap's stale
 * top entries. */
static void eager_gather_far(graphrt_pq *q) {
  for (int t = 0; t < q->threads; ++t) {
    pq_far_list *far = &q->per_thread[t].far;
    for (int64_t i = 0; i < far->size; ++i)
      if (is_live(q, far->at[i].v, far->at[i].bucket))
        heap_push(&q->heap, far->at[i]);
    far->size = 0;
  }
  while (q->heap.size && !is_live(q, q->heap.at[0].v, q->heap.at[0].bucket))
    heap_pop(&q->heap);
}

/* Moves the exhausted dense window to the heap's first bucket, taking the
 * heap's entries that fall in it. */
static void eager_slide(graphrt_pq *q) {
  q->epoch = next_epoch();
  q->base = q->heap.at[0].bucket;
  pq_thread *t = &q->per_thread[0];
  while (q->heap.size && q->heap.at[0].bucket - q->base < EAGER_WINDOW) {
    pq_far e = heap_pop(&q->heap);
    if (is_live(q, e.v, e.bucket))
      eager_insert_slow(q, t, e.v, e.bucket);
  }
}

/* The first bucket at or after the current one holding a live entry, or -1:
 * the current one while a vertex fell before it. */
static int64_t eager_next(graphrt_pq *q) {
  if (any_below(q))
    return q->current;
  eager_gather_far(q);
  for (;;) {
    int64_t end = 0;
    for (int t = 0; t < q->threads; ++t)
      if (q->per_thread[t].num_bins > end)
        end = q->per_thread[t].num_bins;
    int64_t from = q->current - q->base;
    /* Far entries pushed between a slide and the next dequeue may lie
     * before the window. */
    int64_t limit = q->heap.size ? q->heap.at[0].bucket - q->base : end;
    for (int64_t i = from < 0 ? 0 : from; i < end && i <= limit; ++i) {
      int live = 0;
      for (int t = 0; t < q->threads; ++t) {
        pq_thread *th = &q->per_thread[t];
        if (i < th->num_bins)
          live |= trim(q, &th->bins[i], q->base + i);
      }
      if (live)
        return q->base + i;
    }
    if (!q->heap.size)
      return -1;
    if (limit < end)
      return q->heap.at[0].bucket;
    eager_slide(q);
  }
}

/* ---- lazy buckets -------------------------------------------------------- */

static void lazy_insert(graphrt_pq *q, int32_t v, int64_t bucket) {
  int64_t key = key_of(q, bucket);
  if (key < key_of(q, q->current))
    bin_push(&q->per_thread[0].below, v);
  else if (key >= q->window_key && key < q->window_key + q->open)
    bin_push(&q->window[key - q->window_key], v);
  else
    bin_push(&q->overflow, v);
}

/* Moves every vertex recorded as changed (and not finished) to its bucket. */
static void rebucket(graphrt_pq *q) {
  for (int t = 0; t < q->threads; ++t) {
    pq_bin *changed = &q->per_thread[t].changed;
    for (int64_t i = 0; i < changed->size; ++i) {
      int32_t v = changed->ids[i];
      q->is_changed[v] = 0;
      lazy_insert(q, v, bucket_of(q, v));
    }
    changed->size = 0;
  }
}

/* Starts the window at the first live key of the overflow, moving the
 * entries that fall in it; whether there was one. Entries whose key lies
 * before the old window's end are stale: their vertex moved into the
 * window later and was processed there. */
static int refill_window(graphrt_pq *q) {
  int64_t end = q->window_key + q->open, first = INT64_MAX;
  for (int64_t i = 0; i < q->overflow.size; ++i) {
    int64_t key = key_of(q, bucket_of(q, q->overflow.ids[i]));
    if (key >= end && key < first)
      first = key;
  }
  if (first == INT64_MAX) {
    q->overflow.size = 0;
    return 0;
  }
  q->window_key = first;
  int64_t kept = 0;
  for (int64_t i = 0; i < q->overflow.size; ++i) {
    int32_t v = q->overflow.ids[i];
    int64_t key = key_of(q, bucket_of(q, v));
    if (key < first)
      continue;
    if (key < first + q->open)
      bin_push(&q->window[key - first], v);
    else
      q->overflow.ids[kept++] = v;
  }
  q->overflow.size = kept;
  return 1;
}

/* The next bucket holding a live entry, or -1. */
static int64_t lazy_next(graphrt_pq *q) {
  rebucket(q);
  if (q->per_thread[0].below.size)
    return q->current;
  for (;;) {
    int64_t from = key_of(q, q->current) - q->window_key;
    for (int64_t i = from < 0 ? 0 : from; i < q->open; ++i) {
      int64_t bucket = bucket_of_key(q, q->window_key + i);
      if (trim(q, &q->window[i], bucket))
        return bucket;
    }
    if (!refill_window(q))
      return -1;
  }
}

/* ---- the interface ------------------------------------------------------- */

/* The queues not deleted yet, freed when the program ends (a global queue
 * lives until then). */
static rt_ptrset live_queues = RT_PTRSET_INIT;

graphrt_pq *graphrt_pq_new(void *priorities, int32_t width_bytes,
                           int64_t num_vertices, int32_t lower_first,
                           int64_t delta, int64_t start, int32_t initial,
                           int32_t strategy, int64_t open_buckets) {
  if (width_bytes != 4 && width_bytes != 8)
    rt_fatal("priority queue: priorities of %d bytes (expected 4 or 8)",
             width_bytes);
  if (delta < 1)
    rt_fatal("priority queue delta must be at least 1, got %lld",
             (long long)delta);
  if (open_buckets < 1)
    rt_fatal("priority queue needs at least 1 open bucket, got %lld",
             (long long)open_buckets);
  if (initial != GRAPHRT_PQ_START && initial != GRAPHRT_PQ_ALL &&
      initial != GRAPHRT_PQ_EMPTY)
    rt_fatal("priority queue: unknown initial contents %d", initial);
  if (initial == GRAPHRT_PQ_START && (start < 0 || start >= num_vertices))
    rt_fatal("priority queue start vertex %lld is not a vertex (0 to %lld)",
             (long long)start, (long long)num_vertices - 1);
  if (strategy == GRAPHRT_PQ_EAGER && !lower_first)
    rt_fatal("eager priority queues process lower priorities first; use the "
             "lazy strategy for higher_first");
  graphrt_pq *q = rt_calloc(1, sizeof(graphrt_pq));
  q->prio = priorities;
  q->width = width_bytes;
  q->n = num_vertices;
  q->delta = delta;
  q->lower_first = lower_first != 0;
  q->lazy = strategy == GRAPHRT_PQ_LAZY;
  q->threads = omp_get_max_threads();
  q->per_thread = rt_calloc((size_t)q->threads, sizeof(pq_thread));
  q->epoch = next_epoch();
  q->gather_bins = rt_malloc((size_t)(2 * q->threads + 1) * sizeof(pq_bin *));
  q->gather_start = rt_malloc((size_t)(2 * q->threads + 2) * sizeof(int64_t));
  q->gather_end = rt_malloc((size_t)(2 * q->threads + 1) * sizeof(int64_t));
  q->seen = rt_calloc((size_t)(num_vertices + 63) / 64 + 1, sizeof(uint64_t));
  if (q->lazy) {
    q->open = open_buckets;
    q->window = rt_calloc((size_t)open_buckets, sizeof(pq_bin));
    q->is_changed = rt_calloc((size_t)(num_vertices ? num_vertices : 1), 1);
    q->counts =
        rt_calloc((size_t)(num_vertices ? num_vertices : 1), sizeof(int32_t));
  }
  if (rt_pq_journal)
    q->journaled = rt_calloc((size_t)(num_vertices ? num_vertices : 1), 1);
  /* The vertices [from, to) start in the queue. */
  q->initial_from = initial == GRAPHRT_PQ_START ? start : 0;
  q->initial_to = initial == GRAPHRT_PQ_START ? start + 1
                  : initial == GRAPHRT_PQ_ALL ? num_vertices
                                              : 0;
  rt_ptrset_add(&live_queues, q);
  return q;
}

/* Puts the initial vertices in their buckets by their priorities now, not
 * at creation: a program may set the start's priority after `new` (GraphIt's
 * GPU programs create the queue before they write dist[start] = 0), and
 * GraphIt's queues hand out the start vertex first either way. */
static void place_initial(graphrt_pq *q) {
  int64_t from = q->initial_from, to = q->initial_to;
  q->initial_from = q->initial_to = 0;
  /* The first window starts at the first bucket in processing order. */
  int64_t first = INT64_MAX;
  for (int64_t v = from; v < to; ++v) {
    int64_t key = key_of(q, bucket_of(q, v));
    if (key < first)
      first = key;
  }
  if (first != INT64_MAX) {
    q->current = q->base = bucket_of_key(q, first);
    q->window_key = first;
  }
  q->epoch = next_epoch();
  for (int64_t v = from; v < to; ++v) {
    if (q->lazy)
      lazy_insert(q, (int32_t)v, bucket_of(q, v));
    else
      eager_insert(q, &q->per_thread[0], (int32_t)v, bucket_of(q, v));
  }
}

static void free_queue(void *p) {
  graphrt_pq *q = p;
  for (int t = 0; t < q->threads; ++t) {
    pq_thread *th = &q->per_thread[t];
    for (int64_t b = 0; b < th->num_bins; ++b)
      free(th->bins[b].ids);
    free(th->bins);
    free(th->far.at);
    free(th->below.ids);
    free(th->local.ids);
    free(th->changed.ids);
    free(th->counted.ids);
    free(th->journal.ids);
  }
  free(q->journaled);
  if (q->lazy) {
    for (int64_t i = 0; i < q->open; ++i)
      free(q->window[i].ids);
    free(q->window);
    free(q->is_changed);
    free(q->counts);
  }
  free(q->heap.at);
  free(q->heap_bucket.ids);
  free(q->overflow.ids);
  free(q->scratch.ids);
  free(q->taken.ids);
  free(q->per_thread);
  free(q->seen);
  free(q->gather_bins);
  free(q->gather_start);
  free(q->gather_end);
  free(q);
}

void graphrt_pq_free(graphrt_pq *q) {
  check_queue(q, "delete");
  rt_ptrset_remove(&live_queues, q);
  free_queue(q);
}

void graphrt_pq_free_all(void) { rt_ptrset_clear(&live_queues, free_queue); }

static int64_t next_bucket(graphrt_pq *q) {
  return q->lazy ? lazy_next(q) : eager_next(q);
}

int32_t graphrt_pq_finished(graphrt_pq *q) {
  check_queue(q, "finished");
  return next_bucket(q) < 0;
}

void graphrt_pq_edges(graphrt_pq *q, graphrt_graph *g) {
  check_queue(q, "priority update");
  q->graph = g;
}

/* Whether some weight of g is negative, computed once per graph. */
static int has_negative_weights(graphrt_graph *g) {
  if (!g->negative_weights) {
    int negative = 0;
    if (g->out_w) {
#pragma omp parallel for reduction(| : negative) if (g->m > RT_PAR_MIN)
      for (int64_t j = 0; j < g->m; j++)
        negative |= rt_weight_negative(g->out_w, g->weighted, j);
    }
    g->negative_weights = negative ? 2 : 1;
  }
  return g->negative_weights == 2;
}

int32_t graphrt_pq_finished_vertex(graphrt_pq *q, int64_t v) {
  check_queue(q, "finishedNode");
  if (v < 0 || v >= q->n)
    rt_fatal("finishedNode: %lld is not a vertex (0 to %lld)", (long long)v,
             (long long)q->n - 1);
  int64_t next = next_bucket(q);
  /* Once a priority fell before the current bucket, processed buckets may
   * change again: only an empty queue settles a vertex. */
  if (any_below(q) || (q->graph && has_negative_weights(q->graph)))
    q->went_below = 1;
  if (q->went_below)
    return next < 0;
  return next < 0 || key_of(q, next) > key_of(q, bucket_of(q, v));
}

int64_t graphrt_pq_current_priority(graphrt_pq *q) {
  check_queue(q, "get_current_priority");
  return q->current;
}

/* Without a negative cycle a bucket comes at most once per vertex: each
 * time, a path one edge longer improved some vertex, as in Bellman-Ford. */
/* Returns (0) only when the failure is deferred. */
static int too_many_rounds(const graphrt_pq *q, int64_t bucket,
                           int64_t rounds) {
  rt_fail_or_defer("priority queue: bucket %lld came back %lld times in a "
                   "row, more often than %lld vertices allow: priorities keep "
                   "decreasing (a negative cycle)",
                   (long long)bucket, (long long)rounds, (long long)q->n);
  return 0;
}

/* Appends the live entries of `b` not yet in this dequeue's output (not
 * seen) to ids from position `at`, marking them seen; returns the new end.
 * Entries of a below bin are live anywhere before the bucket too. With
 * `shared`, other threads gather other bins at once, so the bit is claimed
 * atomically. */
static int64_t gather(graphrt_pq *q, pq_bin *b, int64_t bucket, int below,
                      int shared, int32_t *ids, int64_t at) {
  int64_t lo = bucket * q->delta;
  uint64_t *seen = q->seen;
  for (int64_t i = 0; i < b->size; ++i) {
    int32_t v = b->ids[i];
    if (!live_in(q, v, bucket, lo, below))
      continue;
    uint64_t *word = &seen[v >> 6], bit = (uint64_t)1 << (v & 63);
    if (shared) {
      if (__atomic_fetch_or(word, bit, __ATOMIC_RELAXED) & bit)
        continue;
    } else {
      if (*word & bit)
        continue;
      *word |= bit;
    }
    ids[at++] = v;
  }
  b->size = 0;
  return at;
}

/* Appends every live entry of `b` to ids from position `at`, repeats
 * included (no seen bit), and returns the new end: the gather of a dequeue
 * whose uses tolerate a vertex listed twice (graph.pq.dequeue
 * keep_duplicates). Entries of a below bin are live anywhere before the
 * bucket too. Each entry is written and the end moves on only if it is
 * live, so no branch waits on the priority's load. */
static int64_t gather_live(graphrt_pq *q, pq_bin *b, int64_t bucket, int below,
                           int32_t *ids, int64_t at) {
  int64_t lo = bucket * q->delta;
  uint64_t delta = (uint64_t)q->delta;
  const int32_t *in = b->ids;
  int64_t size = b->size;
  if (below) {
    for (int64_t i = 0; i < size; ++i) {
      int32_t v = in[i];
      ids[at] = v;
      at += live_in(q, v, bucket, lo, below);
    }
  } else if (q->width == 4) {
    const int32_t *prio = q->prio;
    for (int64_t i = 0; i < size; ++i) {
      int32_t v = in[i];
      int64_t p = prio[v];
      if (p < 0) { /* reports it: never live */
        bucket_of(q, v);
        continue;
      }
      ids[at] = v;
      at += (uint64_t)(p - lo) < delta;
    }
  } else {
    for (int64_t i = 0; i < size; ++i) {
      int32_t v = in[i];
      ids[at] = v;
      at += live_in(q, v, bucket, lo, /*below=*/0);
    }
  }
  b->size = 0;
  return at;
}

/* Clears the seen bits of ids[0..count), all a dequeue set: whole words,
 * since every bit set in them belongs to a gathered vertex. With `shared`,
 * other threads clear words at once (the same words, maybe). */
static void unsee(graphrt_pq *q, const int32_t *ids, int64_t count,
                  int shared) {
  uint64_t *seen = q->seen;
  for (int64_t i = 0; i < count; ++i) {
    if (shared)
      __atomic_store_n(&seen[ids[i] >> 6], 0, __ATOMIC_RELAXED);
    else
      seen[ids[i] >> 6] = 0;
  }
}

/* The bins a dequeue of `bucket` gathers: per thread, its bin of the bucket
 * (if any) and its below bin, then the eager heap's entries of the bucket. */
static void bins_of(graphrt_pq *q, int64_t bucket, pq_bin **bins) {
  for (int t = 0; t < q->threads; ++t) {
    pq_thread *th = &q->per_thread[t];
    uint64_t i = q->lazy ? (uint64_t)(key_of(q, bucket) - q->window_key)
                         : (uint64_t)(bucket - q->base);
    bins[2 * t] = q->lazy
                      ? (t == 0 && i < (uint64_t)q->open ? &q->window[i] : NULL)
                  : i < (uint64_t)th->num_bins ? &th->bins[i]
                                               : NULL;
    bins[2 * t + 1] = &th->below;
  }
  q->heap_bucket.size = 0;
  while (q->heap.size && q->heap.at[0].bucket == bucket)
    bin_push(&q->heap_bucket, heap_pop(&q->heap).v);
  bins[2 * q->threads] = &q->heap_bucket;
}

/* Buckets of more entries than this are gathered by the team when the
 * queue has several threads: lazy buckets, held in one shared bin that
 * thread 0 gathers alone (the others gather only below bins), and eager
 * ones from EAGER_GATHER_PAR_MIN, where each thread gathers its own bins.
 * Those hold the vertices whose priorities the thread's own updates just
 * wrote; one thread reading every thread's bins made road22 delta-stepping
 * 1.2 times slower on the 2-vCPU benchmark VM in its slow state
 * (docs/Benchmarks.md, the grid22/road22 section). */
enum { GATHER_PAR_MIN = 4096, EAGER_GATHER_PAR_MIN = 256 };

/* Gathers the live entries of `bucket` (each vertex once, or with
 * `repeats` every live entry), emptying their bins, into out's id buffer
 * (not sealed) or, without out, into q->scratch; returns how many. Serially
 * each bin goes on where the last ended. A large bucket on several threads is
 * gathered by the team: thread t gathers its own bins (bins[2t] and bins[2t +
 * 1], the last thread also the heap's) into the scratch array at offsets from a
 * prefix sum of the bin sizes, then copies what it kept to out at offsets from
 * a prefix sum of the kept counts. */
static int64_t take_bucket(graphrt_pq *q, int64_t bucket, graphrt_vset *out,
                           int repeats) {
  if (any_below(q))
    q->went_below = 1;
  if (++q->round == 0)
    q->round = 1;
  q->epoch = next_epoch();
  int parts = 2 * q->threads + 1;
  pq_bin **bins = q->gather_bins;
  int64_t *start = q->gather_start, *end = q->gather_end;
  bins_of(q, bucket, bins);
  start[0] = 0;
  for (int i = 0; i < parts; ++i)
    start[i + 1] = start[i] + (bins[i] ? bins[i]->size : 0);
  int64_t total = start[parts];
  int shared = q->threads > 1 &&
               total > (q->lazy ? GATHER_PAR_MIN : EAGER_GATHER_PAR_MIN);
  if ((shared || !out) && total > q->scratch.capacity) {
    free(q->scratch.ids);
    q->scratch.capacity = total;
    q->scratch.ids = rt_malloc((size_t)total * sizeof(int32_t));
  }
  int32_t *scratch = q->scratch.ids, *ids = scratch;
  if (out) {
    graphrt_memref_i32 buffer;
    _mlir_ciface_graphrt_vset_id_buffer_n(&buffer, out, total);
    ids = buffer.aligned + buffer.offset;
  }
  int64_t count = 0;
  if (!shared) {
    for (int i = 0; i < parts; ++i)
      if (bins[i])
        count = repeats ? gather_live(q, bins[i], bucket, i % 2, ids, count)
                        : gather(q, bins[i], bucket, i % 2, 0, ids, count);
    if (!repeats)
      unsee(q, ids, count, 0);
    return count;
  }
#pragma omp parallel
  {
    int t = omp_get_thread_num(), k = omp_get_num_threads();
    for (int i = 0; i < parts; ++i)
      if ((i / 2) % k == t)
        end[i] = !bins[i] ? start[i]
                 : repeats
                     ? gather_live(q, bins[i], bucket, i % 2, scratch, start[i])
                     : gather(q, bins[i], bucket, i % 2, 1, scratch, start[i]);
    /* Every bit is set before any is cleared, and every end is known. */
#pragma omp barrier
    int64_t at = 0;
    for (int i = 0; i < parts; ++i) {
      if ((i / 2) % k == t) {
        if (!repeats)
          unsee(q, scratch + start[i], end[i] - start[i], 1);
        if (out)
          memcpy(ids + at, scratch + start[i],
                 (size_t)(end[i] - start[i]) * sizeof(int32_t));
      }
      at += end[i] - start[i];
    }
  }
  for (int i = 0; i < parts; ++i) {
    if (!out)
      memmove(ids + count, scratch + start[i],
              (size_t)(end[i] - start[i]) * sizeof(int32_t));
    count += end[i] - start[i];
  }
  return count;
}

static graphrt_vset *dequeue(graphrt_pq *q, int repeats) {
  check_queue(q, "dequeue_ready_set");
  int64_t bucket = next_bucket(q);
  if (bucket < 0)
    return graphrt_vset_new(q->n, 0);
  q->rounds = q->rounds && bucket == q->current ? q->rounds + 1 : 1;
  if (q->rounds > q->n + 1)
    too_many_rounds(q, bucket, q->rounds);
  q->current = bucket;
  graphrt_vset *s = graphrt_vset_new(q->n, 0);
  int64_t count = take_bucket(q, bucket, s, repeats);
  if (repeats)
    rt_vset_seal_repeats_quiet(s, count);
  else
    rt_vset_seal_distinct_quiet(s, count);
  rt_verbose_bucket(bucket, count, q->n);
  return s;
}

graphrt_vset *graphrt_pq_dequeue(graphrt_pq *q) {
  return dequeue(q, /*repeats=*/0);
}

graphrt_vset *graphrt_pq_dequeue_keep_dups(graphrt_pq *q) {
  return dequeue(q, /*repeats=*/1);
}

void _mlir_ciface_graphrt_pq_take_all(graphrt_memref_i32 *r, graphrt_pq *q) {
  check_queue(q, "dequeue_ready_set");
  q->taken.size = 0;
  int64_t first = -1;
  for (int64_t bucket; (bucket = next_bucket(q)) >= 0;) {
    if (first < 0)
      first = bucket;
    q->current = bucket;
    int64_t count = take_bucket(q, bucket, NULL, /*repeats=*/0);
    for (int64_t i = 0; i < count; ++i)
      bin_push(&q->taken, q->scratch.ids[i]);
  }
  if (first >= 0)
    q->current = first;
  q->epoch = next_epoch();
  q->rounds = 0;
  r->allocated = r->aligned = q->taken.ids;
  r->offset = 0;
  r->sizes[0] = q->taken.size;
  r->strides[0] = 1;
}

void _mlir_ciface_graphrt_pq_device_shape(graphrt_memref_i64 *r,
                                          graphrt_pq *q) {
  check_queue(q, "dequeue_ready_set");
  q->shape[0] = q->lower_first ? q->delta : -q->delta;
  q->shape[1] = key_of(q, q->current);
  q->shape[2] = q->n;
  r->allocated = r->aligned = q->shape;
  r->offset = 0;
  r->sizes[0] = 3;
  r->strides[0] = 1;
}

/* Records v as updated by this rank since the last rt_pq_take_journal. */
static void journal(graphrt_pq *q, pq_thread *t, int64_t v) {
  if (q->journaled &&
      !__atomic_exchange_n(&q->journaled[v], 1, __ATOMIC_RELAXED))
    bin_push(&t->journal, (int32_t)v);
}

/* Whether priority is valid. */
static int check_priority(int64_t v, int64_t priority) {
  if (priority >= 0)
    return 1;
  rt_fail_or_defer("priority queue: vertex %lld gets negative priority %lld",
                   (long long)v, (long long)priority);
  return 0;
}

/* The calling thread's view of the eager queue it last pushed to, in the
 * queue's epoch then; its `thread` is the thread's slot. A team keeps its
 * threads' numbers from one parallel region to the next (libomp's hot
 * team), and a queue's epoch moves on at every dequeue, so a thread looks
 * its number up (omp_get_thread_num, a call and a TLS lookup in libomp)
 * once per round of a queue instead of at every push. */
_Thread_local graphrt_pq_push_view graphrt_pq_thread_view;

/* NULL (the update dropped) when the failure is deferred. */
static pq_thread *push_thread(graphrt_pq *q) {
  if (q->lazy) {
    rt_fail_or_defer("priority queue: an eager update (push) on a lazy queue; "
                     "the queue's strategy and its traversal's schedule "
                     "differ");
    return NULL;
  }
  return calling_thread(q, "priority update");
}

/* Points the calling thread's view at its bins of q now: the buckets from
 * the current one (or the window's first, if later) to the window's end,
 * none for a journaling (distributed) queue. */
static void refresh_view(graphrt_pq *q, pq_thread *t) {
  graphrt_pq_push_view *view = &graphrt_pq_thread_view;
  int64_t first = q->current > q->base ? q->current : q->base;
  int64_t count = q->base + t->num_bins - first;
  view->epoch = q->epoch;
  view->delta = q->delta;
  view->first = first;
  view->count = count > 0 && !q->journaled ? count : 0;
  view->bins = view->count ? t->bins + (first - q->base) : NULL;
  view->thread = t;
}

void graphrt_pq_push(graphrt_pq *q, int64_t v, int64_t priority) {
  graphrt_pq_push_view *view = &graphrt_pq_thread_view;
  pq_thread *t = view->epoch == q->epoch ? view->thread : push_thread(q);
  if (!t || !check_priority(v, priority))
    return;
  eager_insert(q, t, (int32_t)v, priority / q->delta);
  journal(q, t, v);
  refresh_view(q, t);
}

void graphrt_pq_overflow(graphrt_pq *q, int64_t v) {
  rt_fail_or_defer("priority queue: distance overflow: the new priority of "
                   "vertex %lld does not fit in the queue's %d-bit priorities",
                   (long long)v, 8 * q->width);
}

void graphrt_pq_device_failure(graphrt_pq *q, int64_t code, int64_t a,
                               int64_t b) {
  check_queue(q, "dequeue_ready_set");
  if (code == GRAPHRT_PQ_FAILED_OVERFLOW)
    graphrt_pq_overflow(q, a);
  else if (code == GRAPHRT_PQ_FAILED_NEGATIVE && q->lazy)
    bucket_of(q, a);
  else if (code == GRAPHRT_PQ_FAILED_NEGATIVE)
    check_priority(a, priority_of(q, a));
  else if (code == GRAPHRT_PQ_FAILED_CYCLE)
    too_many_rounds(q, a, b);
}

/* Whether q is lazy. */
static int check_lazy(const graphrt_pq *q, const char *what) {
  if (q->lazy)
    return 1;
  rt_fail_or_defer("priority queue: %s on an eager queue; the queue's "
                   "strategy and its traversal's schedule differ",
                   what);
  return 0;
}

/* Lazy: records v in thread t's changed list, once until the next dequeue. */
static void mark_changed(graphrt_pq *q, pq_thread *t, int64_t v) {
  if (!__atomic_exchange_n(&q->is_changed[v], 1, __ATOMIC_RELAXED))
    bin_push(&t->changed, (int32_t)v);
}

void graphrt_pq_changed(graphrt_pq *q, int64_t v) {
  pq_thread *t;
  if (!check_lazy(q, "a lazy update") ||
      !(t = calling_thread(q, "priority update")))
    return;
  mark_changed(q, t, v);
  journal(q, t, v);
}

int64_t rt_pq_take_journal(graphrt_pq *q, int32_t **ids) {
  int64_t count = 0;
  for (int t = 0; t < q->threads; ++t)
    count += q->per_thread[t].journal.size;
  *ids = rt_malloc((size_t)(count ? count : 1) * sizeof(int32_t));
  int64_t at = 0;
  for (int t = 0; t < q->threads; ++t) {
    pq_bin *b = &q->per_thread[t].journal;
    for (int64_t i = 0; i < b->size; ++i) {
      (*ids)[at++] = b->ids[i];
      q->journaled[b->ids[i]] = 0;
    }
    b->size = 0;
  }
  return count;
}

void *rt_pq_priorities(graphrt_pq *q, int32_t *width) {
  *width = q->width;
  return q->prio;
}

void rt_pq_shape(graphrt_pq *q, int64_t *n, int64_t *delta,
                 int32_t *lower_first, int32_t *may_fall) {
  check_queue(q, "an ordered worklist");
  *n = q->n;
  *delta = q->delta;
  *lower_first = q->lower_first;
  *may_fall = q->went_below || any_below(q) ||
              (q->graph && has_negative_weights(q->graph));
}

void rt_pq_requeue_vertex(graphrt_pq *q, int64_t v) {
  if (q->lazy) {
    mark_changed(q, &q->per_thread[0], v);
    return;
  }
  int64_t priority = priority_of(q, v);
  if (!check_priority(v, priority))
    return;
  /* Serial: thread 0's bins may grow under its view. */
  q->epoch = next_epoch();
  eager_insert(q, &q->per_thread[0], (int32_t)v, priority / q->delta);
}

void graphrt_pq_requeue(graphrt_pq *q, graphrt_vset *s) {
  check_queue(q, "applyUpdatePriorityExtern");
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids(&ids, s);
  for (int64_t i = 0; i < ids.sizes[0]; i++)
    rt_pq_requeue_vertex(q, ids.aligned[ids.offset + i]);
}

void graphrt_pq_count(graphrt_pq *q, int64_t v) {
  pq_thread *t;
  if (!check_lazy(q, "a constant-sum update") ||
      !(t = calling_thread(q, "priority update")))
    return;
  if (__atomic_fetch_add(&q->counts[v], 1, __ATOMIC_RELAXED) == 0)
    bin_push(&t->counted, (int32_t)v);
}

void graphrt_pq_apply_counts(graphrt_pq *q, int64_t amount, int64_t floor) {
  if (!check_lazy(q, "a constant-sum update"))
    return;
  for (int t = 0; t < q->threads; ++t) {
    pq_bin *counted = &q->per_thread[t].counted;
    for (int64_t i = 0; i < counted->size; ++i) {
      int32_t v = counted->ids[i];
      int64_t count = q->counts[v], p = priority_of(q, v);
      q->counts[v] = 0;
      if (p <= floor)
        continue;
      int64_t added;
      int wrapped = __builtin_mul_overflow(amount, count, &added) ||
                    __builtin_add_overflow(p, added, &p);
      if (wrapped ? amount < 0 : p < floor)
        p = floor;
      else if (wrapped || (q->width == 4 && p > INT32_MAX))
        graphrt_pq_overflow(q, v);
      if (q->width == 4)
        ((int32_t *)q->prio)[v] = (int32_t)p;
      else
        ((int64_t *)q->prio)[v] = p;
      if (!q->is_changed[v]) {
        q->is_changed[v] = 1;
        bin_push(&q->per_thread[0].changed, v);
      }
    }
    counted->size = 0;
  }
}

/* The out-degrees of ids[0..count) in the graph of the queue's traversals
 * (0 before the first): the edges this process scans for them (on a
 * distributed graph, the rank's own edges). */
static int64_t out_degree_sum(const graphrt_pq *q, const int32_t *ids,
                              int64_t count) {
  if (!q->graph)
    return 0;
  const int64_t *off = q->graph->out_off;
  const rt_partition *p = q->graph->part;
  int64_t sum = 0;
  for (int64_t i = 0; i < count; ++i) {
    /* a distributed graph's CSR rows are by slot (rt_partition.csr_off) */
    int64_t v = ids[i], row = p ? rt_slot_of(p, v) : v;
    if (!p || row == v || row >= p->bounds[p->rank + 1])
      sum += off[row + 1] - off[row];
  }
  return sum;
}

int32_t graphrt_pq_fusion_alone(graphrt_pq *q, int64_t work, int64_t limit) {
  check_queue(q, "bucket fusion");
  int64_t fused = 0;
  for (int t = 0; t < q->threads; ++t) {
    fused += q->per_thread[t].fused_work;
    q->per_thread[t].fused_work = 0;
  }
  /* The last cascade grew from its first round's work to that plus its
   * bins'; this one is expected to grow as much. */
  double growth = (double)(q->cascade_first + fused) /
                  (double)(q->cascade_first > 0 ? q->cascade_first : 1);
  double estimate = (double)work * (growth > 1 ? growth : 1);
  q->alone = !q->cut && estimate <= (double)limit;
  q->alone_budget = limit - work;
  q->cascade_first = work;
  q->cut = 0;
  return q->alone;
}

void _mlir_ciface_graphrt_pq_take_local(graphrt_memref_i32 *r, graphrt_pq *q,
                                        int64_t threshold) {
  r->allocated = r->aligned = NULL;
  r->offset = 0;
  r->sizes[0] = 0;
  r->strides[0] = 1;
  if (q->lazy) {
    rt_fail_or_defer("priority queue: bucket fusion on a lazy queue; the "
                     "queue's strategy and its traversal's schedule differ");
    return;
  }
  pq_thread *t = calling_thread(q, "bucket fusion");
  if (!t)
    return;
  int64_t count = 0;
  uint64_t at = (uint64_t)(q->current - q->base);
  if (at < (uint64_t)t->num_bins) {
    pq_bin *bin = &t->bins[at];
    /* A cascade run alone stops once its bins did its share of the work;
     * the rest waits for the next dequeue, which the team runs. */
    if (bin->size > 0 && q->alone && t->fused_work >= q->alone_budget)
      q->cut = 1;
    else if (bin->size > 0 && bin->size < threshold) {
      /* Hand the bin out and keep the old buffer as the next bin. */
      pq_bin taken = *bin;
      *bin = t->local;
      bin->size = 0;
      t->local = taken;
      for (int64_t i = 0; i < taken.size; ++i)
        if (is_live(q, taken.ids[i], q->current))
          t->local.ids[count++] = taken.ids[i];
      t->fused_work += count + out_degree_sum(q, t->local.ids, count);
    }
  }
  /* The thread's passes over its own bin are rounds of the bucket too. */
  if (count) {
    if (t->fused_round != q->round) {
      t->fused_round = q->round;
      t->fused = 0;
    }
    if (++t->fused > q->n + 1 && !too_many_rounds(q, q->current, t->fused))
      return;
  }
  r->allocated = r->aligned = t->local.ids;
  r->sizes[0] = count;
}

/* The priority vector as a memref of its element type. */
#define PRIORITIES_VIEW(r, q, T)                                               \
  do {                                                                         \
    check_queue(q, "priority update");                                         \
    (r)->allocated = (r)->aligned = (T *)(q)->prio;                            \
    (r)->offset = 0;                                                           \
    (r)->sizes[0] = (q)->n;                                                    \
    (r)->strides[0] = 1;                                                       \
  } while (0)

void _mlir_ciface_graphrt_pq_priorities_i32(graphrt_memref_i32 *r,
                                            graphrt_pq *q) {
  PRIORITIES_VIEW(r, q, int32_t);
}

void _mlir_ciface_graphrt_pq_priorities_i64(graphrt_memref_i64 *r,
                                            graphrt_pq *q) {
  PRIORITIES_VIEW(r, q, int64_t);
}
