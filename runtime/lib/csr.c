/* csr.c - CSR (out-edges) and CSC (in-edges) construction and accessors. */
#include "internal.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void rt_edges_free(rt_edges *e) {
  free(e->src);
  free(e->dst);
  free(e->w);
  e->src = e->dst = e->w = NULL;
}

/* Adjacency of `from` -> `to` (and weights): counting by `from` with atomic
 * increments, an exclusive scan, an atomic scatter, then a per-list sort by
 * (neighbour, weight), which also makes the result independent of thread
 * scheduling. */
static void build_adj(int64_t n, int64_t m, const int32_t *from,
                      const int32_t *to, const void *w, int32_t wtype,
                      int64_t **off_out, int32_t **adj_out, void **w_out) {
  size_t wsize = rt_weight_size(wtype);
  int64_t *off = rt_calloc((size_t)n + 1, sizeof(int64_t));
#pragma omp parallel for if (m > RT_PAR_MIN)
  for (int64_t e = 0; e < m; e++)
    __atomic_fetch_add(&off[from[e]], 1, __ATOMIC_RELAXED);
  rt_prefix_sum(off, n + 1);
  int64_t *pos = rt_malloc((size_t)(n + 1) * sizeof(int64_t));
  memcpy(pos, off, (size_t)(n + 1) * sizeof(int64_t));
  int32_t *adj = rt_malloc((size_t)m * sizeof(int32_t));
  void *aw = w ? rt_malloc((size_t)m * wsize) : NULL;
#pragma omp parallel for if (m > RT_PAR_MIN)
  for (int64_t e = 0; e < m; e++) {
    int64_t p = __atomic_fetch_add(&pos[from[e]], 1, __ATOMIC_RELAXED);
    adj[p] = to[e];
    if (aw)
      rt_weight_copy(aw, p, w, e, wsize);
  }
  free(pos);
  rt_sort_typed_lists(n, off, adj, aw, wtype);
  *off_out = off;
  *adj_out = adj;
  *w_out = aw;
}

/* The live graphs, so that a client's freed or made-up handle is an error
 * rather than a use after free. */
static rt_ptrset live = RT_PTRSET_INIT;

int rt_graph_live(const graphrt_graph *g) {
  return g && rt_ptrset_contains(&live, g);
}

const int64_t *rt_whole_in_offsets(const graphrt_graph *g) {
  if (!g->part)
    return g->in_off;
  int64_t n = g->n, lo = g->part->bounds[g->part->rank],
          hi = g->part->bounds[g->part->rank + 1];
  int64_t *off = rt_malloc((size_t)(n + 1) * sizeof(int64_t));
#pragma omp parallel for if (n > RT_PAR_MIN)
  for (int64_t v = 0; v <= n; v++)
    off[v] = g->in_off[v < lo ? lo : v > hi ? hi : v];
  return off;
}

void rt_whole_in_offsets_free(const graphrt_graph *g, const int64_t *off) {
  if (off != g->in_off)
    free((void *)(uintptr_t)off); /* made by rt_whole_in_offsets */
}

rt_out_edges rt_whole_out_edges(const graphrt_graph *g, int lists) {
  rt_out_edges e = {g->out_off, g->out_nbr, g->out_w};
  const rt_partition *p = g->part;
  if (!p)
    return e;
  /* Rows by slot (dist.c's slot_order_csr): the owned vertices' edges
   * first, then the mirrors' below lo, then those above hi. */
  int64_t n = g->n, m = g->m, lo = p->bounds[p->rank],
          hi = p->bounds[p->rank + 1];
  int64_t *off = rt_malloc((size_t)(n + 1) * sizeof(int64_t));
#pragma omp parallel for if (n > RT_PAR_MIN)
  for (int64_t v = 0; v < n; v++) {
    int64_t s = rt_slot_of(p, v);
    off[v] = s == v || s >= hi ? g->out_off[s + 1] - g->out_off[s] : 0;
  }
  off[n] = 0;
  rt_prefix_sum(off, n + 1);
  e.off = off;
  e.nbr = NULL;
  e.w = NULL;
  if (!lists)
    return e;
  int64_t mine = g->out_off[hi] - g->out_off[lo], below = off[lo];
  size_t wsize = g->out_w ? rt_weight_size(g->weighted) : 0;
  int32_t *nbr = rt_malloc((size_t)(m ? m : 1) * sizeof(int32_t));
  char *w = wsize ? rt_malloc((size_t)(m ? m : 1) * wsize) : NULL;
  const void *from[2] = {g->out_nbr, g->out_w};
  char *to[2] = {(char *)nbr, w};
  size_t size[2] = {sizeof(int32_t), wsize};
  for (int i = 0; i < 2 && from[i]; i++) {
    const char *a = from[i];
    memcpy(to[i], a + mine * size[i], (size_t)below * size[i]);
    memcpy(to[i] + below * size[i], a, (size_t)mine * size[i]);
    memcpy(to[i] + (below + mine) * size[i], a + (below + mine) * size[i],
           (size_t)(m - below - mine) * size[i]);
  }
  e.nbr = nbr;
  e.w = w;
  return e;
}

void rt_whole_out_edges_free(const graphrt_graph *g, rt_out_edges *e) {
  if (e->off == g->out_off)
    return;
  free((void *)(uintptr_t)e->off); /* made by rt_whole_out_edges */
  free((void *)(uintptr_t)e->nbr);
  free((void *)(uintptr_t)e->w);
}

graphrt_graph *rt_graph_wrap(int64_t n, int64_t m, int64_t *out_off,
                             int32_t *out_nbr, void *out_w, int64_t *in_off,
                             int32_t *in_nbr, void *in_w, int symmetric) {
  graphrt_graph *g = rt_calloc(1, sizeof(*g));
  g->n = n;
  g->m = m;
  g->out_off = out_off;
  g->out_nbr = out_nbr;
  g->out_w = out_w;
  g->symmetric = symmetric;
  g->in_off = symmetric ? out_off : in_off;
  g->in_nbr = symmetric ? out_nbr : in_nbr;
  g->in_w = symmetric ? out_w : in_w;
  g->weighted = out_w ? GRAPHRT_WEIGHTS_I32 : GRAPHRT_UNWEIGHTED;
  pthread_mutex_init(&g->lock, NULL);
  rt_ptrset_add(&live, g);
  return g;
}

/* Adds the reverse of every non-loop edge; e becomes symmetric. */
static void symmetrize_edges(rt_edges *e) {
  int64_t m = e->m;
  int64_t *cnt = NULL;
  /* position of each edge's reverse copy: a scan over "is not a loop" */
  cnt = rt_malloc((size_t)(m + 1) * sizeof(int64_t));
#pragma omp parallel for if (m > RT_PAR_MIN)
  for (int64_t i = 0; i < m; i++)
    cnt[i] = e->src[i] != e->dst[i];
  cnt[m] = 0;
  int64_t extra = rt_prefix_sum(cnt, m + 1);
  int64_t m2 = m + extra;
  size_t wsize = rt_weight_size(rt_edges_wtype(e));
  int32_t *src = rt_malloc((size_t)m2 * sizeof(int32_t));
  int32_t *dst = rt_malloc((size_t)m2 * sizeof(int32_t));
  void *w = e->w ? rt_malloc((size_t)m2 * wsize) : NULL;
#pragma omp parallel for if (m > RT_PAR_MIN)
  for (int64_t i = 0; i < m; i++) {
    src[i] = e->src[i];
    dst[i] = e->dst[i];
    if (w)
      rt_weight_copy(w, i, e->w, i, wsize);
    if (e->src[i] != e->dst[i]) {
      int64_t j = m + cnt[i];
      src[j] = e->dst[i];
      dst[j] = e->src[i];
      if (w)
        rt_weight_copy(w, j, e->w, i, wsize);
    }
  }
  free(cnt);
  rt_edges_free(e);
  e->src = src;
  e->dst = dst;
  e->w = w;
  e->m = m2;
  e->symmetric = 1;
}

graphrt_graph *rt_graph_build(rt_edges *e, int symmetrize) {
  if (symmetrize && !e->symmetric)
    symmetrize_edges(e);
  int32_t wtype = rt_edges_wtype(e);
  int64_t *oo, *io = NULL;
  int32_t *on, *in = NULL;
  void *ow, *iw = NULL;
  build_adj(e->n, e->m, e->src, e->dst, e->w, wtype, &oo, &on, &ow);
  /* A symmetric edge multiset has CSC == CSR once lists are sorted. */
  if (!e->symmetric)
    build_adj(e->n, e->m, e->dst, e->src, e->w, wtype, &io, &in, &iw);
  graphrt_graph *g =
      rt_graph_wrap(e->n, e->m, oo, on, ow, io, in, iw, e->symmetric);
  if (ow)
    g->weighted = wtype;
  rt_edges_free(e);
  return g;
}

const char *rt_weight_name(int32_t type) {
  return type == GRAPHRT_WEIGHTS_F32   ? "float"
         : type == GRAPHRT_WEIGHTS_F64 ? "double"
                                       : "int32";
}

/* The m int32 weights w as `type`, or NULL when out of memory. */
static void *convert_weights(const int32_t *w, int64_t m, int32_t type) {
  void *to = rt_try_malloc((size_t)m * rt_weight_size(type));
  if (!to)
    return NULL;
#pragma omp parallel for if (m > RT_PAR_MIN)
  for (int64_t i = 0; i < m; i++) {
    if (type == GRAPHRT_WEIGHTS_F32)
      ((float *)to)[i] = (float)w[i];
    else
      ((double *)to)[i] = (double)w[i];
  }
  return to;
}

graphrt_graph *rt_graph_convert_weights(graphrt_graph *g, int32_t type) {
  /* Rounding to float keeps the order of the weights, so the sorted lists
   * stay sorted. */
  void *out = convert_weights(g->out_w, g->m, type);
  void *in = g->symmetric ? out : convert_weights(g->in_w, g->m, type);
  if (!out || !in) {
    int64_t m = g->m;
    free(out);
    if (!g->symmetric)
      free(in);
    graphrt_graph_free(g);
    rt_fatal("out of memory converting %lld edge weights to %s", (long long)m,
             rt_weight_name(type));
  }
  free(g->out_w);
  if (!g->symmetric)
    free(g->in_w);
  g->out_w = out;
  g->in_w = in;
  g->weighted = type;
  return g;
}

void rt_graph_edges(const graphrt_graph *g, rt_edges *e) {
  e->n = g->n;
  e->m = g->m;
  e->symmetric = g->symmetric;
  e->wtype = g->weighted;
  size_t wbytes = (size_t)g->m * rt_weight_size(g->weighted);
  e->src = rt_malloc((size_t)g->m * sizeof(int32_t));
  e->dst = rt_malloc((size_t)g->m * sizeof(int32_t));
  e->w = g->out_w ? rt_malloc(wbytes) : NULL;
  rt_out_edges out = rt_whole_out_edges(g, 1);
  memcpy(e->dst, out.nbr, (size_t)g->m * sizeof(int32_t));
  if (e->w)
    memcpy(e->w, out.w, wbytes);
#pragma omp parallel for schedule(dynamic, 1024) if (g->n > RT_PAR_MIN)
  for (int64_t v = 0; v < g->n; v++)
    for (int64_t j = out.off[v]; j < out.off[v + 1]; j++)
      e->src[j] = (int32_t)v;
  rt_whole_out_edges_free(g, &out);
}

graphrt_graph *rt_graph_simple(graphrt_graph *g) {
  rt_edges e;
  rt_graph_edges(g, &e);
  graphrt_graph_free(g);
  /* CSR order sorts each list by (neighbour, weight): repeats are adjacent. */
  size_t wsize = rt_weight_size(rt_edges_wtype(&e));
  int64_t kept = 0;
  for (int64_t i = 0; i < e.m; i++) {
    if (e.src[i] == e.dst[i] || (kept > 0 && e.src[kept - 1] == e.src[i] &&
                                 e.dst[kept - 1] == e.dst[i]))
      continue;
    e.src[kept] = e.src[i];
    e.dst[kept] = e.dst[i];
    if (e.w)
      rt_weight_copy(e.w, kept, e.w, i, wsize);
    kept++;
  }
  e.m = kept;
  return rt_graph_build(&e, 0);
}

/* A fingerprint of the edge (u, v, w): the sum over a multiset of edges is
 * the same in any order, and two different multisets give different sums
 * but with a chance of about 2^-64, whatever the edges, because the key is
 * drawn anew by each check. */
uint64_t rt_edge_fingerprint(uint64_t key, int64_t u, int32_t v, int32_t w) {
  return rt_mix64(rt_mix64(key ^ ((uint64_t)u << 32 | (uint32_t)v)) ^
                  (uint32_t)w);
}

/* Whether the in-edges, read as (source, v, weight), are the same multiset
 * as the out-edges: two sequential passes instead of the random accesses of
 * the exact check, which then only runs to find an edge that differs. */
static int same_edge_sums(int64_t n, const int64_t *oo, const int32_t *on,
                          const int32_t *ow, const int64_t *io,
                          const int32_t *in, const int32_t *iw) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  uint64_t key = rt_mix64((uint64_t)t.tv_nsec ^ (uint64_t)(uintptr_t)&t);
  uint64_t out_sum = 0, in_sum = 0;
#pragma omp parallel for schedule(dynamic, 4096) if (oo[n] > RT_PAR_MIN)       \
    reduction(+ : out_sum, in_sum)
  for (int64_t v = 0; v < n; v++) {
    for (int64_t j = oo[v]; j < oo[v + 1]; j++)
      out_sum += rt_edge_fingerprint(key, v, on[j], ow ? ow[j] : 0);
    for (int64_t p = io[v]; p < io[v + 1]; p++)
      in_sum += rt_edge_fingerprint(key, in[p], (int32_t)v, iw ? iw[p] : 0);
  }
  return out_sum == in_sum;
}

/* Walking the out-edges in CSR order visits the edges into each v in
 * (source, weight) order, which is the order of v's sorted in-list: so a
 * cursor per v must find each out-edge at the next position of its in-list.
 * The threads split the vertices v (balanced by in-edges); each streams all
 * out-edges and checks those into its own vertices, so the cursors need no
 * synchronisation and the first bad edge does not depend on the thread
 * count. */
int64_t rt_find_untransposed(int64_t n, const int64_t *oo, const int32_t *on,
                             const int32_t *ow, const int64_t *io,
                             const int32_t *in, const int32_t *iw) {
  int64_t m = oo[n];
  if (io[n] == m && same_edge_sums(n, oo, on, ow, io, in, iw))
    return -1;
  int nt = m > RT_PAR_MIN ? omp_get_max_threads() : 1;
  if (nt > 8) /* each thread streams all m out-edges */
    nt = 8;
  int64_t *cur = rt_malloc((size_t)n * sizeof(int64_t));
  memcpy(cur, io, (size_t)n * sizeof(int64_t));
  int64_t bad = INT64_MAX;
#pragma omp parallel num_threads(nt) reduction(min : bad)
  {
    int t = omp_get_thread_num(), k = omp_get_num_threads();
    /* vertices [lo, hi): those whose in-edges start in this thread's share */
    int64_t lo = 0, hi = 0;
    for (int side = 0; side < 2; side++) {
      int64_t target = m / k * (t + side) + m % k * (t + side) / k;
      int64_t a = 0, b = n;
      while (a < b) { /* first v with io[v] >= target */
        int64_t mid = a + (b - a) / 2;
        if (io[mid] < target)
          a = mid + 1;
        else
          b = mid;
      }
      if (side == 0)
        lo = t == 0 ? 0 : a;
      else
        hi = t == k - 1 ? n : a;
    }
    int64_t u = 0;
    for (int64_t j = 0; j < m; j++) {
      while (oo[u + 1] <= j)
        u++;
      /* the accesses are random: fetch the cursor, then the in-list entry,
       * a few edges ahead (a stale cursor still hits the right line) */
      if (j + 32 < m && on[j + 32] >= lo && on[j + 32] < hi)
        __builtin_prefetch(&cur[on[j + 32]]);
      if (j + 16 < m && on[j + 16] >= lo && on[j + 16] < hi)
        __builtin_prefetch(&in[cur[on[j + 16]]]);
      int32_t v = on[j];
      if (v < lo || v >= hi)
        continue;
      int64_t p = cur[v]++;
      if (p >= io[v + 1] || in[p] != u || (iw && iw[p] != ow[j])) {
        bad = j;
        break;
      }
    }
  }
  free(cur);
  return bad == INT64_MAX ? -1 : bad;
}

graphrt_graph *graphrt_graph_from_edges(int64_t n, int64_t m,
                                        const int32_t *src, const int32_t *dst,
                                        const int32_t *w, int32_t symmetrize) {
  if (n < 0 || n > RT_MAX_VERTICES)
    rt_fatal("vertex count %lld out of range [0, %lld]", (long long)n,
             (long long)RT_MAX_VERTICES);
  if (m < 0)
    rt_fatal("negative edge count %lld", (long long)m);
  int64_t bad = -1;
  for (int64_t i = 0; i < m && bad < 0; i++)
    if (src[i] < 0 || src[i] >= n || dst[i] < 0 || dst[i] >= n)
      bad = i;
  if (bad >= 0)
    rt_fatal("edge %lld (%d -> %d): vertex id out of range [0, %lld)",
             (long long)bad, src[bad], dst[bad], (long long)n);
  rt_edges e = {n, m, NULL, NULL, NULL, 0, GRAPHRT_WEIGHTS_I32};
  e.src = rt_malloc((size_t)m * sizeof(int32_t));
  e.dst = rt_malloc((size_t)m * sizeof(int32_t));
  memcpy(e.src, src, (size_t)m * sizeof(int32_t));
  memcpy(e.dst, dst, (size_t)m * sizeof(int32_t));
  if (w) {
    e.w = rt_malloc((size_t)m * sizeof(int32_t));
    memcpy(e.w, w, (size_t)m * sizeof(int32_t));
  }
  return rt_graph_build(&e, symmetrize);
}

/* Bytes of count elements of size bytes, or an error when that overflows. */
static size_t checked_bytes(int64_t count, size_t size, const char *what) {
  size_t bytes;
  if (count < 0 || __builtin_mul_overflow((uint64_t)count, size, &bytes))
    rt_fatal("%s: %lld elements of %zu bytes do not fit in memory", what,
             (long long)count, size);
  return bytes;
}

/* graphrt_graph_from_csr and its typed forms (`name` for messages): the
 * weights, when given, are `wtype`; float ones must be finite. */
static graphrt_graph *from_csr(const char *name, int64_t n,
                               const int64_t *offsets, const int32_t *neighbors,
                               const void *weights, int32_t wtype) {
  RT_CLIENT_BEGIN(NULL);
  /* Everything is checked before anything is allocated or copied. */
  if (n < 0 || n > RT_MAX_VERTICES)
    rt_fatal("%s: vertex count %lld out of range [0, %lld]", name, (long long)n,
             (long long)RT_MAX_VERTICES);
  if (!offsets)
    rt_fatal("%s: offsets is NULL", name);
  if (offsets[0] != 0)
    rt_fatal("CSR offsets must start at 0, got %lld", (long long)offsets[0]);
  for (int64_t v = 0; v < n; v++)
    if (offsets[v + 1] < offsets[v])
      rt_fatal("CSR offsets decrease at vertex %lld (%lld, then %lld)",
               (long long)v, (long long)offsets[v], (long long)offsets[v + 1]);
  int64_t m = offsets[n];
  size_t bytes = checked_bytes(m, sizeof(int32_t), "CSR edge count");
  size_t wbytes = checked_bytes(m, rt_weight_size(wtype), "CSR edge count");
  if (m > 0 && !neighbors)
    rt_fatal("%s: neighbors is NULL but there are %lld edges", name,
             (long long)m);
  for (int64_t v = 0; v < n; v++)
    for (int64_t j = offsets[v]; j < offsets[v + 1]; j++)
      if (neighbors[j] < 0 || neighbors[j] >= n)
        rt_fatal("CSR neighbor %d of vertex %lld out of range [0, %lld)",
                 neighbors[j], (long long)v, (long long)n);
  if (weights && wtype != GRAPHRT_WEIGHTS_I32)
    for (int64_t j = 0; j < m; j++) {
      double x = wtype == GRAPHRT_WEIGHTS_F32 ? ((const float *)weights)[j]
                                              : ((const double *)weights)[j];
      if (!isfinite(x))
        rt_fatal("CSR weight %lld is %g: edge weights must be finite",
                 (long long)j, x);
    }
  rt_edges e = {n,
                m,
                rt_try_malloc(bytes),
                rt_try_malloc(bytes),
                weights ? rt_try_malloc(wbytes) : NULL,
                0,
                wtype};
  if (!e.src || !e.dst || (weights && !e.w)) {
    rt_edges_free(&e);
    rt_fatal("out of memory copying %lld CSR edges", (long long)m);
  }
  if (weights)
    memcpy(e.w, weights, wbytes);
  for (int64_t v = 0; v < n; v++)
    for (int64_t j = offsets[v]; j < offsets[v + 1]; j++) {
      e.src[j] = (int32_t)v;
      e.dst[j] = neighbors[j];
    }
  graphrt_graph *g = rt_graph_build(&e, 0);
  RT_CLIENT_END();
  return g;
}

graphrt_graph *graphrt_graph_from_csr(int64_t n, const int64_t *offsets,
                                      const int32_t *neighbors,
                                      const int32_t *weights) {
  return from_csr("graphrt_graph_from_csr", n, offsets, neighbors, weights,
                  GRAPHRT_WEIGHTS_I32);
}

graphrt_graph *graphrt_graph_from_csr_f32(int64_t n, const int64_t *offsets,
                                          const int32_t *neighbors,
                                          const float *weights) {
  return from_csr("graphrt_graph_from_csr_f32", n, offsets, neighbors, weights,
                  GRAPHRT_WEIGHTS_F32);
}

graphrt_graph *graphrt_graph_from_csr_f64(int64_t n, const int64_t *offsets,
                                          const int32_t *neighbors,
                                          const double *weights) {
  return from_csr("graphrt_graph_from_csr_f64", n, offsets, neighbors, weights,
                  GRAPHRT_WEIGHTS_F64);
}

int32_t graphrt_graph_free(graphrt_graph *g) {
  if (rt_library && !rt_recovery) /* a client's call */
    rt_clear_error();
  if (!g)
    return 0;
  if (!rt_ptrset_remove(&live, g)) {
    RT_CLIENT_BEGIN(1);
    rt_fatal("graphrt_graph_free: %p is not a live graph (freed already, or "
             "not made by libgraphrt)",
             (void *)g);
    RT_CLIENT_END();
  }
  rt_segments_free_all(g);
  if (g->gpu_edges)
    rt_gpu_edges_free(g->gpu_edges);
  if (!g->symmetric) {
    free(g->in_wf);
    free(g->in_wf32);
  }
  free(g->out_wf);
  free(g->out_wf32);
  if (!g->borrowed) {
    if (!g->symmetric) {
      /* a distributed graph's in_off is rebased (dist.c) */
      free(g->part ? g->part->in_off : g->in_off);
      free(g->in_nbr);
      free(g->in_w);
    }
    /* a distributed graph's out_off is rebased (dist.c) */
    free(g->part ? g->part->csr_off : g->out_off);
    free(g->out_nbr);
    free(g->out_w);
  }
  if (g->part) {
    free(g->part->bounds);
    free(g->part->out_off);
    free(g->part->mirrors);
    free(g->part->sends);
    free(g->part->recv_counts);
    free(g->part->recv_displs);
    free(g->part->send_counts);
    free(g->part->send_displs);
    free(g->part->mirrored_off);
    free(g->part->mirrored_by);
    free(g->part->slots);
    if (g->part->source_slots != g->in_nbr)
      free(g->part->source_slots);
    free(g->part);
  }
  pthread_mutex_destroy(&g->lock);
  free(g);
  return 0;
}

graphrt_graph *graphrt_transpose(graphrt_graph *g) {
  graphrt_graph *t = rt_calloc(1, sizeof *t);
  t->n = g->n;
  t->m = g->m;
  t->out_off = g->in_off;
  t->out_nbr = g->in_nbr;
  t->out_w = g->in_w;
  t->in_off = g->out_off;
  t->in_nbr = g->out_nbr;
  t->in_w = g->out_w;
  t->symmetric = g->symmetric;
  t->weighted = g->weighted;
  t->borrowed = 1;
  pthread_mutex_init(&t->lock, NULL);
  rt_ptrset_add(&live, t);
  return t;
}

/* Stops (or, for a client, fails) unless g is a live graph. */
static void check_live(const graphrt_graph *g, const char *what) {
  if (!g)
    rt_fatal("%s: the graph is NULL", what);
  if (!rt_graph_live(g))
    rt_fatal("%s: %p is not a live graph (freed, or not made by "
             "graphrt_graph_from_csr or graphrt_load)",
             what, (const void *)g);
}

int64_t graphrt_num_vertices(const graphrt_graph *g) {
  if (rt_library && !rt_recovery) { /* a client's call */
    RT_CLIENT_BEGIN(-1);
    check_live(g, "graphrt_num_vertices");
    RT_CLIENT_END();
  }
  return g->n;
}

void graphrt_export_check_graph(const graphrt_graph *g, const char *func,
                                const char *param) {
  char what[256];
  snprintf(what, sizeof(what), "%s: argument '%s'", func, param);
  check_live(g, what);
}

void graphrt_export_check_state_graph(const graphrt_graph *g, const char *func,
                                      const char *name) {
  if (!g)
    rt_fatal("export state: '%s' is used before an export function set it",
             name);
  if (!rt_graph_live(g))
    rt_fatal("%s: the graph '%s' an earlier call kept was freed since", func,
             name);
}
int64_t graphrt_num_edges(const graphrt_graph *g) { return rt_global_edges(g); }

int64_t graphrt_max_out_degree(graphrt_graph *g) {
  /* Graphs never change: computed once (by whichever caller comes first). */
  int64_t known = __atomic_load_n(&g->max_degree_plus1, __ATOMIC_RELAXED);
  if (known)
    return known - 1;
  /* A distributed graph's largest degree is found at load, over all ranks
   * (its own CSR holds only the edges into its rank). */
  const int64_t *off = g->out_off;
  int64_t n = g->part ? 0 : g->n, max = g->part ? g->part->max_degree : 0;
#pragma omp parallel for reduction(max : max) if (n > RT_PAR_MIN)
  for (int64_t v = 0; v < n; v++)
    max = off[v + 1] - off[v] > max ? off[v + 1] - off[v] : max;
  __atomic_store_n(&g->max_degree_plus1, max + 1, __ATOMIC_RELAXED);
  return max;
}
double graphrt_near_edge_share(graphrt_graph *g, int64_t window) {
  if (window <= 0)
    rt_fatal("graphrt_near_edge_share: the window is %lld, not positive",
             (long long)window);
  pthread_mutex_lock(&g->lock);
  if (g->near_window != window) {
    rt_out_edges out = rt_whole_out_edges(g, 1);
    int64_t n = g->n, sampled = 0, near = 0;
    int64_t vertices = n < GRAPHRT_NEAR_EDGE_SAMPLE_VERTICES
                           ? n
                           : GRAPHRT_NEAR_EDGE_SAMPLE_VERTICES;
    for (int64_t i = 0; i < vertices; i++) {
      int64_t v = (int64_t)((__int128)i * n / vertices);
      int64_t begin = out.off[v], degree = out.off[v + 1] - begin;
      int64_t take = degree < GRAPHRT_NEAR_EDGE_SAMPLE_EDGES
                         ? degree
                         : GRAPHRT_NEAR_EDGE_SAMPLE_EDGES;
      for (int64_t j = 0; j < take; j++) {
        int64_t gap = out.nbr[begin + j * degree / take] - v;
        near += (gap < 0 ? -gap : gap) <= window;
      }
      sampled += take;
    }
    rt_whole_out_edges_free(g, &out);
    g->near_share = sampled ? (double)near / (double)sampled : 1.0;
    g->near_window = window;
  }
  double share = g->near_share;
  pthread_mutex_unlock(&g->lock);
  return share;
}
int32_t graphrt_is_weighted(const graphrt_graph *g) { return g->weighted != 0; }
int32_t graphrt_weight_type(const graphrt_graph *g) { return g->weighted; }
int32_t graphrt_is_symmetric(const graphrt_graph *g) { return g->symmetric; }

static void need_weights(const graphrt_graph *g) {
  if (!g->weighted)
    rt_fatal("the program asks for edge weights but the graph is unweighted "
             "(load a .wel, .wsg or weighted .mtx file)");
}

void _mlir_ciface_graphrt_out_offsets(graphrt_memref_i64 *r, graphrt_graph *g) {
  /* A distributed graph's are indexed by slot (rt_partition.csr_off). */
  const rt_partition *p = g->part;
  RT_SET_MEMREF(r, g->out_off,
                p ? p->bounds[p->rank + 1] + p->nmirrors + 2 : g->n + 1);
}
void _mlir_ciface_graphrt_out_neighbors(graphrt_memref_i32 *r,
                                        graphrt_graph *g) {
  RT_SET_MEMREF(r, g->out_nbr, g->m);
}
void _mlir_ciface_graphrt_in_offsets(graphrt_memref_i64 *r, graphrt_graph *g) {
  RT_SET_MEMREF(r, g->in_off, g->n + 1);
}
void _mlir_ciface_graphrt_in_neighbors(graphrt_memref_i32 *r,
                                       graphrt_graph *g) {
  RT_SET_MEMREF(r, g->in_nbr, g->m);
}

/* The int32 weights of one direction: rounding float weights would give
 * wrong answers, so their int32 view is an error. */
static int32_t *int_weights(graphrt_graph *g, int in) {
  need_weights(g);
  if (g->weighted != GRAPHRT_WEIGHTS_I32)
    rt_fatal("the program reads int32 edge weights but the graph has %s "
             "weights (declare the edgeset's weights float or double)",
             rt_weight_name(g->weighted));
  return in ? g->in_w : g->out_w;
}
void _mlir_ciface_graphrt_out_weights(graphrt_memref_i32 *r, graphrt_graph *g) {
  RT_SET_MEMREF(r, int_weights(g, 0), g->m);
}
void _mlir_ciface_graphrt_in_weights(graphrt_memref_i32 *r, graphrt_graph *g) {
  RT_SET_MEMREF(r, int_weights(g, 1), g->m);
}

/* NULL when out of memory: the caller holds g->lock, which an error must
 * not leave locked (in a library, errors return to the caller). */
static void *to_float(const void *w, int32_t from, int64_t m, int32_t to) {
  void *d = rt_try_malloc((size_t)m * rt_weight_size(to));
  if (!d)
    return NULL;
#pragma omp parallel for if (m > RT_PAR_MIN)
  for (int64_t i = 0; i < m; i++) {
    double x = from == GRAPHRT_WEIGHTS_I32   ? ((const int32_t *)w)[i]
               : from == GRAPHRT_WEIGHTS_F32 ? ((const float *)w)[i]
                                             : ((const double *)w)[i];
    if (to == GRAPHRT_WEIGHTS_F32)
      ((float *)d)[i] = (float)x;
    else
      ((double *)d)[i] = x;
  }
  return d;
}

/* The weights of one direction (in != 0: in-edges) as float type `to`: the
 * graph's own array, or a view converted once into *out_view / *in_view (one
 * array when symmetric). */
static void *float_weights(graphrt_graph *g, int in, int32_t to,
                           void **out_view, void **in_view) {
  need_weights(g);
  if (g->weighted == to)
    return in ? g->in_w : g->out_w;
  void **view = in ? in_view : out_view;
  pthread_mutex_lock(&g->lock);
  if (!*view) {
    *view = to_float(in ? g->in_w : g->out_w, g->weighted, g->m, to);
    if (!*view) {
      pthread_mutex_unlock(&g->lock);
      rt_fatal("out of memory converting %lld edge weights", (long long)g->m);
    }
    if (g->symmetric)
      *(in ? out_view : in_view) = *view;
  }
  pthread_mutex_unlock(&g->lock);
  return *view;
}

void _mlir_ciface_graphrt_out_weights_f32(graphrt_memref_f32 *r,
                                          graphrt_graph *g) {
  RT_SET_MEMREF(r,
                (float *)float_weights(g, 0, GRAPHRT_WEIGHTS_F32, &g->out_wf32,
                                       &g->in_wf32),
                g->m);
}
void _mlir_ciface_graphrt_in_weights_f32(graphrt_memref_f32 *r,
                                         graphrt_graph *g) {
  RT_SET_MEMREF(r,
                (float *)float_weights(g, 1, GRAPHRT_WEIGHTS_F32, &g->out_wf32,
                                       &g->in_wf32),
                g->m);
}
void _mlir_ciface_graphrt_out_weights_f64(graphrt_memref_f64 *r,
                                          graphrt_graph *g) {
  RT_SET_MEMREF(
      r,
      (double *)float_weights(g, 0, GRAPHRT_WEIGHTS_F64, &g->out_wf, &g->in_wf),
      g->m);
}
void _mlir_ciface_graphrt_in_weights_f64(graphrt_memref_f64 *r,
                                         graphrt_graph *g) {
  RT_SET_MEMREF(
      r,
      (double *)float_weights(g, 1, GRAPHRT_WEIGHTS_F64, &g->out_wf, &g->in_wf),
      g->m);
}

int64_t graphrt_common_neighbors(const graphrt_graph *g, int64_t u, int64_t v) {
  if (u < 0 || u >= g->n || v < 0 || v >= g->n) {
    /* Called in parallel loops: under an export call, 0 and a failed call. */
    rt_fail_or_defer("common neighbours of vertices %lld and %lld: out of "
                     "range [0, %lld)",
                     (long long)u, (long long)v, (long long)g->n);
    return 0;
  }
  const int32_t *a = g->out_nbr + g->out_off[u],
                *a_end = g->out_nbr + g->out_off[u + 1];
  const int32_t *b = g->out_nbr + g->out_off[v],
                *b_end = g->out_nbr + g->out_off[v + 1];
  int64_t count = 0;
  /* When b's largest neighbour reaches the bound v (in a symmetric graph,
   * whenever u is a neighbour of v above it), every skip over b stops inside
   * b, so the hot loop needs no end test on b: half the instructions. */
  if (a < a_end && b < b_end && b_end[-1] >= v) {
    for (; a < a_end && *a < v; a++) {
      int32_t w = *a;
      while (*b < w)
        b++;
      int match = *b == w; /* then *b < v, so b + 1 is still inside b */
      count += match;
      b += match;
    }
    return count;
  }
  while (a < a_end && b < b_end && *a < v && *b < v) {
    if (*a < *b) {
      a++;
    } else if (*b < *a) {
      b++;
    } else {
      count++;
      a++;
      b++;
    }
  }
  return count;
}

void _mlir_ciface_graphrt_out_degrees(graphrt_memref_i32 *r, graphrt_graph *g) {
  int64_t n = g->n;
  /* A vertex vector of the program, which frees it with memref.dealloc. */
  int32_t *d = rt_gpu_mode
                   ? rt_gpu_managed_alloc(0, (size_t)n * sizeof(int32_t))
                   : rt_malloc((size_t)n * sizeof(int32_t));
  if (g->part) {
    /* A rank has the global degrees of its own vertices only: the ranks
     * gather them (every rank makes the vector at the same point). */
    g->part->all_degrees(g->part, d);
    RT_SET_MEMREF(r, d, n);
    return;
  }
  const int64_t *off = g->out_off;
#pragma omp parallel for if (n > RT_PAR_MIN)
  for (int64_t v = 0; v < n; v++)
    d[v] = (int32_t)(off[v + 1] - off[v]);
  RT_SET_MEMREF(r, d, n);
}

graphrt_graph *graphrt_graph_empty(int64_t n) {
  if (n < 0 || n > RT_MAX_VERTICES)
    rt_fatal("vertex count %lld out of range [0, %lld]", (long long)n,
             (long long)RT_MAX_VERTICES);
  rt_edges e = {
      n, 0, rt_malloc(sizeof(int32_t)), rt_malloc(sizeof(int32_t)), NULL, 1, 0};
  return rt_graph_build(&e, 0);
}

graphrt_graph *graphrt_relabel(const graphrt_graph *g) {
  int64_t n = g->n;
  /* Rank by decreasing degree with a counting sort (stable, so ties keep id
   * order): degrees are at most m, and buckets past the largest are empty. */
  int64_t max_degree = 0;
#pragma omp parallel for reduction(max : max_degree) if (n > RT_PAR_MIN)
  for (int64_t v = 0; v < n; v++) {
    int64_t d = g->out_off[v + 1] - g->out_off[v];
    if (d > max_degree)
      max_degree = d;
  }
  int64_t *start = rt_calloc((size_t)max_degree + 2, sizeof(int64_t));
  for (int64_t v = 0; v < n; v++)
    start[max_degree - (g->out_off[v + 1] - g->out_off[v])]++;
  rt_prefix_sum(start, max_degree + 2);
  int32_t *new_id = rt_malloc((size_t)(n ? n : 1) * sizeof(int32_t));
  for (int64_t v = 0; v < n; v++)
    new_id[v] =
        (int32_t)start[max_degree - (g->out_off[v + 1] - g->out_off[v])]++;
  free(start);
  rt_edges e;
  rt_graph_edges(g, &e);
#pragma omp parallel for if (e.m > RT_PAR_MIN)
  for (int64_t i = 0; i < e.m; i++) {
    e.src[i] = new_id[e.src[i]];
    e.dst[i] = new_id[e.dst[i]];
  }
  free(new_id);
  return rt_graph_build(&e, 0);
}

void graphrt_check_vertex_count(const graphrt_graph *loaded,
                                const graphrt_graph *expected,
                                const char *path) {
  if (loaded->n != expected->n)
    rt_fatal("%s: %lld vertices, but the program's per-vertex data was made "
             "for the first graph's %lld",
             path, (long long)loaded->n, (long long)expected->n);
}

/* Graphs freed when the program ends. */
static graphrt_graph **kept;
static int64_t kept_count, kept_capacity;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

void graphrt_graph_keep(graphrt_graph *g) {
  pthread_mutex_lock(&kept_lock);
  if (kept_count == kept_capacity) {
    int64_t capacity = kept_capacity ? 2 * kept_capacity : 8;
    graphrt_graph **grown =
        realloc(kept, (size_t)capacity * sizeof(graphrt_graph *));
    if (!grown) {
      pthread_mutex_unlock(&kept_lock); /* an error may return to a caller */
      rt_fatal("out of memory keeping a graph");
    }
    kept = grown;
    kept_capacity = capacity;
  }
  kept[kept_count++] = g;
  pthread_mutex_unlock(&kept_lock);
}

void graphrt_graph_free_kept(void) {
  /* Newest first: a transpose is freed before the graph it borrows from. */
  while (kept_count)
    graphrt_graph_free(kept[--kept_count]);
  free(kept);
  kept = NULL;
  kept_capacity = 0;
}
