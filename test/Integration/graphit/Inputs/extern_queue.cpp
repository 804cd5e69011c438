// delay() for extern_queue.gt: reads the ready set and builds the set of
// moved vertices with libgraphrt's set functions, and changes priorities
// through the `int *prio` graphc publishes.
#include <cstdint>

extern "C" {
struct graphrt_vset;
graphrt_vset *graphrt_vset_new(int64_t num_vertices, int32_t all);
int64_t graphrt_vset_num_vertices(const graphrt_vset *s);
int32_t graphrt_vset_contains(graphrt_vset *s, int64_t v);
void graphrt_vset_insert(graphrt_vset *s, int64_t v);
}

extern int *prio;

graphrt_vset *delay(graphrt_vset *ready) {
  int64_t n = graphrt_vset_num_vertices(ready);
  graphrt_vset *moved = graphrt_vset_new(n, 0);
  for (int64_t v = 0; v < n; v++)
    if (graphrt_vset_contains(ready, v) && v % 3 == 0 && prio[v] == v) {
      prio[v] = v + 5;
      graphrt_vset_insert(moved, v);
    }
  return moved;
}
