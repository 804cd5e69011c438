/* gen.c - synthetic graphs: Kronecker (Graph500 R-MAT), uniform random, a
 * 2-D grid (high diameter) and a road-like planar graph.
 *
 * Every random value is a hash of (seed, stream, index) (SplitMix64's
 * finalizer), so edges are generated in parallel and the graph depends only
 * on the seed, never on the thread count. Adjacency lists are sorted by
 * (neighbour, weight) when the graph is built, which fixes the final order. */
#include "internal.h"

#include <math.h>
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
  e->wtype = GRAPHRT_WEIGHTS_I32;
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
      ((int32_t *)e.w)[i] = weight_of(seed, (uint64_t)i);
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
      ((int32_t *)e.w)[i] = weight_of(seed, (uint64_t)i);
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
      ((int32_t *)e.w)[2 * k] = ((int32_t *)e.w)[2 * k + 1] =
          weight_of(seed, (uint64_t)k);
  }
  e.symmetric = 1;
  return rt_graph_build(&e, 0);
}

/* Road-like: the vertices of a rows x cols grid, each moved by up to 0.3 of
 * a cell in x and y; a street joins grid neighbours with probability 0.55
 * and the corners of one diagonal of each cell (which diagonal: random)
 * with probability 0.15, so the mean degree is about 2.5 and the graph is
 * planar but for crossing diagonals' neighbours, with long detours where
 * streets are missing. A street's weight is its length in thousandths of a
 * cell (about 400 to 1800), the same both ways. */
#define ROAD_KEEP_STRAIGHT 0.55
#define ROAD_KEEP_DIAGONAL 0.15
#define ROAD_JITTER 0.3

static inline double unit(uint64_t seed, uint64_t stream, uint64_t i) {
  return (double)(rnd(seed, stream, i) >> 11) * 0x1.0p-53;
}

/* Where vertex v of a road-like graph with `cols` columns lies: its grid
 * point, moved. */
static void road_point(uint64_t seed, int64_t v, int64_t cols, double *x,
                       double *y) {
  *x = (double)(v % cols) + ROAD_JITTER * (2 * unit(seed, 7, (uint64_t)v) - 1);
  *y = (double)(v / cols) + ROAD_JITTER * (2 * unit(seed, 8, (uint64_t)v) - 1);
}

graphrt_graph *graphrt_gen_road(int64_t scale, int32_t weighted,
                                uint64_t seed) {
  edge_count(scale, 4, "road");
  int64_t rows = (int64_t)1 << (scale / 2),
          cols = (int64_t)1 << (scale - scale / 2), n = rows * cols;
  /* Candidate street k of vertex u: 3u (right), 3u+1 (down), 3u+2 (the
   * cell's diagonal), each kept or not by its own random value. */
  rt_edges e;
  alloc_edges(&e, n, 6 * n, weighted);
  int64_t m = 0;
  for (int64_t u = 0; u < n; u++) {
    int64_t r = u / cols, c = u % cols;
    for (int k = 0; k < 3; k++) {
      int64_t a = u, b;
      if (k == 0 && c + 1 < cols)
        b = u + 1;
      else if (k == 1 && r + 1 < rows)
        b = u + cols;
      else if (k == 2 && r + 1 < rows && c + 1 < cols) {
        /* The cell's down-right diagonal, or its down-left one (from its
         * top right corner to its bottom left one). */
        b = u + cols + 1;
        if (rnd(seed, 5, (uint64_t)u) & 1) {
          a = u + 1;
          b = u + cols;
        }
      } else
        continue;
      double keep = k == 2 ? ROAD_KEEP_DIAGONAL : ROAD_KEEP_STRAIGHT;
      if (unit(seed, 6, (uint64_t)(3 * u + k)) >= keep)
        continue;
      e.src[m] = (int32_t)a;
      e.dst[m] = (int32_t)b;
      e.src[m + 1] = (int32_t)b;
      e.dst[m + 1] = (int32_t)a;
      if (e.w) {
        double ax, ay, bx, by;
        road_point(seed, a, cols, &ax, &ay);
        road_point(seed, b, cols, &bx, &by);
        int32_t w = (int32_t)(1000 * hypot(bx - ax, by - ay) + 0.5);
        ((int32_t *)e.w)[m] = ((int32_t *)e.w)[m + 1] = w > 0 ? w : 1;
      }
      m += 2;
    }
  }
  e.m = m;
  e.symmetric = 1;
  return rt_graph_build(&e, 0);
}
