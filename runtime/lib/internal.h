/* internal.h - libgraphrt's private types and helpers (not installed). */
#ifndef GRAPHRT_INTERNAL_H
#define GRAPHRT_INTERNAL_H

#include "graph_rt.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

/* Largest vertex count: ids are int32_t, so n - 1 <= INT32_MAX - 1. */
#define RT_MAX_VERTICES ((int64_t)INT32_MAX)
/* Below this many items a loop runs serially (no OpenMP fork). */
#define RT_PAR_MIN 4096

/* ---- errors (error.c) --------------------------------------------------- */

/* An error message without the "graphrt: " prefix, e.g. "g.el:3: ...". */
typedef struct rt_err {
  int set;
  char msg[512];
} rt_err;

/* Records the first error only; later calls are ignored. */
void rt_err_set(rt_err *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Prints "graphrt: <msg>" on stderr and exits with status 1; but under a
 * recovery point (an export call, or a client's call into libgraphrt), and
 * in the OpenMP region level it was set at, records <msg> as
 * graphrt_last_error and longjmps there instead. */
_Noreturn void rt_fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
_Noreturn void rt_fatal_err(const rt_err *e);
/* The MPI rank of a distributed program (dist.c), else 0. Every rank runs
 * the same program and mostly meets the same errors: rank 0 prints its
 * error at once, another rank only after a delay, by which time mpirun has
 * ended it if rank 0 failed too; so an error only one rank meets is still
 * reported (with its rank), and a shared one once. */
extern int rt_fatal_rank;

/* Set when an export library is loaded (graphrt_export_library, which its
 * bindings call from a constructor): the functions its client calls then
 * return errors instead of exiting. Elsewhere (programs, tools) they exit. */
extern int rt_library;
/* This thread's recovery point (NULL when none) and the omp_get_level() at
 * which it was set. */
extern _Thread_local jmp_buf *rt_recovery;
extern _Thread_local int rt_recovery_level;
/* In a thread of an OpenMP region an export call started, records the
 * error for graphrt_export_poll (the first only) and returns 1: the caller
 * goes on with a safe value. Elsewhere returns 0: the caller fails. */
int rt_defer_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A failure after which the calling thread can go on with a safe value (its
 * result is discarded): deferred where rt_defer_error defers, and then
 * returns; elsewhere it is rt_fatal (of a parallel region's failing
 * threads, the first reports, so that the error is one line). */
void rt_fail_or_defer(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* Empties graphrt_last_error's message. */
void rt_clear_error(void);
/* Makes env this thread's recovery point and clears the last error. */
void rt_client_enter(jmp_buf *env);

/* A function a library's client calls directly (graphrt_graph_from_csr,
 * graphrt_load...) starts with RT_CLIENT_BEGIN(value): called by a client,
 * outside any export call, an rt_fatal under it makes it return `value` with
 * the message in graphrt_last_error; called by a program or an export
 * function, errors go where theirs go. RT_CLIENT_END() before each return. */
#define RT_CLIENT_BEGIN(value)                                                 \
  jmp_buf rt_client_env;                                                       \
  int rt_client_owns = rt_library && !rt_recovery;                             \
  if (rt_client_owns) {                                                        \
    if (setjmp(rt_client_env))                                                 \
      return value;                                                            \
    rt_client_enter(&rt_client_env);                                           \
  }
#define RT_CLIENT_END()                                                        \
  do {                                                                         \
    if (rt_client_owns)                                                        \
      rt_recovery = NULL;                                                      \
  } while (0)

/* The argv index an integer argument with this value was parsed from by
 * graphrt_atoi_bits, or -1 (args.c). */
int64_t rt_argv_source(int64_t value);

/* ---- GRAPHRT_VERBOSE=1 (verbose.c) ------------------------------------------
 * Lines on stderr: each graph graphrt_load read, with its load time; one per
 * round (a sealed frontier, a priority queue's next bucket) with the time
 * since the previous round; the total when main() returns. Each call costs
 * one branch when the variable is unset or 0. */
int rt_verbose(void);
void rt_verbose_start(void);
void rt_verbose_loaded(const char *path, const graphrt_graph *g,
                       double seconds);
void rt_verbose_frontier(int64_t active, int64_t n);
void rt_verbose_bucket(int64_t bucket, int64_t active, int64_t n);
void rt_verbose_finish(void);

/* The usage line of a compiled program named `program` (args.c). */
void rt_print_usage(FILE *out, const char *program);

/* ---- pointer sets (ptrset.c) ----------------------------------------------
 */

/* A set of pointers, each with a size_t value (a map; the value is 0 for
 * members added without one), safe to share between threads;
 * zero-initialized with RT_PTRSET_INIT. */
typedef struct rt_ptrset_slot {
  const void *p;
  size_t value;
} rt_ptrset_slot;
typedef struct rt_ptrset {
  rt_ptrset_slot *slots;
  int64_t count, used, capacity; /* used: members and tombstones */
  pthread_mutex_t lock;
} rt_ptrset;
#define RT_PTRSET_INIT {NULL, 0, 0, 0, PTHREAD_MUTEX_INITIALIZER}
void rt_ptrset_add(rt_ptrset *s, const void *p);
/* Adds p (not a member) with its value. */
void rt_ptrset_put(rt_ptrset *s, const void *p, size_t value);
/* Returns whether p was a member. */
int rt_ptrset_remove(rt_ptrset *s, const void *p);
/* Removes p, storing its value in *value (unless NULL); returns whether p
 * was a member. */
int rt_ptrset_take(rt_ptrset *s, const void *p, size_t *value);
int rt_ptrset_contains(rt_ptrset *s, const void *p);
/* Empties s, calling release (unless NULL) on every member. */
void rt_ptrset_clear(rt_ptrset *s, void (*release)(void *));

/* The blocks compiled code allocates (_mlir_memref_to_llvm_*) during an
 * export call: a call that fails frees those it did not free itself. */
void *rt_export_track(void *p);
void rt_export_untrack(void *p);

/* ---- memory (mem.c) ------------------------------------------------------ */

/* malloc that returns NULL when out of memory; a large block is aligned to
 * and advised for transparent huge pages. Released with free(). */
void *rt_try_malloc(size_t bytes);
/* malloc/calloc that exit with an error instead of returning NULL; never
 * return NULL, even for 0 bytes. Large blocks as rt_try_malloc's. */
void *rt_malloc(size_t bytes);
void *rt_calloc(size_t count, size_t size);
/* Zero-filled allocation whose cost is O(1) + O(pages touched): large
 * blocks come straight from mmap (untouched pages are never cleared). Must be
 * released with rt_zfree and the same size. */
void *rt_zalloc(size_t bytes);
/* rt_zalloc that returns NULL when the memory is exhausted. */
void *rt_try_zalloc(size_t bytes);
void rt_zfree(void *p, size_t bytes);

/* ---- GPU mode (gpu.c, gpu_place.c) ---------------------------------------
 * Nonzero once a GPU program's first driver call (its kernels' module load,
 * before main) initialized the CUDA driver; zero in every other program.
 * Each function below that calls the driver starts GPU mode when it is off.
 */
extern int rt_gpu_mode;
const char *rt_gpu_device_name(void);
void rt_gpu_memory(size_t *free_bytes, size_t *total);
/* Managed memory (any alignment); rt_gpu_managed_free returns 0, freeing
 * nothing, when p is not such a block. */
void *rt_gpu_managed_alloc(size_t alignment, size_t bytes);
/* A managed block of `bytes` (256-byte aligned), or NULL when the driver
 * reports the memory exhausted (other driver errors end the program). */
void *rt_gpu_managed_try_alloc(size_t bytes);
/* The bytes a managed block asked for `bytes` has: its size class (gpu.c),
 * so that a freed block serves the next request of about its size. */
size_t rt_gpu_managed_class(size_t bytes);
/* Zeroes managed block p (on the device when large); returns p. */
void *rt_gpu_managed_zero(void *p, size_t bytes);
int rt_gpu_managed_free(void *p);
/* Frees the managed blocks and streams kept for reuse (gpu.c keeps freed
 * ones for the next request). */
void rt_gpu_trim(void);
/* GRAPHRT_GPU_PROFILE's line for each timed trial (timer_print.c): the
 * counters at graphrt_timer_start, and at graphrt_timer_stop what the trial
 * spent in each kind of driver call, printed on stderr. Nothing outside GPU
 * mode or without GRAPHRT_GPU_PROFILE. */
void rt_gpu_trial_start(void);
void rt_gpu_trial_stop(double seconds);
/* Device memory, filled from the host. */
void *rt_gpu_device_alloc(size_t bytes);
void rt_gpu_copy_to_device(void *device, const void *host, size_t bytes);
void rt_gpu_device_free(void *p);
/* Pinned host memory mapped into the device: returns the host address and
 * sets *device to the kernels' address of the same bytes. */
void *rt_gpu_pinned_alloc(size_t bytes, void **device);
void rt_gpu_pinned_free(void *host);
struct rt_gpu_edges;
/* Frees the copies of g's arrays graphrt_placed_* made. */
void rt_gpu_edges_free(struct rt_gpu_edges *edges);

/* ---- parallel helpers (par.c) ---------------------------------------------
 */

/* Exclusive prefix sum in place over a[0..n); returns the total. */
int64_t rt_prefix_sum(int64_t *a, int64_t n);
/* Sorts a[0..n) ascending. */
void rt_sort_i32(int32_t *a, int64_t n);
/* Sorts pairs (a[i], b[i]) ascending by a, then by b. */
void rt_sort_pairs(int32_t *a, int32_t *b, int64_t n);
/* Sorts every adjacency list adj[off[v]..off[v+1]) (and its weights) in
 * parallel. */
void rt_sort_lists(int64_t n, const int64_t *off, int32_t *adj, int32_t *w);
/* The same for weights of a GRAPHRT_WEIGHTS_* type, ordered by value. */
void rt_sort_typed_lists(int64_t n, const int64_t *off, int32_t *adj, void *w,
                         int32_t type);

/* ---- graphs (csr.c) ------------------------------------------------------ */

/* Edge weights are stored in a graph's GRAPHRT_WEIGHTS_* type: int32_t,
 * float or double. */
static inline size_t rt_weight_size(int32_t type) {
  return type == GRAPHRT_WEIGHTS_F64 ? sizeof(double) : sizeof(int32_t);
}
/* "int32", "float" or "double", for messages. */
const char *rt_weight_name(int32_t type);
/* to[i] = from[j], weights of `size` bytes. */
static inline void rt_weight_copy(void *to, int64_t i, const void *from,
                                  int64_t j, size_t size) {
  if (size == sizeof(double))
    ((uint64_t *)to)[i] = ((const uint64_t *)from)[j];
  else
    ((uint32_t *)to)[i] = ((const uint32_t *)from)[j];
}
/* Whether weight i of w (of `type`) is below zero. */
static inline int rt_weight_negative(const void *w, int32_t type, int64_t i) {
  switch (type) {
  case GRAPHRT_WEIGHTS_F32:
    return ((const float *)w)[i] < 0;
  case GRAPHRT_WEIGHTS_F64:
    return ((const double *)w)[i] < 0;
  default:
    return ((const int32_t *)w)[i] < 0;
  }
}

/* An edge list owned by whoever holds it; w == NULL when unweighted, else m
 * weights of type wtype (GRAPHRT_WEIGHTS_I32 unless set). */
typedef struct rt_edges {
  int64_t n, m;
  int32_t *src, *dst;
  void *w;
  int symmetric; /* closed under reversal (each (u,v,w) has its (v,u,w)) */
  int32_t wtype; /* 0 counts as GRAPHRT_WEIGHTS_I32 */
} rt_edges;
void rt_edges_free(rt_edges *e);
/* The weight type of e (GRAPHRT_WEIGHTS_I32 for 0). */
static inline int32_t rt_edges_wtype(const rt_edges *e) {
  return e->wtype ? e->wtype : GRAPHRT_WEIGHTS_I32;
}

struct graphrt_segments;

/* How a distributed graph (dist.c) is split over MPI ranks: rank r owns the
 * vertices [bounds[r], bounds[r + 1]) and holds exactly the edges into them,
 * as its CSC (in-edges of its vertices) and its CSR (the same edges by
 * source: out-edges of every vertex, cut to the owned destinations). */
typedef struct rt_partition {
  int32_t rank, ranks;
  int64_t *bounds; /* ranks + 1 entries */
  /* The whole graph's out-offsets at the owned vertices and the owned end
   * (bounds[rank + 1] - bounds[rank] + 1 entries, the allocation; global
   * degrees of the owned vertices), and the same rebased by bounds[rank]
   * (rt_rebased_offsets): degree_off[v] for v in [bounds[rank],
   * bounds[rank + 1]]. */
  int64_t *out_off, *degree_off;
  /* The whole graph's edge count and largest out-degree. */
  int64_t edges, max_degree;
  /* Collectives of libgraphrt_mpi that libgraphrt calls for a distributed
   * graph (every rank at the same point): the sum of x over the ranks, and
   * the global out-degrees of all n vertices into d. */
  int64_t (*sum_over_ranks)(int64_t x);
  void (*all_degrees)(const struct rt_partition *p, int32_t *d);
  /* The rank's in-offsets, of its owned vertices only (bounds[rank + 1] -
   * bounds[rank] + 1 entries, the allocation): the graph's in_off is this
   * array rebased by bounds[rank] (rt_rebased_offsets), valid at the owned
   * vertices and the owned end only. */
  int64_t *in_off;
  /* Mirrors: the other ranks' vertices this rank's edges read (sources of
   * its in-edges), ascending, recv_counts[r] of them owned by rank r from
   * recv_displs[r] on; and the owned vertices each rank r mirrors,
   * sends[send_displs[r] ..] (send_counts[r] of them). */
  int32_t *mirrors, *sends;
  int64_t nmirrors, nsends;
  int *recv_counts, *recv_displs, *send_counts, *send_displs;
  /* The ranks that mirror owned vertex v: mirrored_by[mirrored_off[i] ..
   * mirrored_off[i + 1]), i = v - bounds[rank]. */
  int64_t *mirrored_off;
  int32_t *mirrored_by;
  /* Where vertex v's element of a partitioned vector with mirror slots
   * (graphrt_dist_vector_new) is, counted from vertex 0's address (its
   * slot, rt_slot_of): v for owned v, end + k for mirrors[k], bounds[rank]
   * (an owned slot, or the first slot) for the vertices no edge of the rank
   * reads. Not an array over all n vertices but a ranked bitmap of the
   * mirrors (which are ascending, so the slots of those in a word of 64
   * vertices are consecutive): for word i (vertices 64i .. 64i + 63),
   * slots[2i] has bit j set when vertex 64i + j is a mirror, and slots[2i +
   * 1] is the slot of the word's first mirror (end + the mirrors before the
   * word). 2 * max(1, ceil(n / 64)) entries: 0.25 bytes per vertex, one
   * 16-byte load and a popcount per lookup (graph.mirror_slot lowers to
   * the same). */
  int64_t *slots;
  /* The rank's CSR offsets in slot order (dist.c's slot_order_csr): row
   * s, for s in [bounds[rank], bounds[rank + 1] + nmirrors), holds the
   * out-edges of the vertex whose slot is s; the graph's out_off is this
   * array rebased by bounds[rank] (the allocation, hi - lo + nmirrors + 2
   * entries: the last row is empty). A vertex that has no slot (its slot is
   * bounds[rank] though it is not that vertex) has no out-edges on the
   * rank: a push reads its source's row only when its slot is v or at
   * least bounds[rank + 1] (a rank that owns no vertex then reads the empty
   * last row). */
  int64_t *csr_off;
  /* The slot of the source s of each of the rank's in-edges, entry for
   * entry with its in_nbr, so that a pull reads a mirrored vector at an
   * edge's source with one load. The graph's in_nbr itself when the rank
   * has no mirrors (every slot is then the vertex id). */
  int32_t *source_slots;
} rt_partition;

/* Vertex v's slot on the rank of p (rt_partition.slots). */
static inline int64_t rt_slot_of(const rt_partition *p, int64_t v) {
  int64_t lo = p->bounds[p->rank], hi = p->bounds[p->rank + 1];
  if ((uint64_t)(v - lo) < (uint64_t)(hi - lo))
    return v;
  const int64_t *word = p->slots + 2 * (v >> 6);
  uint64_t bits = (uint64_t)word[0],
           below = bits & ((UINT64_C(1) << (v & 63)) - 1);
  return (bits >> (v & 63)) & 1 ? word[1] + __builtin_popcountll(below) : lo;
}

struct graphrt_graph {
  int64_t n, m; /* m = stored directed edges = length of out_nbr */
  int64_t *out_off;
  int32_t *out_nbr;
  void *out_w;     /* m weights of type `weighted`, or NULL */
  int64_t *in_off; /* == out_off etc. when symmetric (shared, freed once) */
  int32_t *in_nbr;
  void *in_w;
  int symmetric;
  int32_t weighted; /* the weights' GRAPHRT_WEIGHTS_* type, 0 when none */
  int borrowed;     /* the arrays belong to another graph (a transpose) */
  /* lazily converted float / double views of another type's weights */
  void *out_wf32, *in_wf32;
  void *out_wf, *in_wf;
  struct graphrt_segments *segments; /* cache, a list */
  rt_partition *part;                /* NULL unless distributed */
  int64_t max_degree_plus1;          /* graphrt_max_out_degree + 1; 0 unknown */
  /* graphrt_near_edge_share's last answer (under lock): its window (0: none
   * asked yet) and the share */
  int64_t near_window;
  double near_share;
  int negative_weights; /* whether a weight is < 0: 0 unknown, 1 no, 2 yes
                           (pq.c computes it on demand; dist.c at load) */
  struct rt_gpu_edges *gpu_edges; /* graphrt_placed_* copies, or NULL */
  pthread_mutex_t lock;
};

/* Builds CSR and CSC from e (consumed: its arrays are freed). With
 * symmetrize, adds (v,u,w) for every (u,v,w) with u != v. */
graphrt_graph *rt_graph_build(rt_edges *e, int symmetrize);
/* g with its int32 weights converted to `type` (F32 or F64); consumes g. */
graphrt_graph *rt_graph_convert_weights(graphrt_graph *g, int32_t type);
/* Wraps already-built CSR (and CSC unless symmetric) arrays of int32
 * weights. */
graphrt_graph *rt_graph_wrap(int64_t n, int64_t m, int64_t *out_off,
                             int32_t *out_nbr, void *out_w, int64_t *in_off,
                             int32_t *in_nbr, void *in_w, int symmetric);
/* g without self loops and repeated edges (a repeat's smallest weight
 * stays), as GAPBS builds its graphs; consumes g. */
graphrt_graph *rt_graph_simple(graphrt_graph *g);
/* The edge list of g (CSR order). */
void rt_graph_edges(const graphrt_graph *g, rt_edges *e);
/* Whether (io, in, iw) is exactly the transpose of (oo, on, ow) (weights
 * compared when ow != NULL): both have valid offsets over n vertices and m
 * entries, in-range ids, and lists sorted by (neighbour, weight). Returns -1
 * when it is, else the index in `on` of the first out-edge with no matching
 * in-edge. O(n + m) time, n cursors of memory, parallel. */
int64_t rt_find_untransposed(int64_t n, const int64_t *oo, const int32_t *on,
                             const int32_t *ow, const int64_t *io,
                             const int32_t *in, const int32_t *iw);
/* A fingerprint of the edge (u, v, w) under `key`: sums over two multisets
 * of edges are equal when they are, and differ with probability about
 * 1 - 2^-64 otherwise, for a key drawn independently of the edges. */
uint64_t rt_edge_fingerprint(uint64_t key, int64_t u, int32_t v, int32_t w);
void rt_segments_free_all(graphrt_graph *g);
/* Whether g is a graph made by libgraphrt and not freed yet. */
int rt_graph_live(const graphrt_graph *g);
/* off viewed from vertex `first` on: element v of the result is off[v -
 * first] (a distributed graph's in-offsets, dist.c). The address is computed
 * as an integer, as a memref's aligned pointer would be. */
static inline int64_t *rt_rebased_offsets(int64_t *off, int64_t first) {
  return (int64_t *)((uintptr_t)off - (uintptr_t)first * sizeof(int64_t));
}
/* The in-offsets of all g->n vertices: g->in_off itself, or for a
 * distributed graph, whose in-offsets cover its owned vertices only, a new
 * array in which the other vertices' lists are empty. Free it with
 * rt_whole_in_offsets_free(g, off). */
const int64_t *rt_whole_in_offsets(const graphrt_graph *g);
void rt_whole_in_offsets_free(const graphrt_graph *g, const int64_t *off);
/* g's out-edges in vertex order: n + 1 offsets and, with `lists`, m
 * neighbours (and weights, of g->weighted's type, or NULL). g's own
 * arrays, or for a distributed graph, whose CSR is in slot order with
 * offsets only at its owned vertices and mirrors (rt_partition.csr_off),
 * new arrays (without `lists`, its neighbours and weights are NULL). Free
 * them with rt_whole_out_edges_free. */
typedef struct {
  const int64_t *off;
  const int32_t *nbr;
  const void *w;
} rt_out_edges;
rt_out_edges rt_whole_out_edges(const graphrt_graph *g, int lists);
void rt_whole_out_edges_free(const graphrt_graph *g, rt_out_edges *e);
/* The whole graph's edge count (a distributed graph's own CSR holds only
 * the edges into its rank). */
static inline int64_t rt_global_edges(const graphrt_graph *g) {
  return g->part ? g->part->edges : g->out_off[g->n];
}

/* ---- file input (io_file.c, io_text.c) ------------------------------------
 */

typedef struct rt_file {
  const char *path;
  char *data; /* NUL-terminated copy of the file */
  int64_t size;
} rt_file;
int rt_file_read(const char *path, rt_file *f, rt_err *err);
/* Opens path for reading without blocking (a FIFO is refused, not waited
 * on). Returns the descriptor, or -1 with err set unless it is a regular
 * file. */
int rt_open_regular(const char *path, rt_err *err);
/* The most vertices a loaded graph may have: the CSR and CSC offsets alone
 * take 16 bytes per vertex, so a few bytes of text naming a huge id must not
 * make the loader exhaust memory. Physical memory / 16 (at most
 * RT_MAX_VERTICES) unless rt_vertex_limit_override is set (> 0; tests and
 * fuzzers lower it). */
extern int64_t rt_vertex_limit_override;
int64_t rt_vertex_limit(void);
void rt_file_close(rt_file *f);
/* The extension of path including the dot ("" when none). */
const char *rt_path_ext(const char *path);

/* How the lines of a text edge file look. */
typedef struct rt_text_spec {
  const char *path;
  const char *comments;     /* characters that start a comment line */
  int32_t weighted;         /* third field: a weight of this type, or 0 */
  int real_weights;         /* an int32 weight may be a real (.mtx) that
                               must be integral */
  int one_based;            /* ids start at 1 (.mtx) */
  int64_t max_row, max_col; /* inclusive bounds of the (1-based) ids */
  int64_t first_line;       /* line number of text[0] */
} rt_text_spec;
/* Parses the lines of text[0..size) into e (src, dst, w; n = max id + 1).
 * text[size] must not continue a number (the NUL of rt_file's copy).
 * Returns 0, or -1 with err set naming the first bad line. */
int rt_text_parse(const rt_text_spec *spec, const char *text, int64_t size,
                  rt_edges *e, rt_err *err);
/* Line number (1-based, counted from spec->first_line) of the k-th (0-based)
 * edge line of text, or of the end of text when there are fewer. */
int64_t rt_text_line_of_entry(const rt_text_spec *spec, const char *text,
                              int64_t size, int64_t k);

/* Loaders: return 0 or -1 with err set; rt_load_mtx returns 1 for a
 * symmetric matrix (the caller mirrors the entries when building). Weights
 * are read as `wtype` (a GRAPHRT_WEIGHTS_* type; .el: 0). */
int rt_load_el(rt_file *f, int32_t wtype, rt_edges *e, rt_err *err);
int rt_load_mtx(rt_file *f, int32_t wtype, int *has_weights, rt_edges *e,
                rt_err *err);
graphrt_graph *rt_load_sg(const char *path, int weighted_file, rt_err *err);

/* A GAPBS .sg/.wsg file whose header and size were checked (io_sg.c), for
 * readers of parts of it (the distributed loader). */
typedef struct rt_sg_file {
  const char *path;
  int64_t n, m;
  int directed, weighted;
} rt_sg_file;
/* Opens and checks `path`; returns the descriptor, or -1 with err set. */
int rt_sg_open(const char *path, int wsg, rt_sg_file *f, rt_err *err);
/* Byte offset of the in- (in != 0) or out-offsets; an undirected file's
 * in-edges are its out-edges. */
int64_t rt_sg_offsets_at(const rt_sg_file *f, int in);
/* Reads and checks the n + 1 offsets of one direction into off. */
int rt_sg_read_offsets(int fd, const rt_sg_file *f, int in, int64_t *off,
                       rt_err *err);
/* Reads the offsets of vertices [lo, hi] of one direction into off (hi -
 * lo + 1 entries) and checks what they show of the whole: that they do
 * not decrease and stay within [0, m], the first is 0 when lo is 0 and the
 * last is m when hi is n. Ranges that tile [0, n] together check what
 * rt_sg_read_offsets checks, in the same order. */
int rt_sg_read_offset_range(int fd, const rt_sg_file *f, int in, int64_t lo,
                            int64_t hi, int64_t *off, rt_err *err);
/* Reads and checks entries [first, first + count) of one direction's
 * neighbours (and, when w != NULL, weights). */
int rt_sg_read_neighbors(int fd, const rt_sg_file *f, int in, int64_t first,
                         int64_t count, int32_t *nbr, int32_t *w, rt_err *err);
/* pread of exactly `bytes` at `off`; 0 or -1 (errno set). */
int rt_read_at(int fd, void *buf, int64_t bytes, int64_t off);
/* A file a writer creates (fopen with `mode`), or NULL with err set. */
FILE *rt_create(const char *path, const char *mode, rt_err *err);
/* Closes a writer's fp; returns 0 when `ok` and the close succeeded, else -1
 * with err set ("<path>: write failed: <errno's message>"). */
int rt_finish_write(FILE *fp, int ok, const char *path, rt_err *err);
/* Writes g's out-weight j into buf (at least RT_WEIGHT_TEXT bytes), as
 * many digits as reading it back needs; returns its length. */
#define RT_WEIGHT_TEXT 32
int rt_format_weight(char *buf, const graphrt_graph *g, int64_t j);
/* Writers: return 0 or -1 with err set. */
int rt_save_el(const graphrt_graph *g, const char *path, int weighted,
               rt_err *err);
int rt_save_sg(const graphrt_graph *g, const char *path, int weighted,
               rt_err *err);
int rt_save_mtx(const graphrt_graph *g, const char *path, rt_err *err);

/* ---- vertex sets (vset.c) ------------------------------------------------
 */

/* Whether s is an id list that may repeat members (applyModified without
 * dedup). */
int rt_vset_has_dups(const graphrt_vset *s);
/* graphrt_vset_seal_distinct_ids without its verbose line (a dequeue
 * reports its bucket instead). */
void rt_vset_seal_distinct_quiet(graphrt_vset *s, int64_t count);
/* The same for ids that may repeat members, as a set sealed with
 * graphrt_vset_seal_ids_keep_dups (graphrt_pq_dequeue_keep_dups). */
void rt_vset_seal_repeats_quiet(graphrt_vset *s, int64_t count);
/* s holds this rank's part of a set of distributed graph g, whose whole
 * size and out-degree sum (in g) are given: graphrt_vset_size and
 * graphrt_vset_out_degree_sum(s, g) answer with them until s changes (the
 * ranks then agree on both without a reduction). */
void rt_vset_spread(graphrt_vset *s, int64_t whole_size, int64_t degree_sum,
                    const graphrt_graph *g);

/* ---- priority queues (pq.c), for distributed programs ----------------------
 */

/* Set by graphrt_dist_load: queues created afterwards journal the vertices
 * their updates touch, for graphrt_dist_mirror_pq. */
extern int rt_pq_journal;
/* The vertices this rank updated since the last call, each once, as a new
 * array (the caller frees it); empties the journal. */
int64_t rt_pq_take_journal(graphrt_pq *q, int32_t **ids);
/* The priority vector and its element width in bytes. */
void *rt_pq_priorities(graphrt_pq *q, int32_t *width);
/* Puts v in the bucket of its current priority (thread 0's bins; serial
 * callers), without journaling it: graphrt_pq_requeue for each vertex, and
 * the update of another rank that graphrt_dist_mirror_pq replays. */
void rt_pq_requeue_vertex(graphrt_pq *q, int64_t v);
/* Checks q as its first use does; its vertex count, delta, whether it
 * processes lower priorities first, and whether a priority may fall below a
 * bucket already processed (a negative weight of the graph of its last
 * traversal, or a priority that already fell). */
void rt_pq_shape(graphrt_pq *q, int64_t *n, int64_t *delta,
                 int32_t *lower_first, int32_t *may_fall);

/* ---- ordered worklists (obim.c), behind graphrt_worklist -------------------
 * `self` is the calling thread's number, below omp_get_max_threads() at
 * rt_obim_new (the caller checks). */
typedef struct rt_obim rt_obim;
/* target >= 0: each thread's take ends once the target vertex is settled
 * (its priority, read from `priorities` of `width` bytes, lies below every
 * bucket the thread sees work in). */
rt_obim *rt_obim_new(int64_t num_vertices, int64_t delta, int64_t target,
                     const void *priorities, int32_t width);
/* An ordered worklist for an ordered asynchronous loop (async = ordered),
 * its priorities the tracked vector `values` (`width` bytes each, 4 or 8;
 * a negative value counts as 0). At delta 1 it keeps no pending bucket per
 * vertex: every push adds an entry (the vertex's value just fell, so no
 * entry of it lies in the new bucket), and a take keeps the entries whose
 * vertex's value still lies in their bucket or above. */
rt_obim *rt_obim_new_by_value(int64_t num_vertices, int64_t delta,
                              const void *values, int32_t width);
/* Adds v to the calling thread's chunk of the bucket of `priority` unless
 * an untaken entry of v lies in that bucket or a lower one (by value at
 * delta 1: always). */
void rt_obim_push(rt_obim *o, int self, int64_t v, int64_t priority);
/* Adds the vertices ids[0..count) (distinct, for a worklist by value at
 * delta 1), outside a parallel region, in chunks of up to 64 consecutive
 * ones spread over the threads; each chunk lies in the lowest bucket of its
 * vertices' values (`values`, `width` bytes each, 4 or 8; a negative value
 * counts as 0). */
void rt_obim_add_members(rt_obim *o, const int32_t *ids, int64_t count,
                         const void *values, int32_t width);
/* Publishes the calling thread's open chunks, so that any thread takes
 * them. */
void rt_obim_seal(rt_obim *o, int self);
/* graphrt_worklist_take's chunk: of the lowest non-empty bucket, without
 * stale entries. */
void rt_obim_take(graphrt_memref_i32 *r, rt_obim *o, int self);
/* Frees o, giving the vertices it still holds to q unless q is NULL. */
void rt_obim_free(rt_obim *o, graphrt_pq *q);

/* ---- NUMA (numa.c) --------------------------------------------------------
 */

/* Real configured nodes (1 without libnuma or when numa_available() < 0). */
int64_t rt_numa_real_nodes(void);

/* ---- random numbers (gen.c) ------------------------------------------------
 */

static inline uint64_t rt_mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/* ---- memref descriptors ----------------------------------------------------
 */

#define RT_SET_MEMREF(r, ptr, n)                                               \
  do {                                                                         \
    (r)->allocated = (ptr);                                                    \
    (r)->aligned = (ptr);                                                      \
    (r)->offset = 0;                                                           \
    (r)->sizes[0] = (n);                                                       \
    (r)->strides[0] = 1;                                                       \
  } while (0)

#endif /* GRAPHRT_INTERNAL_H */
