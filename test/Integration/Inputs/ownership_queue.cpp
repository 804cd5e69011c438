// postpone() for ownership.test's queue.gt: an extern that returns the set
// it was given, changing priorities through the `int *prio` graphc
// publishes.
#include <cstdint>

extern "C" {
struct graphrt_vset;
graphrt_vset *graphrt_vset_new(int64_t num_vertices, int32_t all);
int64_t graphrt_vset_num_vertices(const graphrt_vset *s);
int32_t graphrt_vset_contains(graphrt_vset *s, int64_t v);
}

extern int *prio;

// Moves each member below 8 to bucket priority + 8 and returns its argument
// when it moved any; otherwise a new empty set.
graphrt_vset *postpone(graphrt_vset *ready) {
  int64_t n = graphrt_vset_num_vertices(ready);
  bool moved = false;
  for (int64_t v = 0; v < n; v++)
    if (graphrt_vset_contains(ready, v) && prio[v] < 8) {
      prio[v] += 8;
      moved = true;
    }
  return moved ? ready : graphrt_vset_new(n, 0);
}
