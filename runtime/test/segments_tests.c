/* segments_tests - segmented subgraphs: ranges cover all vertices, offsets
 * are consistent, every edge is in exactly one segment (in order), both
 * strategies and directions, counts above the vertex count (clamped to
 * it), caching, and a last segment that lists every vertex (all_last). */
#include "check.h"
#include "graph_rt.h"

#include <stdint.h>

static graphrt_segments *get(graphrt_graph *g, int64_t count, int32_t dir,
                             int32_t strat, int all_last) {
  return all_last ? graphrt_segments_get_all_last(g, count, dir, strat)
                  : graphrt_segments_get(g, count, dir, strat);
}

static int check_segments(graphrt_graph *g, int64_t count, int32_t dir,
                          int32_t strat, int all_last) {
  graphrt_segments *s = get(g, count, dir, strat, all_last);
  int64_t n = graphrt_num_vertices(g), m = graphrt_num_edges(g);
  int weighted = graphrt_is_weighted(g);
  /* Counts above the vertex count give one segment per vertex. */
  if (count > n)
    count = n > 1 ? n : 1;
  if (graphrt_segments_count(s) != count)
    return 0;
  if (get(g, count, dir, strat, all_last) != s) /* cached */
    return 0;
  if (get(g, count, dir, strat, !all_last) == s) /* cached apart */
    return 0;
  /* the adjacency the segments cut: CSC for pull, CSR for push */
  graphrt_memref_i64 off;
  graphrt_memref_i32 adj, aw = {0};
  if (dir == GRAPHRT_PULL) {
    _mlir_ciface_graphrt_in_offsets(&off, g);
    _mlir_ciface_graphrt_in_neighbors(&adj, g);
    if (weighted)
      _mlir_ciface_graphrt_in_weights(&aw, g);
  } else {
    _mlir_ciface_graphrt_out_offsets(&off, g);
    _mlir_ciface_graphrt_out_neighbors(&adj, g);
    if (weighted)
      _mlir_ciface_graphrt_out_weights(&aw, g);
  }
  /* cursor[v]: how many of v's edges the segments so far have matched */
  int64_t *cursor = calloc((size_t)n + 1, sizeof(int64_t));
  int64_t total = 0, prev_end = 0;
  int ok = 1;
  for (int64_t i = 0; i < count && ok; i++) {
    int64_t b = graphrt_segment_range_begin(s, i);
    int64_t e = graphrt_segment_range_end(s, i);
    ok &= b == prev_end && b <= e; /* contiguous cover of [0, n) */
    prev_end = e;
    graphrt_memref_i32 vs, nb, ws = {0};
    graphrt_memref_i64 of;
    _mlir_ciface_graphrt_segment_vertices(&vs, s, i);
    _mlir_ciface_graphrt_segment_offsets(&of, s, i);
    _mlir_ciface_graphrt_segment_neighbors(&nb, s, i);
    if (weighted)
      _mlir_ciface_graphrt_segment_weights(&ws, s, i);
    int64_t k = vs.sizes[0];
    /* all_last: the last segment lists every vertex, in order */
    int lists_all = all_last && i == count - 1;
    ok &= !lists_all || k == n;
    ok &= k == graphrt_segment_num_vertices(s, i);
    ok &= of.sizes[0] == k + 1 && of.aligned[0] == 0;
    ok &= of.aligned[k] == nb.sizes[0];
    ok &= nb.sizes[0] == graphrt_segment_num_edges(s, i);
    for (int64_t x = 0; x < k && ok; x++) {
      int32_t v = vs.aligned[x];
      ok &= v >= 0 && v < n && (x == 0 || vs.aligned[x - 1] < v);
      ok &= !lists_all || v == x;
      /* no empty groups, but in a last segment listing every vertex */
      ok &= lists_all ? of.aligned[x] <= of.aligned[x + 1]
                      : of.aligned[x] < of.aligned[x + 1];
      for (int64_t j = of.aligned[x]; j < of.aligned[x + 1] && ok; j++) {
        int32_t u = nb.aligned[j];
        ok &= u >= b && u < e; /* neighbour in the segment's range */
        int64_t pos = off.aligned[v] + cursor[v]++;
        ok &= pos < off.aligned[v + 1] && adj.aligned[pos] == u;
        if (weighted)
          ok &= aw.aligned[pos] == ws.aligned[j];
      }
    }
    total += nb.sizes[0];
  }
  ok &= prev_end == n && total == m;
  for (int64_t v = 0; v < n && ok; v++)
    ok &= cursor[v] == off.aligned[v + 1] - off.aligned[v];
  free(cursor);
  if (!ok)
    fprintf(stderr,
            "segments wrong: count %lld dir %d strategy %d all_last %d\n",
            (long long)count, dir, strat, all_last);
  return ok;
}

static void check_all(graphrt_graph *g) {
  int64_t n = graphrt_num_vertices(g);
  /* 5003: above 4096 segments the runtime switches to a lookup table */
  int64_t counts[] = {
      1, 2, 3, 7, 16, n > 1 ? n - 1 : 1, n > 0 ? n : 1, n + 5, 3 * n + 1, 5003};
  for (int c = 0; c < 10; c++)
    for (int32_t dir = 0; dir < 2; dir++)
      for (int32_t st = 0; st < 2; st++)
        for (int all_last = 0; all_last < 2; all_last++)
          CHECK(check_segments(g, counts[c], dir, st, all_last));
}

int main(void) {
  /* hand-made: duplicates, self loops, isolated vertex 5 */
  int32_t src[] = {0, 0, 0, 1, 2, 2, 3, 4, 4, 4};
  int32_t dst[] = {1, 1, 4, 1, 0, 3, 2, 0, 1, 3};
  int32_t w[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  graphrt_graph *g = graphrt_graph_from_edges(6, 10, src, dst, w, 0);
  check_all(g);
  /* The largest count on 6 vertices: 6 segments, one vertex each, the same
   * whatever count above 6 is asked for. */
  graphrt_segments *most = graphrt_segments_get(
      g, (int64_t)1 << 20, GRAPHRT_PUSH, GRAPHRT_EDGE_AWARE);
  CHECK_EQ(graphrt_segments_count(most), 6);
  CHECK_EQ(graphrt_segment_range_end(most, 5), 6);
  CHECK(graphrt_segments_get(g, 7, GRAPHRT_PUSH, GRAPHRT_EDGE_AWARE) == most);
  /* pull, 2 fixed segments: ranges [0,3) [3,6) */
  graphrt_segments *s =
      graphrt_segments_get(g, 2, GRAPHRT_PULL, GRAPHRT_FIXED_VERTEX_COUNT);
  CHECK_EQ(graphrt_segment_range_end(s, 0), 3);
  /* segment 0: in-edges with source in [0,3): 0->1 x2, 0->4, 1->1, 2->0,
   * 2->3, grouped by destination 0 1 3 4 */
  graphrt_memref_i32 vs, nb;
  graphrt_memref_i64 of;
  _mlir_ciface_graphrt_segment_vertices(&vs, s, 0);
  _mlir_ciface_graphrt_segment_offsets(&of, s, 0);
  _mlir_ciface_graphrt_segment_neighbors(&nb, s, 0);
  int32_t ev[] = {0, 1, 3, 4}, en[] = {2, 0, 0, 1, 2, 0};
  int64_t eo[] = {0, 1, 4, 5, 6};
  CHECK_EQ(vs.sizes[0], 4);
  CHECK(!memcmp(vs.aligned, ev, sizeof(ev)));
  CHECK(!memcmp(of.aligned, eo, sizeof(eo)));
  CHECK(!memcmp(nb.aligned, en, sizeof(en)));
  /* segment 1 listing every vertex: in-edges 3->2, 4->0, 4->1, 4->3 and
   * empty lists for 4 and 5 */
  graphrt_segments *all = graphrt_segments_get_all_last(
      g, 2, GRAPHRT_PULL, GRAPHRT_FIXED_VERTEX_COUNT);
  _mlir_ciface_graphrt_segment_vertices(&vs, all, 1);
  _mlir_ciface_graphrt_segment_offsets(&of, all, 1);
  _mlir_ciface_graphrt_segment_neighbors(&nb, all, 1);
  int32_t av[] = {0, 1, 2, 3, 4, 5}, an[] = {4, 4, 3, 4};
  int64_t ao[] = {0, 1, 2, 3, 4, 4, 4};
  CHECK_EQ(vs.sizes[0], 6);
  CHECK(!memcmp(vs.aligned, av, sizeof(av)));
  CHECK(!memcmp(of.aligned, ao, sizeof(ao)));
  CHECK(!memcmp(nb.aligned, an, sizeof(an)));
  /* different keys are different cache entries */
  CHECK(s !=
        graphrt_segments_get(g, 2, GRAPHRT_PUSH, GRAPHRT_FIXED_VERTEX_COUNT));
  CHECK(s != graphrt_segments_get(g, 2, GRAPHRT_PULL, GRAPHRT_EDGE_AWARE));
  CHECK(s !=
        graphrt_segments_get(g, 3, GRAPHRT_PULL, GRAPHRT_FIXED_VERTEX_COUNT));
  graphrt_graph_free(g);

  g = graphrt_gen_kron(10, 8, 1, 11, 0);
  check_all(g);
  /* edge-aware balances edges: no segment far above m / count */
  s = graphrt_segments_get(g, 4, GRAPHRT_PULL, GRAPHRT_EDGE_AWARE);
  int64_t maxe = 0, m = graphrt_num_edges(g);
  for (int64_t i = 0; i < 4; i++) {
    int64_t e = graphrt_segment_num_edges(s, i);
    maxe = e > maxe ? e : maxe;
  }
  CHECK(maxe < m / 4 + m / 8);
  graphrt_graph_free(g);

  g = graphrt_gen_grid(6, 0, 1); /* symmetric: CSR == CSC */
  check_all(g);
  graphrt_graph_free(g);

  int32_t none[1];
  g = graphrt_graph_from_edges(4, 0, none, none, NULL, 0); /* no edges */
  check_all(g);
  graphrt_graph_free(g);
  return check_report("segments");
}
