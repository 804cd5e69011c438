/* gpu_place.c - graphrt_placed_*: a graph's CSR or CSC arrays where GPU
 * kernels read them (EMOGI's placements): device memory, pinned host memory
 * mapped into the device (zero-copy, 128-byte aligned so that a warp's 32
 * aligned 4-byte reads are one transaction), or managed memory left on the
 * host. Each copy is made once per graph, direction and placement and freed
 * with the graph. Outside GPU mode (`graphc --target=gpu-host`) the host
 * arrays are the kernels' arrays. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { PLACE_AUTO, PLACE_DEVICE, PLACE_ZERO_COPY, PLACE_MANAGED, NUM_PLACES };
enum { ARRAY_OFFSETS, ARRAY_NEIGHBORS, ARRAY_WEIGHTS, NUM_ARRAYS };

/* The 128 bytes a warp reads at once over the host link. */
#define ZERO_COPY_ALIGN 128

typedef struct placed_array {
  void *kernel;  /* NULL until made */
  void *release; /* what to free: the device block or the pinned host block */
} placed_array;

/* graphrt_edge_block_*'s arrays for one block size: the host arrays, and
 * their placed copies. */
enum { BLOCK_STARTS, BLOCK_SOURCES, BLOCK_EDGES, NUM_BLOCK_ARRAYS };
typedef struct edge_blocks {
  int64_t size, count; /* destination ids per block, blocks */
  void *host[NUM_BLOCK_ARRAYS];
  placed_array placed[NUM_PLACES][NUM_BLOCK_ARRAYS];
  struct edge_blocks *next;
} edge_blocks;

struct rt_gpu_edges {
  int auto_place[2]; /* what auto chose for each direction, 0 before */
  placed_array arrays[2][NUM_PLACES][NUM_ARRAYS];
  edge_blocks *blocks; /* a list, one entry per block size */
};

static const char *const place_names[NUM_PLACES] = {
    "auto", "device memory", "zero-copy host memory", "managed memory"};
static const char *const array_names[NUM_ARRAYS] = {"offsets", "neighbors",
                                                    "weights"};

/* Auto puts the edges in device memory when they fit in its free memory
 * less a reserve for the vertex data, frontiers and the driver: an eighth of
 * the device's memory, at least 1 GiB. */
static int choose_auto(const graphrt_graph *g, int direction) {
  size_t free_bytes, total;
  rt_gpu_memory(&free_bytes, &total);
  size_t reserve = total / 8 > ((size_t)1 << 30) ? total / 8 : (size_t)1 << 30;
  size_t edges = (size_t)(g->n + 1) * sizeof(int64_t) +
                 (size_t)g->m * sizeof(int32_t) * (g->weighted ? 2 : 1);
  int place = free_bytes > reserve && edges <= free_bytes - reserve
                  ? PLACE_DEVICE
                  : PLACE_ZERO_COPY;
  if (rt_verbose())
    fprintf(stderr,
            "graphrt: auto placement of the %s-edges: %s (%zu bytes of "
            "edges, %zu bytes free on the GPU, %zu kept in reserve)\n",
            direction ? "in" : "out", place_names[place], edges, free_bytes,
            reserve);
  return place;
}

static void place_array(placed_array *a, int place, const void *host,
                        size_t bytes) {
  switch (place) {
  case PLACE_DEVICE:
    a->release = a->kernel = rt_gpu_device_alloc(bytes);
    rt_gpu_copy_to_device(a->kernel, host, bytes);
    break;
  case PLACE_ZERO_COPY: {
    void *device;
    char *pinned = rt_gpu_pinned_alloc(bytes + ZERO_COPY_ALIGN, &device);
    size_t shift = -(uintptr_t)device & (ZERO_COPY_ALIGN - 1);
    memcpy(pinned + shift, host, bytes);
    a->release = pinned;
    a->kernel = (char *)device + shift;
    break;
  }
  default: /* managed: written here, so its pages start on the host */
    a->release = a->kernel = rt_gpu_managed_alloc(0, bytes);
    memcpy(a->kernel, host, bytes);
    break;
  }
}

static void release_array(placed_array *a, int place) {
  if (!a->release)
    return;
  if (place == PLACE_DEVICE)
    rt_gpu_device_free(a->release);
  else if (place == PLACE_ZERO_COPY)
    rt_gpu_pinned_free(a->release);
  else
    rt_gpu_managed_free(a->release);
}

void rt_gpu_edges_free(struct rt_gpu_edges *edges) {
  for (int d = 0; d < 2; ++d)
    for (int p = PLACE_DEVICE; p < NUM_PLACES; ++p)
      for (int k = 0; k < NUM_ARRAYS; ++k)
        release_array(&edges->arrays[d][p][k], p);
  for (edge_blocks *b = edges->blocks, *next; b; b = next) {
    next = b->next;
    for (int k = 0; k < NUM_BLOCK_ARRAYS; ++k) {
      for (int p = PLACE_DEVICE; p < NUM_PLACES; ++p)
        release_array(&b->placed[p][k], p);
      free(b->host[k]);
    }
    free(b);
  }
  free(edges);
}

/* The GPU edges' state of `g`, made on first use; called under g->lock. */
static struct rt_gpu_edges *gpu_edges_of(graphrt_graph *g) {
  if (!g->gpu_edges)
    g->gpu_edges = rt_calloc(1, sizeof *g->gpu_edges);
  return g->gpu_edges;
}

/* What `placement` is for the edges of `g` stored as direction `d` (the
 * out-edges for the in-edges of a symmetric graph): auto resolved. */
static int resolve_place(graphrt_graph *g, int d, int direction,
                         int placement) {
  struct rt_gpu_edges *edges = gpu_edges_of(g);
  if (placement != PLACE_AUTO)
    return placement;
  if (!edges->auto_place[d])
    edges->auto_place[d] = choose_auto(g, direction);
  return edges->auto_place[d];
}

/* The copy in `placement` of the host array `host` (`count` elements of
 * `width` bytes) that graphrt_out_* / graphrt_in_* returned. */
static void *placed(const char *function, graphrt_graph *g, int32_t direction,
                    int32_t placement, int array, void *host, int64_t count,
                    size_t width) {
  if (!rt_gpu_mode)
    return host;
  /* A symmetric graph's in-edges are its out-edges. */
  int d = g->symmetric ? 0 : direction;
  pthread_mutex_lock(&g->lock);
  int place = resolve_place(g, d, direction, placement);
  placed_array *a = &g->gpu_edges->arrays[d][place][array];
  if (!a->kernel) {
    size_t bytes = (size_t)count * width;
    place_array(a, place, host, bytes);
    if (rt_verbose())
      fprintf(stderr, "graphrt: %s: %s-edges' %s, %zu bytes, in %s on %s\n",
              function, direction ? "in" : "out", array_names[array], bytes,
              place_names[place], rt_gpu_device_name());
  }
  pthread_mutex_unlock(&g->lock);
  return a->kernel;
}

static void check_arguments(const char *function, int32_t direction,
                            int32_t placement) {
  if (direction != 0 && direction != 1)
    rt_fatal("%s: direction %d is not 0 (out-edges) or 1 (in-edges)", function,
             (int)direction);
  if (placement < PLACE_AUTO || placement >= NUM_PLACES)
    rt_fatal("%s: placement %d is not 0 (auto), 1 (device), 2 (zero-copy) "
             "or 3 (managed)",
             function, (int)placement);
}

/* graphrt_placed_<array>: the out- or in-edges' array (T elements) that
 * _mlir_ciface_graphrt_{out,in}_<array> return, placed. */
#define PLACED_FUNCTION(array, Memref, T, id)                                  \
  void _mlir_ciface_graphrt_placed_##array(                                    \
      Memref *r, graphrt_graph *g, int32_t direction, int32_t placement) {     \
    const char *name = "graphrt_placed_" #array;                               \
    check_arguments(name, direction, placement);                               \
    (direction ? _mlir_ciface_graphrt_in_##array                               \
               : _mlir_ciface_graphrt_out_##array)(r, g);                      \
    RT_SET_MEMREF(r,                                                           \
                  (T *)placed(name, g, direction, placement, id, r->aligned,   \
                              r->sizes[0], sizeof(T)),                         \
                  r->sizes[0]);                                                \
  }
PLACED_FUNCTION(offsets, graphrt_memref_i64, int64_t, ARRAY_OFFSETS)
PLACED_FUNCTION(neighbors, graphrt_memref_i32, int32_t, ARRAY_NEIGHBORS)
PLACED_FUNCTION(weights, graphrt_memref_i32, int32_t, ARRAY_WEIGHTS)

/* ---- graphrt_edge_block_* ------------------------------------------------ */

/* Groups the out-edges of `g` into blocks of `size` destination ids by a
 * stable counting sort: block b's edges, in order of source and position,
 * are entries [starts[b], starts[b + 1]) of `sources` and `edges`. */
static edge_blocks *build_blocks(graphrt_graph *g, int64_t size) {
  graphrt_memref_i64 off;
  graphrt_memref_i32 nbr;
  _mlir_ciface_graphrt_out_offsets(&off, g);
  _mlir_ciface_graphrt_out_neighbors(&nbr, g);
  const int64_t *offsets = off.aligned;
  const int32_t *neighbors = nbr.aligned;
  edge_blocks *b = rt_calloc(1, sizeof *b);
  b->size = size;
  b->count = g->n / size + (g->n % size != 0);
  int64_t *starts = rt_calloc((size_t)b->count + 1, sizeof *starts);
  int32_t *sources = rt_malloc((size_t)g->m * sizeof *sources);
  int64_t *edges = rt_malloc((size_t)g->m * sizeof *edges);
  for (int64_t k = 0; k < g->m; ++k)
    ++starts[neighbors[k] / size + 1];
  for (int64_t i = 0; i < b->count; ++i)
    starts[i + 1] += starts[i];
  int64_t *next = rt_malloc((size_t)(b->count + 1) * sizeof *next);
  memcpy(next, starts, (size_t)(b->count + 1) * sizeof *next);
  for (int64_t u = 0; u < g->n; ++u)
    for (int64_t k = offsets[u]; k < offsets[u + 1]; ++k) {
      int64_t at = next[neighbors[k] / size]++;
      sources[at] = (int32_t)u;
      edges[at] = k;
    }
  free(next);
  b->host[BLOCK_STARTS] = starts;
  b->host[BLOCK_SOURCES] = sources;
  b->host[BLOCK_EDGES] = edges;
  return b;
}

/* Array `array` (`width`-byte elements) of the blocks of `size` ids, in
 * `placement` in GPU mode; its length in *count. */
static void *block_array(const char *function, graphrt_graph *g, int64_t size,
                         int32_t placement, int array, size_t width,
                         int64_t *count) {
  if (size <= 0)
    rt_fatal("%s: the edge block size %lld is not positive", function,
             (long long)size);
  check_arguments(function, 0, placement);
  pthread_mutex_lock(&g->lock);
  struct rt_gpu_edges *gpu = gpu_edges_of(g);
  edge_blocks *b = gpu->blocks;
  while (b && b->size != size)
    b = b->next;
  if (!b) {
    b = build_blocks(g, size);
    b->next = gpu->blocks;
    gpu->blocks = b;
  }
  *count = array == BLOCK_STARTS ? b->count + 1 : g->m;
  void *result = b->host[array];
  if (rt_gpu_mode) {
    int place = resolve_place(g, 0, 0, placement);
    placed_array *a = &b->placed[place][array];
    if (!a->kernel) {
      place_array(a, place, result, (size_t)*count * width);
      if (rt_verbose())
        fprintf(stderr,
                "graphrt: %s: blocks of %lld out-edges' destinations, %zu "
                "bytes, in %s on %s\n",
                function, (long long)size, (size_t)*count * width,
                place_names[place], rt_gpu_device_name());
    }
    result = a->kernel;
  }
  pthread_mutex_unlock(&g->lock);
  return result;
}

#define BLOCK_FUNCTION(array, Memref, T, id)                                   \
  void _mlir_ciface_graphrt_edge_block_##array(                                \
      Memref *r, graphrt_graph *g, int64_t size, int32_t placement) {          \
    int64_t count;                                                             \
    T *data = block_array("graphrt_edge_block_" #array, g, size, placement,    \
                          id, sizeof(T), &count);                              \
    RT_SET_MEMREF(r, data, count);                                             \
  }
BLOCK_FUNCTION(starts, graphrt_memref_i64, int64_t, BLOCK_STARTS)
BLOCK_FUNCTION(sources, graphrt_memref_i32, int32_t, BLOCK_SOURCES)
BLOCK_FUNCTION(edges, graphrt_memref_i64, int64_t, BLOCK_EDGES)
