/* obim_tests.c - unit tests of the ordered worklists (obim.c, behind
 * graphrt_worklist_new_ordered): buckets taken lowest first, stale entries
 * dropped, the queue's vertices taken over, an early end once a target is
 * settled, many threads pushing at once,
 * stealing, termination, and shortest paths equal to Dijkstra's, on teams
 * of OMP_NUM_THREADS threads (test/Runtime/unittests.test runs 1, 2 and 7).
 */
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
    int32_t *ids;
    int64_t count;
    while ((count = take(w, &ids)) > 0) {
      total += (int)count;
      for (int64_t i = 0; i < count; ++i)
        __atomic_fetch_add(&visits[ids[i]], 1, __ATOMIC_RELAXED);
    }
  }
  CHECK_EQ(total, N);
  int once = 1;
  for (int v = 0; v < N; ++v)
    once &= visits[v] == 1;
  CHECK(once);
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
  int once = 1, workers = 0;
  for (int v = 0; v < TREE; ++v)
    once &= t.visits[v] == 1;
  for (int i = 0; i < threads; ++i)
    workers += t.worked[i];
  CHECK(once);
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

int main(void) {
  int threads = omp_get_max_threads();
  test_order();
  test_until();
  test_initial();
  test_contention();
  test_steal(threads);
  test_sssp();
  return check_report("obim");
}
