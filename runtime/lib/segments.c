/* segments.c - segmented subgraphs for cache tiling (Cagra / GraphIt).
 *
 * Pull: segment i holds the in-edges u -> v whose source u lies in range i,
 * grouped by destination v; push: the out-edges u -> v whose destination lies
 * in range i, grouped by source u. Both are the same construction over an
 * adjacency (CSC for pull, CSR for push) whose sorted lists are cut at the
 * range boundaries.
 *
 * Construction is O(n + m + chunks * count): the grouped-by vertices are cut
 * into chunks of similar edge counts; a first parallel pass counts, per chunk
 * and segment, the groups and edges; scans give every chunk its write position
 * in every segment; a second parallel pass copies. The result does not depend
 * on the thread count. Segment i's arrays live on NUMA node i % sockets.
 *
 * With `all_last`, the last segment lists every grouped-by vertex, those
 * without edges in its range with an empty list: a pull that runs a
 * per-destination epilogue after the destination's last segment visits
 * every destination there. */
#include "internal.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define RT_MAX_SEGMENTS ((int64_t)1 << 20)
/* Up to this many segments the segment of an id is a binary search over the
 * (cache-resident) boundaries; above, a per-vertex table. */
#define RT_SEG_SEARCH_MAX 4096

/* The segment i with b[i] <= u < b[i + 1] (the last such i when ranges are
 * empty). */
static inline int64_t seg_find(const int64_t *b, int64_t count,
                               const int32_t *seg_of, int32_t u) {
  if (seg_of)
    return seg_of[u];
  int64_t lo = 0, hi = count; /* invariant: b[lo] <= u < b[hi] */
  while (hi - lo > 1) {
    int64_t mid = (lo + hi) / 2;
    if (b[mid] <= u)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

typedef struct {
  int64_t begin, end; /* range of the cut-by ids */
  int64_t num_groups, num_edges;
  int32_t *vertices;  /* num_groups */
  int64_t *offsets;   /* num_groups + 1 */
  int32_t *neighbors; /* num_edges */
  void *weights;      /* num_edges of the graph's type, NULL if unweighted */
  int64_t node;
} rt_segment;

struct graphrt_segments {
  int64_t count;
  int32_t direction, strategy, all_last;
  int32_t wtype; /* the graph's weight type */
  rt_segment *seg;
  struct graphrt_segments *next;
};

/* Whether the sorted list adj[begin, end) has an edge in the last range. */
static inline int in_last(const int64_t *b, int64_t count, const int32_t *adj,
                          int64_t begin, int64_t end) {
  return begin < end && adj[end - 1] >= b[count - 1];
}

/* Range boundaries b[0..count]: b[0] = 0, b[count] = n, non-decreasing. */
static void make_ranges(int64_t n, int64_t count, int32_t strategy,
                        const int64_t *deg_off, int64_t m, int64_t *b) {
  for (int64_t i = 0; i <= count; i++)
    b[i] = n * i / count; /* fixed vertex count; int64 is enough: n < 2^31 */
  if (strategy != GRAPHRT_EDGE_AWARE || m == 0)
    return;
  /* edge-aware: b[i] = first vertex whose edges start at or after i*m/count */
  for (int64_t i = 1; i < count; i++) {
    int64_t target = (int64_t)((__int128)m * i / count), lo = b[i - 1], hi = n;
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      if (deg_off[mid] >= target)
        hi = mid;
      else
        lo = mid + 1;
    }
    b[i] = lo;
  }
  b[count] = n;
}

static graphrt_segments *build(graphrt_graph *g, int64_t count,
                               int32_t direction, int32_t strategy,
                               int32_t all_last) {
  int64_t n = g->n, m = g->m;
  int pull = direction == GRAPHRT_PULL;
  /* the adjacency to cut, and the degrees that balance its ranges */
  const int64_t *in_off = rt_whole_in_offsets(g);
  /* a pull balances its source ranges by out-degree: no lists needed */
  rt_out_edges out = rt_whole_out_edges(g, !pull);
  const int64_t *off = pull ? in_off : out.off;
  const int32_t *adj = pull ? g->in_nbr : out.nbr;
  const void *aw = pull ? g->in_w : out.w;
  size_t wsize = rt_weight_size(g->weighted);
  const int64_t *range_off = pull ? out.off : in_off;
  int64_t *b = rt_malloc((size_t)(count + 1) * sizeof(int64_t));
  make_ranges(n, count, strategy, range_off, m, b);
  int32_t *seg_of = NULL;
  if (count > RT_SEG_SEARCH_MAX) {
    seg_of = rt_malloc((size_t)(n > 0 ? n : 1) * sizeof(int32_t));
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t i = 0; i < count; i++)
      for (int64_t u = b[i]; u < b[i + 1]; u++)
        seg_of[u] = (int32_t)i;
  }

  /* chunks of grouped-by vertices balanced by n + m */
  int64_t nch = 8 * (int64_t)omp_get_max_threads();
  if (nch * count > ((int64_t)1 << 22))
    nch = ((int64_t)1 << 22) / count;
  if (nch < 1)
    nch = 1;
  if (nch > n && n > 0)
    nch = n;
  int64_t *cb = rt_malloc((size_t)(nch + 1) * sizeof(int64_t));
  cb[0] = 0;
  for (int64_t c = 1; c < nch; c++) {
    int64_t target = (int64_t)((__int128)(n + m) * c / nch), lo = cb[c - 1],
            hi = n;
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      if (off[mid] + mid >= target)
        hi = mid;
      else
        lo = mid + 1;
    }
    cb[c] = lo;
  }
  cb[nch] = n;
  /* groups[c * count + i], edges[c * count + i] */
  int64_t *groups = rt_calloc((size_t)(nch * count), sizeof(int64_t));
  int64_t *edges = rt_calloc((size_t)(nch * count), sizeof(int64_t));
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t c = 0; c < nch; c++) {
    int64_t *gc = groups + c * count, *ec = edges + c * count;
    for (int64_t v = cb[c]; v < cb[c + 1]; v++) {
      int64_t j = off[v], e = off[v + 1];
      while (j < e) { /* lists are sorted: one run per segment */
        int64_t i = seg_find(b, count, seg_of, adj[j]);
        int64_t k = j + 1, hi = b[i + 1];
        while (k < e && adj[k] < hi)
          k++;
        gc[i]++;
        ec[i] += k - j;
        j = k;
      }
      /* the last run, if any, is the last segment's */
      if (all_last && !in_last(b, count, adj, off[v], e))
        gc[count - 1]++;
    }
  }
  graphrt_segments *s = rt_calloc(1, sizeof(*s));
  s->count = count;
  s->direction = direction;
  s->wtype = g->weighted;
  s->strategy = strategy;
  s->all_last = all_last;
  s->seg = rt_calloc((size_t)count, sizeof(rt_segment));
  int64_t sockets = graphrt_numa_sockets();
  /* per segment: scan over chunks (turning counts into write positions) */
#pragma omp parallel for schedule(dynamic, 16) if (count > 16)
  for (int64_t i = 0; i < count; i++) {
    int64_t gs = 0, es = 0;
    for (int64_t c = 0; c < nch; c++) {
      int64_t gx = groups[c * count + i], ex = edges[c * count + i];
      groups[c * count + i] = gs;
      edges[c * count + i] = es;
      gs += gx;
      es += ex;
    }
    rt_segment *sg = &s->seg[i];
    sg->begin = b[i];
    sg->end = b[i + 1];
    sg->num_groups = gs;
    sg->num_edges = es;
    sg->node = i % sockets;
  }
  /* allocation is serial: libnuma's allocator is not meant for contention */
  for (int64_t i = 0; i < count; i++) {
    rt_segment *sg = &s->seg[i];
    sg->vertices = graphrt_numa_alloc(sg->num_groups * 4, sg->node);
    sg->offsets = graphrt_numa_alloc((sg->num_groups + 1) * 8, sg->node);
    sg->neighbors = graphrt_numa_alloc(sg->num_edges * 4, sg->node);
    sg->weights =
        aw ? graphrt_numa_alloc(sg->num_edges * (int64_t)wsize, sg->node)
           : NULL;
  }
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t c = 0; c < nch; c++) {
    int64_t *gc = groups + c * count, *ec = edges + c * count;
    for (int64_t v = cb[c]; v < cb[c + 1]; v++) {
      int64_t j = off[v], e = off[v + 1];
      while (j < e) {
        int64_t i = seg_find(b, count, seg_of, adj[j]);
        int64_t k = j + 1, hi = b[i + 1];
        while (k < e && adj[k] < hi)
          k++;
        rt_segment *sg = &s->seg[i];
        int64_t gpos = gc[i]++, epos = ec[i];
        sg->vertices[gpos] = (int32_t)v;
        sg->offsets[gpos] = epos;
        for (int64_t x = j; x < k; x++)
          sg->neighbors[epos + x - j] = adj[x];
        if (aw)
          for (int64_t x = j; x < k; x++)
            rt_weight_copy(sg->weights, epos + x - j, aw, x, wsize);
        ec[i] += k - j;
        j = k;
      }
      if (all_last && !in_last(b, count, adj, off[v], e)) {
        rt_segment *sg = &s->seg[count - 1];
        int64_t gpos = gc[count - 1]++;
        sg->vertices[gpos] = (int32_t)v;
        sg->offsets[gpos] = ec[count - 1];
      }
    }
  }
  for (int64_t i = 0; i < count; i++)
    s->seg[i].offsets[s->seg[i].num_groups] = s->seg[i].num_edges;
  free(groups);
  free(edges);
  free(cb);
  free(seg_of);
  free(b);
  rt_whole_in_offsets_free(g, in_off);
  rt_whole_out_edges_free(g, &out);
  return s;
}

static void free_segments(graphrt_segments *s) {
  for (int64_t i = 0; i < s->count; i++) {
    rt_segment *sg = &s->seg[i];
    graphrt_numa_free(sg->vertices, sg->num_groups * 4);
    graphrt_numa_free(sg->offsets, (sg->num_groups + 1) * 8);
    graphrt_numa_free(sg->neighbors, sg->num_edges * 4);
    if (sg->weights)
      graphrt_numa_free(sg->weights,
                        sg->num_edges * (int64_t)rt_weight_size(s->wtype));
  }
  free(s->seg);
  free(s);
}

/* g's segments of this kind, if built; the caller holds g->lock. */
static graphrt_segments *find(graphrt_graph *g, int64_t count,
                              int32_t direction, int32_t strategy,
                              int32_t all_last) {
  graphrt_segments *s = g->segments;
  while (s && !(s->count == count && s->direction == direction &&
                s->strategy == strategy && s->all_last == all_last))
    s = s->next;
  return s;
}

static graphrt_segments *get(graphrt_graph *g, int64_t count, int32_t direction,
                             int32_t strategy, int32_t all_last) {
  if (count < 1 || count > RT_MAX_SEGMENTS)
    rt_fatal("segment count %lld out of range [1, %lld]", (long long)count,
             (long long)RT_MAX_SEGMENTS);
  if (direction != GRAPHRT_PULL && direction != GRAPHRT_PUSH)
    rt_fatal("invalid segment direction %d", direction);
  if (strategy != GRAPHRT_FIXED_VERTEX_COUNT && strategy != GRAPHRT_EDGE_AWARE)
    rt_fatal("invalid segment strategy %d", strategy);
  /* Ranges beyond the vertex count would be empty: no segments for them,
   * so that neither building nor the loops over segments pay for them. */
  if (count > g->n)
    count = g->n > 1 ? g->n : 1;
  pthread_mutex_lock(&g->lock);
  graphrt_segments *s = find(g, count, direction, strategy, all_last);
  pthread_mutex_unlock(&g->lock);
  if (s)
    return s;
  /* Built without the lock: running out of memory there may return to a
   * library's caller, which must find the graph unlocked. */
  graphrt_segments *built = build(g, count, direction, strategy, all_last);
  pthread_mutex_lock(&g->lock);
  s = find(g, count, direction, strategy, all_last);
  if (!s) {
    s = built;
    s->next = g->segments;
    g->segments = s;
    built = NULL;
  }
  pthread_mutex_unlock(&g->lock);
  if (built) /* another thread built the same segments meanwhile */
    free_segments(built);
  return s;
}

graphrt_segments *graphrt_segments_get(graphrt_graph *g, int64_t count,
                                       int32_t direction, int32_t strategy) {
  return get(g, count, direction, strategy, 0);
}

graphrt_segments *graphrt_segments_get_all_last(graphrt_graph *g, int64_t count,
                                                int32_t direction,
                                                int32_t strategy) {
  return get(g, count, direction, strategy, 1);
}

void rt_segments_free_all(graphrt_graph *g) {
  graphrt_segments *s = g->segments;
  while (s) {
    graphrt_segments *next = s->next;
    free_segments(s);
    s = next;
  }
  g->segments = NULL;
}

int64_t graphrt_segments_count(const graphrt_segments *s) { return s->count; }

static const rt_segment *seg_at(const graphrt_segments *s, int64_t i) {
  if (i < 0 || i >= s->count)
    rt_fatal("segment %lld out of range [0, %lld)", (long long)i,
             (long long)s->count);
  return &s->seg[i];
}

int64_t graphrt_segment_range_begin(const graphrt_segments *s, int64_t i) {
  return seg_at(s, i)->begin;
}
int64_t graphrt_segment_range_end(const graphrt_segments *s, int64_t i) {
  return seg_at(s, i)->end;
}
int64_t graphrt_segment_num_vertices(const graphrt_segments *s, int64_t i) {
  return seg_at(s, i)->num_groups;
}
int64_t graphrt_segment_num_edges(const graphrt_segments *s, int64_t i) {
  return seg_at(s, i)->num_edges;
}
int64_t graphrt_segment_node(const graphrt_segments *s, int64_t i) {
  return seg_at(s, i)->node;
}

void _mlir_ciface_graphrt_segment_vertices(graphrt_memref_i32 *r,
                                           graphrt_segments *s, int64_t i) {
  const rt_segment *sg = seg_at(s, i);
  RT_SET_MEMREF(r, sg->vertices, sg->num_groups);
}
void _mlir_ciface_graphrt_segment_offsets(graphrt_memref_i64 *r,
                                          graphrt_segments *s, int64_t i) {
  const rt_segment *sg = seg_at(s, i);
  RT_SET_MEMREF(r, sg->offsets, sg->num_groups + 1);
}
void _mlir_ciface_graphrt_segment_neighbors(graphrt_memref_i32 *r,
                                            graphrt_segments *s, int64_t i) {
  const rt_segment *sg = seg_at(s, i);
  RT_SET_MEMREF(r, sg->neighbors, sg->num_edges);
}
/* Segment i's weights, which the program reads as `type`. */
static void *segment_weights(graphrt_segments *s, int64_t i, int32_t type) {
  const rt_segment *sg = seg_at(s, i);
  if (!sg->weights)
    rt_fatal("the program asks for segment weights but the graph is "
             "unweighted");
  if (s->wtype != type)
    rt_fatal("the program reads %s edge weights but the graph has %s weights",
             rt_weight_name(type), rt_weight_name(s->wtype));
  return sg->weights;
}
void _mlir_ciface_graphrt_segment_weights(graphrt_memref_i32 *r,
                                          graphrt_segments *s, int64_t i) {
  RT_SET_MEMREF(r, (int32_t *)segment_weights(s, i, GRAPHRT_WEIGHTS_I32),
                seg_at(s, i)->num_edges);
}
void _mlir_ciface_graphrt_segment_weights_f32(graphrt_memref_f32 *r,
                                              graphrt_segments *s, int64_t i) {
  RT_SET_MEMREF(r, (float *)segment_weights(s, i, GRAPHRT_WEIGHTS_F32),
                seg_at(s, i)->num_edges);
}
void _mlir_ciface_graphrt_segment_weights_f64(graphrt_memref_f64 *r,
                                              graphrt_segments *s, int64_t i) {
  RT_SET_MEMREF(r, (double *)segment_weights(s, i, GRAPHRT_WEIGHTS_F64),
                seg_at(s, i)->num_edges);
}
