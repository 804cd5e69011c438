/* obim_tests.c - unit tests of the ordered worklists (obim.c, behind
 * graphrt_worklist_new_ordered and graphrt_worklist_new_by_value): buckets
 * taken lowest first, stale entries dropped, the queue's vertices taken
 * over, an early end once a target is settled, many threads pushing at
 * once, stealing, termination, shortest paths equal to Dijkstra's, and
 * (by value) a vertex set's members in chunks of their lowest bucket,
 * negative values in bucket 0, and label-propagation components equal to a
 * serial union-find's, on teams of OMP_NUM_THREADS threads
 * (test/Runtime/unittests.test runs 1, 2 and 7). */
#include "check.h"
#include "graph_rt.h"
#include "worklist_drain.h"

#include <omp.h>
#include <stdint.h>
#include <unistd.h>

/* An eager queue over prio (delta `delta`) starting with `start`, or empty
 * when start < 0. */
static graphrt_pq *queue_of(int32_t *prio, int64_t n, int64_t delta,
                            int64_t start) {
  return graphrt_pq_new(prio, 4, n, 1, delta, start < 0 ? 0 : start,
                        start < 0 ? GRAPHRT_PQ_EMPTY : GRAPHRT_PQ_START,
                        GRAPHRT_PQ_EAGER, 128);
}

/* The calling thread alone: the queue's vertex first (the queue is then
 * empty), then buckets lowest first whatever the push order, a vertex once
 * per bucket, and an entry left in a higher bucket dropped. */
static void test_order(void) {
  int32_t prio[8] = {25, 0, 0, 0, 0, 0, 0, 0};
  graphrt_pq *q = queue_of(prio, 8, 10, 0);
  graphrt_worklist *w = graphrt_worklist_new_ordered(q);
  CHECK(graphrt_pq_finished(q));
  int32_t *ids;
  CHECK_EQ(take(w, &ids), 1);
  CHECK_EQ(ids[0], 0);
  graphrt_worklist_push_ordered(w, 5, 55); /* bucket 5 */
  graphrt_worklist_push_ordered(w, 3, 31); /* bucket 3 */
  graphrt_worklist_push_ordered(w, 1, 12); /* bucket 1 */
  graphrt_worklist_push_ordered(w, 2, 18); /* bucket 1 */
  graphrt_worklist_push_ordered(w, 1, 11); /* bucket 1 again: nothing */
  graphrt_worklist_push_ordered(w, 6, 57); /* bucket 5, then lower: */
  graphrt_worklist_push_ordered(w, 6, 14); /* bucket 1; bucket 5's is stale */
  graphrt_worklist_push_ordered(w, 4, 33); /* bucket 3, then higher: */
  graphrt_worklist_push_ordered(w, 4, 39); /* nothing */
  CHECK_EQ(take(w, &ids), 3);
  CHECK_EQ(ids[0], 1);
  CHECK_EQ(ids[1], 2);
  CHECK_EQ(ids[2], 6);
  CHECK_EQ(take(w, &ids), 2);
  CHECK_EQ(ids[0], 3);
  CHECK_EQ(ids[1], 4);
  /* Taken vertices may come back, also below the bucket being processed. */
  graphrt_worklist_push_ordered(w, 3, 2);
  CHECK_EQ(take(w, &ids), 1);
  CHECK_EQ(ids[0], 3);
  CHECK_EQ(take(w, &ids), 1);
  CHECK_EQ(ids[0], 5);
  CHECK_EQ(take(w, &ids), 0);
  graphrt_worklist_free(w);
  graphrt_pq_free(q);
}

/* Until a target is settled: the take ends once no work is left at or
 * below the target's bucket, and the vertices left go back to the queue. */
static void test_until(void) {
  int32_t prio[4] = {0, INT32_MAX, INT32_MAX, INT32_MAX};
  graphrt_pq *q = queue_of(prio, 4, 1, 0);
  graphrt_worklist *w = graphrt_worklist_new_ordered_until(q, 1);
  int32_t *ids;
  CHECK_EQ(take(w, &ids), 1);
  prio[1] = 5;
  graphrt_worklist_push_ordered(w, 1, 5);
  prio[2] = 9;
  graphrt_worklist_push_ordered(w, 2, 9);
  CHECK_EQ(take(w, &ids), 1);
  CHECK_EQ(ids[0], 1);
  CHECK_EQ(take(w, &ids), 0);
  graphrt_worklist_free(w);
  CHECK(!graphrt_pq_finished(q));
  graphrt_vset *left = graphrt_pq_dequeue(q);
  CHECK_EQ(graphrt_vset_size(left), 1);
  CHECK(graphrt_vset_contains(left, 2));
  graphrt_vset_free(left);
  CHECK(graphrt_pq_finished(q));
  graphrt_pq_free(q);
}

/* Every vertex of a queue built with all of them, each in its bucket; an
 * empty queue ends every thread's first take. */
static void test_initial(void) {
  enum { N = 300 };
  int32_t prio[N];
  for (int v = 0; v < N; ++v)
    prio[v] = (v * 7919) % 1000;
  graphrt_pq *q = graphrt_pq_new(prio, 4, N, 1, 100, 0, GRAPHRT_PQ_ALL,
                                 GRAPHRT_PQ_EAGER, 128);
  graphrt_worklist *w = graphrt_worklist_new_ordered(q);
  int32_t *ids;
  int64_t count, seen = 0, last = 0;
  int ordered = 1;
  while ((count = take(w, &ids)) > 0)
    for (int64_t i = 0; i < count; ++i, ++seen) {
      ordered &= prio[ids[i]] / 100 >= last;
      last = prio[ids[i]] / 100;
    }
  CHECK_EQ(seen, N);
  CHECK(ordered);
  graphrt_worklist_free(w);
  graphrt_pq_free(q);

  q = queue_of(prio, N, 1, -1);
  w = graphrt_worklist_new_ordered(q);
  int taken = 0;
#pragma omp parallel reduction(+ : taken)
  taken += (int)take(w, &ids);
  CHECK_EQ(taken, 0);
  graphrt_worklist_free(w);
  graphrt_pq_free(q);
}

/* Many threads push the same vertices at once, with the same priorities:
 * each is taken once. */
static void test_contention(void) {
  enum { N = 640 };
  int32_t prio[N] = {0};
  graphrt_pq *q = queue_of(prio, N, 4, -1);
  graphrt_worklist *w = graphrt_worklist_new_ordered(q);
  int visits[N] = {0};
  int total = 0;
#pragma omp parallel reduction(+ : total)
  {
    for (int v = 0; v < N; ++v)
      graphrt_worklist_push_ordered(w, v, v % 37);
#pragma omp barrier
    total += take_counting(w, visits);
  }
  CHECK_EQ(total, N);
  CHECK(all_equal(visits, N, 1));
  graphrt_worklist_free(w);
  graphrt_pq_free(q);
}

enum { TREE = 2000 };

typedef struct {
  int *visits, *worked;
} tree_state;

static void visit_tree(graphrt_worklist *w, int32_t v, void *state) {
  tree_state *t = state;
  __atomic_fetch_add(&t->visits[v], 1, __ATOMIC_RELAXED);
  t->worked[omp_get_thread_num()] = 1;
  usleep(50);
  for (int64_t c = 2 * (int64_t)v + 1; c <= 2 * (int64_t)v + 2 && c < TREE; ++c)
    graphrt_worklist_push_ordered(w, c, 0);
}

/* A binary tree from its root, every vertex in bucket 0, processing slow
 * enough that the root's thread cannot do it all: others steal, and the
 * team ends together with every vertex processed once. */
static void test_steal(int threads) {
  int32_t prio[TREE] = {0};
  graphrt_pq *q = queue_of(prio, TREE, 1, 0);
  graphrt_worklist *w = graphrt_worklist_new_ordered(q);
  tree_state t = {calloc(TREE, sizeof(int)), calloc(threads, sizeof(int))};
  drain(w, visit_tree, &t);
  int workers = 0;
  for (int i = 0; i < threads; ++i)
    workers += t.worked[i];
  CHECK(all_equal(t.visits, TREE, 1));
  if (threads > 1)
    CHECK(workers > 1);
  free(t.visits);
  free(t.worked);
  graphrt_worklist_free(w);
  graphrt_pq_free(q);
}

/* Shortest paths on a random graph by label-correcting relaxation over the
 * ordered worklist (atomic min, push on improvement), as generated code
 * runs delta-stepping with priority_update = obim: the distances equal a
 * serial Dijkstra's, for several deltas. */
enum { SSSP_N = 3000, SSSP_DEG = 6 };

typedef struct {
  int32_t *target, *weight, *dist;
} sssp_state;

/* Relaxes u's out-edges: an atomic min per edge, a push per improvement. */
static void relax(graphrt_worklist *w, int32_t u, void *state) {
  sssp_state *g = state;
  int32_t du = __atomic_load_n(&g->dist[u], __ATOMIC_RELAXED);
  for (int e = u * SSSP_DEG; e < (u + 1) * SSSP_DEG; ++e) {
    int32_t d = du + g->weight[e], old = g->dist[g->target[e]];
    while (d < old &&
           !__atomic_compare_exchange_n(&g->dist[g->target[e]], &old, d, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      ;
    if (d < old)
      graphrt_worklist_push_ordered(w, g->target[e], d);
  }
}

static void test_sssp(void) {
  enum { N = SSSP_N, DEG = SSSP_DEG };
  int32_t *target = malloc(sizeof(int32_t) * N * DEG);
  int32_t *weight = malloc(sizeof(int32_t) * N * DEG);
  uint64_t seed = 12345;
  for (int i = 0; i < N * DEG; ++i) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    target[i] = (int32_t)((seed >> 33) % N);
    weight[i] = (int32_t)((seed >> 17) % 100);
  }
  /* Dijkstra, O(N^2) without a heap. */
  int32_t *want = malloc(sizeof(int32_t) * N);
  char *done = calloc(N, 1);
  for (int v = 0; v < N; ++v)
    want[v] = INT32_MAX;
  want[0] = 0;
  for (int round = 0; round < N; ++round) {
    int u = -1;
    for (int v = 0; v < N; ++v)
      if (!done[v] && want[v] != INT32_MAX && (u < 0 || want[v] < want[u]))
        u = v;
    if (u < 0)
      break;
    done[u] = 1;
    for (int e = u * DEG; e < (u + 1) * DEG; ++e)
      if (want[u] + weight[e] < want[target[e]])
        want[target[e]] = want[u] + weight[e];
  }
  sssp_state g = {target, weight, malloc(sizeof(int32_t) * N)};
  for (int delta = 1; delta <= 1000; delta *= 10) {
    for (int v = 0; v < N; ++v)
      g.dist[v] = INT32_MAX;
    g.dist[0] = 0;
    graphrt_pq *q = queue_of(g.dist, N, delta, 0);
    graphrt_worklist *w = graphrt_worklist_new_ordered(q);
    drain(w, relax, &g);
    int equal = 1;
    for (int v = 0; v < N; ++v)
      equal &= g.dist[v] == want[v];
    CHECK(equal);
    graphrt_worklist_free(w);
    graphrt_pq_free(q);
  }
  free(target);
  free(weight);
  free(want);
  free(done);
  free(g.dist);
}

/* By value, the calling thread alone: all vertices in chunks of 64
 * consecutive ids, each in the lowest bucket of its members' values, taken
 * lowest first; a negative value counts as 0; pushes go to their values'
 * buckets. */
static void test_by_value_order(void) {
  enum { N = 200 };
  int32_t value[N];
  for (int v = 0; v < N; ++v)
    value[v] = 2 * (N - 1 - v); /* chunk k's lowest at its last member */
  graphrt_vset *all = graphrt_vset_new(N, 1);
  graphrt_worklist *w = graphrt_worklist_new_by_value(all, value, 4, 2);
  int32_t *ids;
  /* Buckets 0 (192..199), 8 (128..191), 72 (64..127), 136 (0..63). */
  CHECK_EQ(take(w, &ids), 8);
  CHECK_EQ(ids[0], 192);
  graphrt_worklist_push_ordered(w, 3, 9); /* bucket 4 */
  CHECK_EQ(take(w, &ids), 1);
  CHECK_EQ(ids[0], 3);
  CHECK_EQ(take(w, &ids), 64);
  CHECK_EQ(ids[0], 128);
  CHECK_EQ(take(w, &ids), 64);
  CHECK_EQ(ids[0], 64);
  /* Vertex 3's entry in its first chunk is stale: the chunk keeps its
   * other 63. */
  CHECK_EQ(take(w, &ids), 63);
  CHECK_EQ(ids[0], 0);
  CHECK_EQ(take(w, &ids), 0);
  graphrt_worklist_free(w);
  graphrt_vset_free(all);

  /* 64-bit values, the largest in the highest bucket there is. */
  int64_t value64[4] = {-5, INT64_MAX, 7, INT64_MAX};
  int32_t three[] = {1, 3};
  graphrt_vset *two = graphrt_vset_from_ids(4, three, 2);
  w = graphrt_worklist_new_by_value(two, value64, 8, 1);
  graphrt_worklist_push_ordered(w, 2, 7);
  graphrt_worklist_push_ordered(w, 0, 0); /* the IR pushes max(value, 0) */
  CHECK_EQ(take(w, &ids), 1);
  CHECK_EQ(ids[0], 0);
  CHECK_EQ(take(w, &ids), 1);
  CHECK_EQ(ids[0], 2);
  CHECK_EQ(take(w, &ids), 2);
  CHECK_EQ(take(w, &ids), 0);
  graphrt_worklist_free(w);
  graphrt_vset_free(two);
}

/* Connected components by label propagation over a by-value worklist, as
 * generated code runs `IDs[dst] min= IDs[src]` with async = ordered: every
 * vertex starts in the worklist with its own id as label, a take processes
 * the lowest labels first, and each lowered label is pushed at its new
 * value. A random symmetric graph of many small components and one large
 * one, with self-loops. */
enum { CC_N = 5000, CC_DEG = 3 };

typedef struct {
  int64_t *offsets;
  int32_t *neighbors, *label;
  int64_t *visits;
} cc_state;

static void propagate(graphrt_worklist *w, int32_t u, void *state) {
  cc_state *g = state;
  __atomic_fetch_add(g->visits, 1, __ATOMIC_RELAXED);
  int32_t l = __atomic_load_n(&g->label[u], __ATOMIC_RELAXED);
  for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
    int32_t v = g->neighbors[e];
    int32_t old = __atomic_load_n(&g->label[v], __ATOMIC_RELAXED);
    while (l < old &&
           !__atomic_compare_exchange_n(&g->label[v], &old, l, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      ;
    if (l < old)
      graphrt_worklist_push_ordered(w, v, l);
  }
}

static int32_t find(int32_t *parent, int32_t v) {
  while (parent[v] != v)
    v = parent[v] = parent[parent[v]];
  return v;
}

static void test_by_value_cc(void) {
  enum { N = CC_N, M = CC_N * CC_DEG };
  int32_t *from = malloc(sizeof(int32_t) * M),
          *to = malloc(sizeof(int32_t) * M);
  uint64_t seed = 777;
  for (int e = 0; e < M; ++e) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    /* Vertices below N/2 form small groups of 10, the rest one random
     * graph; some edges are self-loops. */
    int32_t u = e / CC_DEG, v = (int32_t)((seed >> 33) % N);
    from[e] = u;
    to[e] = u < N / 2 ? (u / 10) * 10 + v % 10 : N / 2 + v % (N - N / 2);
  }
  /* Both directions of every edge, as CSR. */
  cc_state g = {calloc(N + 1, sizeof(int64_t)), malloc(sizeof(int32_t) * 2 * M),
                malloc(sizeof(int32_t) * N), NULL};
  for (int e = 0; e < M; ++e) {
    ++g.offsets[from[e] + 1];
    ++g.offsets[to[e] + 1];
  }
  for (int v = 0; v < N; ++v)
    g.offsets[v + 1] += g.offsets[v];
  int64_t *fill = malloc(sizeof(int64_t) * N);
  for (int v = 0; v < N; ++v)
    fill[v] = g.offsets[v];
  for (int e = 0; e < M; ++e) {
    g.neighbors[fill[from[e]]++] = to[e];
    g.neighbors[fill[to[e]]++] = from[e];
  }
  /* The smallest id of each component, serially (union by lower root). */
  int32_t *parent = malloc(sizeof(int32_t) * N);
  for (int v = 0; v < N; ++v)
    parent[v] = v;
  for (int e = 0; e < M; ++e) {
    int32_t a = find(parent, from[e]), b = find(parent, to[e]);
    if (a < b)
      parent[b] = a;
    else
      parent[a] = b;
  }
  int64_t visits = 0;
  g.visits = &visits;
  graphrt_vset *all = graphrt_vset_new(N, 1);
  for (int delta = 1; delta <= 1000; delta *= 10) {
    for (int v = 0; v < N; ++v)
      g.label[v] = v;
    visits = 0;
    graphrt_worklist *w = graphrt_worklist_new_by_value(all, g.label, 4, delta);
    drain(w, propagate, &g);
    int equal = 1;
    for (int v = 0; v < N; ++v)
      equal &= g.label[v] == find(parent, v);
    CHECK(equal);
    CHECK(visits >= N);
    graphrt_worklist_free(w);
  }
  graphrt_vset_free(all);
  free(from);
  free(to);
  free(fill);
  free(parent);
  free(g.offsets);
  free(g.neighbors);
  free(g.label);
}

/* By value, under contention: every thread lowers every vertex's value at
 * once, four times, pushing it at each value it lowered it to (as
 * generated code does), then the team drains the worklist: each vertex is
 * taken once (at its lowest value), and the team ends together. At delta 1
 * (no pending buckets: the older entries are stale by their values) and 3. */
static void test_by_value_contention(void) {
  enum { N = 1000 };
  for (int delta = 1; delta <= 3; delta += 2) {
    int32_t value[N];
    for (int v = 0; v < N; ++v)
      value[v] = INT32_MAX;
    graphrt_vset *none = graphrt_vset_new(N, 0);
    graphrt_worklist *w = graphrt_worklist_new_by_value(none, value, 4, delta);
    int visits[N] = {0};
    int total = 0;
#pragma omp parallel reduction(+ : total)
    {
      for (int round = 3; round >= 0; --round)
        for (int v = 0; v < N; ++v) {
          int32_t lower = (v % 50) * 4 + round * 3;
          int32_t old = __atomic_load_n(&value[v], __ATOMIC_RELAXED);
          while (lower < old && !__atomic_compare_exchange_n(
                                    &value[v], &old, lower, 0, __ATOMIC_SEQ_CST,
                                    __ATOMIC_RELAXED))
            ;
          if (lower < old)
            graphrt_worklist_push_ordered(w, v, lower);
        }
#pragma omp barrier
      total += take_counting(w, visits);
    }
    CHECK_EQ(total, N);
    CHECK(all_equal(visits, N, 1));
    graphrt_worklist_free(w);
    graphrt_vset_free(none);
  }
}

/* By value from one vertex: a binary tree whose vertices' values are their
 * depths, processing slow enough that others steal; every vertex is
 * processed once and the team ends together. */
typedef struct {
  int32_t *depth;
  int *visits, *worked;
} depth_state;

static void visit_depth(graphrt_worklist *w, int32_t v, void *state) {
  depth_state *t = state;
  __atomic_fetch_add(&t->visits[v], 1, __ATOMIC_RELAXED);
  t->worked[omp_get_thread_num()] = 1;
  usleep(50);
  for (int64_t c = 2 * (int64_t)v + 1; c <= 2 * (int64_t)v + 2 && c < TREE;
       ++c) {
    t->depth[c] = t->depth[v] + 1;
    graphrt_worklist_push_ordered(w, c, t->depth[c]);
  }
}

static void test_by_value_steal(int threads) {
  int32_t depth[TREE];
  for (int v = 0; v < TREE; ++v)
    depth[v] = INT32_MAX;
  depth[0] = 0;
  int32_t root = 0;
  graphrt_vset *start = graphrt_vset_from_ids(TREE, &root, 1);
  graphrt_worklist *w = graphrt_worklist_new_by_value(start, depth, 4, 1);
  depth_state t = {depth, calloc(TREE, sizeof(int)),
                   calloc(threads, sizeof(int))};
  drain(w, visit_depth, &t);
  int workers = 0;
  for (int i = 0; i < threads; ++i)
    workers += t.worked[i];
  CHECK(all_equal(t.visits, TREE, 1));
  if (threads > 1)
    CHECK(workers > 1);
  free(t.visits);
  free(t.worked);
  graphrt_worklist_free(w);
  graphrt_vset_free(start);
}

int main(void) {
  int threads = omp_get_max_threads();
  test_order();
  test_until();
  test_initial();
  test_contention();
  test_steal(threads);
  test_sssp();
  test_by_value_order();
  test_by_value_cc();
  test_by_value_contention();
  test_by_value_steal(threads);
  return check_report("obim");
}
