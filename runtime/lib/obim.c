/* obim.c - ordered worklists for priority-ordered data-driven loops
 * (priority_update = obim), as Galois's OBIM schedules ordered algorithms.
 *
 * Chunks of up to 64 vertices lie in buckets of priority / delta. Each
 * thread pushes into open chunks of its own, one per bucket it pushes to
 * (at most OB_OPEN at once; a push to yet another bucket publishes the
 * highest). A full chunk is published to its bucket in the global index, a
 * sorted array of the non-empty buckets, each holding one chunk queue per
 * thread. A take hands out the thread's own open chunk of the lowest bucket
 * when no published bucket is lower, else a chunk of the lowest published
 * bucket: the thread's own queue there first, then another thread's (a
 * steal). There is no barrier between buckets: threads work on whatever
 * bucket is lowest when they take.
 *
 * A vertex's priorities only decrease (min updates), so each vertex keeps
 * the lowest bucket of its entries not yet taken (`pending`): a push at that
 * bucket or a higher one adds nothing, a push at a lower one adds an entry
 * and leaves the old one stale, and a take keeps only the entries whose
 * bucket is still their vertex's pending one. Processing reads the current
 * priorities, so a vertex processed before its final priority is pushed and
 * processed again (label-correcting).
 *
 * Termination: `outstanding` counts open chunks (from their first push),
 * published chunks and the chunks threads are processing. A thread pushes
 * only while it processes a counted chunk and releases that chunk only in a
 * take, after it has counted the next one, so the count is zero only when
 * no vertex is left anywhere.
 *
 * A worklist with a target vertex (a point-to-point search) also ends early
 * for each thread once the target is settled as far as the thread can see:
 * no published bucket and none of its open chunks is at or below the
 * target's bucket. With non-negative weights only work in those buckets can
 * lower the target's priority, and a thread still processing such work
 * keeps taking what it pushes until it sees the same. The entries left are
 * given back to the queue by rt_obim_free. */
#include "graph_rt.h"
#include "internal.h"

#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { OB_CHUNK = 64, OB_OPEN = 8 };

/* No pending entry. */
#define OB_NONE INT64_MAX

typedef struct ob_chunk {
  struct ob_chunk *next;
  int64_t bucket;
  int32_t size;
  int32_t ids[OB_CHUNK];
} ob_chunk;

typedef struct {
  ob_chunk *head, *tail;
} ob_fifo;

/* A non-empty bucket of the index: `chunks` published chunks in the
 * per-thread queues. */
typedef struct {
  int64_t index, chunks;
  ob_fifo *queues;
} ob_bucket;

/* One thread's state, padded so that threads share no cache line. */
typedef struct {
  ob_chunk *open[OB_OPEN]; /* counted, at most one per bucket */
  int num_open;
  ob_chunk *current; /* the chunk the last take handed out */
  ob_chunk *spare;   /* processed chunks, for reuse */
  char pad[64];
} ob_thread;

struct rt_obim {
  int64_t n, delta;
  /* With a target (>= 0), its priority is read from prio (width bytes). */
  int64_t target;
  const void *prio;
  int32_t width;
  int64_t *pending; /* per vertex: the lowest bucket of its untaken entries */
  int threads;
  ob_thread *per_thread;
  atomic_llong outstanding;
  /* The index, guarded by `lock`: buckets[0..size) ascending by index. */
  atomic_flag lock;
  ob_bucket **buckets;
  int64_t size, capacity;
  ob_bucket *spare; /* an emptied bucket kept for reuse */
  /* The lowest published bucket (OB_NONE: none), read without the lock. */
  atomic_llong low;
};

static void lock_index(rt_obim *o) {
  while (atomic_flag_test_and_set_explicit(&o->lock, memory_order_acquire))
    sched_yield();
}

static void unlock_index(rt_obim *o) {
  atomic_store_explicit(&o->low, o->size ? o->buckets[0]->index : OB_NONE,
                        memory_order_relaxed);
  atomic_flag_clear_explicit(&o->lock, memory_order_release);
}

static ob_chunk *new_chunk(ob_thread *t, int64_t bucket) {
  ob_chunk *c = t->spare;
  if (c)
    t->spare = c->next;
  else
    c = rt_malloc(sizeof(ob_chunk));
  c->next = NULL;
  c->bucket = bucket;
  c->size = 0;
  return c;
}

/* The position of the first bucket of the index not below `index`. */
static int64_t find_bucket(const rt_obim *o, int64_t index) {
  int64_t lo = 0, hi = o->size;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (o->buckets[mid]->index < index)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Adds counted chunk c, pushed by thread `self`, to its bucket. */
static void publish(rt_obim *o, int self, ob_chunk *c) {
  c->next = NULL;
  lock_index(o);
  int64_t at = find_bucket(o, c->bucket);
  if (at == o->size || o->buckets[at]->index != c->bucket) {
    if (o->size == o->capacity) {
      o->capacity = o->capacity ? 2 * o->capacity : 64;
      ob_bucket **grown =
          realloc(o->buckets, (size_t)o->capacity * sizeof(ob_bucket *));
      if (!grown)
        rt_fatal("out of memory growing an ordered worklist");
      o->buckets = grown;
    }
    ob_bucket *b = o->spare;
    o->spare = NULL;
    if (!b) {
      b = rt_malloc(sizeof(ob_bucket));
      b->queues = rt_calloc((size_t)o->threads, sizeof(ob_fifo));
    }
    b->index = c->bucket;
    b->chunks = 0;
    memmove(o->buckets + at + 1, o->buckets + at,
            (size_t)(o->size - at) * sizeof(ob_bucket *));
    o->buckets[at] = b;
    ++o->size;
  }
  ob_bucket *b = o->buckets[at];
  ob_fifo *q = &b->queues[self];
  if (q->head)
    q->tail->next = c;
  else
    q->head = c;
  q->tail = c;
  ++b->chunks;
  unlock_index(o);
}

/* A chunk of the lowest published bucket, the thread's own first; NULL if
 * none is published. */
static ob_chunk *take_published(rt_obim *o, int self) {
  if (atomic_load_explicit(&o->low, memory_order_relaxed) == OB_NONE)
    return NULL;
  lock_index(o);
  ob_chunk *c = NULL;
  if (o->size) {
    ob_bucket *b = o->buckets[0];
    for (int k = 0; !c; ++k) {
      ob_fifo *q = &b->queues[(self + k) % o->threads];
      c = q->head;
      if (c)
        q->head = c->next;
    }
    if (--b->chunks == 0) {
      --o->size;
      memmove(o->buckets, o->buckets + 1,
              (size_t)o->size * sizeof(ob_bucket *));
      if (o->spare) {
        free(b->queues);
        free(b);
      } else {
        o->spare = b;
      }
    }
  }
  unlock_index(o);
  return c;
}

rt_obim *rt_obim_new(int64_t n, int64_t delta, int64_t target,
                     const void *priorities, int32_t width) {
  rt_obim *o = rt_calloc(1, sizeof(rt_obim));
  o->n = n;
  o->delta = delta;
  o->target = target;
  o->prio = priorities;
  o->width = width;
  o->pending = rt_malloc((size_t)(n ? n : 1) * sizeof(int64_t));
#pragma omp parallel for if (n > RT_PAR_MIN)
  for (int64_t v = 0; v < n; ++v)
    o->pending[v] = OB_NONE;
  o->threads = omp_get_max_threads();
  o->per_thread = rt_calloc((size_t)o->threads, sizeof(ob_thread));
  atomic_init(&o->outstanding, 0);
  atomic_flag_clear(&o->lock);
  atomic_init(&o->low, OB_NONE);
  return o;
}

/* The open chunk of `bucket` of thread t, made (and counted) if there is
 * none; a thread with OB_OPEN open chunks publishes its highest first. */
static ob_chunk *open_chunk(rt_obim *o, int self, int64_t bucket) {
  ob_thread *t = &o->per_thread[self];
  for (int i = 0; i < t->num_open; ++i)
    if (t->open[i]->bucket == bucket)
      return t->open[i];
  if (t->num_open == OB_OPEN) {
    int highest = 0;
    for (int i = 1; i < OB_OPEN; ++i)
      if (t->open[i]->bucket > t->open[highest]->bucket)
        highest = i;
    publish(o, self, t->open[highest]);
    t->open[highest] = t->open[--t->num_open];
  }
  atomic_fetch_add(&o->outstanding, 1);
  return t->open[t->num_open++] = new_chunk(t, bucket);
}

void rt_obim_push(rt_obim *o, int self, int64_t v, int64_t priority) {
  if ((uint64_t)v >= (uint64_t)o->n) {
    rt_fail_or_defer("worklist push: vertex %lld is not a vertex (0 to %lld)",
                     (long long)v, (long long)o->n - 1);
    return;
  }
  if (priority < 0) {
    rt_fail_or_defer("priority queue: vertex %lld gets negative priority %lld",
                     (long long)v, (long long)priority);
    return;
  }
  int64_t bucket = priority / o->delta;
  /* Lower v's pending bucket to this one, or find an entry no higher. */
  int64_t seen = __atomic_load_n(&o->pending[v], __ATOMIC_SEQ_CST);
  do {
    if (seen <= bucket)
      return;
  } while (!__atomic_compare_exchange_n(&o->pending[v], &seen, bucket, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  ob_chunk *c = open_chunk(o, self, bucket);
  c->ids[c->size++] = (int32_t)v;
  if (c->size == OB_CHUNK) {
    ob_thread *t = &o->per_thread[self];
    for (int i = 0; i < t->num_open; ++i)
      if (t->open[i] == c)
        t->open[i] = t->open[--t->num_open];
    publish(o, self, c);
  }
}

/* Removes and returns thread t's open chunk of the lowest bucket if no
 * published bucket is lower (or `any`); NULL if none. */
static ob_chunk *take_open(rt_obim *o, ob_thread *t, int any) {
  if (!t->num_open)
    return NULL;
  int lowest = 0;
  for (int i = 1; i < t->num_open; ++i)
    if (t->open[i]->bucket < t->open[lowest]->bucket)
      lowest = i;
  ob_chunk *c = t->open[lowest];
  if (!any && c->bucket > atomic_load_explicit(&o->low, memory_order_relaxed))
    return NULL;
  t->open[lowest] = t->open[--t->num_open];
  return c;
}

/* Whether the target's priority is final as far as thread t sees. */
static int target_settled(rt_obim *o, const ob_thread *t) {
  if (o->target < 0)
    return 0;
  int64_t p = o->width == 4
                  ? __atomic_load_n(&((const int32_t *)o->prio)[o->target],
                                    __ATOMIC_RELAXED)
                  : __atomic_load_n(&((const int64_t *)o->prio)[o->target],
                                    __ATOMIC_RELAXED);
  int64_t lowest = atomic_load(&o->low);
  for (int i = 0; i < t->num_open; ++i)
    if (t->open[i]->bucket < lowest)
      lowest = t->open[i]->bucket;
  return p >= 0 && lowest > p / o->delta;
}

void rt_obim_seal(rt_obim *o, int self) {
  ob_thread *t = &o->per_thread[self];
  while (t->num_open)
    publish(o, self, t->open[--t->num_open]);
}

void rt_obim_take(graphrt_memref_i32 *r, rt_obim *o, int self) {
  RT_SET_MEMREF(r, (int32_t *)NULL, 0);
  ob_thread *t = &o->per_thread[self];
  for (;;) {
    ob_chunk *next = NULL;
    if (target_settled(o, t))
      rt_obim_seal(o, self);
    else if (!(next = take_open(o, t, 0)) && !(next = take_published(o, self)))
      next = take_open(o, t, 1);
    if (t->current) {
      t->current->next = t->spare;
      t->spare = t->current;
      t->current = NULL;
      atomic_fetch_sub(&o->outstanding, 1);
    }
    /* Nothing to take: wait while other threads may still publish (this
     * thread has no open chunk, and pushes only while it holds one). */
    while (!next && atomic_load(&o->outstanding) > 0 && !target_settled(o, t)) {
      sched_yield();
      next = take_published(o, self);
    }
    if (!next)
      return;
    t->current = next;
    /* Keep the live entries: those still their vertex's pending bucket. The
     * claims order before the caller's reads of the vertices' data, so that
     * an update whose push saw the entry pending is seen here. A chunk of
     * stale entries only is released by the next turn. */
    int32_t live = 0;
    for (int32_t i = 0; i < next->size; ++i) {
      int32_t v = next->ids[i];
      int64_t expected = next->bucket;
      if (__atomic_compare_exchange_n(&o->pending[v], &expected, OB_NONE, 0,
                                      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        next->ids[live++] = v;
    }
    atomic_thread_fence(memory_order_seq_cst);
    if (live) {
      RT_SET_MEMREF(r, next->ids, live);
      return;
    }
  }
}

/* Gives the live entries of the chunks from c on to q (if any) and frees
 * the chunks. */
static void release_chunks(rt_obim *o, ob_chunk *c, graphrt_pq *q) {
  while (c) {
    for (int32_t i = 0; q && i < c->size; ++i)
      if (o->pending[c->ids[i]] == c->bucket) {
        o->pending[c->ids[i]] = OB_NONE;
        rt_pq_requeue_vertex(q, c->ids[i]);
      }
    ob_chunk *next = c->next;
    free(c);
    c = next;
  }
}

void rt_obim_free(rt_obim *o, graphrt_pq *q) {
  for (int i = 0; i < o->threads; ++i) {
    ob_thread *t = &o->per_thread[i];
    for (int k = 0; k < t->num_open; ++k)
      release_chunks(o, t->open[k], q);
    free(t->current);
    release_chunks(o, t->spare, NULL);
  }
  for (int64_t i = 0; i < o->size; ++i) {
    for (int k = 0; k < o->threads; ++k)
      release_chunks(o, o->buckets[i]->queues[k].head, q);
    free(o->buckets[i]->queues);
    free(o->buckets[i]);
  }
  if (o->spare) {
    free(o->spare->queues);
    free(o->spare);
  }
  free(o->buckets);
  free(o->per_thread);
  free(o->pending);
  free(o);
}
