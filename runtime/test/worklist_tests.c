/* worklist_tests.c - unit tests of the asynchronous loops' worklists
 * (worklist.c): push and take, a vertex queued once at a time, many threads
 * pushing at once, stealing, and termination, on teams of OMP_NUM_THREADS
 * threads (test/Runtime/unittests.test runs 1, 2 and 7; changing the team
 * size within the program would leak libomp's thread records). */
#include "check.h"
#include "graph_rt.h"
#include "worklist_drain.h"

#include <omp.h>
#include <stdint.h>
#include <unistd.h>

static graphrt_vset *set_of(int64_t n, const int64_t *members, int count) {
  graphrt_vset *s = graphrt_vset_new(n, 0);
  for (int i = 0; i < count; ++i)
    graphrt_vset_insert(s, members[i]);
  return s;
}

/* The calling thread alone: the initial members, then a vertex pushed twice
 * comes back once, then a taken vertex can be pushed again, then the end. */
static void test_push_take(void) {
  int64_t members[] = {3, 5, 7};
  graphrt_vset *s = set_of(10, members, 3);
  graphrt_worklist *w = graphrt_worklist_new(s);
  graphrt_vset_free(s);
  int32_t *ids;
  int64_t n = take(w, &ids);
  CHECK_EQ(n, 3);
  int64_t sum = 0;
  for (int64_t i = 0; i < n; ++i)
    sum += ids[i];
  CHECK_EQ(sum, 15);
  graphrt_worklist_push(w, 9);
  graphrt_worklist_push(w, 9);
  graphrt_worklist_push(w, 5);
  n = take(w, &ids);
  CHECK_EQ(n, 2);
  CHECK_EQ(ids[0], 9);
  CHECK_EQ(ids[1], 5);
  graphrt_worklist_push(w, 9);
  n = take(w, &ids);
  CHECK_EQ(n, 1);
  CHECK_EQ(ids[0], 9);
  CHECK_EQ(take(w, &ids), 0);
  graphrt_worklist_free(w);
}

/* An empty initial set: the first take ends the loop. */
static void test_empty(void) {
  graphrt_vset *s = graphrt_vset_new(4, 0);
  graphrt_worklist *w = graphrt_worklist_new(s);
  graphrt_vset_free(s);
  int taken = 0;
#pragma omp parallel reduction(+ : taken)
  {
    int32_t *ids;
    taken += (int)take(w, &ids);
  }
  CHECK_EQ(taken, 0);
  graphrt_worklist_free(w);
}

enum { TREE = 100000 };

typedef struct {
  int64_t n;
  int slow;
  int *visits, *worked;
} tree_state;

static void visit_tree(graphrt_worklist *w, int32_t v, void *state) {
  tree_state *t = state;
  __atomic_fetch_add(&t->visits[v], 1, __ATOMIC_RELAXED);
  t->worked[omp_get_thread_num()] = 1;
  if (t->slow)
    usleep(50);
  for (int64_t c = 2 * (int64_t)v + 1; c <= 2 * (int64_t)v + 2 && c < t->n; ++c)
    graphrt_worklist_push(w, c);
}

/* A binary tree's vertices from its root: every vertex is pushed once, by
 * its parent, from whichever thread processed the parent; each is processed
 * once and the team ends together. With `slow`, processing takes long
 * enough that the root's thread cannot do it all: others must steal. */
static void test_tree(int threads, int slow) {
  int64_t root = 0;
  tree_state t = {slow ? 2000 : TREE, slow, NULL, NULL};
  graphrt_vset *s = set_of(t.n, &root, 1);
  graphrt_worklist *w = graphrt_worklist_new(s);
  graphrt_vset_free(s);
  t.visits = calloc((size_t)t.n, sizeof(int));
  t.worked = calloc((size_t)threads, sizeof(int));
  drain(w, visit_tree, &t);
  CHECK(all_equal(t.visits, t.n, 1));
  int workers = 0;
  for (int i = 0; i < threads; ++i)
    workers += t.worked[i];
  if (slow && threads > 1)
    CHECK(workers > 1);
  free(t.visits);
  free(t.worked);
  graphrt_worklist_free(w);
}

enum { ROUNDS = 3 };

static void visit_again(graphrt_worklist *w, int32_t v, void *state) {
  int *visits = state;
  if (__atomic_add_fetch(&visits[v], 1, __ATOMIC_RELAXED) < ROUNDS)
    graphrt_worklist_push(w, v);
}

/* Every vertex pushes itself again until processed ROUNDS times: re-pushes
 * of taken vertices are kept, and the loop still ends. All vertices start
 * in the worklist, spread over the threads' queues. */
static void test_repush(void) {
  enum { N = 5000 };
  graphrt_vset *s = graphrt_vset_new(N, 1);
  graphrt_worklist *w = graphrt_worklist_new(s);
  graphrt_vset_free(s);
  int *visits = calloc(N, sizeof(int));
  drain(w, visit_again, visits);
  CHECK(all_equal(visits, N, ROUNDS));
  free(visits);
  graphrt_worklist_free(w);
}

/* Many threads push the same few vertices at once: each is queued once. */
static void test_contention(void) {
  enum { N = 64 };
  graphrt_vset *s = graphrt_vset_new(N, 0);
  graphrt_worklist *w = graphrt_worklist_new(s);
  graphrt_vset_free(s);
  int total = 0;
  int visits[N] = {0};
#pragma omp parallel reduction(+ : total)
  {
    /* Each thread pushes every vertex; only the pushes that queued a
     * vertex reach a chunk, which its thread's first take returns. */
    for (int v = 0; v < N; ++v)
      graphrt_worklist_push(w, v);
#pragma omp barrier
    total += take_counting(w, visits);
  }
  CHECK_EQ(total, N);
  CHECK(all_equal(visits, N, 1));
  graphrt_worklist_free(w);
}

/* A thread's pushes go to the worklist they name, not the one it took its
 * chunk from (a push reuses the slot its thread's last take found only for
 * that worklist): a team drains A, pushing every vertex it takes to B, then
 * drains B, and pushes to A from the same threads after A's drain ended;
 * then a worklist made after A and B were freed (maybe at A's address)
 * takes a push from each thread, before any take of its own. */
static void test_two_worklists(void) {
  enum { N = 20000 };
  graphrt_vset *all = graphrt_vset_new(N, 1);
  graphrt_vset *none = graphrt_vset_new(N, 0);
  graphrt_worklist *a = graphrt_worklist_new(all);
  graphrt_worklist *b = graphrt_worklist_new(none);
  int *from_a = calloc(N, sizeof(int)), *from_b = calloc(N, sizeof(int));
  int *again = calloc(N, sizeof(int));
#pragma omp parallel
  {
    int32_t *ids;
    int64_t count;
    while ((count = take(a, &ids)) > 0)
      for (int64_t i = 0; i < count; ++i) {
        __atomic_fetch_add(&from_a[ids[i]], 1, __ATOMIC_RELAXED);
        graphrt_worklist_push(b, ids[i]);
      }
#pragma omp barrier
    while ((count = take(b, &ids)) > 0)
      for (int64_t i = 0; i < count; ++i) {
        __atomic_fetch_add(&from_b[ids[i]], 1, __ATOMIC_RELAXED);
        if (ids[i] % 7 == 0)
          graphrt_worklist_push(a, ids[i]);
      }
#pragma omp barrier
    take_counting(a, again);
  }
  CHECK(all_equal(from_a, N, 1));
  CHECK(all_equal(from_b, N, 1));
  for (int64_t v = 0; v < N; ++v)
    CHECK_EQ(again[v], v % 7 == 0);
  graphrt_worklist_free(a);
  graphrt_worklist_free(b);
  graphrt_worklist *c = graphrt_worklist_new(none);
  int *from_c = calloc(N, sizeof(int));
  int total = 0;
#pragma omp parallel reduction(+ : total)
  {
    graphrt_worklist_push(c, omp_get_thread_num());
#pragma omp barrier
    total += take_counting(c, from_c);
  }
  CHECK_EQ(total, omp_get_max_threads());
  graphrt_vset_free(all);
  graphrt_vset_free(none);
  graphrt_worklist_free(c);
  free(from_a);
  free(from_b);
  free(again);
  free(from_c);
}

int main(void) {
  int threads = omp_get_max_threads();
  test_push_take();
  test_empty();
  test_tree(threads, 0);
  test_tree(threads, 1);
  test_repush();
  test_contention();
  test_two_worklists();
  return check_report("worklist");
}
