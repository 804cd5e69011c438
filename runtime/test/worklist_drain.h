/* worklist_drain.h - taking and draining worklists in the unit tests of
 * worklist.c and obim.c. */
#ifndef GRAPHRT_TEST_WORKLIST_DRAIN_H
#define GRAPHRT_TEST_WORKLIST_DRAIN_H

#include "graph_rt.h"

/* The calling thread's next chunk of w in *ids; its size. */
static int64_t take(graphrt_worklist *w, int32_t **ids) {
  graphrt_memref_i32 chunk;
  _mlir_ciface_graphrt_worklist_take(&chunk, w);
  *ids = chunk.aligned + chunk.offset;
  return chunk.sizes[0];
}

/* Whether each of the n counts is `want`. */
static int all_equal(const int *counts, int64_t n, int want) {
  int equal = 1;
  for (int64_t v = 0; v < n; ++v)
    equal &= counts[v] == want;
  return equal;
}

/* The calling thread takes chunks of w until none is left, counting each
 * vertex it gets in visits (atomically: the team shares it); how many it
 * took. */
static int take_counting(graphrt_worklist *w, int *visits) {
  int32_t *ids;
  int64_t count;
  int taken = 0;
  while ((count = take(w, &ids)) > 0) {
    taken += (int)count;
    for (int64_t i = 0; i < count; ++i)
      __atomic_fetch_add(&visits[ids[i]], 1, __ATOMIC_RELAXED);
  }
  return taken;
}

/* A team drains w, calling visit on every vertex a thread takes. */
typedef void (*visit_fn)(graphrt_worklist *w, int32_t v, void *state);
static void drain(graphrt_worklist *w, visit_fn visit, void *state) {
#pragma omp parallel
  {
    int32_t *ids;
    int64_t count;
    while ((count = take(w, &ids)) > 0)
      for (int64_t i = 0; i < count; ++i)
        visit(w, ids[i], state);
  }
}

#endif /* GRAPHRT_TEST_WORKLIST_DRAIN_H */
