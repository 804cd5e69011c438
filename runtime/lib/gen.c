/* gen.c - synthetic graphs: Kronecker (Graph500 R-MAT), uniform random and a
 * 2-D grid (road-like, high diameter).
 *
 * Every random value is a hash of (seed, stream, index) (SplitMix64's
 * finalizer), so edges are generated in parallel and the graph depends only
 * on the seed, never on the thread count. Adjacency lists are sorted by
 * (neighbour, weight) when the graph is built, which fixes the final order. */
#include "internal.h"

#include <stdlib.h>

#define RT_GEN_MAX_SCALE 30
#define RT_GEN_MAX_EDGES ((int64_t)1 << 36)

static inline uint64_t rnd(uint64_t seed, uint64_t stream, uint64_t i) {
  return rt_mix64(rt_mix64(seed ^ (stream * 0xD1B54A32D192ED03ull)) ^ i);
}

static inline int32_t weight_of(uint64_t seed, uint64_t i) {
  return (int32_t)(rnd(seed, 3, i) % 255) + 1; /* 1..255, as GAPBS */
}

static int64_t edge_count(int64_t scale, int64_t degree, const char *kind) {
  if (scale < 0 || scale > RT_GEN_MAX_SCALE)
    rt_fatal("%s: scale %lld out of range [0, %d]", kind, (long long)scale,
             RT_GEN_MAX_SCALE);
  if (degree < 1 || degree > ((int64_t)1 << 20))
    rt_fatal("%s: degree %lld out of range [1, %lld]", kind, (long long)degree,
             (long long)1 << 20);
  int64_t m = degree << scale;
  if (m > RT_GEN_MAX_EDGES)
    rt_fatal("%s: %lld edges is more than the %lld supported", kind,
             (long long)m, (long long)RT_GEN_MAX_EDGES);
  return m;
}

static void alloc_edges(rt_edges *e, int64_t n, int64_t m, int weighted) {
  e->n = n;
  e->m = m;
  e->symmetric = 0;
  e->src = rt_malloc((size_t)m * sizeof(int32_t));
  e->dst = rt_malloc((size_t)m * sizeof(int32_t));
  e->w = weighted ? rt_malloc((size_t)m * sizeof(int32_t)) : NULL;
}

graphrt_graph *graphrt_gen_kron(int64_t scale, int64_t degree, int32_t weighted,
                                uint64_t seed, int32_t symmetrize) {
  int64_t m = edge_count(scale, degree, "kron"), n = (int64_t)1 << scale;
  rt_edges e;
  alloc_edges(&e, n, m, weighted);
  /* Graph500 initiator A=0.57 B=0.19 C=0.19 (D=0.05), 16-bit resolution:
   * per level the edge falls in quadrant A (0,0), B (0,1), C (1,0), D (1,1). */
  const uint32_t tA = 37355, tAB = 49807, tABC = 62259; /* .57 .76 .95 x 2^16 */
#pragma omp parallel for schedule(static) if (m > RT_PAR_MIN)
  for (int64_t i = 0; i < m; i++) {
    uint64_t h = rnd(seed, 1, (uint64_t)i);
    uint32_t u = 0, v = 0;
    for (int64_t l = 0; l < scale; l++) {
      if (l > 0 && (l & 3) == 0)
        h = rt_mix64(h);
      uint32_t r = (uint32_t)(h >> (16 * (l & 3))) & 0xFFFF;
      uint32_t ub = r >= tAB, vb = (r >= tA && r < tAB) || r >= tABC;
      u = (u << 1) | ub;
      v = (v << 1) | vb;
    }
    e.src[i] = (int32_t)u;
    e.dst[i] = (int32_t)v;
    if (e.w)
      e.w[i] = weight_of(seed, (uint64_t)i);
  }
  /* random permutation of the ids (Fisher-Yates, seeded), so that vertex id
   * carries no degree information */
  int32_t *perm = rt_malloc((size_t)n * sizeof(int32_t));
  for (int64_t i = 0; i < n; i++)
    perm[i] = (int32_t)i;
  for (int64_t i = n - 1; i > 0; i--) {
    int64_t j = (int64_t)(((__uint128_t)rnd(seed, 2, (uint64_t)i) *
                           (uint64_t)(i + 1)) >>
                          64);
    int32_t t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
#pragma omp parallel for schedule(static) if (m > RT_PAR_MIN)
  for (int64_t i = 0; i < m; i++) {
    e.src[i] = perm[e.src[i]];
    e.dst[i] = perm[e.dst[i]];
  }
  free(perm);
  return rt_graph_build(&e, symmetrize);
}

graphrt_graph *graphrt_gen_uniform(int64_t scale, int64_t degree,
                                   int32_t weighted, uint64_t seed,
                                   int32_t symmetrize) {
  int64_t m = edge_count(scale, degree, "uniform"), n = (int64_t)1 << scale;
  rt_edges e;
  alloc_edges(&e, n, m, weighted);
  uint64_t mask = (uint64_t)n - 1;
#pragma omp parallel for schedule(static) if (m > RT_PAR_MIN)
  for (int64_t i = 0; i < m; i++) {
    uint64_t h = rnd(seed, 4, (uint64_t)i);
    e.src[i] = (int32_t)(h & mask);
    e.dst[i] = (int32_t)((h >> 32) & mask);
    if (e.w)
      e.w[i] = weight_of(seed, (uint64_t)i);
  }
  return rt_graph_build(&e, symmetrize);
}

graphrt_graph *graphrt_gen_grid(int64_t scale, int32_t weighted,
                                uint64_t seed) {
  edge_count(scale, 1, "grid");
  int64_t rows = (int64_t)1 << (scale / 2),
          cols = (int64_t)1 << (scale - scale / 2), n = rows * cols;
  int64_t horiz = rows * (cols - 1), vert = (rows - 1) * cols;
  int64_t und = horiz + vert;
  rt_edges e;
  alloc_edges(&e, n, 2 * und, weighted);
  /* undirected edge k: first the horizontal ones row by row, then the
   * vertical ones; directed copies 2k (forward) and 2k+1 (backward) share
   * its weight */
#pragma omp parallel for schedule(static) if (und > RT_PAR_MIN)
  for (int64_t k = 0; k < und; k++) {
    int64_t u, v;
    if (k < horiz) {
      int64_t r = k / (cols - 1), c = k % (cols - 1);
      u = r * cols + c;
      v = u + 1;
    } else {
      u = k - horiz;
      v = u + cols;
    }
    e.src[2 * k] = (int32_t)u;
    e.dst[2 * k] = (int32_t)v;
    e.src[2 * k + 1] = (int32_t)v;
    e.dst[2 * k + 1] = (int32_t)u;
    if (e.w)
      e.w[2 * k] = e.w[2 * k + 1] = weight_of(seed, (uint64_t)k);
  }
  e.symmetric = 1;
  return rt_graph_build(&e, 0);
}
