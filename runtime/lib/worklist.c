/* worklist.c - chunked per-thread worklists for asynchronous, data-driven
 * loops (graph-lower-async), as Galois schedules unordered algorithms.
 *
 * Each thread pushes the vertices it activates into an open chunk of its
 * own, publishes full chunks to its own queue, and takes work from its
 * queue, oldest chunk first, then its open chunk, then another thread's
 * queue. Oldest first keeps the order close to the synchronous rounds' (a
 * thread alone processes BFS levels in order): taking the newest vertices
 * first would run depth-first, and a label-correcting loop (min-depths,
 * distances, labels) would then update vertices many times. Termination:
 * `outstanding` counts the chunks that are published or being processed (a
 * thread's current chunk). A thread pushes only while it processes a counted
 * chunk, and it counts its open chunk (making it its next current one) before
 * it releases the finished one, so the count reaches zero only when no vertex
 * is left anywhere.
 *
 * An ordered worklist (graphrt_worklist_new_ordered, _new_by_value) keeps
 * its chunks in buckets of priorities instead: obim.c. */
#include "graph_rt.h"
#include "internal.h"

#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { WL_CHUNK = 64 };

typedef struct wl_chunk {
  struct wl_chunk *next;
  int32_t size;
  int32_t ids[WL_CHUNK];
} wl_chunk;

/* One thread's state, padded so that threads share no cache line. */
typedef struct {
  atomic_flag lock;  /* guards queue, which other threads steal from */
  wl_chunk *queue;   /* published chunks, oldest first */
  wl_chunk *last;    /* the newest published chunk */
  wl_chunk *open;    /* the chunk pushes fill, not yet counted */
  wl_chunk *current; /* the chunk the last take handed out */
  wl_chunk *spare;   /* processed chunks, for reuse */
  char pad[64];
} wl_thread;

struct graphrt_worklist {
  rt_obim *ordered;  /* an ordered worklist's buckets; NULL: unordered */
  graphrt_pq *queue; /* an ordered one's queue, if it may end early */
  int64_t n;
  uint8_t *queued; /* whether a vertex is in a chunk not yet taken */
  int threads;
  wl_thread *per_thread;
  atomic_llong outstanding;
  uint64_t id; /* distinct for every worklist made, for take_view */
};

/* The calling thread's slot of the worklist it takes from, set by each take
 * that hands out work and cleared by the one that ends its drain, so that a
 * push (once per activated vertex) skips omp_get_thread_num (a call and a
 * TLS lookup in libomp). A thread's number is fixed within the parallel
 * region of its drain; `id` tells a new worklist from a freed one at the
 * same address. */
static _Thread_local struct {
  const graphrt_worklist *w;
  uint64_t id;
  wl_thread *t;
} take_view;

static graphrt_worklist *new_worklist(void) {
  static atomic_ullong made;
  graphrt_worklist *w = rt_calloc(1, sizeof(graphrt_worklist));
  w->id = atomic_fetch_add(&made, 1) + 1;
  return w;
}

/* NULL (the call does nothing) when the failure is deferred. */
static wl_thread *calling_thread(graphrt_worklist *w, const char *what) {
  if (!w)
    rt_fatal("worklist %s: the worklist was not created or was freed", what);
  int t = omp_get_thread_num();
  if (t >= w->threads) {
    rt_fail_or_defer("worklist %s: thread %d of a team larger than the %d "
                     "threads the worklist was created for",
                     what, t, w->threads);
    return NULL;
  }
  return &w->per_thread[t];
}

/* The calling thread's slot for a push: its take's, else looked up. */
static wl_thread *pushing_thread(graphrt_worklist *w) {
  if (w && take_view.w == w && take_view.id == w->id)
    return take_view.t;
  return calling_thread(w, "push");
}

/* Records (t non-NULL) or clears the calling thread's slot of w. */
static void set_take_view(graphrt_worklist *w, wl_thread *t) {
  take_view.w = t ? w : NULL;
  take_view.id = t ? w->id : 0;
  take_view.t = t;
}

static wl_chunk *new_chunk(wl_thread *t) {
  wl_chunk *c = t->spare;
  if (c)
    t->spare = c->next;
  else
    c = rt_malloc(sizeof(wl_chunk));
  c->next = NULL;
  c->size = 0;
  return c;
}

static void lock(wl_thread *t) {
  while (atomic_flag_test_and_set_explicit(&t->lock, memory_order_acquire))
    sched_yield();
}

static void unlock(wl_thread *t) {
  atomic_flag_clear_explicit(&t->lock, memory_order_release);
}

/* Counts chunk c and adds it to t's queue. */
static void publish(graphrt_worklist *w, wl_thread *t, wl_chunk *c) {
  atomic_fetch_add(&w->outstanding, 1);
  c->next = NULL;
  lock(t);
  if (t->queue)
    t->last->next = c;
  else
    __atomic_store_n(&t->queue, c, __ATOMIC_RELAXED);
  t->last = c;
  unlock(t);
}

static wl_chunk *pop(wl_thread *t) {
  /* A racy peek spares idle thieves the lock of an empty queue. */
  if (!__atomic_load_n(&t->queue, __ATOMIC_RELAXED))
    return NULL;
  lock(t);
  wl_chunk *c = t->queue;
  if (c)
    __atomic_store_n(&t->queue, c->next, __ATOMIC_RELAXED);
  unlock(t);
  return c;
}

/* A chunk stolen from the next thread whose queue has one (its oldest, as
 * the owner's would be). */
static wl_chunk *steal(graphrt_worklist *w, wl_thread *t) {
  wl_chunk *c = NULL;
  int self = (int)(t - w->per_thread);
  for (int k = 1; !c && k < w->threads; ++k)
    c = pop(&w->per_thread[(self + k) % w->threads]);
  return c;
}

graphrt_worklist *graphrt_worklist_new(graphrt_vset *s) {
  graphrt_memref_i32 members;
  _mlir_ciface_graphrt_vset_ids(&members, s);
  graphrt_worklist *w = new_worklist();
  w->n = graphrt_vset_num_vertices(s);
  w->queued = rt_calloc((size_t)(w->n ? w->n : 1), 1);
  w->threads = omp_get_max_threads();
  w->per_thread = rt_calloc((size_t)w->threads, sizeof(wl_thread));
  for (int t = 0; t < w->threads; ++t)
    atomic_flag_clear(&w->per_thread[t].lock);
  atomic_init(&w->outstanding, 0);
  /* The members, a chunk at a time, spread over the threads' queues. */
  wl_chunk *c = NULL;
  int64_t chunks = 0;
  for (int64_t i = 0; i < members.sizes[0]; ++i) {
    int32_t v = members.aligned[i];
    if (w->queued[v])
      continue;
    w->queued[v] = 1;
    if (!c)
      c = new_chunk(&w->per_thread[0]);
    c->ids[c->size++] = v;
    if (c->size == WL_CHUNK) {
      publish(w, &w->per_thread[chunks++ % w->threads], c);
      c = NULL;
    }
  }
  if (c)
    publish(w, &w->per_thread[chunks % w->threads], c);
  return w;
}

/* An ordered worklist over q's buckets; target >= 0 ends it early. */
static graphrt_worklist *new_ordered(graphrt_pq *q, int64_t target) {
  int64_t n, delta;
  int32_t lower_first, may_fall, width;
  rt_pq_shape(q, &n, &delta, &lower_first, &may_fall);
  if (!lower_first)
    rt_fatal("an ordered worklist (priority_update = obim) processes lower "
             "priorities first; the priority queue has higher_first");
  if (target >= n)
    rt_fatal("finishedNode: %lld is not a vertex (0 to %lld)",
             (long long)target, (long long)n - 1);
  const void *priorities = rt_pq_priorities(q, &width);
  graphrt_worklist *w = new_worklist();
  w->n = n;
  w->threads = omp_get_max_threads();
  w->per_thread = rt_calloc((size_t)w->threads, sizeof(wl_thread));
  /* Where a priority may fall below a settled bucket, only the end of the
   * work settles the target, as for finishedNode. */
  if (target >= 0 && !may_fall)
    w->queue = q;
  w->ordered = rt_obim_new(n, delta, w->queue ? target : -1, priorities, width);
  /* The queue's vertices, bucket by bucket, which leaves it empty. */
  while (!graphrt_pq_finished(q)) {
    graphrt_vset *bucket = graphrt_pq_dequeue(q);
    graphrt_memref_i32 ids;
    _mlir_ciface_graphrt_vset_ids(&ids, bucket);
    for (int64_t i = 0; i < ids.sizes[0]; ++i) {
      int32_t v = ids.aligned[ids.offset + i];
      rt_obim_push(w->ordered, 0, v,
                   width == 4 ? ((const int32_t *)priorities)[v]
                              : ((const int64_t *)priorities)[v]);
    }
    graphrt_vset_free(bucket);
  }
  rt_obim_seal(w->ordered, 0);
  return w;
}

graphrt_worklist *graphrt_worklist_new_by_value(graphrt_vset *s,
                                                const void *values,
                                                int32_t width, int64_t delta) {
  if (delta < 1)
    rt_fatal("an ordered asynchronous loop (async = ordered) needs a "
             "positive delta, got %lld",
             (long long)delta);
  if (width != 4 && width != 8)
    rt_fatal("worklist: values of %d bytes; 4 or 8 expected", (int)width);
  graphrt_memref_i32 members;
  _mlir_ciface_graphrt_vset_ids(&members, s);
  graphrt_worklist *w = new_worklist();
  w->n = graphrt_vset_num_vertices(s);
  w->threads = omp_get_max_threads();
  w->per_thread = rt_calloc((size_t)w->threads, sizeof(wl_thread));
  w->ordered = rt_obim_new_by_value(w->n, delta, values, width);
  rt_obim_add_members(w->ordered, members.aligned + members.offset,
                      members.sizes[0], values, width);
  return w;
}

graphrt_worklist *graphrt_worklist_new_ordered(graphrt_pq *q) {
  return new_ordered(q, -1);
}

graphrt_worklist *graphrt_worklist_new_ordered_until(graphrt_pq *q,
                                                     int64_t target) {
  if (target < 0)
    rt_fatal("finishedNode: %lld is not a vertex", (long long)target);
  return new_ordered(q, target);
}

void graphrt_worklist_push_ordered(graphrt_worklist *w, int64_t v,
                                   int64_t priority) {
  wl_thread *t = pushing_thread(w);
  if (!t)
    return;
  if (!w->ordered) {
    rt_fail_or_defer("worklist push: a push with a priority to a worklist "
                     "that is not ordered");
    return;
  }
  rt_obim_push(w->ordered, (int)(t - w->per_thread), v, priority);
}

void graphrt_worklist_push(graphrt_worklist *w, int64_t v) {
  wl_thread *t = pushing_thread(w);
  if (!t)
    return;
  if (w->ordered) {
    rt_fail_or_defer("worklist push: a push without a priority to an "
                     "ordered worklist");
    return;
  }
  if ((uint64_t)v >= (uint64_t)w->n) {
    rt_fail_or_defer("worklist push: vertex %lld is not a vertex (0 to %lld)",
                     (long long)v, (long long)w->n - 1);
    return;
  }
  if (__atomic_load_n(&w->queued[v], __ATOMIC_RELAXED) ||
      __atomic_exchange_n(&w->queued[v], 1, __ATOMIC_SEQ_CST))
    return;
  if (!t->open)
    t->open = new_chunk(t);
  t->open->ids[t->open->size++] = (int32_t)v;
  if (t->open->size == WL_CHUNK) {
    publish(w, t, t->open);
    t->open = NULL;
  }
}

void _mlir_ciface_graphrt_worklist_take(graphrt_memref_i32 *r,
                                        graphrt_worklist *w) {
  RT_SET_MEMREF(r, (int32_t *)NULL, 0);
  wl_thread *t = calling_thread(w, "take");
  if (!t)
    return;
  if (w->ordered) {
    rt_obim_take(r, w->ordered, (int)(t - w->per_thread));
    set_take_view(w, r->sizes[0] ? t : NULL);
    return;
  }
  wl_chunk *next = pop(t);
  if (!next && t->open && t->open->size) {
    next = t->open;
    t->open = NULL;
    atomic_fetch_add(&w->outstanding, 1);
  }
  if (!next)
    next = steal(w, t);
  if (t->current) {
    t->current->next = t->spare;
    t->spare = t->current;
    t->current = NULL;
    atomic_fetch_sub(&w->outstanding, 1);
  }
  /* Nothing to take: wait while other threads may still publish (this
   * thread's queue stays empty, as only its owner publishes there). */
  while (!next && atomic_load(&w->outstanding) > 0) {
    sched_yield();
    next = steal(w, t);
  }
  set_take_view(w, next ? t : NULL);
  if (!next)
    return;
  t->current = next;
  /* A vertex taken may be pushed again; the fence orders the flags'
   * clearing before the caller's reads of the vertices' data, so that an
   * update a pusher saw still queued is seen here. */
  for (int32_t i = 0; i < next->size; ++i)
    __atomic_store_n(&w->queued[next->ids[i]], 0, __ATOMIC_RELAXED);
  atomic_thread_fence(memory_order_seq_cst);
  RT_SET_MEMREF(r, next->ids, next->size);
}

static void free_chunks(wl_chunk *c) {
  while (c) {
    wl_chunk *next = c->next;
    free(c);
    c = next;
  }
}

void graphrt_worklist_free(graphrt_worklist *w) {
  if (!w)
    return;
  if (take_view.w == w)
    set_take_view(w, NULL);
  if (w->ordered)
    rt_obim_free(w->ordered, w->queue);
  for (int t = 0; t < w->threads; ++t) {
    wl_thread *thread = &w->per_thread[t];
    free_chunks(thread->queue);
    free_chunks(thread->spare);
    free(thread->open);
    free(thread->current);
  }
  free(w->per_thread);
  free(w->queued);
  free(w);
}
