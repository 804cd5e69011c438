/* obim_sched_tests.c - unit tests of obim.c's own structures, on a copy of
 * obim.c built into this program with its lock counters
 * (GRAPHRT_OBIM_COUNT) and its functions renamed: the per-thread heaps of
 * published chunks and their growth, the lowest-bucket hints, steals, many
 * buckets, pushes of many threads to the same vertices, and termination.
 * Deterministic cases drive several threads' states from the calling
 * thread; the others run on teams of OMP_NUM_THREADS threads
 * (test/Runtime/unittests.test runs 1, 2 and 7). `obim_sched_tests counts`
 * prints the lock acquisitions of shortest paths on a grid. */
#define GRAPHRT_OBIM_COUNT 1
#define rt_obim_new counted_obim_new
#define rt_obim_push counted_obim_push
#define rt_obim_seal counted_obim_seal
#define rt_obim_take counted_obim_take
#define rt_obim_free counted_obim_free
#include "../lib/obim.c"

#include "check.h"

#include <unistd.h>

/* Thread `self`'s next chunk of o in *ids; its size. */
static int64_t take_as(rt_obim *o, int self, int32_t **ids) {
  graphrt_memref_i32 chunk;
  rt_obim_take(&chunk, o, self);
  *ids = chunk.aligned;
  return chunk.sizes[0];
}

/* The bucket of the chunk thread `self` took last. */
static int64_t taken_bucket(const rt_obim *o, int self) {
  return o->per_thread[self].current->bucket;
}

/* A team drains o, calling visit on every vertex a thread takes; the
 * number of threads whose takes ended while work was left. */
typedef void (*visit_fn)(rt_obim *o, int self, int32_t v, void *state);
static int drain_team(rt_obim *o, visit_fn visit, void *state) {
  int early = 0;
#pragma omp parallel reduction(+ : early)
  {
    int self = omp_get_thread_num();
    int32_t *ids;
    int64_t count;
    while ((count = take_as(o, self, &ids)) > 0)
      for (int64_t i = 0; i < count; ++i)
        visit(o, self, ids[i], state);
    early += !all_finished(o);
  }
  return early;
}

/* A worklist with `threads` threads' states. */
static rt_obim *new_with(int threads, int64_t n, int64_t delta) {
  int saved = omp_get_max_threads();
  omp_set_num_threads(threads);
  rt_obim *o = rt_obim_new(n, delta, -1, NULL, 4);
  omp_set_num_threads(saved);
  return o;
}

/* Three threads' states driven in turn: a take hands out the lowest bucket
 * any thread advertises, the taker's own open chunk, then its own published
 * one on ties, and locks a heap only where a hint shows work. */
static void test_hints_and_steals(void) {
  rt_obim *o = new_with(3, 1000, 10);
  rt_obim_push(o, 0, 1, 50);
  rt_obim_push(o, 0, 2, 20);
  rt_obim_seal(o, 0); /* thread 0 publishes buckets 5 and 2 */
  rt_obim_push(o, 1, 3, 30);
  rt_obim_seal(o, 1); /* thread 1 publishes bucket 3 */
  CHECK_EQ(atomic_load(&o->per_thread[0].low), 2);
  CHECK_EQ(atomic_load(&o->per_thread[1].low), 3);
  CHECK_EQ(atomic_load(&o->per_thread[2].low), OB_NONE);
  int32_t *ids;
  int64_t published, own, other;
  ob_counts(o, &own, &other, &published);
  CHECK_EQ(published, 3);
  CHECK_EQ(own, 3);
  CHECK_EQ(other, 0);
  /* Thread 2 has nothing: it steals 2 from thread 0, 3 from thread 1. */
  CHECK_EQ(take_as(o, 2, &ids), 1);
  CHECK_EQ(ids[0], 2);
  CHECK_EQ(take_as(o, 2, &ids), 1);
  CHECK_EQ(ids[0], 3);
  ob_counts(o, &own, &other, &published);
  CHECK_EQ(own, 3);   /* thread 2's empty heap was never locked */
  CHECK_EQ(other, 2); /* one lock per steal */
  /* Thread 2, processing, pushes to bucket 5 (open) and bucket 1; thread 0
   * still advertises 5. Its own open chunk of 1 comes first, then its open
   * 5 before thread 0's published 5, then thread 0's. */
  rt_obim_push(o, 2, 4, 55);
  rt_obim_push(o, 2, 5, 15);
  CHECK_EQ(take_as(o, 2, &ids), 1);
  CHECK_EQ(ids[0], 5);
  CHECK_EQ(take_as(o, 2, &ids), 1);
  CHECK_EQ(ids[0], 4);
  CHECK_EQ(take_as(o, 2, &ids), 1);
  CHECK_EQ(ids[0], 1);
  CHECK_EQ(taken_bucket(o, 2), 5);
  /* Thread 2 has finished everything: the take ends. */
  CHECK_EQ(take_as(o, 2, &ids), 0);
  CHECK(all_finished(o));
  rt_obim_free(o, NULL);
}

/* One thread pushes N vertices to N buckets, highest first: evicted open
 * chunks grow its heap from 64 entries to thousands, and its takes come out
 * in bucket order, one lock per publish and per take. */
static void test_many_buckets(void) {
  enum { N = 20000 };
  rt_obim *o = new_with(2, N, 3);
  for (int v = N - 1; v >= 0; --v)
    rt_obim_push(o, 0, v, 3 * (int64_t)v + 1);
  rt_obim_seal(o, 0);
  CHECK_EQ(o->per_thread[0].size, N);
  CHECK(o->per_thread[0].capacity >= N);
  int32_t *ids;
  int ordered = 1;
  for (int v = 0; v < N; ++v) {
    ordered &=
        take_as(o, 0, &ids) == 1 && ids[0] == v && taken_bucket(o, 0) == v;
  }
  CHECK(ordered);
  CHECK_EQ(take_as(o, 0, &ids), 0);
  int64_t published, own, other;
  ob_counts(o, &own, &other, &published);
  CHECK_EQ(published, N);
  CHECK_EQ(own, 2 * N);
  CHECK_EQ(other, 0);
  rt_obim_free(o, NULL);
}

/* The team pushes the same vertices at once, thread t with priority
 * 10 * v + t: each vertex is taken once, in the bucket of its lowest
 * priority (10 * v / delta), whatever thread pushed it. */
typedef struct {
  int *visits, wrong;
} contention_state;

static void visit_contended(rt_obim *o, int self, int32_t v, void *state) {
  contention_state *c = state;
  __atomic_fetch_add(&c->visits[v], 1, __ATOMIC_RELAXED);
  if (taken_bucket(o, self) != 10 * (int64_t)v)
    __atomic_fetch_add(&c->wrong, 1, __ATOMIC_RELAXED);
}

static void test_contention(void) {
  enum { N = 5000 };
  rt_obim *o = rt_obim_new(N, 1, -1, NULL, 4);
  contention_state c = {calloc(N, sizeof(int)), 0};
#pragma omp parallel
  {
    int self = omp_get_thread_num();
    for (int v = 0; v < N; ++v)
      rt_obim_push(o, self, v, 10 * (int64_t)v + self);
  }
  CHECK_EQ(drain_team(o, visit_contended, &c), 0);
  CHECK_EQ(c.wrong, 0);
  int once = 1;
  for (int v = 0; v < N; ++v)
    once &= c.visits[v] == 1;
  CHECK(once);
  rt_obim_free(o, NULL);
  free(c.visits);
}

/* Work that spreads from one vertex: vertex v pushes 2v+1 and 2v+2 (below
 * N) to buckets that go down and up, so threads keep stealing and meeting
 * lower buckets. Every thread's take ends only when every vertex has been
 * processed, once; repeated to catch a thread that leaves early. */
enum { SPREAD = 3000 };

static void visit_spread(rt_obim *o, int self, int32_t v, void *state) {
  int *visits = state;
  __atomic_fetch_add(&visits[v], 1, __ATOMIC_RELAXED);
  for (int64_t c = 2 * (int64_t)v + 1; c <= 2 * (int64_t)v + 2 && c < SPREAD;
       ++c)
    rt_obim_push(o, self, c, (c * 7919) % 200);
}

static void test_termination(int threads) {
  int *visits = calloc(SPREAD, sizeof(int));
  for (int run = 0; run < 20; ++run) {
    rt_obim *o = rt_obim_new(SPREAD, 4, -1, NULL, 4);
    memset(visits, 0, SPREAD * sizeof(int));
    rt_obim_push(o, 0, 0, 100);
    rt_obim_seal(o, 0);
    CHECK_EQ(drain_team(o, visit_spread, visits), 0);
    int once = 1;
    for (int v = 0; v < SPREAD; ++v)
      once &= visits[v] == 1;
    CHECK(once);
    int64_t published, own, other;
    ob_counts(o, &own, &other, &published);
    if (threads == 1)
      CHECK_EQ(other, 0);
    rt_obim_free(o, NULL);
  }
  free(visits);

  /* Nothing at all: every thread's first take ends. */
  rt_obim *o = rt_obim_new(10, 1, -1, NULL, 4);
  int taken = 0;
#pragma omp parallel reduction(+ : taken)
  {
    int32_t *ids;
    taken += (int)take_as(o, omp_get_thread_num(), &ids);
  }
  CHECK_EQ(taken, 0);
  rt_obim_free(o, NULL);
}

/* Thread 0 publishes many chunks of one bucket, slowly processed: the
 * others steal from its heap while it grows, and every vertex is processed
 * once. */
typedef struct {
  int *visits, *worked;
} growing_state;

static void visit_growing(rt_obim *o, int self, int32_t v, void *state) {
  growing_state *g = state;
  __atomic_fetch_add(&g->visits[v], 1, __ATOMIC_RELAXED);
  g->worked[self] = 1;
  /* The first chunk's vertices push the rest, all in bucket 0. */
  if (v < 64)
    for (int32_t c = 64 + v * 199; c < 64 + (v + 1) * 199; ++c)
      rt_obim_push(o, self, c, 0);
  else if (v % 8 == 0)
    usleep(20);
}

static void test_steal_while_growing(int threads) {
  enum { N = 64 * 200 };
  rt_obim *o = rt_obim_new(N, 1, -1, NULL, 4);
  growing_state g = {calloc(N, sizeof(int)),
                     calloc((size_t)threads, sizeof(int))};
  for (int v = 0; v < 64; ++v)
    rt_obim_push(o, 0, v, 0);
  rt_obim_seal(o, 0);
  CHECK_EQ(drain_team(o, visit_growing, &g), 0);
  int once = 1, workers = 0;
  for (int v = 0; v < N; ++v)
    once &= g.visits[v] == 1;
  for (int i = 0; i < threads; ++i)
    workers += g.worked[i];
  CHECK(once);
  if (threads > 1)
    CHECK(workers > 1);
  rt_obim_free(o, NULL);
  free(g.visits);
  free(g.worked);
}

/* The weight of the k-th edge of grid vertex u (left, right, up, down). */
static int32_t grid_weight(int32_t u, int k) {
  return 1 + (int32_t)(rt_mix64((uint64_t)u * 4 + (uint64_t)k) % 255);
}

/* The neighbours of u in a side x side grid (-1: none). */
static void grid_next(int32_t u, int side, int32_t next[4]) {
  int x = u % side, y = u / side;
  next[0] = x > 0 ? u - 1 : -1;
  next[1] = x + 1 < side ? u + 1 : -1;
  next[2] = y > 0 ? u - side : -1;
  next[3] = y + 1 < side ? u + side : -1;
}

typedef struct {
  int side;
  int32_t *dist;
} grid_state;

/* Relaxes u's grid edges: an atomic min per edge, a push per improvement. */
static void relax_grid(rt_obim *o, int self, int32_t u, void *state) {
  grid_state *g = state;
  int32_t du = __atomic_load_n(&g->dist[u], __ATOMIC_RELAXED), next[4];
  grid_next(u, g->side, next);
  for (int k = 0; k < 4; ++k) {
    if (next[k] < 0)
      continue;
    int32_t d = du + grid_weight(u, k);
    int32_t old = __atomic_load_n(&g->dist[next[k]], __ATOMIC_RELAXED);
    while (d < old &&
           !__atomic_compare_exchange_n(&g->dist[next[k]], &old, d, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      ;
    if (d < old)
      rt_obim_push(o, self, next[k], d);
  }
}

/* Shortest paths by label-correcting relaxation on a side x side grid with
 * weights 1 to 255, from vertex 0, over o; the distances in dist. */
static void grid_sssp(rt_obim *o, int side, int32_t *dist) {
  for (int v = 0; v < side * side; ++v)
    dist[v] = INT32_MAX;
  dist[0] = 0;
  rt_obim_push(o, 0, 0, 0);
  rt_obim_seal(o, 0);
  grid_state g = {side, dist};
  CHECK_EQ(drain_team(o, relax_grid, &g), 0);
}

/* Grid shortest paths at several deltas equal serial Bellman-Ford's. */
static void test_grid(void) {
  enum { SIDE = 96, N = SIDE * SIDE };
  int32_t *want = malloc(N * sizeof(int32_t)),
          *got = malloc(N * sizeof(int32_t));
  for (int v = 0; v < N; ++v)
    want[v] = INT32_MAX;
  want[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int32_t u = 0; u < N; ++u) {
      int32_t next[4];
      grid_next(u, SIDE, next);
      for (int k = 0; k < 4 && want[u] != INT32_MAX; ++k)
        if (next[k] >= 0 && want[u] + grid_weight(u, k) < want[next[k]]) {
          want[next[k]] = want[u] + grid_weight(u, k);
          changed = 1;
        }
    }
  }
  for (int64_t delta = 1; delta <= 4096; delta *= 16) {
    rt_obim *o = rt_obim_new(N, delta, -1, NULL, 4);
    grid_sssp(o, SIDE, got);
    CHECK(memcmp(want, got, N * sizeof(int32_t)) == 0);
    rt_obim_free(o, NULL);
  }
  free(want);
  free(got);
}

/* Prints the lock acquisitions of grid shortest paths per delta. */
static void print_counts(void) {
  enum { SIDE = 256, N = SIDE * SIDE };
  int32_t *dist = malloc(N * sizeof(int32_t));
  for (int64_t delta = 1; delta <= 4096; delta *= 16) {
    rt_obim *o = rt_obim_new(N, delta, -1, NULL, 4);
    grid_sssp(o, SIDE, dist);
    int64_t published, own, other;
    ob_counts(o, &own, &other, &published);
    printf("threads %d delta %lld: chunks published %lld, own-heap locks "
           "%lld, other-heap locks %lld, shared-index locks 0\n",
           omp_get_max_threads(), (long long)delta, (long long)published,
           (long long)own, (long long)other);
    rt_obim_free(o, NULL);
  }
  free(dist);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "counts")) {
    print_counts();
    return 0;
  }
  int threads = omp_get_max_threads();
  test_hints_and_steals();
  test_many_buckets();
  test_contention();
  test_termination(threads);
  test_steal_while_growing(threads);
  test_grid();
  return check_report("obim_sched");
}
