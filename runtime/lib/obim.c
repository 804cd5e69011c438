/* obim.c - ordered worklists for priority-ordered data-driven loops
 * (priority_update = obim), as Galois's OBIM schedules ordered algorithms.
 *
 * Chunks of up to 64 vertices lie in buckets of priority / delta. Each
 * thread pushes into open chunks of its own, one per bucket it pushes to
 * (at most OB_OPEN at once; a push to yet another bucket publishes the
 * highest). Each thread publishes its full chunks to its own ordered index,
 * a min-heap of chunks by bucket under a lock of its own, and advertises
 * the heap's lowest bucket in `low`, which any thread reads without a lock.
 * There is no shared index and no lock common to all threads: a publish
 * takes the publisher's own lock, which only a thief contends for, and a
 * take reads the threads' `low`s to find the lowest bucket anyone holds.
 * It hands out the thread's own open chunk of that bucket, else its own
 * published one, else one from the thread advertising it (a steal). There
 * is no barrier between buckets: threads work on whatever bucket is lowest
 * when they take.
 *
 * A vertex's priorities only decrease (min updates), so each vertex keeps
 * the lowest bucket of its entries not yet taken (`pending`): a push at that
 * bucket or a higher one adds nothing, a push at a lower one adds an entry
 * and leaves the old one stale, and a take keeps only the entries whose
 * bucket is still their vertex's pending one. Processing reads the current
 * priorities, so a vertex processed before its final priority is pushed and
 * processed again (label-correcting).
 *
 * Termination: each thread counts the chunks it opened (from their first
 * push) and the chunks it finished (released after processing), in counters
 * of its own that only grow. A thread pushes only while it processes a
 * chunk it has not finished, so the work is done exactly when every chunk
 * opened is finished; all_finished tests that without a shared counter.
 *
 * A worklist with a target vertex (a point-to-point search) also ends early
 * for each thread once the target is settled as far as the thread can see:
 * no thread advertises a bucket and none of its own open chunks is at or
 * below the target's bucket. With non-negative weights only work in those
 * buckets can lower the target's priority, and the thread that pushed such
 * work sees it (in its own chunks, or its own heap whatever `low` others
 * read) until it or a thief takes it. The entries left are given back to
 * the queue by rt_obim_free. */
#include "graph_rt.h"
#include "internal.h"

#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { OB_CHUNK = 64, OB_OPEN = 8 };

/* No pending entry; no published chunk. */
#define OB_NONE INT64_MAX

/* Lock acquisitions, counted only in the unit tests' build of this file
 * (test/obim_sched_tests.c). */
#ifdef GRAPHRT_OBIM_COUNT
#define OB_COUNT(counter) (++(counter))
#else
#define OB_COUNT(counter) ((void)0)
#endif

typedef struct ob_chunk {
  struct ob_chunk *next; /* in a spare list */
  int64_t bucket;
  int32_t size;
  int32_t ids[OB_CHUNK];
} ob_chunk;

/* One thread's state. The owner's own fields, its heap (which thieves
 * lock) and its counts (which idle threads read) lie on cache lines of
 * their own. */
typedef struct {
  ob_chunk *open[OB_OPEN]; /* counted, at most one per bucket */
  int num_open;
  ob_chunk *current; /* the chunk the last take handed out */
  ob_chunk *spare;   /* processed chunks, for reuse */
#ifdef GRAPHRT_OBIM_COUNT
  int64_t own_locks, other_locks, published;
#endif
  char pad0[64];
  /* Published chunks, a min-heap by bucket, guarded by `lock`. */
  atomic_flag lock;
  atomic_llong low; /* heap[0]'s bucket (OB_NONE: empty), read unlocked */
  ob_chunk **heap;
  int64_t size, capacity;
  char pad1[64];
  atomic_llong opened, finished; /* chunks counted, chunks released */
  char pad2[64];
} ob_thread;

struct rt_obim {
  int64_t n, delta;
  /* With a target (>= 0), its priority is read from prio (width bytes). */
  int64_t target;
  const void *prio;
  int32_t width;
  /* Per vertex: the lowest bucket of its untaken entries; NULL for a
   * worklist by value at delta 1, whose entries are live while their
   * bucket is their vertex's value (see rt_obim_new_by_value). */
  int64_t *pending;
  int threads;
  ob_thread *per_thread;
};

static void lock_heap(ob_thread *t) {
  while (atomic_flag_test_and_set_explicit(&t->lock, memory_order_acquire))
    sched_yield();
}

/* Stores the heap's lowest bucket in `low` only when it changed, so that
 * readers keep their copy of the line while t works in one bucket. */
static void unlock_heap(ob_thread *t) {
  int64_t low = t->size ? t->heap[0]->bucket : OB_NONE;
  if (atomic_load_explicit(&t->low, memory_order_relaxed) != low)
    atomic_store_explicit(&t->low, low, memory_order_relaxed);
  atomic_flag_clear_explicit(&t->lock, memory_order_release);
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

/* Adds counted chunk c to thread t's heap; t is the calling thread. */
static void publish(ob_thread *t, ob_chunk *c) {
  OB_COUNT(t->own_locks);
  OB_COUNT(t->published);
  lock_heap(t);
  if (t->size == t->capacity) {
    int64_t capacity = t->capacity ? 2 * t->capacity : 64;
    ob_chunk **grown = realloc(t->heap, (size_t)capacity * sizeof(ob_chunk *));
    if (!grown)
      rt_fatal("out of memory growing an ordered worklist");
    t->heap = grown;
    t->capacity = capacity;
  }
  int64_t i = t->size++;
  while (i > 0 && t->heap[(i - 1) / 2]->bucket > c->bucket) {
    t->heap[i] = t->heap[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  t->heap[i] = c;
  unlock_heap(t);
}

/* The lowest chunk of t's heap, removed; NULL if it is empty. `self` is the
 * calling thread, t or a thief. */
static ob_chunk *pop_heap(ob_thread *self, ob_thread *t) {
  if (atomic_load_explicit(&t->low, memory_order_relaxed) == OB_NONE)
    return NULL;
  if (self == t)
    OB_COUNT(self->own_locks);
  else
    OB_COUNT(self->other_locks);
  lock_heap(t);
  ob_chunk *top = NULL;
  if (t->size) {
    top = t->heap[0];
    ob_chunk *last = t->heap[--t->size];
    int64_t i = 0;
    for (;;) {
      int64_t child = 2 * i + 1;
      if (child >= t->size)
        break;
      if (child + 1 < t->size &&
          t->heap[child + 1]->bucket < t->heap[child]->bucket)
        ++child;
      if (last->bucket <= t->heap[child]->bucket)
        break;
      t->heap[i] = t->heap[child];
      i = child;
    }
    if (t->size)
      t->heap[i] = last;
  }
  unlock_heap(t);
  return top;
}

/* The bucket of a non-negative priority; the highest one stays below
 * OB_NONE. A delta of 1 (a bucket per BFS depth or label) spares the
 * division on the path of every push. */
static int64_t bucket_of(const rt_obim *o, int64_t priority) {
  int64_t bucket = o->delta == 1 ? priority : priority / o->delta;
  return bucket == OB_NONE ? OB_NONE - 1 : bucket;
}

/* An ordered worklist, with a pending bucket per vertex if `pending`. */
static rt_obim *new_obim(int64_t n, int64_t delta, int64_t target,
                         const void *priorities, int32_t width, int pending) {
  rt_obim *o = rt_calloc(1, sizeof(rt_obim));
  o->n = n;
  o->delta = delta;
  o->target = target;
  o->prio = priorities;
  o->width = width;
  if (pending) {
    o->pending = rt_malloc((size_t)(n ? n : 1) * sizeof(int64_t));
#pragma omp parallel for if (n > RT_PAR_MIN)
    for (int64_t v = 0; v < n; ++v)
      o->pending[v] = OB_NONE;
  }
  o->threads = omp_get_max_threads();
  o->per_thread = rt_calloc((size_t)o->threads, sizeof(ob_thread));
  for (int i = 0; i < o->threads; ++i) {
    ob_thread *t = &o->per_thread[i];
    atomic_flag_clear(&t->lock);
    atomic_init(&t->low, OB_NONE);
    atomic_init(&t->opened, 0);
    atomic_init(&t->finished, 0);
  }
  return o;
}

rt_obim *rt_obim_new(int64_t n, int64_t delta, int64_t target,
                     const void *priorities, int32_t width) {
  return new_obim(n, delta, target, priorities, width, 1);
}

rt_obim *rt_obim_new_by_value(int64_t n, int64_t delta, const void *values,
                              int32_t width) {
  return new_obim(n, delta, -1, values, width, delta != 1);
}

/* The open chunk of `bucket` of thread t, made (and counted) if there is
 * none; a thread with OB_OPEN open chunks publishes its highest first. */
static ob_chunk *open_chunk(ob_thread *t, int64_t bucket) {
  for (int i = 0; i < t->num_open; ++i)
    if (t->open[i]->bucket == bucket)
      return t->open[i];
  if (t->num_open == OB_OPEN) {
    int highest = 0;
    for (int i = 1; i < OB_OPEN; ++i)
      if (t->open[i]->bucket > t->open[highest]->bucket)
        highest = i;
    publish(t, t->open[highest]);
    t->open[highest] = t->open[--t->num_open];
  }
  atomic_fetch_add(&t->opened, 1);
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
  int64_t bucket = bucket_of(o, priority);
  /* Lower v's pending bucket to this one, or find an entry no higher. (By
   * value at delta 1, every push adds an entry: it is the vertex's new
   * value, and its entries of higher values are stale.) */
  int64_t seen =
      o->pending ? __atomic_load_n(&o->pending[v], __ATOMIC_SEQ_CST) : OB_NONE;
  while (o->pending) {
    if (seen <= bucket)
      return;
    if (__atomic_compare_exchange_n(&o->pending[v], &seen, bucket, 0,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      break;
  }
  ob_thread *t = &o->per_thread[self];
  ob_chunk *c = open_chunk(t, bucket);
  c->ids[c->size++] = (int32_t)v;
  if (c->size == OB_CHUNK) {
    for (int i = 0; i < t->num_open; ++i)
      if (t->open[i] == c)
        t->open[i] = t->open[--t->num_open];
    publish(t, c);
  }
}

/* The position of thread t's open chunk of the lowest bucket; -1 if none. */
static int lowest_open(const ob_thread *t) {
  int lowest = -1;
  for (int i = 0; i < t->num_open; ++i)
    if (lowest < 0 || t->open[i]->bucket < t->open[lowest]->bucket)
      lowest = i;
  return lowest;
}

/* The thread other than t advertising the lowest bucket, in *lowest (OB_NONE
 * and NULL if none does). */
static ob_thread *lowest_other(rt_obim *o, const ob_thread *t,
                               int64_t *lowest) {
  ob_thread *found = NULL;
  *lowest = OB_NONE;
  int self = (int)(t - o->per_thread);
  for (int k = 1; k < o->threads; ++k) {
    ob_thread *other = &o->per_thread[(self + k) % o->threads];
    int64_t low = atomic_load_explicit(&other->low, memory_order_relaxed);
    if (low < *lowest) {
      *lowest = low;
      found = other;
    }
  }
  return found;
}

/* A chunk of the lowest bucket thread t sees: its own open chunk, else its
 * own published one, else another thread's (ties in that order); NULL if
 * no thread advertises one and t has none. */
static ob_chunk *take_lowest(rt_obim *o, ob_thread *t) {
  for (;;) {
    int open = lowest_open(t);
    int64_t mine = open < 0 ? OB_NONE : t->open[open]->bucket;
    int64_t own = atomic_load_explicit(&t->low, memory_order_relaxed), other;
    ob_thread *victim = lowest_other(o, t, &other);
    if (open >= 0 && mine <= own && mine <= other) {
      ob_chunk *c = t->open[open];
      t->open[open] = t->open[--t->num_open];
      return c;
    }
    if (own == OB_NONE && !victim)
      return NULL;
    /* NULL when a thief took it first: look again. */
    ob_chunk *c = pop_heap(t, own <= other ? t : victim);
    if (c)
      return c;
  }
}

/* Whether every chunk opened has been finished. A thread opens chunks only
 * while it holds one it has not finished, so finished <= opened at every
 * moment. The finished counts, read first, are at most those of the moment
 * between the two passes, and the opened counts, read after it, at least
 * those: equal sums mean nothing was left then, and so nothing since. */
static int all_finished(rt_obim *o) {
  int64_t finished = 0, opened = 0;
  for (int i = 0; i < o->threads; ++i)
    finished += atomic_load(&o->per_thread[i].finished);
  for (int i = 0; i < o->threads; ++i)
    opened += atomic_load(&o->per_thread[i].opened);
  return opened == finished;
}

/* Whether the target's priority is final as far as thread t sees. */
static int target_settled(rt_obim *o, ob_thread *t) {
  if (o->target < 0)
    return 0;
  int64_t p = o->width == 4
                  ? __atomic_load_n(&((const int32_t *)o->prio)[o->target],
                                    __ATOMIC_RELAXED)
                  : __atomic_load_n(&((const int64_t *)o->prio)[o->target],
                                    __ATOMIC_RELAXED);
  int64_t lowest, own = atomic_load(&t->low);
  lowest_other(o, t, &lowest);
  if (own < lowest)
    lowest = own;
  for (int i = 0; i < t->num_open; ++i)
    if (t->open[i]->bucket < lowest)
      lowest = t->open[i]->bucket;
  return p >= 0 && lowest > p / o->delta;
}

/* The value of v in `values` (`width` bytes each); negative ones count as
 * 0, whose bucket they order with. */
static int64_t value_at(const void *values, int32_t width, int64_t v) {
  int64_t value =
      width == 4
          ? __atomic_load_n(&((const int32_t *)values)[v], __ATOMIC_RELAXED)
          : __atomic_load_n(&((const int64_t *)values)[v], __ATOMIC_RELAXED);
  return value < 0 ? 0 : value;
}

void rt_obim_add_members(rt_obim *o, const int32_t *ids, int64_t count,
                         const void *values, int32_t width) {
  ob_chunk *c = NULL;
  int64_t chunks = 0;
  for (int64_t i = 0; i <= count; ++i) {
    if (c && (i == count || c->size == OB_CHUNK)) {
      for (int32_t k = 0; o->pending && k < c->size; ++k)
        o->pending[c->ids[k]] = c->bucket;
      ob_thread *t = &o->per_thread[chunks++ % o->threads];
      atomic_fetch_add(&t->opened, 1);
      publish(t, c);
      c = NULL;
    }
    if (i == count)
      break;
    int32_t v = ids[i];
    if ((uint64_t)v >= (uint64_t)o->n)
      rt_fatal("worklist: vertex %lld is not a vertex (0 to %lld)",
               (long long)v, (long long)o->n - 1);
    /* A member given twice: its first entry is pending already. */
    if (o->pending && o->pending[v] != OB_NONE)
      continue;
    if (o->pending)
      o->pending[v] = 0;
    int64_t bucket = bucket_of(o, value_at(values, width, v));
    if (!c)
      c = new_chunk(&o->per_thread[0], bucket);
    else if (bucket < c->bucket)
      c->bucket = bucket;
    c->ids[c->size++] = v;
  }
}

void rt_obim_seal(rt_obim *o, int self) {
  ob_thread *t = &o->per_thread[self];
  while (t->num_open)
    publish(t, t->open[--t->num_open]);
}

void rt_obim_take(graphrt_memref_i32 *r, rt_obim *o, int self) {
  RT_SET_MEMREF(r, (int32_t *)NULL, 0);
  ob_thread *t = &o->per_thread[self];
  for (;;) {
    ob_chunk *next = NULL;
    if (target_settled(o, t))
      rt_obim_seal(o, self);
    else
      next = take_lowest(o, t);
    if (t->current) {
      t->current->next = t->spare;
      t->spare = t->current;
      t->current = NULL;
      atomic_fetch_add(&t->finished, 1);
    }
    /* Nothing to take: wait while other threads may still publish (this
     * thread has no open chunk, and pushes only while it holds one). */
    while (!next && !target_settled(o, t) && !all_finished(o)) {
      sched_yield();
      next = take_lowest(o, t);
    }
    if (!next)
      return;
    t->current = next;
    /* Keep the live entries: those still their vertex's pending bucket. The
     * claims order before the caller's reads of the vertices' data, so that
     * an update whose push saw the entry pending is seen here. A chunk of
     * stale entries only is released by the next turn. */
    int32_t live = 0;
    /* By value at delta 1: an entry is live while its vertex's value lies
     * in its bucket, or above it (a member of an initial chunk, whose bucket
     * is its members' lowest); a vertex whose value fell below was pushed
     * again. The value was written before the push, hence before the
     * publish or within this thread. */
    for (int32_t i = 0; !o->pending && i < next->size; ++i)
      if (bucket_of(o, value_at(o->prio, o->width, next->ids[i])) >=
          next->bucket)
        next->ids[live++] = next->ids[i];
    for (int32_t i = 0; o->pending && i < next->size; ++i) {
      int32_t v = next->ids[i];
      int64_t expected = next->bucket;
      /* A stale entry is seen without taking the line for a write. */
      if (__atomic_load_n(&o->pending[v], __ATOMIC_RELAXED) != expected)
        continue;
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

#ifdef GRAPHRT_OBIM_COUNT
/* The lock acquisitions of all threads on their own heaps and on others',
 * and the chunks they published. */
static void ob_counts(const rt_obim *o, int64_t *own, int64_t *other,
                      int64_t *published) {
  *own = *other = *published = 0;
  for (int i = 0; i < o->threads; ++i) {
    *own += o->per_thread[i].own_locks;
    *other += o->per_thread[i].other_locks;
    *published += o->per_thread[i].published;
  }
}
#endif

/* Gives the live entries of chunk c to q (if any) and frees c. */
static void release_chunk(rt_obim *o, ob_chunk *c, graphrt_pq *q) {
  for (int32_t i = 0; q && o->pending && i < c->size; ++i)
    if (o->pending[c->ids[i]] == c->bucket) {
      o->pending[c->ids[i]] = OB_NONE;
      rt_pq_requeue_vertex(q, c->ids[i]);
    }
  free(c);
}

void rt_obim_free(rt_obim *o, graphrt_pq *q) {
  for (int i = 0; i < o->threads; ++i) {
    ob_thread *t = &o->per_thread[i];
    for (int k = 0; k < t->num_open; ++k)
      release_chunk(o, t->open[k], q);
    for (int64_t k = 0; k < t->size; ++k)
      release_chunk(o, t->heap[k], q);
    free(t->heap);
    free(t->current);
    while (t->spare) {
      ob_chunk *next = t->spare->next;
      free(t->spare);
      t->spare = next;
    }
  }
  free(o->per_thread);
  free(o->pending);
  free(o);
}
