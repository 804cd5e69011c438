// Extern functions for ownership.test that return vertex sets the program
// must not own twice, or no set at all: their own argument, a set they made
// in an earlier call, NULL, a set over the wrong vertex count, a pointer
// libgraphrt never handed out.
#include <cstdint>

extern "C" {
struct graphrt_vset;
graphrt_vset *graphrt_vset_new(int64_t num_vertices, int32_t all);
int64_t graphrt_vset_num_vertices(const graphrt_vset *s);
int64_t graphrt_vset_size(graphrt_vset *s);
int32_t graphrt_vset_contains(graphrt_vset *s, int64_t v);
void graphrt_vset_insert(graphrt_vset *s, int64_t v);
}

graphrt_vset *same(graphrt_vset *s) { return s; }

// The members of s and vertex 0, as a new set.
graphrt_vset *withZero(graphrt_vset *s) {
  int64_t n = graphrt_vset_num_vertices(s);
  graphrt_vset *t = graphrt_vset_new(n, 0);
  for (int64_t v = 0; v < n; v++)
    if (v == 0 || graphrt_vset_contains(s, v))
      graphrt_vset_insert(t, v);
  return t;
}

// The set made by the first call, every time.
graphrt_vset *remembered(graphrt_vset *s) {
  static graphrt_vset *first;
  if (!first)
    first = withZero(s);
  return first;
}

graphrt_vset *none(graphrt_vset *) { return nullptr; }

graphrt_vset *wider(graphrt_vset *s) {
  return graphrt_vset_new(graphrt_vset_num_vertices(s) + 100, 1);
}

graphrt_vset *forged(graphrt_vset *) {
  static char storage[256];
  return reinterpret_cast<graphrt_vset *>(storage);
}
