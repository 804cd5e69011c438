/* dist_tests - distributed graphs, run under mpirun (test/Runtime/dist.test):
 * usage: graphrt-dist-tests GRAPH [MAX_IMBALANCE_PERCENT]
 *
 * Every rank loads GRAPH with graphrt_dist_load and checks its part against
 * the whole graph loaded by graphrt_load: the owned ranges tile [0, n), the
 * rank's CSC is exactly the in-edges of its vertices (its in-offsets cover
 * those vertices only; a pull's segments are built from them) and its CSR,
 * rows by slot, the out-edges into them, degrees (gathered from their owners),
 * the largest degree, the edge count and the out-degree sums of sets are
 * global, and a save writes its edges; then mirrors a vector (to all ranks, by
 * need, and into mirror slots read through each in-edge's renumbered source)
 * and a vertex set (whole, and by need). Rank 0 prints each rank's edge count,
 * and with MAX_IMBALANCE_PERCENT checks every count against the mean. */
#include "check.h"
#include "graph_rt.h"

#include <mpi.h>
#include <stdint.h>

static int rank, ranks;

/* Vertex v's slot from the slot map (graphrt_dist_slots): v in the owned
 * range [lo, hi); else, for a mirror (its bit set in its word of 64), the
 * word's first mirror slot plus the mirrors before v in the word; else
 * lo. */
static int64_t slot_at(const graphrt_memref_i64 *slots, int64_t lo, int64_t hi,
                       int64_t v) {
  if (v >= lo && v < hi)
    return v;
  uint64_t bits = (uint64_t)slots->aligned[2 * (v / 64)];
  if (!((bits >> (v % 64)) & 1))
    return lo;
  int64_t s = slots->aligned[2 * (v / 64) + 1];
  for (int64_t j = 0; j < v % 64; j++)
    s += (int64_t)((bits >> j) & 1);
  return s;
}

/* The rank's arrays match the whole graph's edges into [lo, hi). */
static void check_edges(graphrt_graph *part, graphrt_graph *whole, int64_t lo,
                        int64_t hi) {
  int64_t n = graphrt_num_vertices(whole);
  graphrt_memref_i64 io, wio, oo, woo;
  graphrt_memref_i32 in, win, on, won;
  _mlir_ciface_graphrt_in_offsets(&io, part);
  _mlir_ciface_graphrt_in_neighbors(&in, part);
  _mlir_ciface_graphrt_in_offsets(&wio, whole);
  _mlir_ciface_graphrt_in_neighbors(&win, whole);
  _mlir_ciface_graphrt_out_offsets(&oo, part);
  _mlir_ciface_graphrt_out_neighbors(&on, part);
  _mlir_ciface_graphrt_out_offsets(&woo, whole);
  _mlir_ciface_graphrt_out_neighbors(&won, whole);
  int in_ok = 1, out_ok = 1;
  /* The in-offsets are the owned vertices' only, indexed by vertex id: read
   * them at [lo, hi] alone (the rank's arrays hold nothing else). */
  CHECK_EQ(io.sizes[0], n + 1);
  if (hi > lo)
    CHECK_EQ(io.aligned[lo], 0);
  CHECK_EQ(io.aligned[hi], in.sizes[0]);
  for (int64_t v = lo; v < hi; v++) {
    int64_t d = io.aligned[v + 1] - io.aligned[v];
    if (d != wio.aligned[v + 1] - wio.aligned[v]) {
      in_ok = 0;
      continue;
    }
    for (int64_t k = 0; k < d; k++)
      in_ok &= in.aligned[io.aligned[v] + k] == win.aligned[wio.aligned[v] + k];
  }
  /* The CSR's offsets are indexed by slot: the rows of the owned vertices,
   * then of the mirrors, and one more, empty (rows `hi + mirrors + 1` in
   * all, counted from the first owned vertex); a vertex with no slot (the
   * slot map's lo though it is not lo) has no row. */
  graphrt_memref_i64 slots;
  _mlir_ciface_graphrt_dist_slots(&slots, part);
  int64_t rows = oo.sizes[0] - 1;
  CHECK(rows >= hi + 1);
  CHECK_EQ(oo.aligned[rows - 1], on.sizes[0]);
  CHECK_EQ(oo.aligned[rows], on.sizes[0]);
  CHECK_EQ(oo.aligned[lo], 0);
  /* a bit per vertex and one slot per word of 64 */
  CHECK_EQ(slots.sizes[0], 2 * (n > 0 ? (n + 63) / 64 : 1));
  int64_t listed = 0, next_mirror = hi;
  for (int64_t v = 0; v < n; v++) {
    /* out-edges of v, kept where the destination is owned, in order */
    int64_t s = slot_at(&slots, lo, hi, v);
    int has_row = s == v || s >= hi;
    /* the mirrors' slots are hi, hi + 1, ... in vertex order */
    if (s >= hi && lo < hi)
      out_ok &= s == next_mirror++;
    int64_t begin = has_row ? oo.aligned[s] : 0;
    int64_t end = has_row ? oo.aligned[s + 1] : 0, j = begin;
    out_ok &= s >= lo && s < rows;
    for (int64_t k = woo.aligned[v]; k < woo.aligned[v + 1]; k++) {
      int32_t t = won.aligned[k];
      if (t >= lo && t < hi)
        out_ok &= j < end && on.aligned[j++] == t;
    }
    out_ok &= j == end;
    listed += end - begin;
  }
  /* every edge in exactly one row */
  CHECK_EQ(listed, on.sizes[0]);
  CHECK(in_ok);
  CHECK(out_ok);
  CHECK_EQ(graphrt_num_edges(part), graphrt_num_edges(whole));
  graphrt_memref_i32 dp, dw;
  _mlir_ciface_graphrt_out_degrees(&dp, part);
  _mlir_ciface_graphrt_out_degrees(&dw, whole);
  int degrees_ok = 1;
  for (int64_t v = 0; v < n; v++)
    degrees_ok &= dp.aligned[v] == dw.aligned[v];
  CHECK(degrees_ok);
  free(dp.aligned);
  free(dw.aligned);
  CHECK_EQ(graphrt_max_out_degree(part), graphrt_max_out_degree(whole));
}

/* The out-degree sum of a whole set (every rank holds all its members: each
 * adds its owned members' global degrees, the ranks sum them) and of a set
 * with different members on each rank (its owned vertices v with v % every
 * == 0 and vertex 0, the members counting once, at their owner). */
static void check_degree_sums(graphrt_graph *part, graphrt_graph *whole,
                              int64_t lo, int64_t hi, int64_t every) {
  int64_t n = graphrt_num_vertices(whole);
  graphrt_vset *all = graphrt_vset_new(n, 0), *same = graphrt_vset_new(n, 0),
               *mine = graphrt_vset_new(n, 0);
  graphrt_vset *wall = graphrt_vset_new(n, 0), *wsame = graphrt_vset_new(n, 0),
               *wmine = graphrt_vset_new(n, 0);
  for (int64_t v = 0; v < n; v++) {
    graphrt_vset_insert(all, v);
    graphrt_vset_insert(wall, v);
    if (v % every == 0) {
      graphrt_vset_insert(same, v);
      graphrt_vset_insert(wsame, v);
      graphrt_vset_insert(wmine, v);
    }
  }
  for (int64_t v = lo; v < hi; v++)
    if (v % every == 0)
      graphrt_vset_insert(mine, v);
  if (n)
    graphrt_vset_insert(mine, 0);
  CHECK_EQ(graphrt_vset_out_degree_sum(all, part), graphrt_num_edges(whole));
  CHECK_EQ(graphrt_vset_out_degree_sum(same, part),
           graphrt_vset_out_degree_sum(wsame, whole));
  CHECK_EQ(graphrt_vset_out_degree_sum(mine, part),
           graphrt_vset_out_degree_sum(wmine, whole));
  graphrt_vset_free(all);
  graphrt_vset_free(same);
  graphrt_vset_free(mine);
  graphrt_vset_free(wall);
  graphrt_vset_free(wsame);
  graphrt_vset_free(wmine);
}

/* A pull's segments of the rank's graph, built from its in-offsets of the
 * owned vertices only: together they list exactly its in-edges, each
 * destination owned. */
static void check_pull_segments(graphrt_graph *part, int64_t lo, int64_t hi) {
  graphrt_memref_i32 in;
  _mlir_ciface_graphrt_in_neighbors(&in, part);
  graphrt_segments *s =
      graphrt_segments_get(part, 3, GRAPHRT_PULL, GRAPHRT_EDGE_AWARE);
  int64_t edges = 0;
  int owned_ok = 1;
  for (int64_t i = 0; i < graphrt_segments_count(s); i++) {
    graphrt_memref_i32 vs;
    _mlir_ciface_graphrt_segment_vertices(&vs, s, i);
    for (int64_t k = 0; k < vs.sizes[0]; k++)
      owned_ok &= vs.aligned[k] >= lo && vs.aligned[k] < hi;
    edges += graphrt_segment_num_edges(s, i);
  }
  CHECK(owned_ok);
  CHECK_EQ(edges, in.sizes[0]);
}

static uint64_t edge_hash(uint64_t u, uint64_t v) {
  uint64_t x = u * 0x9e3779b97f4a7c15ull ^ (v + 0x632be59bd9b4e019ull);
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ull;
  return x ^ (x >> 29);
}

/* A push's segments of the rank's graph (out-edges by destination range),
 * built from its CSR in vertex order although its rows are by slot:
 * together they list exactly the whole graph's edges into the rank's
 * vertices, each under its source, each destination in its segment's
 * range. */
static void check_push_segments(graphrt_graph *part, graphrt_graph *whole,
                                int64_t lo, int64_t hi) {
  graphrt_memref_i64 woo;
  graphrt_memref_i32 won;
  _mlir_ciface_graphrt_out_offsets(&woo, whole);
  _mlir_ciface_graphrt_out_neighbors(&won, whole);
  uint64_t want = 0, got = 0;
  int64_t n = graphrt_num_vertices(whole), wanted = 0, edges = 0;
  for (int64_t u = 0; u < n; u++)
    for (int64_t k = woo.aligned[u]; k < woo.aligned[u + 1]; k++)
      if (won.aligned[k] >= lo && won.aligned[k] < hi) {
        want += edge_hash((uint64_t)u, (uint64_t)won.aligned[k]);
        wanted++;
      }
  graphrt_segments *s =
      graphrt_segments_get(part, 3, GRAPHRT_PUSH, GRAPHRT_EDGE_AWARE);
  int ranges_ok = 1;
  for (int64_t i = 0; i < graphrt_segments_count(s); i++) {
    graphrt_memref_i32 vs, nbr;
    graphrt_memref_i64 off;
    _mlir_ciface_graphrt_segment_vertices(&vs, s, i);
    _mlir_ciface_graphrt_segment_offsets(&off, s, i);
    _mlir_ciface_graphrt_segment_neighbors(&nbr, s, i);
    int64_t begin = graphrt_segment_range_begin(s, i),
            end = graphrt_segment_range_end(s, i);
    for (int64_t g = 0; g < vs.sizes[0]; g++)
      for (int64_t k = off.aligned[g]; k < off.aligned[g + 1]; k++) {
        int32_t t = nbr.aligned[k];
        ranges_ok &= t >= begin && t < end && t >= lo && t < hi;
        got += edge_hash((uint64_t)vs.aligned[g], (uint64_t)t);
      }
    edges += graphrt_segment_num_edges(s, i);
  }
  CHECK(ranges_ok);
  CHECK_EQ(edges, wanted);
  CHECK(got == want);
}

/* The rank's graph saved (`base`.rankR.el) and loaded back: exactly the
 * whole graph's edges into its vertices, in vertex order though its CSR's
 * rows are by slot. */
static void check_save(graphrt_graph *part, graphrt_graph *whole, int64_t lo,
                       int64_t hi, const char *base) {
  graphrt_memref_i64 woo, boo;
  graphrt_memref_i32 won, bon;
  _mlir_ciface_graphrt_out_offsets(&woo, whole);
  _mlir_ciface_graphrt_out_neighbors(&won, whole);
  uint64_t want = 0, got = 0;
  int64_t n = graphrt_num_vertices(whole), wanted = 0;
  for (int64_t u = 0; u < n; u++)
    for (int64_t k = woo.aligned[u]; k < woo.aligned[u + 1]; k++)
      if (won.aligned[k] >= lo && won.aligned[k] < hi) {
        want += edge_hash((uint64_t)u, (uint64_t)won.aligned[k]);
        wanted++;
      }
  char path[4096];
  snprintf(path, sizeof(path), "%s.rank%d.el", base, rank);
  graphrt_save(part, path);
  graphrt_graph *back = graphrt_load(path, 0, 0);
  _mlir_ciface_graphrt_out_offsets(&boo, back);
  _mlir_ciface_graphrt_out_neighbors(&bon, back);
  int64_t bn = graphrt_num_vertices(back);
  for (int64_t u = 0; u < bn; u++)
    for (int64_t k = boo.aligned[u]; k < boo.aligned[u + 1]; k++)
      got += edge_hash((uint64_t)u, (uint64_t)bon.aligned[k]);
  CHECK_EQ(graphrt_num_edges(back), wanted);
  CHECK(got == want);
  graphrt_graph_free(back);
  remove(path);
}

/* Whether v is one of the rank's mirrors (another rank's vertex with an
 * edge into this one): the mirrors have the slots from hi on, and a rank
 * that owns no vertex has no edges and so no mirrors (its slot map gives
 * every vertex lo, which is hi). */
static int is_mirror(const graphrt_memref_i64 *slots, int64_t lo, int64_t hi,
                     int64_t v) {
  return lo < hi && slot_at(slots, lo, hi, v) >= hi;
}

/* Each rank's set of owned vertices v with v % every == 0, mirrored: a
 * sparse set (every > 4) travels as ids, a dense one as bools. */
static void check_set_mirror(graphrt_graph *part, int64_t lo, int64_t hi,
                             int64_t every) {
  int64_t n = graphrt_num_vertices(part);
  graphrt_vset *s = graphrt_vset_new(n, 0);
  for (int64_t v = lo; v < hi; v++)
    if (v % every == 0)
      graphrt_vset_insert(s, v);
  graphrt_dist_mirror_vset(part, s);
  CHECK_EQ(graphrt_vset_size(s), (n + every - 1) / every);
  int members_ok = 1;
  for (int64_t v = 0; v < n; v++)
    members_ok &= graphrt_vset_contains(s, v) == (v % every == 0);
  CHECK(members_ok);
  graphrt_vset_free(s);
}

/* A set by need: each rank's owned vertices v with v % every == 0 (each
 * `times` times: a set that repeats members), mirrored with `layout`. Every
 * rank then has the whole set's size and out-degree sum; a rank holds its
 * owned members and, for GRAPHRT_DIST_MIRRORED, exactly the members among
 * its mirrors (other ranks' vertices with an edge into it), nothing else.
 * every == 1 and 3 send bits, 100 and repeated members ids. */
static void check_set_by_need(graphrt_graph *part, graphrt_graph *whole,
                              int64_t lo, int64_t hi, int64_t every,
                              int64_t times, int32_t layout) {
  int64_t n = graphrt_num_vertices(part);
  graphrt_vset *s = graphrt_vset_new(n, 0);
  graphrt_memref_i32 buffer;
  _mlir_ciface_graphrt_vset_id_buffer_n(&buffer, s, (hi - lo) * times);
  int64_t count = 0;
  for (int64_t v = lo; v < hi; v++)
    for (int64_t t = 0; t < times && v % every == 0; t++)
      buffer.aligned[count++] = (int32_t)v;
  if (times > 1)
    graphrt_vset_seal_ids_keep_dups(s, count);
  else
    graphrt_vset_seal_ids(s, count);
  graphrt_dist_mirror_vset_part(part, s, layout);
  graphrt_memref_i64 whole_out;
  graphrt_memref_i64 slots;
  _mlir_ciface_graphrt_dist_slots(&slots, part);
  _mlir_ciface_graphrt_out_offsets(&whole_out, whole);
  int64_t members = 0, degrees = 0;
  for (int64_t v = 0; v < n; v += every) {
    members += times;
    degrees += times * (whole_out.aligned[v + 1] - whole_out.aligned[v]);
  }
  CHECK_EQ(graphrt_vset_size(s), members);
  CHECK_EQ(graphrt_vset_out_degree_sum(s, part), degrees);
  int members_ok = 1;
  for (int64_t v = 0; v < n; v++) {
    /* a mirror: another rank's vertex with an edge into this one */
    int held = (v >= lo && v < hi) || (layout == GRAPHRT_DIST_MIRRORED &&
                                       is_mirror(&slots, lo, hi, v));
    members_ok &= graphrt_vset_contains(s, v) == (held && v % every == 0);
  }
  CHECK(members_ok);
  graphrt_vset_free(s);
}

/* A vector whose owned elements changed at a set of vertices: at many
 * (every == 1: the whole owned part travels) or at few (sent with their
 * ids). To every rank, or with `needed` by need: then a rank gets the
 * owners' values exactly at its mirrors (other ranks' vertices with an edge
 * into it) and nothing elsewhere. */
static void check_vector_mirror(graphrt_graph *part, int64_t lo, int64_t hi,
                                int64_t every, int needed) {
  int64_t n = graphrt_num_vertices(part);
  double *values = calloc((size_t)(n ? n : 1), sizeof(double));
  graphrt_vset *changed = graphrt_vset_new(n, 0);
  for (int64_t v = lo; v < hi; v++)
    if (v % every == 0) {
      values[v] = 2.0 * (double)v + 1.0;
      graphrt_vset_insert(changed, v);
    }
  if (!needed)
    graphrt_dist_mirror_changed(part, values, sizeof(double), sizeof(double),
                                changed);
  else if (every == 1)
    graphrt_dist_mirror_needed(part, values, sizeof(double), sizeof(double));
  else
    graphrt_dist_mirror_needed_changed(part, values, sizeof(double),
                                       sizeof(double), changed);
  graphrt_memref_i64 slots;
  _mlir_ciface_graphrt_dist_slots(&slots, part);
  int values_ok = 1;
  for (int64_t v = 0; v < n; v++) {
    int read = !needed || (v >= lo && v < hi) || is_mirror(&slots, lo, hi, v);
    values_ok &=
        values[v] == (read && v % every == 0 ? 2.0 * (double)v + 1.0 : 0.0);
  }
  CHECK(values_ok);
  graphrt_vset_free(changed);
  free(values);
}

/* Each in-edge's source slot is the slot map's entry for its source, and a
 * mirrored vector holds the source's value there after a mirror by need.
 * Where the rank has no mirrors (one rank) the source slots are the
 * in-neighbour array itself. */
static void check_source_slots(graphrt_graph *part, int64_t lo, int64_t hi) {
  graphrt_memref_i32 in, sources;
  graphrt_memref_i64 slots;
  _mlir_ciface_graphrt_in_neighbors(&in, part);
  _mlir_ciface_graphrt_dist_slots(&slots, part);
  _mlir_ciface_graphrt_dist_source_slots(&sources, part);
  CHECK_EQ(sources.sizes[0], in.sizes[0]);
  graphrt_memref_i8 storage;
  _mlir_ciface_graphrt_dist_vector_new(&storage, part, sizeof(double),
                                       GRAPHRT_DIST_MIRRORED);
  double *data = (double *)storage.aligned - lo;
  for (int64_t v = lo; v < hi; v++)
    data[v] = 2.0 * (double)v + 1.0;
  graphrt_dist_mirror_slots(part, data, sizeof(double), sizeof(double));
  int slots_ok = 1, values_ok = 1, remote = 0;
  for (int64_t j = 0; j < in.sizes[0]; j++) {
    int32_t src = in.aligned[j];
    uint32_t slot = (uint32_t)sources.aligned[j];
    slots_ok &= slot == (uint64_t)slot_at(&slots, lo, hi, src);
    slots_ok &= (src >= lo && src < hi) ? slot == (uint32_t)src : slot >= hi;
    values_ok &= data[slot] == 2.0 * (double)src + 1.0;
    remote |= src < lo || src >= hi;
  }
  CHECK(slots_ok);
  CHECK(values_ok);
  if (!remote)
    CHECK(sources.aligned == in.aligned);
  _mlir_memref_to_llvm_free(storage.allocated);
}

static void check_mirrors(graphrt_graph *part, graphrt_graph *whole, int64_t lo,
                          int64_t hi) {
  check_source_slots(part, lo, hi);
  check_set_mirror(part, lo, hi, 3);
  check_set_mirror(part, lo, hi, 10);
  for (int32_t layout = GRAPHRT_DIST_OWNED; layout <= GRAPHRT_DIST_MIRRORED;
       layout++) {
    check_set_by_need(part, whole, lo, hi, 1, 1, layout);
    check_set_by_need(part, whole, lo, hi, 3, 1, layout);
    check_set_by_need(part, whole, lo, hi, 100, 1, layout);
    check_set_by_need(part, whole, lo, hi, 7, 2, layout);
  }
  for (int needed = 0; needed < 2; needed++) {
    check_vector_mirror(part, lo, hi, 1, needed);
    check_vector_mirror(part, lo, hi, 2, needed);
    check_vector_mirror(part, lo, hi, 100, needed);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (argc < 2) {
    fprintf(stderr,
            "usage: graphrt-dist-tests GRAPH [MAX_IMBALANCE_PERCENT]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  graphrt_graph *part = graphrt_dist_load(argv[1], 0, 0);
  graphrt_graph *whole = graphrt_load(argv[1], 0, 0);
  int64_t lo, hi;
  graphrt_dist_bounds(part, &lo, &hi);
  int64_t range[2] = {lo, hi}, *ranges = malloc(sizeof(range) * ranks);
  MPI_Allgather(range, 2, MPI_INT64_T, ranges, 2, MPI_INT64_T, MPI_COMM_WORLD);
  CHECK_EQ(ranges[0], 0);
  CHECK_EQ(ranges[2 * ranks - 1], graphrt_num_vertices(whole));
  for (int r = 1; r < ranks; r++)
    CHECK_EQ(ranges[2 * r], ranges[2 * r - 1]);
  check_edges(part, whole, lo, hi);
  check_degree_sums(part, whole, lo, hi, 1);
  check_degree_sums(part, whole, lo, hi, 7);
  check_pull_segments(part, lo, hi);
  check_push_segments(part, whole, lo, hi);
  check_save(part, whole, lo, hi, argv[1]);
  check_mirrors(part, whole, lo, hi);

  graphrt_memref_i32 in;
  _mlir_ciface_graphrt_in_neighbors(&in, part);
  int64_t mine = in.sizes[0], *edges = malloc(sizeof(int64_t) * ranks);
  MPI_Gather(&mine, 1, MPI_INT64_T, edges, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    double mean = (double)graphrt_num_edges(whole) / ranks;
    for (int r = 0; r < ranks; r++) {
      double off = mean > 0 ? 100.0 * (edges[r] - mean) / mean : 0;
      printf("rank %d: vertices [%lld, %lld), %lld edges (%+.1f%% of the "
             "mean)\n",
             r, (long long)ranges[2 * r], (long long)ranges[2 * r + 1],
             (long long)edges[r], off);
      if (argc > 2)
        CHECK(off <= atof(argv[2]) && off >= -atof(argv[2]));
    }
  }
  int failures = check_failures, total = 0;
  MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  check_failures = total;
  int status = rank == 0 ? check_report("dist") : total != 0;
  graphrt_graph_free(whole);
  graphrt_graph_free(part);
  free(ranges);
  free(edges);
  MPI_Finalize();
  return status;
}
