/* dist.c - graphs split over MPI ranks (libgraphrt_mpi), for programs built
 * with `graphc --distributed`.
 *
 * Every rank runs the whole program. The edges are split: rank r owns a
 * contiguous range of vertices, balanced by vertices + in-edges, and holds
 * only the edges into them; the other ranks' vertices that are sources of
 * those edges are its mirrors (find_mirrors). A traversal therefore writes
 * only the owned destinations on each rank (pull and push alike); afterwards
 * graphrt_dist_mirror_needed sends owned values only to the ranks that
 * mirror them (MPI_Alltoallv), and graphrt_dist_mirror /
 * graphrt_dist_mirror_vset make every rank's owned part visible to all
 * (MPI_Allgatherv). A set by need (graphrt_dist_mirror_vset_part) goes
 * only to the ranks that mirror its members, and one MPI_Allreduce gives
 * every rank its whole size and out-degree sum. Out-degrees and the edge
 * count stay global (a rank keeps its own vertices' degrees, the edge count
 * and the largest degree, and the ranks gather or sum the others'), so the
 * hybrid direction test and `vertices.size()` agree on every rank. A rank's
 * per-vertex graph arrays are O(owned + mirrors) but for the slot map, a
 * ranked bitmap of the mirrors (0.25 bytes per vertex): the in-offsets and
 * global out-offsets of its own vertices, and its CSR's offsets as rows by
 * slot (slot_order_csr).
 *
 * Loading never gathers the graph on one rank for .sg/.wsg files: rank 0
 * partitions from a few in-offsets, and each rank reads its own vertices'
 * offsets and its own slice of in-edges with pread. Text
 * formats, and a directed .sg to be symmetrized, are read by rank 0 and
 * scattered. Before reading, the ranks check that their files are the same
 * (format, size, sampled content); after, that the in-edges are the
 * transpose of the out-edges (each rank fingerprints its slices, a sum over
 * the ranks compares the whole multisets). A rank that meets bad input makes
 * every rank exit with status 1 after the lowest such rank printed its
 * one-line error. */
#include "internal.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* What this rank sent, for GRAPHRT_MPI_STATS=1 (bench/mpi.sh): all of it,
 * the part the mirrors by need sent (their bytes, messages and calls), and
 * the members the set mirrors sent (bytes, messages; calls by need);
 * the graph's vertices (each vector's elements), its owned vertices and its
 * mirrors; the bytes of the vectors graphrt_dist_vector_new allocated,
 * partitioned and whole, and of the whole copies graphrt_dist_gather made. */
static struct {
  int rank, ranks;
  int64_t bytes, messages, vector_mirrors, set_mirrors;
  int64_t needed[2], needed_mirrors; /* bytes, messages; calls */
  int64_t set_sent[2], set_needed;   /* members' bytes, messages; calls */
  int64_t vertices, owned, mirrors;
  int64_t part_bytes, part_vectors, whole_bytes, whole_vectors;
  int64_t gathered_bytes, gathers;
  /* the bytes of the graph's per-vertex arrays on this rank: its in-offsets
   * (owned vertices only), its CSR's offsets (rows by slot), the global
   * out-offsets (owned vertices only) and the slot map (a bit and 1/32
   * of a word per vertex) */
  int64_t in_offsets, out_offsets, degree_offsets, slots;
} stats;

static void print_stats(void) {
  fprintf(stderr,
          "graphrt-mpi: rank %d: %lld bytes in %lld messages, %lld vector "
          "mirrors, %lld vertex-set mirrors\n",
          stats.rank, (long long)stats.bytes, (long long)stats.messages,
          (long long)stats.vector_mirrors, (long long)stats.set_mirrors);
  fprintf(stderr,
          "graphrt-mpi-mirrors: rank %d: %lld vertices, %lld owned, %lld "
          "mirrors; by need %lld bytes in %lld messages, %lld mirrors\n",
          stats.rank, (long long)stats.vertices, (long long)stats.owned,
          (long long)stats.mirrors, (long long)stats.needed[0],
          (long long)stats.needed[1], (long long)stats.needed_mirrors);
  fprintf(stderr,
          "graphrt-mpi-sets: rank %d: %lld bytes of members in %lld "
          "messages, %lld of %lld vertex-set mirrors by need\n",
          stats.rank, (long long)stats.set_sent[0],
          (long long)stats.set_sent[1], (long long)stats.set_needed,
          (long long)stats.set_mirrors);
  fprintf(stderr,
          "graphrt-mpi-vertex-data: rank %d: %lld bytes partitioned in %lld "
          "vectors, %lld bytes whole in %lld vectors, %lld bytes gathered in "
          "%lld gathers\n",
          stats.rank, (long long)stats.part_bytes,
          (long long)stats.part_vectors, (long long)stats.whole_bytes,
          (long long)stats.whole_vectors, (long long)stats.gathered_bytes,
          (long long)stats.gathers);
  fprintf(stderr,
          "graphrt-mpi-graph: rank %d: %lld bytes of per-vertex arrays: "
          "%lld in-offsets, %lld out-offsets, %lld global out-offsets, "
          "%lld slot map\n",
          stats.rank,
          (long long)(stats.in_offsets + stats.out_offsets +
                      stats.degree_offsets + stats.slots),
          (long long)stats.in_offsets, (long long)stats.out_offsets,
          (long long)stats.degree_offsets, (long long)stats.slots);
}

static void world(int *rank, int *ranks) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized)
    rt_fatal("a distributed graph needs MPI: compile the program with "
             "graphc --distributed");
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, ranks);
}

/* Every rank calls this at the same point: when any rank has an error, the
 * lowest such rank prints it and all exit with status 1. */
static void check_all(const rt_err *err, int rank, int ranks) {
  int mine = err->set ? rank : ranks, first = ranks;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == ranks)
    return;
  fflush(stdout);
  if (rank == first)
    fprintf(stderr, "graphrt: %s\n", err->msg);
  MPI_Finalize();
  exit(1);
}

/* Where the partition reads the in-offsets: an array of all n + 1, or
 * (off == NULL) the .sg file f's, entry by entry (a read error sets err
 * and reads 0). */
typedef struct {
  const int64_t *off;
  int fd;
  const rt_sg_file *f;
  rt_err *err;
} rt_in_offsets;

static int64_t in_offset_at(const rt_in_offsets *in, int64_t v) {
  if (in->off)
    return in->off[v];
  int64_t value = 0;
  if (!in->err->set)
    rt_sg_read_offset_range(in->fd, in->f, 1, v, v, &value, in->err);
  return value;
}

/* Contiguous owned ranges: bounds[r] is the first vertex v whose cost
 * v + in_off[v] (vertices + in-edges before it) reaches r / ranks of the
 * total (m edges), so every rank gets about the same share of both. A
 * binary search per rank reads O(log n) in-offsets: the file's need not
 * be read whole. Offsets out of [0, m] (bad input, which the reader of
 * each range reports) count as the nearer end. */
static void partition(int64_t n, int64_t m, const rt_in_offsets *in, int ranks,
                      int64_t *bounds) {
  int64_t total = n + m;
  bounds[0] = 0;
  for (int r = 1; r < ranks; r++) {
    int64_t target = (int64_t)((__int128)total * r / ranks);
    int64_t lo = bounds[r - 1], hi = n;
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2, off = in_offset_at(in, mid);
      off = off < 0 ? 0 : off > m ? m : off;
      if (mid + off < target)
        lo = mid + 1;
      else
        hi = mid;
    }
    bounds[r] = lo;
  }
  bounds[ranks] = n;
}

static int *prefix_displs(const int *counts, int ranks, int64_t *total) {
  int *displs = rt_malloc((size_t)ranks * sizeof(int));
  *total = 0;
  for (int r = 0; r < ranks; r++) {
    displs[r] = (int)*total;
    *total += counts[r];
  }
  return displs;
}

/* The mirrors of rank p->rank (the sources of its `m` in-edges nbr that
 * other ranks own, ascending) and, by one all-to-all, the owned vertices
 * every other rank mirrors; then the slot map. The sources are marked in
 * the slot map's bitmap itself (a bit per vertex, which the rank keeps),
 * so finding them takes no array over all n vertices besides it. */
static void find_mirrors(rt_partition *p, int64_t n, const int32_t *nbr,
                         int64_t m) {
  int64_t lo = p->bounds[p->rank], hi = p->bounds[p->rank + 1];
  int ranks = p->ranks;
  p->recv_counts = rt_calloc((size_t)ranks, sizeof(int));
  p->send_counts = rt_malloc((size_t)ranks * sizeof(int));
  /* The bitmap (rt_partition.slots, even entries): the sources, less the
   * owned vertices; then each word's first slot (odd entries). */
  int64_t words = n > 0 ? (n + 63) / 64 : 1;
  uint64_t *bits = (uint64_t *)(p->slots = rt_calloc((size_t)(2 * words), 8));
  for (int64_t j = 0; j < m; j++)
    bits[2 * (nbr[j] >> 6)] |= UINT64_C(1) << (nbr[j] & 63);
  for (int64_t u = lo; u < hi; u++)
    bits[2 * (u >> 6)] &= ~(UINT64_C(1) << (u & 63));
  int64_t count = 0;
  for (int64_t i = 0; i < words; i++) {
    p->slots[2 * i + 1] = hi + count;
    count += __builtin_popcountll(bits[2 * i]);
  }
  p->mirrors = rt_malloc((size_t)(count ? count : 1) * sizeof(int32_t));
  int owner = 0;
  for (int64_t i = 0, k = 0; i < words; i++)
    for (uint64_t word = bits[2 * i]; word; word &= word - 1) {
      int64_t u = 64 * i + __builtin_ctzll(word);
      while (u >= p->bounds[owner + 1])
        owner++;
      p->mirrors[k++] = (int32_t)u;
      p->recv_counts[owner]++;
    }
  p->recv_displs = prefix_displs(p->recv_counts, ranks, &p->nmirrors);
  MPI_Alltoall(p->recv_counts, 1, MPI_INT, p->send_counts, 1, MPI_INT,
               MPI_COMM_WORLD);
  p->send_displs = prefix_displs(p->send_counts, ranks, &p->nsends);
  p->sends = rt_malloc((size_t)(p->nsends ? p->nsends : 1) * sizeof(int32_t));
  MPI_Alltoallv(p->mirrors, p->recv_counts, p->recv_displs, MPI_INT32_T,
                p->sends, p->send_counts, p->send_displs, MPI_INT32_T,
                MPI_COMM_WORLD);
  p->mirrored_off = rt_calloc((size_t)(hi - lo + 1), sizeof(int64_t));
  for (int64_t i = 0; i < p->nsends; i++)
    p->mirrored_off[p->sends[i] - lo]++;
  rt_prefix_sum(p->mirrored_off, hi - lo + 1);
  p->mirrored_by =
      rt_malloc((size_t)(p->nsends ? p->nsends : 1) * sizeof(int32_t));
  int64_t *next = rt_malloc((size_t)(hi - lo + 1) * sizeof(int64_t));
  memcpy(next, p->mirrored_off, (size_t)(hi - lo + 1) * sizeof(int64_t));
  for (int r = 0; r < ranks; r++)
    for (int i = p->send_displs[r]; i < p->send_displs[r] + p->send_counts[r];
         i++)
      p->mirrored_by[next[p->sends[i] - lo]++] = r;
  free(next);
  stats.vertices = n;
  stats.owned = hi - lo;
  stats.mirrors = p->nmirrors;
}

/* The collectives libgraphrt calls for a distributed graph (rt_partition's
 * sum_over_ranks and all_degrees). */
static int64_t sum_over_ranks(int64_t x) {
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  stats.bytes += 8 * (int64_t)(stats.ranks - 1);
  stats.messages += stats.ranks - 1;
  return x;
}

/* The global out-degrees of all vertices: each rank's owned ones, gathered
 * (the load's traffic: not counted in the stats' bytes, but a whole vector
 * of the vertex-data line). */
static void all_degrees(const rt_partition *p, int32_t *d) {
  int64_t lo = p->bounds[p->rank], hi = p->bounds[p->rank + 1];
  const int64_t *off = p->degree_off;
  stats.whole_bytes += (int64_t)sizeof(int32_t) * p->bounds[p->ranks];
  stats.whole_vectors++;
#pragma omp parallel for if (hi - lo > RT_PAR_MIN)
  for (int64_t v = lo; v < hi; v++)
    d[v] = (int32_t)(off[v + 1] - off[v]);
  int *counts = rt_malloc((size_t)p->ranks * sizeof(int));
  int *displs = rt_malloc((size_t)p->ranks * sizeof(int));
  for (int r = 0; r < p->ranks; r++) {
    counts[r] = (int)(p->bounds[r + 1] - p->bounds[r]);
    displs[r] = (int)p->bounds[r];
  }
  MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, d, counts, displs,
                 MPI_INT32_T, MPI_COMM_WORLD);
  free(counts);
  free(displs);
}

/* Every edge into a rank's vertices, counted by source over all ranks, must
 * match the out-offsets: otherwise push (by source) and pull (by
 * destination) would see different graphs. A rank's count of its edges
 * from each source is the length of the source's row in its CSR, `rows`
 * by slot (its own vertices', then its mirrors'; left as they were); the
 * mirrors' counts go
 * to their owners (one MPI_Alltoallv in the order of the mirror lists),
 * and each owner adds them to its own and compares the sums with the
 * out-offsets of its own vertices (out_off, valid at [lo, hi]). So the
 * check holds nothing over all n vertices. Returns the rank's first owned
 * vertex that disagrees, or -1. */
static int64_t find_degree_mismatch(const rt_partition *p, int64_t *rows,
                                    const int64_t *out_off, int64_t *found) {
  int64_t lo = p->bounds[p->rank], hi = p->bounds[p->rank + 1];
  int64_t owned = hi - lo;
  /* The other ranks' counts of the owned vertices, added to the rank's own
   * in place and taken off again after the comparison. */
  int64_t *in =
      rt_malloc((size_t)(p->nsends ? p->nsends : 1) * sizeof(int64_t));
  MPI_Alltoallv(rows + owned, p->recv_counts, p->recv_displs, MPI_INT64_T, in,
                p->send_counts, p->send_displs, MPI_INT64_T, MPI_COMM_WORLD);
  for (int64_t i = 0; i < p->nsends; i++)
    rows[p->sends[i] - lo] += in[i];
  int64_t bad = hi;
#pragma omp parallel for reduction(min : bad) if (owned > RT_PAR_MIN)
  for (int64_t v = lo; v < hi; v++)
    if (rows[v - lo] != out_off[v + 1] - out_off[v])
      bad = v < bad ? v : bad;
  *found = bad < hi ? rows[bad - lo] : 0;
  for (int64_t i = 0; i < p->nsends; i++)
    rows[p->sends[i] - lo] -= in[i];
  free(in);
  return bad < hi ? bad : -1;
}

/* The degree check of a .sg's slices (find_degree_mismatch), which
 * slot_order_csr runs on its rows' counts: f the file, out_off the whole
 * graph's out-offsets at the rank's vertices [lo, hi]. */
typedef struct {
  const rt_sg_file *f;
  const int64_t *out_off;
} rt_degree_check;

static void check_degrees(const rt_degree_check *check, const rt_partition *p,
                          int64_t *rows) {
  rt_err err = {0, {0}};
  const rt_sg_file *f = check->f;
  const int64_t *out_off = check->out_off;
  int64_t found, bad = find_degree_mismatch(p, rows, out_off, &found);
  if (bad >= 0)
    rt_err_set(&err,
               "%s: byte %lld: vertex %lld has %lld out-edges, but %lld "
               "in-edges name it as their source: %s",
               f->path, (long long)(rt_sg_offsets_at(f, 0) + bad * 8),
               (long long)bad, (long long)(out_off[bad + 1] - out_off[bad]),
               (long long)found,
               f->directed ? "the stored in-edges are not the transpose of "
                             "the out-edges"
                           : "the undirected graph is not symmetric");
  check_all(&err, p->rank, p->ranks);
}

/* The rank's CSR in slot order, from its in-edges (cin, nbr, w over its
 * owned vertices [lo, hi)): the rows of its owned vertices, then those of
 * its mirrors (the only other sources of its edges), so that its offsets
 * are O(owned + mirrors). Row s (a slot, graphrt_dist_slots) is the edges
 * of owned vertex s, or of mirror s - hi, each row's in destination order;
 * g->out_off is the offsets rebased by lo, valid at [lo, hi + nmirrors +
 * 1]. A counting sort by slot that visits destinations in order: with row
 * s's edges counted at off[s - lo + 1], the exclusive prefix sum makes
 * that entry the row's start, and each edge advances it to the row's end,
 * the next row's start, so off ends as the offsets with no array of
 * cursors. With `check`, the degree check of a .sg's slices runs on the
 * rows' counts first (check_degrees: every rank exits on bad input). */
static void slot_order_csr(graphrt_graph *g, rt_partition *p,
                           const int64_t *cin, const int32_t *nbr,
                           const int32_t *w, int32_t *onbr, int32_t *ow,
                           const rt_degree_check *check) {
  int64_t lo = p->bounds[p->rank], hi = p->bounds[p->rank + 1];
  int64_t owned = hi - lo, rows = owned + p->nmirrors, m = cin[owned];
  int64_t *off = rt_calloc((size_t)(rows + 2), sizeof(int64_t));
  for (int64_t j = 0; j < m; j++)
    off[rt_slot_of(p, nbr[j]) - lo + 1]++;
  /* The counts are the rows' lengths, which the degree check reads. */
  if (check)
    check_degrees(check, p, off + 1);
  rt_prefix_sum(off, rows + 1);
  for (int64_t v = lo; v < hi; v++)
    for (int64_t j = cin[v - lo]; j < cin[v - lo + 1]; j++) {
      int64_t at = off[rt_slot_of(p, nbr[j]) - lo + 1]++;
      onbr[at] = (int32_t)v;
      if (w)
        ow[at] = w[j];
    }
  /* And one more row, empty: where a rank that owns no vertex (and so has
   * no edges and no mirrors) reads the row of slot lo (= hi). */
  off[rows] = off[rows + 1] = m;
  p->csr_off = off;
  g->out_off = rt_rebased_offsets(off, lo);
}

/* The rank's graph from its slice of in-edges: entries [in_off[lo],
 * in_off[hi]) of the whole graph's in-neighbours (and weights), for its
 * owned vertices [lo, hi), of a graph of n vertices and `edges` edges. Takes
 * nbr, w, bounds and out_own (the whole graph's out-offsets of [lo, hi],
 * hi - lo + 1 entries) over; in_off need only be valid at [lo, hi]. Its
 * in-offsets are the owned vertices' only (hi - lo + 1 entries, kept in
 * part->in_off), and g->in_off points lo entries before them, so that
 * g->in_off[v] is v's offset for v in [lo, hi]: a rank scans the in-edges
 * of its own vertices only. */
static graphrt_graph *build_local(int64_t n, int64_t edges,
                                  const int64_t *in_off, int32_t *nbr,
                                  int32_t *w, int64_t *bounds, int64_t *out_own,
                                  int rank, int ranks,
                                  const rt_degree_check *check) {
  int64_t lo = bounds[rank], hi = bounds[rank + 1], base = in_off[lo];
  int64_t m = in_off[hi] - base, owned = hi - lo;
  int64_t *cin = rt_malloc((size_t)(owned + 1) * sizeof(int64_t));
#pragma omp parallel for if (owned > RT_PAR_MIN)
  for (int64_t i = 0; i <= owned; i++)
    cin[i] = in_off[lo + i] - base;
  rt_sort_lists(owned, cin, nbr, w);
  /* The same edges by source, in slot order (slot_order_csr, after the
   * mirrors are known). */
  int32_t *onbr = rt_malloc((size_t)(m ? m : 1) * sizeof(int32_t));
  int32_t *ow = w ? rt_malloc((size_t)(m ? m : 1) * sizeof(int32_t)) : NULL;
  graphrt_graph *g =
      rt_graph_wrap(n, m, NULL, onbr, ow, rt_rebased_offsets(cin, lo), nbr, w,
                    /*symmetric=*/0);
  g->part = rt_calloc(1, sizeof(rt_partition));
  *g->part = (rt_partition){.rank = rank,
                            .ranks = ranks,
                            .bounds = bounds,
                            .out_off = out_own,
                            .degree_off = rt_rebased_offsets(out_own, lo),
                            .edges = edges,
                            .sum_over_ranks = sum_over_ranks,
                            .all_degrees = all_degrees,
                            .in_off = cin};
  int64_t max = 0;
  for (int64_t i = 0; i < owned; i++)
    max = out_own[i + 1] - out_own[i] > max ? out_own[i + 1] - out_own[i] : max;
  MPI_Allreduce(&max, &g->part->max_degree, 1, MPI_INT64_T, MPI_MAX,
                MPI_COMM_WORLD);
  stats.ranks = ranks;
  stats.in_offsets = stats.degree_offsets =
      (owned + 1) * (int64_t)sizeof(int64_t);
  stats.slots = 16 * (n > 0 ? (n + 63) / 64 : 1);
  find_mirrors(g->part, n, nbr, m);
  rt_partition *p = g->part;
  slot_order_csr(g, p, cin, nbr, w, onbr, ow, check);
  stats.out_offsets = (owned + p->nmirrors + 2) * (int64_t)sizeof(int64_t);
  p->source_slots = nbr;
  if (p->nmirrors) {
    p->source_slots = rt_malloc((size_t)(m ? m : 1) * sizeof(int32_t));
#pragma omp parallel for if (m > RT_PAR_MIN)
    for (int64_t j = 0; j < m; j++)
      p->source_slots[j] = (int32_t)(uint32_t)rt_slot_of(p, nbr[j]);
  }
  /* Whether the whole graph has a negative weight (priority queues ask),
   * decided here, where all ranks can agree. */
  int negative = 0;
  for (int64_t j = 0; w && j < m; j++)
    negative |= w[j] < 0;
  MPI_Allreduce(MPI_IN_PLACE, &negative, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  g->negative_weights = negative ? 2 : 1;
  return g;
}

/* This rank's share of the whole-graph transpose check: the fingerprints
 * of the out-edges of its vertices [lo, hi) minus those of the in-edges
 * into them (nbr, w from in_off[lo]). Summed over the ranks it is 0 when
 * the in-edges are the transpose of the out-edges (an undirected file: its
 * lists are symmetric), and otherwise nonzero but with a chance of about
 * 2^-64. onbr, ow: the out-edges of [lo, hi) (NULL: undirected, the in-lists
 * are the out-lists). */
static uint64_t transpose_share(uint64_t key, int64_t lo, int64_t hi,
                                const int64_t *in_off, const int32_t *nbr,
                                const int32_t *w, const int64_t *out_off,
                                const int32_t *onbr, const int32_t *ow) {
  uint64_t sum = 0;
  int64_t in_base = in_off[lo], out_base = out_off[lo];
#pragma omp parallel for reduction(+ : sum)                                    \
    schedule(dynamic, 1024) if (hi - lo > RT_PAR_MIN)
  for (int64_t v = lo; v < hi; v++)
    for (int64_t j = in_off[v] - in_base; j < in_off[v + 1] - in_base; j++) {
      sum -= rt_edge_fingerprint(key, nbr[j], (int32_t)v, w ? w[j] : 0);
      sum += onbr ? 0 : rt_edge_fingerprint(key, v, nbr[j], w ? w[j] : 0);
    }
  if (onbr) {
#pragma omp parallel for reduction(+ : sum)                                    \
    schedule(dynamic, 1024) if (hi - lo > RT_PAR_MIN)
    for (int64_t u = lo; u < hi; u++)
      for (int64_t j = out_off[u] - out_base; j < out_off[u + 1] - out_base;
           j++)
        sum += rt_edge_fingerprint(key, u, onbr[j], ow ? ow[j] : 0);
  }
  return sum;
}

/* A fingerprint key every rank shares, drawn anew by each load. */
static uint64_t shared_key(int rank) {
  uint64_t key = 0;
  if (rank == 0) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    key = rt_mix64((uint64_t)t.tv_nsec ^ (uint64_t)t.tv_sec << 30 ^
                   (uint64_t)(uintptr_t)&t);
  }
  MPI_Bcast(&key, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  return key;
}

/* Reads this rank's slice of the open .sg/.wsg file `f` (see the file
 * comment); closes fd. No rank reads the whole offsets: rank 0 balances
 * the ranks from a few in-offsets (partition), and each rank reads and
 * checks the offsets of its own vertices, the out-offsets of all ranks
 * first, as the whole file's would be. */
static graphrt_graph *load_slices(int fd, const rt_sg_file *f, int rank,
                                  int ranks) {
  rt_err err = {0, {0}};
  const char *path = f->path;
  int64_t n = f->n;
  int64_t *bounds = rt_malloc((size_t)(ranks + 1) * sizeof(int64_t));
  /* An undirected file's in-edges are its out-edges. */
  rt_in_offsets probe = {NULL, fd, f, &err};
  if (rank == 0)
    partition(n, f->m, &probe, ranks, bounds);
  MPI_Bcast(bounds, ranks + 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  check_all(&err, rank, ranks);
  int64_t lo = bounds[rank], hi = bounds[rank + 1];
  int64_t *out_own = rt_malloc((size_t)(hi - lo + 1) * sizeof(int64_t));
  int64_t *in_own = f->directed
                        ? rt_malloc((size_t)(hi - lo + 1) * sizeof(int64_t))
                        : out_own;
  rt_sg_read_offset_range(fd, f, 0, lo, hi, out_own, &err);
  check_all(&err, rank, ranks);
  if (f->directed)
    rt_sg_read_offset_range(fd, f, 1, lo, hi, in_own, &err);
  check_all(&err, rank, ranks);
  /* Both valid at [lo, hi] only. */
  const int64_t *in_off = rt_rebased_offsets(in_own, lo);
  const int64_t *out_off = rt_rebased_offsets(out_own, lo);
  int64_t first = in_off[lo];
  int64_t count = in_off[hi] - first;
  int32_t *nbr = rt_malloc((size_t)(count ? count : 1) * sizeof(int32_t));
  int32_t *w = f->weighted
                   ? rt_malloc((size_t)(count ? count : 1) * sizeof(int32_t))
                   : NULL;
  rt_sg_read_neighbors(fd, f, 1, first, count, nbr, w, &err);
  /* A directed file's out-edges of the owned vertices, for the transpose
   * check below. */
  int64_t out_count = f->directed ? out_off[hi] - out_off[lo] : 0;
  int32_t *onbr = NULL, *ow = NULL;
  if (f->directed) {
    onbr = rt_malloc((size_t)(out_count ? out_count : 1) * sizeof(int32_t));
    ow = f->weighted
             ? rt_malloc((size_t)(out_count ? out_count : 1) * sizeof(int32_t))
             : NULL;
    if (!err.set)
      rt_sg_read_neighbors(fd, f, 0, out_off[lo], out_count, onbr, ow, &err);
  }
  close(fd);
  check_all(&err, rank, ranks);
  /* This rank's share of the transpose check below, while it holds the
   * out-edges of a directed file (freed before its graph is built). */
  uint64_t diff = transpose_share(shared_key(rank), lo, hi, in_off, nbr, w,
                                  out_off, onbr, ow);
  free(onbr);
  free(ow);
  /* The rank's graph; the degree check runs on its CSR's row counts,
   * before the edges are placed (slot_order_csr). */
  rt_degree_check check = {f, out_off};
  graphrt_graph *g = build_local(n, f->m, in_off, nbr, w, bounds, out_own, rank,
                                 ranks, &check);
  /* The same degrees can still pair the edges wrongly (in-edges permuted
   * among the same sources): the whole multisets must agree, as the
   * single-process loader checks. */
  MPI_Allreduce(MPI_IN_PLACE, &diff, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  if (diff != 0)
    rt_err_set(&err, "%s: %s (the fingerprints of the two edge lists differ)",
               path,
               f->directed ? "the stored in-edges are not the transpose of "
                             "the out-edges"
                           : "the undirected graph is not symmetric");
  check_all(&err, rank, ranks);
  if (in_own != out_own)
    free(in_own);
  return g;
}

/* Rank 0's whole offsets `whole` (n + 1) scattered: each rank gets those of
 * its vertices [lo, hi] (hi - lo + 1 entries, a new array). */
static int64_t *scatter_offsets(const int64_t *whole, const int64_t *bounds,
                                int rank, int ranks) {
  int64_t lo = bounds[rank], hi = bounds[rank + 1];
  int64_t *own = rt_malloc((size_t)(hi - lo + 1) * sizeof(int64_t));
  int *counts = rt_malloc((size_t)ranks * sizeof(int));
  int *displs = rt_malloc((size_t)ranks * sizeof(int));
  int64_t *ends = rt_malloc((size_t)ranks * sizeof(int64_t));
  for (int r = 0; r < ranks; r++) {
    counts[r] = (int)(bounds[r + 1] - bounds[r]);
    displs[r] = (int)bounds[r];
    ends[r] = rank == 0 ? whole[bounds[r + 1]] : 0;
  }
  /* Each owned range, then its end (the next range's first entry: a root
   * buffer's entry is sent once per collective). */
  MPI_Scatterv(whole, counts, displs, MPI_INT64_T, own, (int)(hi - lo),
               MPI_INT64_T, 0, MPI_COMM_WORLD);
  MPI_Scatter(ends, 1, MPI_INT64_T, own + (hi - lo), 1, MPI_INT64_T, 0,
              MPI_COMM_WORLD);
  free(counts);
  free(displs);
  free(ends);
  return own;
}

/* Rank 0 loads the whole file; every rank gets the offsets of its own
 * vertices and its slice of in-edges. */
static graphrt_graph *load_scattered(const char *path, int32_t weighted,
                                     int32_t symmetrize, int rank, int ranks) {
  rt_err err = {0, {0}};
  graphrt_graph *whole = NULL;
  if (rank == 0) {
    whole = graphrt_try_load(path, weighted, symmetrize, err.msg,
                             (int64_t)sizeof(err.msg));
    err.set = whole == NULL;
  }
  check_all(&err, rank, ranks);
  int64_t header[3] = {0, 0, 0};
  if (rank == 0)
    header[0] = whole->n, header[1] = whole->weighted, header[2] = whole->m;
  MPI_Bcast(header, 3, MPI_INT64_T, 0, MPI_COMM_WORLD);
  int64_t n = header[0], m = header[2];
  int has_weights = (int)header[1];
  int64_t *bounds = rt_malloc((size_t)(ranks + 1) * sizeof(int64_t));
  int *counts = rt_malloc((size_t)ranks * sizeof(int));
  int *displs = rt_malloc((size_t)ranks * sizeof(int));
  if (rank == 0) {
    rt_in_offsets in = {whole->in_off, -1, NULL, &err};
    partition(n, m, &in, ranks, bounds);
    for (int r = 0; r < ranks; r++) {
      int64_t begin = whole->in_off[bounds[r]],
              end = whole->in_off[bounds[r + 1]];
      if (end > INT32_MAX && !err.set)
        rt_err_set(&err,
                   "%s: %lld edges are more than one MPI message carries; "
                   "convert the graph to .sg (graph-gen convert)",
                   path, (long long)end);
      counts[r] = (int)(end - begin);
      displs[r] = (int)begin;
    }
  }
  MPI_Bcast(bounds, ranks + 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  check_all(&err, rank, ranks);
  int64_t lo = bounds[rank];
  int64_t *in_own =
      scatter_offsets(rank == 0 ? whole->in_off : NULL, bounds, rank, ranks);
  int64_t *out_own =
      scatter_offsets(rank == 0 ? whole->out_off : NULL, bounds, rank, ranks);
  int64_t count = in_own[bounds[rank + 1] - lo] - in_own[0];
  int32_t *nbr = rt_malloc((size_t)(count ? count : 1) * sizeof(int32_t));
  int32_t *w = has_weights
                   ? rt_malloc((size_t)(count ? count : 1) * sizeof(int32_t))
                   : NULL;
  MPI_Scatterv(rank == 0 ? whole->in_nbr : NULL, counts, displs, MPI_INT32_T,
               nbr, (int)count, MPI_INT32_T, 0, MPI_COMM_WORLD);
  if (has_weights)
    MPI_Scatterv(rank == 0 ? whole->in_w : NULL, counts, displs, MPI_INT32_T, w,
                 (int)count, MPI_INT32_T, 0, MPI_COMM_WORLD);
  free(counts);
  free(displs);
  graphrt_graph_free(whole);
  graphrt_graph *g = build_local(n, m, rt_rebased_offsets(in_own, lo), nbr, w,
                                 bounds, out_own, rank, ranks, NULL);
  free(in_own);
  return g;
}

/* What a rank sees of its graph file before reading it: whether it opens,
 * its size, and a hash of its format (extension) and of evenly spaced 4 KB
 * samples of its content (the header among them). */
typedef struct {
  int64_t size; /* -1: does not open (the loader then says why) */
  uint64_t hash;
} rt_file_ident;

static rt_file_ident identify(const char *path) {
  rt_file_ident id = {-1, 0};
  for (const char *c = rt_path_ext(path); *c; c++)
    id.hash = rt_mix64(id.hash ^ (unsigned char)*c);
  rt_err ignored = {0, {0}};
  int fd = rt_open_regular(path, &ignored);
  struct stat st;
  if (fd < 0)
    return id;
  if (fstat(fd, &st) != 0) {
    close(fd);
    return id;
  }
  id.size = st.st_size;
  enum { SAMPLES = 17, BLOCK = 4096 };
  unsigned char block[BLOCK];
  int64_t bytes = id.size < BLOCK ? id.size : BLOCK;
  for (int i = 0; i < SAMPLES; i++) {
    int64_t at = (id.size - bytes) * i / (SAMPLES - 1);
    if (rt_read_at(fd, block, bytes, at) != 0) {
      id.size = -1;
      break;
    }
    for (int64_t k = 0; k < bytes; k += 8) {
      uint64_t word = 0;
      memcpy(&word, block + k, (size_t)(bytes - k < 8 ? bytes - k : 8));
      id.hash = rt_mix64(id.hash ^ word);
    }
  }
  close(fd);
  return id;
}

static void describe(char *out, size_t size, const char *path,
                     rt_file_ident id) {
  if (id.size < 0)
    snprintf(out, size, "%s (unreadable)", path);
  else
    snprintf(out, size, "%s (%s, %lld bytes)", path, rt_path_ext(path),
             (long long)id.size);
}

/* Before any rank reads its graph, all agree that they load the same one:
 * the same format, size and sampled content as rank 0. Otherwise the lowest
 * rank that differs names both files and every rank exits 1 (the
 * collectives of different loads would not match). */
static void agree_on_file(const char *path, int rank, int ranks) {
  rt_file_ident mine = identify(path), first = mine;
  MPI_Bcast(&first, (int)sizeof(first), MPI_BYTE, 0, MPI_COMM_WORLD);
  char first_path[512];
  snprintf(first_path, sizeof(first_path), "%s", path);
  MPI_Bcast(first_path, (int)sizeof(first_path), MPI_CHAR, 0, MPI_COMM_WORLD);
  rt_err err = {0, {0}};
  if (mine.size != first.size || mine.hash != first.hash) {
    char a[600], b[600];
    describe(a, sizeof(a), path, mine);
    describe(b, sizeof(b), first_path, first);
    rt_err_set(&err,
               "rank %d: graph file %s is not the graph rank 0 loads, %s%s: "
               "every rank must load the same graph",
               rank, a, b,
               mine.size == first.size && mine.size >= 0 ? " (same size, "
                                                           "other content)"
                                                         : "");
  }
  check_all(&err, rank, ranks);
}

/* Argument i as ranks compare it: the program by its file name only
 * (ranks may run it from different directories). */
static const char *compared_arg(int64_t i) {
  const char *arg = graphrt_argv(i), *slash = strrchr(arg, '/');
  return i == 0 && slash ? slash + 1 : arg;
}

/* Whether argument i names a file: the graph being loaded or another file.
 * Files are compared by content when loaded (agree_on_file), so ranks may
 * name them by different paths. */
static int names_file(int64_t i, const char *path) {
  struct stat st;
  return i > 0 &&
         (!strcmp(graphrt_argv(i), path) || stat(graphrt_argv(i), &st) == 0);
}

/* Before the first load, all ranks agree that they run the same program
 * with the same arguments as rank 0 (mpirun's MPMD form can give each rank
 * its own): a rank with another root would compute with it and the output
 * would look right, and another program would not make the same
 * collective calls. The lowest rank that differs names the argument. */
static void agree_on_args(const char *path, int rank, int ranks) {
  int64_t argc = graphrt_argc(), first_argc = argc, size = 0;
  MPI_Bcast(&first_argc, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  rt_err err = {0, {0}};
  if (argc != first_argc)
    rt_err_set(&err,
               "rank %d: got %lld arguments, rank 0 %lld: every rank must run "
               "the same program with the same arguments",
               rank, (long long)argc - 1, (long long)first_argc - 1);
  check_all(&err, rank, ranks);
  for (int64_t i = 0; i < argc; i++) {
    int64_t length = (int64_t)strlen(compared_arg(i));
    size = length > size ? length : size;
  }
  char *first = rt_malloc((size_t)size + 1);
  for (int64_t i = 0; i < argc; i++) {
    /* Rank 0's length first, so every rank receives as much as it sends. */
    const char *mine = compared_arg(i);
    int64_t length = (int64_t)strlen(mine), first_length = length;
    MPI_Bcast(&first_length, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
    char *received =
        first_length > size ? rt_malloc((size_t)first_length + 1) : first;
    if (rank == 0)
      memcpy(received, mine, (size_t)length);
    MPI_Bcast(received, (int)first_length, MPI_CHAR, 0, MPI_COMM_WORLD);
    received[first_length] = 0;
    if (!err.set && !names_file(i, path) && strcmp(mine, received)) {
      char which[32] = "the program";
      if (i)
        snprintf(which, sizeof(which), "argv[%lld]", (long long)i);
      rt_err_set(&err,
                 "rank %d: %s is '%s', rank 0's '%s': every rank must run the "
                 "same program with the same arguments",
                 rank, which, mine, received);
    }
    if (received != first)
      free(received);
  }
  free(first);
  check_all(&err, rank, ranks);
}

graphrt_graph *graphrt_dist_load(const char *path, int32_t weighted,
                                 int32_t symmetrize) {
  int rank, ranks;
  world(&rank, &ranks);
  rt_fatal_rank = rank;
  rt_pq_journal = 1;
  static int stats_registered;
  if (!stats_registered && getenv("GRAPHRT_MPI_STATS")) {
    stats_registered = 1;
    stats.rank = rank;
    atexit(print_stats);
  }
  if (weighted > GRAPHRT_WEIGHTS_I32)
    rt_fatal("%s: distributed programs (graphc --distributed) read int32 edge "
             "weights, not %s",
             path, rt_weight_name(weighted));
  static int args_agreed;
  if (!args_agreed) {
    args_agreed = 1;
    agree_on_args(path, rank, ranks);
  }
  agree_on_file(path, rank, ranks);
  const char *ext = rt_path_ext(path);
  int sg = !strcmp(ext, ".sg"), wsg = !strcmp(ext, ".wsg");
  if ((sg && !weighted) || wsg) {
    /* Symmetrizing a directed file needs the whole edge list. */
    rt_err err = {0, {0}};
    rt_sg_file f;
    int fd = rt_sg_open(path, wsg, &f, &err);
    check_all(&err, rank, ranks);
    if (!symmetrize || !f.directed)
      return load_slices(fd, &f, rank, ranks);
    close(fd);
  }
  return load_scattered(path, weighted, symmetrize, rank, ranks);
}

static const rt_partition *partition_of(const graphrt_graph *g) {
  if (!g->part)
    rt_fatal("mirroring vertex data of a graph that is not distributed");
  return g->part;
}

/* A list every rank contributes some entries to, gathered on every rank:
 * each rank's count and where its entries start, and the total. */
typedef struct {
  int *counts, *displs;
  int64_t total;
} rt_parts;

static rt_parts gather_counts(const rt_partition *p, int mine) {
  rt_parts parts = {rt_malloc((size_t)p->ranks * sizeof(int)),
                    rt_malloc((size_t)p->ranks * sizeof(int)), 0};
  MPI_Allgather(&mine, 1, MPI_INT, parts.counts, 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 0; r < p->ranks; r++) {
    parts.displs[r] = (int)parts.total;
    parts.total += parts.counts[r];
  }
  stats.bytes += 4 * (int64_t)(p->ranks - 1);
  stats.messages += p->ranks - 1;
  return parts;
}

/* The owned ranges of the vertices: rank r's part is its vertices. */
static rt_parts owned_parts(const rt_partition *p) {
  rt_parts parts = {rt_malloc((size_t)p->ranks * sizeof(int)),
                    rt_malloc((size_t)p->ranks * sizeof(int)),
                    p->bounds[p->ranks]};
  for (int r = 0; r < p->ranks; r++) {
    parts.counts[r] = (int)(p->bounds[r + 1] - p->bounds[r]);
    parts.displs[r] = (int)p->bounds[r];
  }
  return parts;
}

static void parts_free(rt_parts *parts) {
  free(parts->counts);
  free(parts->displs);
}

/* All-gathers this rank's `mine` ids and the elem_bytes bytes each has at
 * data + id * stride_bytes: every rank's ids and values, in rank order (the
 * caller frees both). */
static void gather_elements(const rt_partition *p, const rt_parts *parts,
                            const int32_t *ids, int mine, const char *data,
                            int64_t elem_bytes, int64_t stride_bytes,
                            int32_t **all_ids, char **all_values) {
  char *values = rt_malloc((size_t)(mine ? mine : 1) * (size_t)elem_bytes);
  for (int i = 0; i < mine; i++)
    memcpy(values + (size_t)i * elem_bytes,
           data + (size_t)ids[i] * stride_bytes, (size_t)elem_bytes);
  int64_t total = parts->total;
  *all_ids = rt_malloc((size_t)(total ? total : 1) * sizeof(int32_t));
  *all_values = rt_malloc((size_t)(total ? total : 1) * (size_t)elem_bytes);
  MPI_Datatype element;
  MPI_Type_contiguous((int)elem_bytes, MPI_BYTE, &element);
  MPI_Type_commit(&element);
  MPI_Allgatherv(ids, mine, MPI_INT32_T, *all_ids, parts->counts, parts->displs,
                 MPI_INT32_T, MPI_COMM_WORLD);
  MPI_Allgatherv(values, mine, element, *all_values, parts->counts,
                 parts->displs, element, MPI_COMM_WORLD);
  MPI_Type_free(&element);
  free(values);
  stats.bytes += (int64_t)mine * (4 + elem_bytes) * (p->ranks - 1);
  stats.messages += 2 * (int64_t)(p->ranks - 1);
}

void graphrt_dist_mirror(graphrt_graph *g, void *data, int64_t elem_bytes,
                         int64_t stride_bytes) {
  const rt_partition *p = partition_of(g);
  /* One vertex's bytes, then a gap to the next (a fused field's record). */
  MPI_Datatype bytes, element;
  MPI_Type_contiguous((int)elem_bytes, MPI_BYTE, &bytes);
  MPI_Type_create_resized(bytes, 0, stride_bytes, &element);
  MPI_Type_commit(&element);
  MPI_Type_free(&bytes);
  rt_parts owned = owned_parts(p);
  MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, data, owned.counts,
                 owned.displs, element, MPI_COMM_WORLD);
  stats.bytes += (int64_t)owned.counts[p->rank] * elem_bytes * (p->ranks - 1);
  stats.messages += p->ranks - 1;
  stats.vector_mirrors++;
  MPI_Type_free(&element);
  parts_free(&owned);
}

void graphrt_dist_mirror_changed(graphrt_graph *g, void *data,
                                 int64_t elem_bytes, int64_t stride_bytes,
                                 graphrt_vset *changed) {
  const rt_partition *p = partition_of(g);
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids(&ids, changed);
  int mine = (int)ids.sizes[0];
  rt_parts parts = gather_counts(p, mine);
  /* Every rank sees the same total, so all take the same branch. */
  if (parts.total * (4 + elem_bytes) >= g->n * elem_bytes) {
    parts_free(&parts);
    graphrt_dist_mirror(g, data, elem_bytes, stride_bytes);
    return;
  }
  int32_t *all_ids;
  char *all_values;
  gather_elements(p, &parts, ids.aligned, mine, data, elem_bytes, stride_bytes,
                  &all_ids, &all_values);
  for (int64_t i = 0; i < parts.total; i++)
    memcpy((char *)data + (size_t)all_ids[i] * stride_bytes,
           all_values + (size_t)i * elem_bytes, (size_t)elem_bytes);
  stats.vector_mirrors++;
  free(all_ids);
  free(all_values);
  parts_free(&parts);
}

/* Sends this rank's `count` elements in `out` (elem_bytes each, to_rank[r]
 * of them for rank r, in rank order) with one all-to-all, and receives
 * from_rank[r] from each rank r into `in`: the traffic of the mirrors by
 * need, counted in all sent and in `counts` (bytes, then messages). */
static void exchange(const rt_partition *p, const char *out, const int *to_rank,
                     const int *to_displs, char *in, const int *from_rank,
                     const int *from_displs, int64_t elem_bytes,
                     MPI_Datatype element, int64_t counts[2]) {
  MPI_Alltoallv(out, to_rank, to_displs, element, in, from_rank, from_displs,
                element, MPI_COMM_WORLD);
  for (int r = 0; r < p->ranks; r++) {
    if (r == p->rank || !to_rank[r])
      continue;
    stats.bytes += (int64_t)to_rank[r] * elem_bytes;
    counts[0] += (int64_t)to_rank[r] * elem_bytes;
    stats.messages++;
    counts[1]++;
  }
}

static MPI_Datatype bytes_type(int64_t elem_bytes) {
  MPI_Datatype element;
  MPI_Type_contiguous((int)elem_bytes, MPI_BYTE, &element);
  MPI_Type_commit(&element);
  return element;
}

/* Where mirror k's element is received: at its vertex, or in the k-th
 * mirror slot after the owned range (a partitioned vector). */
static int64_t mirror_at(const rt_partition *p, int64_t k, int in_slots) {
  return in_slots ? p->bounds[p->rank + 1] + k : p->mirrors[k];
}

/* Where vertex v's received element goes (v is one of the mirrors). */
static int64_t vertex_at(const rt_partition *p, int32_t v, int in_slots) {
  return in_slots ? rt_slot_of(p, v) : v;
}

static void mirror_needed(graphrt_graph *g, void *data, int64_t elem_bytes,
                          int64_t stride_bytes, int in_slots) {
  const rt_partition *p = partition_of(g);
  char *out = rt_malloc((size_t)(p->nsends ? p->nsends : 1) * elem_bytes);
  char *in = rt_malloc((size_t)(p->nmirrors ? p->nmirrors : 1) * elem_bytes);
  for (int64_t i = 0; i < p->nsends; i++)
    memcpy(out + i * elem_bytes,
           (char *)data + (int64_t)p->sends[i] * stride_bytes,
           (size_t)elem_bytes);
  MPI_Datatype element = bytes_type(elem_bytes);
  exchange(p, out, p->send_counts, p->send_displs, in, p->recv_counts,
           p->recv_displs, elem_bytes, element, stats.needed);
  MPI_Type_free(&element);
  for (int64_t i = 0; i < p->nmirrors; i++)
    memcpy((char *)data + mirror_at(p, i, in_slots) * stride_bytes,
           in + i * elem_bytes, (size_t)elem_bytes);
  free(out);
  free(in);
  stats.vector_mirrors++;
  stats.needed_mirrors++;
}

void graphrt_dist_mirror_needed(graphrt_graph *g, void *data,
                                int64_t elem_bytes, int64_t stride_bytes) {
  mirror_needed(g, data, elem_bytes, stride_bytes, 0);
}

void graphrt_dist_mirror_slots(graphrt_graph *g, void *data, int64_t elem_bytes,
                               int64_t stride_bytes) {
  mirror_needed(g, data, elem_bytes, stride_bytes, 1);
}

/* Owned vertices on their way to the ranks that mirror them: ids[at] goes
 * to rank r for `at` in [displs[r], displs[r] + counts[r]), each vertex
 * once to every rank that mirrors it, `pairs` entries in all. */
typedef struct {
  int32_t *ids;
  int *counts, *displs;
  int64_t pairs;
} rt_route;

/* Routes `count` owned vertices to the ranks that mirror them. */
static rt_route route_to_mirrors(const rt_partition *p, const int32_t *ids,
                                 int64_t count) {
  int64_t lo = p->bounds[p->rank];
  rt_route route = {NULL, rt_calloc((size_t)p->ranks, sizeof(int)), NULL, 0};
  for (int64_t i = 0; i < count; i++) {
    int64_t at = ids[i] - lo;
    for (int64_t j = p->mirrored_off[at]; j < p->mirrored_off[at + 1]; j++)
      route.counts[p->mirrored_by[j]]++;
  }
  route.displs = prefix_displs(route.counts, p->ranks, &route.pairs);
  route.ids =
      rt_malloc((size_t)(route.pairs ? route.pairs : 1) * sizeof(int32_t));
  int *next = rt_malloc((size_t)p->ranks * sizeof(int));
  memcpy(next, route.displs, (size_t)p->ranks * sizeof(int));
  for (int64_t i = 0; i < count; i++) {
    int64_t at = ids[i] - lo;
    for (int64_t j = p->mirrored_off[at]; j < p->mirrored_off[at + 1]; j++)
      route.ids[next[p->mirrored_by[j]]++] = ids[i];
  }
  free(next);
  return route;
}

/* How many entries of `out` each rank routes to this one, and where they
 * go (one MPI_Alltoall of the counts); no ids. */
static rt_route routed_here(const rt_partition *p, const rt_route *out) {
  rt_route in = {NULL, rt_malloc((size_t)p->ranks * sizeof(int)), NULL, 0};
  MPI_Alltoall(out->counts, 1, MPI_INT, in.counts, 1, MPI_INT, MPI_COMM_WORLD);
  stats.bytes += 4 * (int64_t)(p->ranks - 1);
  stats.messages += p->ranks - 1;
  in.displs = prefix_displs(in.counts, p->ranks, &in.pairs);
  return in;
}

static void route_free(rt_route *route) {
  free(route->ids);
  free(route->counts);
  free(route->displs);
}

static void mirror_needed_changed(graphrt_graph *g, void *data,
                                  int64_t elem_bytes, int64_t stride_bytes,
                                  graphrt_vset *changed, int in_slots) {
  const rt_partition *p = partition_of(g);
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids(&ids, changed);
  rt_route out = route_to_mirrors(p, ids.aligned, ids.sizes[0]);
  /* Changed elements with their ids, or every mirrored element: whichever
   * all ranks together send fewer bytes for (sparse push to the ranks that
   * read them, or a dense refresh of all mirrors). */
  int64_t cost[2] = {out.pairs * (4 + elem_bytes), p->nsends * elem_bytes};
  MPI_Allreduce(MPI_IN_PLACE, cost, 2, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  stats.bytes += 16 * (int64_t)(p->ranks - 1);
  stats.messages += p->ranks - 1;
  if (cost[0] >= cost[1]) {
    route_free(&out);
    mirror_needed(g, data, elem_bytes, stride_bytes, in_slots);
    return;
  }
  char *values = rt_malloc((size_t)(out.pairs ? out.pairs : 1) * elem_bytes);
  for (int64_t at = 0; at < out.pairs; at++)
    memcpy(values + at * elem_bytes,
           (char *)data + (int64_t)out.ids[at] * stride_bytes,
           (size_t)elem_bytes);
  rt_route in = routed_here(p, &out);
  int64_t received = in.pairs;
  int32_t *in_ids =
      rt_malloc((size_t)(received ? received : 1) * sizeof(int32_t));
  char *in_values = rt_malloc((size_t)(received ? received : 1) * elem_bytes);
  exchange(p, (const char *)out.ids, out.counts, out.displs, (char *)in_ids,
           in.counts, in.displs, 4, MPI_INT32_T, stats.needed);
  MPI_Datatype element = bytes_type(elem_bytes);
  exchange(p, values, out.counts, out.displs, in_values, in.counts, in.displs,
           elem_bytes, element, stats.needed);
  MPI_Type_free(&element);
  for (int64_t i = 0; i < received; i++)
    memcpy((char *)data + vertex_at(p, in_ids[i], in_slots) * stride_bytes,
           in_values + i * elem_bytes, (size_t)elem_bytes);
  stats.vector_mirrors++;
  stats.needed_mirrors++;
  free(values);
  free(in_ids);
  free(in_values);
  route_free(&out);
  route_free(&in);
}

void graphrt_dist_mirror_needed_changed(graphrt_graph *g, void *data,
                                        int64_t elem_bytes,
                                        int64_t stride_bytes,
                                        graphrt_vset *changed) {
  mirror_needed_changed(g, data, elem_bytes, stride_bytes, changed, 0);
}

void graphrt_dist_mirror_slots_changed(graphrt_graph *g, void *data,
                                       int64_t elem_bytes, int64_t stride_bytes,
                                       graphrt_vset *changed) {
  mirror_needed_changed(g, data, elem_bytes, stride_bytes, changed, 1);
}

/* A whole set's mirror sent `bytes` of members to every other rank. */
static void count_set_members(const rt_partition *p, int64_t bytes) {
  stats.bytes += bytes * (p->ranks - 1);
  stats.messages += p->ranks - 1;
  stats.set_sent[0] += bytes * (p->ranks - 1);
  stats.set_sent[1] += p->ranks - 1;
}

void graphrt_dist_mirror_vset(graphrt_graph *g, graphrt_vset *s) {
  const rt_partition *p = partition_of(g);
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids(&ids, s);
  int mine = (int)ids.sizes[0];
  rt_parts parts = gather_counts(p, mine);
  stats.set_mirrors++;
  if (!rt_vset_has_dups(s) && 4 * parts.total > g->n) {
    /* A large set travels as the owned ranges of its bool array: n bytes
     * in all instead of 4 per member. */
    graphrt_memref_i8 bools;
    _mlir_ciface_graphrt_vset_bools(&bools, s);
    rt_parts owned = owned_parts(p);
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, bools.aligned,
                   owned.counts, owned.displs, MPI_BYTE, MPI_COMM_WORLD);
    graphrt_vset_seal_bools(s);
    count_set_members(p, (int64_t)owned.counts[p->rank]);
    parts_free(&owned);
    parts_free(&parts);
    return;
  }
  int dups = rt_vset_has_dups(s);
  graphrt_memref_i32 all;
  _mlir_ciface_graphrt_vset_id_buffer_n(&all, s, parts.total);
  MPI_Allgatherv(ids.aligned, mine, MPI_INT32_T, all.aligned, parts.counts,
                 parts.displs, MPI_INT32_T, MPI_COMM_WORLD);
  /* Owned ranges ascend with the rank, so sorted parts stay sorted. */
  if (dups)
    graphrt_vset_seal_ids_keep_dups(s, parts.total);
  else
    graphrt_vset_seal_ids(s, parts.total);
  count_set_members(p, (int64_t)mine * 4);
  parts_free(&parts);
}

/* Seals s as this rank's `count` ids in its id buffer, repeats kept when
 * the set had them. */
static void seal_part(graphrt_vset *s, int64_t count, int dups) {
  if (dups)
    graphrt_vset_seal_ids_keep_dups(s, count);
  else
    graphrt_vset_seal_ids(s, count);
}

/* The owned members `ids` (sorted, `mine` of them) go, as ids, to the ranks
 * that mirror them; s becomes them plus the members this rank mirrors. */
static void send_member_ids(const rt_partition *p, graphrt_vset *s,
                            const int32_t *ids, int64_t mine, int dups) {
  rt_route out = route_to_mirrors(p, ids, mine);
  rt_route in = routed_here(p, &out);
  graphrt_memref_i32 part;
  _mlir_ciface_graphrt_vset_id_buffer_n(&part, s, mine + in.pairs);
  memcpy(part.aligned, ids, (size_t)mine * sizeof(int32_t));
  exchange(p, (const char *)out.ids, out.counts, out.displs,
           (char *)(part.aligned + mine), in.counts, in.displs, 4, MPI_INT32_T,
           stats.set_sent);
  seal_part(s, mine + in.pairs, dups);
  route_free(&out);
  route_free(&in);
}

static int bit_bytes(int flags) { return (flags + 7) / 8; }

/* Like send_member_ids, as one bit per (owned vertex, rank mirroring it)
 * pair, in the order of the mirror lists: every mirror is refreshed. */
static void send_member_bits(const rt_partition *p, graphrt_vset *s,
                             const int32_t *ids, int64_t mine) {
  int ranks = p->ranks;
  int *to_bytes = rt_malloc((size_t)ranks * sizeof(int));
  int *from_bytes = rt_malloc((size_t)ranks * sizeof(int));
  for (int r = 0; r < ranks; r++) {
    to_bytes[r] = bit_bytes(p->send_counts[r]);
    from_bytes[r] = bit_bytes(p->recv_counts[r]);
  }
  int64_t out_total, in_total;
  int *to_displs = prefix_displs(to_bytes, ranks, &out_total);
  int *from_displs = prefix_displs(from_bytes, ranks, &in_total);
  uint8_t *out = rt_calloc((size_t)(out_total ? out_total : 1), 1);
  uint8_t *in = rt_malloc((size_t)(in_total ? in_total : 1));
  if (mine) {
    graphrt_memref_i8 bools;
    _mlir_ciface_graphrt_vset_bools(&bools, s);
    for (int r = 0; r < ranks; r++)
      for (int k = 0; k < p->send_counts[r]; k++)
        if (bools.aligned[p->sends[p->send_displs[r] + k]])
          out[to_displs[r] + k / 8] |= (uint8_t)(1u << (k % 8));
  }
  exchange(p, (const char *)out, to_bytes, to_displs, (char *)in, from_bytes,
           from_displs, 1, MPI_BYTE, stats.set_sent);
  int64_t received = 0;
  for (int r = 0; r < ranks; r++)
    for (int k = 0; k < p->recv_counts[r]; k++)
      received += (in[from_displs[r] + k / 8] >> (k % 8)) & 1;
  graphrt_memref_i32 part;
  _mlir_ciface_graphrt_vset_id_buffer_n(&part, s, mine + received);
  memcpy(part.aligned, ids, (size_t)mine * sizeof(int32_t));
  int64_t at = mine;
  for (int r = 0; r < ranks; r++)
    for (int k = 0; k < p->recv_counts[r]; k++)
      if ((in[from_displs[r] + k / 8] >> (k % 8)) & 1)
        part.aligned[at++] = p->mirrors[p->recv_displs[r] + k];
  seal_part(s, mine + received, 0);
  free(to_bytes);
  free(from_bytes);
  free(to_displs);
  free(from_displs);
  free(out);
  free(in);
}

void graphrt_dist_mirror_vset_part(graphrt_graph *g, graphrt_vset *s,
                                   int32_t layout) {
  const rt_partition *p = partition_of(g);
  int64_t lo = p->bounds[p->rank], hi = p->bounds[p->rank + 1];
  /* A dense part is listed from the owned range alone; a member outside it
   * (checked below) shows in the whole list. */
  graphrt_memref_i32 ids;
  _mlir_ciface_graphrt_vset_ids_in(&ids, s, lo, hi);
  if (ids.sizes[0] != graphrt_vset_size(s))
    _mlir_ciface_graphrt_vset_ids(&ids, s);
  const int32_t *members = ids.aligned;
  int64_t mine = ids.sizes[0];
  if (mine && (members[0] < lo || members[mine - 1] >= hi))
    rt_fatal("rank %d: mirroring a vertex set by need: vertex %d is another "
             "rank's",
             p->rank, members[0] < lo ? members[0] : members[mine - 1]);
  /* Summed over the ranks in one all-reduce: the whole set's size and
   * out-degree sum; for a set whose members go to the ranks that mirror
   * them, the bytes of that as ids and as bits over every mirror, and
   * whether some member repeats. */
  int dups = rt_vset_has_dups(s);
  int64_t sums[5] = {mine, 0, 0, 0, dups};
  int64_t degrees = 0, id_bytes = 0;
#pragma omp parallel for reduction(+ : degrees, id_bytes) if (mine > RT_PAR_MIN)
  for (int64_t i = 0; i < mine; i++) {
    int64_t v = members[i];
    degrees += p->degree_off[v + 1] - p->degree_off[v];
    id_bytes += 4 * (p->mirrored_off[v - lo + 1] - p->mirrored_off[v - lo]);
  }
  sums[1] = degrees;
  sums[2] = id_bytes;
  for (int r = 0; r < p->ranks; r++)
    sums[3] += bit_bytes(p->send_counts[r]);
  int terms = layout == GRAPHRT_DIST_MIRRORED ? 5 : 2;
  MPI_Allreduce(MPI_IN_PLACE, sums, terms, MPI_INT64_T, MPI_SUM,
                MPI_COMM_WORLD);
  stats.bytes += 8 * terms * (int64_t)(p->ranks - 1);
  stats.messages += p->ranks - 1;
  stats.set_mirrors++;
  stats.set_needed++;
  /* Every rank sees the same sums, so all take the same branch; where no
   * rank mirrors a member (one rank), nothing travels. */
  if (layout == GRAPHRT_DIST_MIRRORED && sums[2] > 0) {
    if (sums[4] || sums[2] < sums[3])
      send_member_ids(p, s, members, mine, dups);
    else
      send_member_bits(p, s, members, mine);
  }
  rt_vset_spread(s, sums[0], sums[1], g);
}

void graphrt_dist_mirror_pq(graphrt_graph *g, graphrt_pq *q) {
  const rt_partition *p = partition_of(g);
  int32_t *ids, width;
  int mine = (int)rt_pq_take_journal(q, &ids);
  char *prio = rt_pq_priorities(q, &width);
  rt_parts parts = gather_counts(p, mine);
  int32_t *all_ids;
  char *all_values;
  gather_elements(p, &parts, ids, mine, prio, width, width, &all_ids,
                  &all_values);
  /* Other ranks' updates: their priorities, then their buckets. */
  for (int64_t i = 0; i < parts.total; i++) {
    int32_t v = all_ids[i];
    if (v >= p->bounds[p->rank] && v < p->bounds[p->rank + 1])
      continue;
    memcpy(prio + (size_t)v * width, all_values + (size_t)i * width,
           (size_t)width);
    rt_pq_requeue_vertex(q, v);
  }
  free(ids);
  free(all_ids);
  free(all_values);
  parts_free(&parts);
}

void graphrt_dist_bounds(const graphrt_graph *g, int64_t *begin, int64_t *end) {
  const rt_partition *p = partition_of(g);
  *begin = p->bounds[p->rank];
  *end = p->bounds[p->rank + 1];
}

int64_t graphrt_dist_owned_begin(const graphrt_graph *g) {
  const rt_partition *p = partition_of(g);
  return p->bounds[p->rank];
}

int64_t graphrt_dist_owned_end(const graphrt_graph *g) {
  const rt_partition *p = partition_of(g);
  return p->bounds[p->rank + 1];
}

void _mlir_ciface_graphrt_dist_vector_new(graphrt_memref_i8 *r,
                                          graphrt_graph *g, int64_t elem_bytes,
                                          int32_t layout) {
  const rt_partition *p = partition_of(g);
  int64_t owned = p->bounds[p->rank + 1] - p->bounds[p->rank];
  int64_t count = layout == GRAPHRT_DIST_WHOLE   ? g->n
                  : layout == GRAPHRT_DIST_OWNED ? owned
                                                 : owned + p->nmirrors;
  if (layout == GRAPHRT_DIST_WHOLE) {
    stats.whole_bytes += count * elem_bytes;
    stats.whole_vectors++;
  } else {
    stats.part_bytes += count * elem_bytes;
    stats.part_vectors++;
  }
  /* At least one element: an element read in main reads the first owned
   * slot on the ranks that do not own the vertex. */
  int64_t bytes = (count ? count : 1) * elem_bytes;
  RT_SET_MEMREF(r, (uint8_t *)_mlir_memref_to_llvm_alloc((size_t)bytes), bytes);
}

void graphrt_dist_owned_degrees(graphrt_graph *g, void *data,
                                int64_t elem_bytes) {
  const rt_partition *p = partition_of(g);
  int64_t lo = p->bounds[p->rank], hi = p->bounds[p->rank + 1];
  const int64_t *off = p->degree_off;
#pragma omp parallel for if (hi - lo > RT_PAR_MIN)
  for (int64_t v = lo; v < hi; v++) {
    int64_t d = off[v + 1] - off[v], i = v - lo;
    switch (elem_bytes) {
    case 1:
      ((int8_t *)data)[i] = (int8_t)d;
      break;
    case 2:
      ((int16_t *)data)[i] = (int16_t)d;
      break;
    case 4:
      ((int32_t *)data)[i] = (int32_t)d;
      break;
    default:
      ((int64_t *)data)[i] = d;
      break;
    }
  }
}

void _mlir_ciface_graphrt_dist_slots(graphrt_memref_i64 *r, graphrt_graph *g) {
  const rt_partition *p = partition_of(g);
  RT_SET_MEMREF(r, p->slots, 2 * (g->n > 0 ? (g->n + 63) / 64 : 1));
}

void _mlir_ciface_graphrt_dist_source_slots(graphrt_memref_i32 *r,
                                            graphrt_graph *g) {
  const rt_partition *p = partition_of(g);
  RT_SET_MEMREF(r, p->source_slots, g->m);
}

void _mlir_ciface_graphrt_dist_gather(graphrt_memref_i8 *r, graphrt_graph *g,
                                      const void *data, int64_t elem_bytes) {
  const rt_partition *p = partition_of(g);
  int64_t lo = p->bounds[p->rank];
  int64_t bytes = (g->n ? g->n : 1) * elem_bytes;
  char *whole = _mlir_memref_to_llvm_alloc((size_t)bytes);
  MPI_Datatype element = bytes_type(elem_bytes);
  rt_parts owned = owned_parts(p);
  MPI_Allgatherv((const char *)data + lo * elem_bytes, owned.counts[p->rank],
                 element, whole, owned.counts, owned.displs, element,
                 MPI_COMM_WORLD);
  stats.bytes += (int64_t)owned.counts[p->rank] * elem_bytes * (p->ranks - 1);
  stats.messages += p->ranks - 1;
  stats.vector_mirrors++;
  stats.gathered_bytes += g->n * elem_bytes;
  stats.gathers++;
  MPI_Type_free(&element);
  parts_free(&owned);
  RT_SET_MEMREF(r, (uint8_t *)whole, bytes);
}
