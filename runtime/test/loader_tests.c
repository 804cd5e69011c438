/* loader_tests - every loader on small hand-checked graphs, the writers'
 * round trip, and each kind of malformed input (through graphrt_try_load).
 * usage: graphrt-loader-tests INPUTS_DIR TMP_DIR */
#include "check.h"
#include "graph_rt.h"
#include "internal.h"

#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LOADER_TESTS_ASAN 1
#endif
#endif

static const char *inputs, *tmpdir;

static const char *in_path(const char *name) {
  static char buf[4][1024];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof(buf[k]), "%s/%s", inputs, name);
  return buf[k];
}
static const char *tmp_path(const char *name) {
  static char buf[4][1024];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof(buf[k]), "%s/%s", tmpdir, name);
  return buf[k];
}

/* Compares one direction against expected offsets / neighbours / weights
 * (w may be NULL: weights not checked). */
static void check_adj(graphrt_graph *g, int in, int64_t n, const int64_t *off,
                      const int32_t *nbr, const int32_t *w, int line) {
  graphrt_memref_i64 o;
  graphrt_memref_i32 a, ww;
  if (in) {
    _mlir_ciface_graphrt_in_offsets(&o, g);
    _mlir_ciface_graphrt_in_neighbors(&a, g);
  } else {
    _mlir_ciface_graphrt_out_offsets(&o, g);
    _mlir_ciface_graphrt_out_neighbors(&a, g);
  }
  int bad = 0;
  if (o.sizes[0] != n + 1 || o.strides[0] != 1 || o.offset != 0)
    bad = 1;
  for (int64_t v = 0; !bad && v <= n; v++)
    bad |= o.aligned[v] != off[v];
  if (!bad && a.sizes[0] != off[n])
    bad = 1;
  for (int64_t j = 0; !bad && j < off[n]; j++)
    bad |= a.aligned[j] != nbr[j];
  if (!bad && w) {
    if (in)
      _mlir_ciface_graphrt_in_weights(&ww, g);
    else
      _mlir_ciface_graphrt_out_weights(&ww, g);
    for (int64_t j = 0; !bad && j < off[n]; j++)
      bad |= ww.aligned[j] != w[j];
  }
  if (bad)
    fprintf(stderr, "line %d: %s-adjacency differs from the expected one\n",
            line, in ? "in" : "out");
  CHECK(!bad);
}

static graphrt_graph *load_ok(const char *path, int weighted, int sym) {
  char err[512] = "";
  graphrt_graph *g = graphrt_try_load(path, weighted, sym, err, sizeof(err));
  if (!g)
    fprintf(stderr, "unexpected load error: %s\n", err);
  CHECK(g != NULL);
  return g;
}

static void expect_error(const char *path, int weighted, const char *what) {
  char err[512] = "";
  graphrt_graph *g = graphrt_try_load(path, weighted, 0, err, sizeof(err));
  CHECK(g == NULL);
  CHECK_STR(err, what);
  graphrt_graph_free(g);
}

static void test_el(void) {
  graphrt_graph *g = load_ok(in_path("small.el"), 0, 0);
  if (!g)
    return;
  CHECK_EQ(graphrt_num_vertices(g), 5);
  CHECK_EQ(graphrt_num_edges(g), 7);
  CHECK_EQ(graphrt_is_weighted(g), 0);
  CHECK_EQ(graphrt_is_symmetric(g), 0);
  int64_t oo[] = {0, 3, 4, 5, 6, 7};
  int32_t on[] = {1, 1, 2, 3, 1, 3, 0};
  int64_t io[] = {0, 1, 4, 5, 7, 7};
  int32_t in[] = {4, 0, 0, 2, 0, 1, 3};
  check_adj(g, 0, 5, oo, on, NULL, __LINE__);
  check_adj(g, 1, 5, io, in, NULL, __LINE__);
  graphrt_memref_i32 d;
  _mlir_ciface_graphrt_out_degrees(&d, g);
  CHECK_EQ(d.sizes[0], 5);
  CHECK(d.aligned[0] == 3 && d.aligned[1] == 1 && d.aligned[4] == 1);
  free(d.allocated);
  graphrt_graph_free(g);

  /* symmetrized: reverse of every non-loop edge added */
  g = load_ok(in_path("small.el"), 0, 1);
  if (!g)
    return;
  CHECK_EQ(graphrt_num_edges(g), 13);
  CHECK_EQ(graphrt_is_symmetric(g), 1);
  /* expected lists: 0: 1 1 2 4 | 1: 0 0 2 3 | 2: 0 1 | 3: 1 3 | 4: 0 */
  int64_t so2[] = {0, 4, 8, 10, 12, 13};
  int32_t sn2[] = {1, 1, 2, 4, 0, 0, 2, 3, 0, 1, 1, 3, 0};
  check_adj(g, 0, 5, so2, sn2, NULL, __LINE__);
  check_adj(g, 1, 5, so2, sn2, NULL, __LINE__);
  /* shared neighbours below the second vertex: 0 is the only one of 2 and 1
   * (twice in 1's list, once in 2's: one pair) */
  CHECK_EQ(graphrt_common_neighbors(g, 2, 1), 1);
  CHECK_EQ(graphrt_common_neighbors(g, 1, 2), 1);
  CHECK_EQ(graphrt_common_neighbors(g, 0, 1), 0);
  CHECK_EQ(graphrt_common_neighbors(g, 1, 3), 0);
  CHECK_EQ(graphrt_common_neighbors(g, 0, 4), 0);
  CHECK_EQ(graphrt_common_neighbors(g, 3, 4), 0);
  /* 3's list ends at 3, so this takes the merge without end tests on it:
   * the repeated 1 in 0's list still pairs once */
  CHECK_EQ(graphrt_common_neighbors(g, 0, 3), 1);
  graphrt_graph_free(g);
}

static void test_wel(void) {
  graphrt_graph *g = load_ok(in_path("small.wel"), 1, 0);
  if (!g)
    return;
  CHECK_EQ(graphrt_num_vertices(g), 3);
  CHECK_EQ(graphrt_num_edges(g), 4);
  CHECK_EQ(graphrt_is_weighted(g), 1);
  int64_t oo[] = {0, 2, 3, 4};
  int32_t on[] = {1, 1, 2, 0}, ow[] = {3, 5, -4, 7};
  int64_t io[] = {0, 1, 3, 4};
  int32_t in[] = {2, 0, 0, 1}, iw[] = {7, 3, 5, -4};
  check_adj(g, 0, 3, oo, on, ow, __LINE__);
  check_adj(g, 1, 3, io, in, iw, __LINE__);
  graphrt_memref_f64 f;
  _mlir_ciface_graphrt_out_weights_f64(&f, g);
  CHECK(f.sizes[0] == 4 && f.aligned[2] == -4.0);
  graphrt_graph_free(g);
  /* unweighted request keeps the weights */
  g = load_ok(in_path("small.wel"), 0, 0);
  if (g)
    CHECK_EQ(graphrt_is_weighted(g), 1);
  graphrt_graph_free(g);
}

static void test_mtx(void) {
  graphrt_graph *g = load_ok(in_path("general.mtx"), 1, 0);
  if (g) {
    CHECK_EQ(graphrt_num_vertices(g), 4);
    CHECK_EQ(graphrt_num_edges(g), 4);
    int64_t oo[] = {0, 2, 3, 4, 4};
    int32_t on[] = {0, 1, 3, 0}, ow[] = {40, 10, 30, 20};
    int64_t io[] = {0, 2, 3, 3, 4};
    int32_t in[] = {0, 2, 0, 1}, iw[] = {40, 20, 10, 30};
    check_adj(g, 0, 4, oo, on, ow, __LINE__);
    check_adj(g, 1, 4, io, in, iw, __LINE__);
    graphrt_graph_free(g);
  }
  g = load_ok(in_path("sym.mtx"), 1, 0);
  if (g) {
    CHECK_EQ(graphrt_num_vertices(g), 3);
    CHECK_EQ(graphrt_num_edges(g), 5);
    CHECK_EQ(graphrt_is_symmetric(g), 1);
    int64_t oo[] = {0, 1, 3, 5};
    int32_t on[] = {1, 0, 2, 1, 2}, ow[] = {1, 1, -3, -3, 2};
    check_adj(g, 0, 3, oo, on, ow, __LINE__);
    check_adj(g, 1, 3, oo, on, ow, __LINE__);
    graphrt_graph_free(g);
  }
  g = load_ok(in_path("pattern.mtx"), 0, 0);
  if (g) {
    CHECK_EQ(graphrt_is_weighted(g), 0);
    int64_t oo[] = {0, 1, 3};
    int32_t on[] = {1, 0, 1};
    int64_t io[] = {0, 1, 3};
    int32_t in[] = {1, 0, 1};
    check_adj(g, 0, 2, oo, on, NULL, __LINE__);
    check_adj(g, 1, 2, io, in, NULL, __LINE__);
    graphrt_graph_free(g);
  }
  expect_error(in_path("pattern.mtx"), 1, "'pattern' matrix");
}

/* Writes a GAPBS .sg by hand (independently of graphrt_save). */
static void write_sg(const char *path, int directed, int64_t n, int64_t m,
                     const int64_t *oo, const int32_t *on, const int32_t *ow,
                     const int64_t *io, const int32_t *in, const int32_t *iw) {
  FILE *f = fopen(path, "wb");
  unsigned char d = (unsigned char)directed;
  fwrite(&d, 1, 1, f);
  fwrite(&m, 8, 1, f);
  fwrite(&n, 8, 1, f);
  if (n < 0 || n > 16 || m < 0 || m > 16) { /* header only */
    fclose(f);
    return;
  }
  for (int part = 0; part < (directed ? 2 : 1); part++) {
    const int64_t *o = part ? io : oo;
    const int32_t *a = part ? in : on, *w = part ? iw : ow;
    fwrite(o, 8, (size_t)n + 1, f);
    for (int64_t j = 0; j < m; j++) {
      fwrite(&a[j], 4, 1, f);
      if (w)
        fwrite(&w[j], 4, 1, f);
    }
  }
  fclose(f);
}

static void test_sg(void) {
  /* directed: 0->1, 0->2, 2->1, 1->1 */
  int64_t oo[] = {0, 2, 3, 4}, io[] = {0, 0, 3, 4};
  int32_t on[] = {1, 2, 1, 1}, in[] = {0, 1, 2, 0};
  int32_t ow[] = {5, 6, 7, 8}, iw[] = {5, 7, 8, 6};
  write_sg(tmp_path("d.sg"), 1, 3, 4, oo, on, NULL, io, in, NULL);
  graphrt_graph *g = load_ok(tmp_path("d.sg"), 0, 0);
  if (g) {
    CHECK_EQ(graphrt_num_vertices(g), 3);
    CHECK_EQ(graphrt_num_edges(g), 4);
    CHECK_EQ(graphrt_is_symmetric(g), 0);
    check_adj(g, 0, 3, oo, on, NULL, __LINE__);
    check_adj(g, 1, 3, io, in, NULL, __LINE__);
    /* round trip through the writer, byte for byte */
    CHECK_EQ(graphrt_try_save(g, tmp_path("d2.sg"), NULL, 0), 0);
    graphrt_graph_free(g);
    struct stat a, b;
    CHECK(stat(tmp_path("d.sg"), &a) == 0 && stat(tmp_path("d2.sg"), &b) == 0);
    CHECK_EQ(a.st_size, b.st_size);
    CHECK_EQ(a.st_size, 17 + 2 * (4 * 8 + 4 * 4));
  }
  write_sg(tmp_path("d.wsg"), 1, 3, 4, oo, on, ow, io, in, iw);
  g = load_ok(tmp_path("d.wsg"), 1, 0);
  if (g) {
    check_adj(g, 0, 3, oo, on, ow, __LINE__);
    check_adj(g, 1, 3, io, in, iw, __LINE__);
    CHECK_EQ(graphrt_try_save(g, tmp_path("d2.wsg"), NULL, 0), 0);
    graphrt_graph_free(g);
    g = load_ok(tmp_path("d2.wsg"), 1, 0);
    if (g)
      check_adj(g, 1, 3, io, in, iw, __LINE__);
    graphrt_graph_free(g);
  }
  /* undirected: edges {0,1} {1,2} stored both ways; num_edges counts 4 */
  int64_t uo[] = {0, 1, 3, 4};
  int32_t un[] = {1, 0, 2, 1};
  write_sg(tmp_path("u.sg"), 0, 3, 4, uo, un, NULL, NULL, NULL, NULL);
  g = load_ok(tmp_path("u.sg"), 0, 0);
  if (g) {
    CHECK_EQ(graphrt_is_symmetric(g), 1);
    CHECK_EQ(graphrt_num_edges(g), 4);
    check_adj(g, 1, 3, uo, un, NULL, __LINE__);
    graphrt_graph_free(g);
  }
  /* symmetrizing a directed .sg */
  g = load_ok(tmp_path("d.sg"), 0, 1);
  if (g) {
    int64_t so[] = {0, 2, 5, 7};
    int32_t sn[] = {1, 2, 0, 1, 2, 0, 1};
    CHECK_EQ(graphrt_num_edges(g), 7); /* 3 non-loop edges doubled + loop */
    check_adj(g, 0, 3, so, sn, NULL, __LINE__);
    graphrt_graph_free(g);
  }
  /* .el / .wel writers round trip */
  g = load_ok(in_path("small.wel"), 1, 0);
  if (g) {
    CHECK_EQ(graphrt_try_save(g, tmp_path("w.wel"), NULL, 0), 0);
    graphrt_graph_free(g);
    g = load_ok(tmp_path("w.wel"), 1, 0);
    int64_t wo[] = {0, 2, 3, 4};
    int32_t wn[] = {1, 1, 2, 0}, ww[] = {3, 5, -4, 7};
    if (g)
      check_adj(g, 0, 3, wo, wn, ww, __LINE__);
    char err[256] = "";
    CHECK_EQ(graphrt_try_save(g, tmp_path("w.txt"), err, sizeof(err)), -1);
    CHECK_STR(err, "cannot write '.txt'");
    /* and the .mtx writer: an `integer` `general` matrix */
    CHECK_EQ(graphrt_try_save(g, tmp_path("w.mtx"), NULL, 0), 0);
    graphrt_graph_free(g);
    g = load_ok(tmp_path("w.mtx"), 1, 0);
    if (g)
      check_adj(g, 0, 3, wo, wn, ww, __LINE__);
    graphrt_graph_free(g);
  }

  /* malformed binaries */
  write_sg(tmp_path("bad_flag.sg"), 7, 3, 4, oo, on, NULL, io, in, NULL);
  expect_error(tmp_path("bad_flag.sg"), 0, "byte 0: invalid 'directed' flag 7");
  write_sg(tmp_path("neg.sg"), 1, 3, -4, oo, on, NULL, io, in, NULL);
  expect_error(tmp_path("neg.sg"), 0, "byte 1: negative edge count -4");
  write_sg(tmp_path("negn.sg"), 1, -3, 0, oo, on, NULL, io, in, NULL);
  expect_error(tmp_path("negn.sg"), 0, "byte 9: negative vertex count -3");
  FILE *f = fopen(tmp_path("short.sg"), "wb");
  fwrite("\1\2\3", 1, 3, f);
  fclose(f);
  expect_error(tmp_path("short.sg"), 0, "short.sg: byte 3: truncated file");
  /* truncated: drop the last in-neighbour */
  write_sg(tmp_path("trunc.sg"), 1, 3, 4, oo, on, NULL, io, in, NULL);
  truncate(tmp_path("trunc.sg"), 17 + 2 * 48 - 4);
  expect_error(tmp_path("trunc.sg"), 0,
               "byte 109: truncated file: it ends in the in-neighbours, but "
               "the header (directed .sg graph, 3 vertices, 4 edges) needs 113 "
               "bytes");
  /* a .wsg read as .sg: trailing data */
  write_sg(tmp_path("as_sg.sg"), 1, 3, 4, oo, on, ow, io, in, iw);
  expect_error(tmp_path("as_sg.sg"), 0, "bytes of trailing data");
  /* bad offsets / ids */
  int64_t bo[] = {0, 3, 2, 4};
  write_sg(tmp_path("badoff.sg"), 1, 3, 4, bo, on, NULL, io, in, NULL);
  expect_error(tmp_path("badoff.sg"), 0,
               "byte 33: out-offset of vertex 2 is 2");
  int64_t bo0[] = {1, 2, 3, 4};
  write_sg(tmp_path("badoff0.sg"), 1, 3, 4, bo0, on, NULL, io, in, NULL);
  expect_error(tmp_path("badoff0.sg"), 0, "byte 17: first out-offset is 1");
  int32_t bn[] = {1, 2, 1, 1}, bi[] = {0, 1, 3, 0};
  write_sg(tmp_path("badid.sg"), 1, 3, 4, oo, bn, NULL, io, bi, NULL);
  expect_error(tmp_path("badid.sg"), 0,
               "byte 105: in-neighbour id 3 out of range [0, 3)");
  /* hugely overflowing counts must not allocate or crash */
  int64_t big = (int64_t)1 << 62;
  write_sg(tmp_path("big.sg"), 1, 3, big, oo, on, NULL, io, in, NULL);
  expect_error(tmp_path("big.sg"), 0, "byte 1: edge count");
  write_sg(tmp_path("bign.sg"), 1, big, 4, oo, on, NULL, io, in, NULL);
  expect_error(tmp_path("bign.sg"), 0, "byte 9: vertex count");
}

static void test_text_errors(void) {
  expect_error(in_path("bad_line.el"), 0,
               "bad_line.el:3: malformed destination vertex id 'x'");
  expect_error(in_path("bad_negative.el"), 0,
               "bad_negative.el:2: negative source vertex id -1");
  expect_error(in_path("bad_range.el"), 0,
               "bad_range.el:2: destination vertex id 2147483647 out of range");
  expect_error(in_path("bad_extra.el"), 0,
               "bad_extra.el:2: unexpected extra field '3'");
  expect_error(in_path("bad_missing.el"), 0,
               "bad_missing.el:2: missing destination vertex id");
  expect_error(in_path("bad_weight.wel"), 1,
               "bad_weight.wel:2: malformed weight 'abc'");
  expect_error(in_path("bad_weight_range.wel"), 1,
               "bad_weight_range.wel:2: weight 99999999999 does not fit");
  expect_error(in_path("bad_missing_weight.wel"), 1,
               "bad_missing_weight.wel:2: missing weight");
  expect_error(in_path("bad_header.mtx"), 0,
               "bad_header.mtx:1: missing '%%MatrixMarket' header");
  expect_error(in_path("bad_real.mtx"), 1,
               "bad_real.mtx:4: value 1.5 is not an integer");
  expect_error(in_path("bad_range.mtx"), 0,
               "bad_range.mtx:4: row index 4 out of range [1, 3]");
  expect_error(in_path("bad_count.mtx"), 0,
               "bad_count.mtx:4: file ends after 2 of 3 entries");
  expect_error(in_path("bad_too_many.mtx"), 0,
               "bad_too_many.mtx:4: more entries than the 1 announced");
  expect_error(in_path("bad_size.mtx"), 0,
               "bad_size.mtx:3: malformed size line");
  expect_error(in_path("bad_negative.mtx"), 0,
               "bad_negative.mtx:2: negative count");
  expect_error(in_path("bad_array.mtx"), 0,
               "bad_array.mtx:1: unsupported format 'array'");
  expect_error(in_path("bad_complex.mtx"), 0,
               "bad_complex.mtx:1: unsupported field 'complex'");
  expect_error(in_path("graph.txt"), 0, "unknown graph file extension '.txt'");
  expect_error(in_path("does_not_exist.el"), 0,
               "does_not_exist.el: cannot open: No such file");
  expect_error(in_path("small.el"), 1, "needs edge weights");
  expect_error(inputs, 0, "unknown graph file extension");
}

/* A large generated .el parsed in many chunks: the error line must still be
 * exact, and a valid file must give the same graph as the .sg. */
static void test_big_text(void) {
  const char *p = tmp_path("big.el");
  FILE *f = fopen(p, "w");
  int64_t lines = 400000;
  for (int64_t i = 0; i < lines; i++)
    fprintf(f, "%lld %lld\n", (long long)(i % 1000), (long long)(i * 7 % 999));
  fclose(f);
  graphrt_graph *g = load_ok(p, 0, 0);
  if (g) {
    CHECK_EQ(graphrt_num_edges(g), lines);
    CHECK_EQ(graphrt_num_vertices(g), 1000);
    graphrt_graph_free(g);
  }
  f = fopen(p, "a");
  fprintf(f, "1 2\n3 oops\n");
  fclose(f);
  char expect[64];
  snprintf(expect, sizeof(expect), "big.el:%lld: malformed",
           (long long)lines + 2);
  expect_error(p, 0, expect);
}

static void write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  fputs(text, f);
  fclose(f);
}

/* A few bytes naming a huge vertex id must not allocate for it: the vertex
 * limit (lowered here) is checked before any per-vertex array exists. */
static void test_vertex_limit(void) {
  rt_vertex_limit_override = 100;
  write_text(tmp_path("lim.el"), "0 1\n# x\n5 99\n3 100\n0 100\n");
  expect_error(tmp_path("lim.el"), 0,
               "lim.el:4: vertex id 100 makes 101 vertices, more than the "
               "100 that fit in memory");
  write_text(tmp_path("lim_ok.el"), "0 1\n5 99\n");
  graphrt_graph *g = load_ok(tmp_path("lim_ok.el"), 0, 0);
  if (g)
    CHECK_EQ(graphrt_num_vertices(g), 100);
  graphrt_graph_free(g);
  write_text(tmp_path("lim.mtx"),
             "%%MatrixMarket matrix coordinate pattern general\n3 101 0\n");
  expect_error(tmp_path("lim.mtx"), 0,
               "lim.mtx:2: 3 x 101 matrix has more than the 100 vertices");
  int64_t oo[1] = {0};
  write_sg(tmp_path("lim.sg"), 0, 101, 0, oo, NULL, NULL, NULL, NULL, NULL);
  expect_error(tmp_path("lim.sg"), 0,
               "byte 9: vertex count 101 is more than the 100 vertices");
  rt_vertex_limit_override = 0;
  CHECK(rt_vertex_limit() >= 1 << 20);
}

/* Files too large for memory are bad input for graphrt_try_load (it must
 * return, not exit): sparse files under a 4 GiB address-space limit. ASan
 * reserves terabytes of address space, so not under ASan. */
static void test_too_large(void) {
#ifndef LOADER_TESTS_ASAN
  struct rlimit old, lim;
  if (getrlimit(RLIMIT_AS, &old) != 0)
    return;
  const char *el = tmp_path("sparse.el"), *sg = tmp_path("sparse.sg");
  FILE *f = fopen(el, "w");
  fclose(f);
  CHECK(truncate(el, (off_t)1 << 36) == 0);
  int64_t n = (int64_t)1 << 29;
  write_sg(sg, 0, n, 0, NULL, NULL, NULL, NULL, NULL, NULL);
  CHECK(truncate(sg, 17 + (n + 1) * 8) == 0);
  rt_vertex_limit_override = n;
  lim = old;
  lim.rlim_cur = (rlim_t)4 << 30;
  if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < lim.rlim_cur)
    lim.rlim_cur = old.rlim_cur;
  CHECK(setrlimit(RLIMIT_AS, &lim) == 0);
  expect_error(el, 0, "sparse.el: cannot allocate 68719476737 bytes");
  expect_error(sg, 0, "sparse.sg: byte 17: cannot allocate the out-edges");
  CHECK(setrlimit(RLIMIT_AS, &old) == 0);
  rt_vertex_limit_override = 0;
  unlink(el);
  unlink(sg);
#endif
}

/* The transpose check on multigraphs: equal multisets pass, any difference
 * in a copy count or a weight is found. */
static void test_transpose_check(void) {
  /* 0->1 (x2, weights 3 3), 0->1 w4, 1->0 w5, 1->1 w6 */
  int64_t oo[] = {0, 3, 5}, io[] = {0, 1, 5};
  int32_t on[] = {1, 1, 1, 0, 1}, ow[] = {3, 3, 4, 5, 6};
  int32_t in[] = {1, 0, 0, 0, 1}, iw[] = {5, 3, 3, 4, 6};
  CHECK_EQ(rt_find_untransposed(2, oo, on, ow, io, in, iw), -1);
  CHECK_EQ(rt_find_untransposed(2, oo, on, NULL, io, in, NULL), -1);
  int32_t iw2[] = {5, 3, 4, 4, 6}; /* one copy of w3 became w4 */
  CHECK_EQ(rt_find_untransposed(2, oo, on, ow, io, in, iw2), 1);
  CHECK_EQ(rt_find_untransposed(2, oo, on, NULL, io, in, NULL), -1);
  int32_t in3[] = {1, 0, 0, 1, 1}; /* 0->1 w4 became 1->1 w4 */
  CHECK_EQ(rt_find_untransposed(2, oo, on, ow, io, in3, iw), 2);
  int64_t io4[] = {0, 2, 5}; /* in-degrees differ */
  int32_t in4[] = {0, 1, 0, 0, 1}, iw4[] = {3, 5, 3, 4, 6};
  CHECK(rt_find_untransposed(2, oo, on, ow, io4, in4, iw4) >= 0);
  /* symmetric: a list checked against itself */
  int64_t so[] = {0, 2, 3};
  int32_t sn[] = {0, 1, 0};
  CHECK_EQ(rt_find_untransposed(2, so, sn, NULL, so, sn, NULL), -1);
  int32_t sn2[] = {1, 1, 0};
  CHECK_EQ(rt_find_untransposed(2, so, sn2, NULL, so, sn2, NULL), 1);
  /* a larger random multigraph and its transpose (parallel path) */
  int64_t n = 3000, m = 200000;
  int32_t *src = malloc(m * sizeof(int32_t)), *dst = malloc(m * 4),
          *w = malloc(m * 4);
  uint64_t x = 12345;
  for (int64_t i = 0; i < m; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    src[i] = (int32_t)((x >> 33) % (uint64_t)n);
    dst[i] = (int32_t)((x >> 13) % 97 * 31 % (uint64_t)n);
    w[i] = (int32_t)(x >> 60);
  }
  graphrt_graph *g = graphrt_graph_from_edges(n, m, src, dst, w, 0);
  CHECK_EQ(rt_find_untransposed(n, g->out_off, g->out_nbr, g->out_w, g->in_off,
                                g->in_nbr, g->in_w),
           -1);
  ((int32_t *)g->in_w)[m / 2] ^= 1 << 20;
  CHECK(rt_find_untransposed(n, g->out_off, g->out_nbr, g->out_w, g->in_off,
                             g->in_nbr, g->in_w) >= 0);
  graphrt_graph_free(g);
  free(src);
  free(dst);
  free(w);
}

/* Relabelling by degree: new ids rank the vertices by decreasing out-degree
 * (ties by id); every edge and weight maps through the ranking; in-edges stay
 * the transpose. */
static void test_relabel(void) {
  /* out-degrees: 0:1 1:3 2:0 3:2 -> order 1, 3, 0, 2 */
  int32_t src[] = {0, 1, 1, 1, 3, 3}, dst[] = {1, 0, 2, 3, 0, 2},
          w[] = {10, 11, 12, 13, 14, 15};
  graphrt_graph *g = graphrt_graph_from_edges(4, 6, src, dst, w, 0);
  graphrt_graph *r = graphrt_relabel(g);
  int32_t new_id[] = {2, 0, 3, 1};
  CHECK_EQ(r->n, 4);
  CHECK_EQ(r->m, 6);
  CHECK_EQ(r->weighted, 1);
  int64_t expected_off[] = {0, 3, 5, 6, 6};
  for (int v = 0; v <= 4; v++)
    CHECK_EQ(r->out_off[v], expected_off[v]);
  for (int e = 0; e < 6; e++) {
    int64_t u = new_id[src[e]], found = 0;
    for (int64_t j = r->out_off[u]; j < r->out_off[u + 1]; j++)
      found += r->out_nbr[j] == new_id[dst[e]] &&
               ((const int32_t *)r->out_w)[j] == w[e];
    CHECK_EQ(found, 1);
  }
  for (int64_t u = 0; u < 4; u++)
    for (int64_t j = r->out_off[u] + 1; j < r->out_off[u + 1]; j++)
      CHECK(r->out_nbr[j - 1] <= r->out_nbr[j]);
  CHECK_EQ(rt_find_untransposed(4, r->out_off, r->out_nbr, r->out_w, r->in_off,
                                r->in_nbr, r->in_w),
           -1);
  graphrt_graph_free(r);
  graphrt_graph_free(g);
  /* a symmetric graph stays symmetric; an empty graph relabels to itself */
  graphrt_graph *s = graphrt_graph_from_edges(4, 6, src, dst, NULL, 1);
  graphrt_graph *rs = graphrt_relabel(s);
  CHECK_EQ(rs->symmetric, 1);
  CHECK_EQ(rs->m, s->m);
  graphrt_graph_free(rs);
  graphrt_graph_free(s);
  graphrt_graph *e = graphrt_graph_from_edges(0, 0, src, dst, NULL, 0);
  graphrt_graph *re = graphrt_relabel(e);
  CHECK_EQ(re->n, 0);
  graphrt_graph_free(re);
  graphrt_graph_free(e);
}

/* Large blocks start on a 2 MB boundary (for huge pages), calloc's are
 * zeroed, and every block goes back with free(). */
static void test_allocator(void) {
  size_t big = (size_t)6 << 20;
  char *p = _mlir_memref_to_llvm_alloc(big);
  CHECK(p && (uintptr_t)p % ((size_t)2 << 20) == 0);
  memset(p, 7, big);
  CHECK_EQ(p[big - 1], 7);
  _mlir_memref_to_llvm_free(p);
  char *small = _mlir_memref_to_llvm_alloc(24);
  CHECK(small != NULL);
  small[23] = 1;
  _mlir_memref_to_llvm_free(small);
  size_t sizes[] = {100, (size_t)5 << 20};
  for (int i = 0; i < 2; i++) {
    size_t bytes = sizes[i];
    char *a = _mlir_memref_to_llvm_aligned_alloc(64, bytes);
    CHECK(a && (uintptr_t)a % 64 == 0);
    a[bytes - 1] = 1;
    _mlir_memref_to_llvm_free(a);
  }
  int64_t *zeros = rt_calloc(big / 8, 8);
  CHECK((uintptr_t)zeros % ((size_t)2 << 20) == 0);
  CHECK_EQ(zeros[0] | zeros[big / 16] | zeros[big / 8 - 1], 0);
  free(zeros);
}

static const char *write_tmp(const char *name, const char *text) {
  const char *path = tmp_path(name);
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  if (f) {
    fputs(text, f);
    fclose(f);
  }
  return path;
}

/* One direction's float (F32) or double (F64) weights against expected
 * doubles (exact: every expected value is a float). */
static void check_float_weights(graphrt_graph *g, int in, int type,
                                const double *w, int64_t m, int line) {
  int bad = 0;
  if (type == GRAPHRT_WEIGHTS_F32) {
    graphrt_memref_f32 r;
    (in ? _mlir_ciface_graphrt_in_weights_f32
        : _mlir_ciface_graphrt_out_weights_f32)(&r, g);
    bad = r.sizes[0] != m;
    for (int64_t j = 0; !bad && j < m; j++)
      bad = r.aligned[j] != (float)w[j];
  } else {
    graphrt_memref_f64 r;
    (in ? _mlir_ciface_graphrt_in_weights_f64
        : _mlir_ciface_graphrt_out_weights_f64)(&r, g);
    bad = r.sizes[0] != m;
    for (int64_t j = 0; !bad && j < m; j++)
      bad = r.aligned[j] != w[j];
  }
  if (bad)
    fprintf(stderr, "line %d: %s-weights differ from the expected ones\n", line,
            in ? "in" : "out");
  CHECK(!bad);
}

/* Float and double weights: .wel and .mtx values parsed to the type, lists
 * sorted by (neighbour, weight value), views of other types converted,
 * writers and the CSR entry points. */
static void test_float_weights(void) {
  char wel[1024]; /* tmp_path's buffers are reused */
  snprintf(wel, sizeof(wel), "%s",
           write_tmp("real.wel", "0 1 0.5\n"
                                 "0 1 -0.25\n"
                                 "1 2 3\n"
                                 "2 0 -1.5e-1\n"
                                 "0 2 1E2\n"));
  int64_t oo[] = {0, 3, 4, 5};
  int32_t on[] = {1, 1, 2, 2, 0};
  double ow[] = {-0.25, 0.5, 100, 3, -0.15};
  int64_t io[] = {0, 1, 3, 5};
  int32_t in[] = {2, 0, 0, 0, 1};
  double iw[] = {-0.15, -0.25, 0.5, 100, 3};
  for (int type = GRAPHRT_WEIGHTS_F32; type <= GRAPHRT_WEIGHTS_F64; type++) {
    graphrt_graph *g = load_ok(wel, type, 0);
    if (!g)
      continue;
    CHECK_EQ(graphrt_weight_type(g), type);
    CHECK_EQ(graphrt_is_weighted(g), 1);
    check_adj(g, 0, 3, oo, on, NULL, __LINE__);
    check_adj(g, 1, 3, io, in, NULL, __LINE__);
    check_float_weights(g, 0, type, ow, 5, __LINE__);
    check_float_weights(g, 1, type, iw, 5, __LINE__);
    /* a float view of double weights: converted */
    if (type == GRAPHRT_WEIGHTS_F64)
      check_float_weights(g, 0, GRAPHRT_WEIGHTS_F32, ow, 5, __LINE__);
    /* written and read back: the same graph */
    const char *copy =
        tmp_path(type == GRAPHRT_WEIGHTS_F32 ? "r32.wel" : "r64.mtx");
    graphrt_save(g, copy);
    graphrt_graph *h = load_ok(copy, type, 0);
    if (h)
      check_float_weights(h, 0, type, ow, 5, __LINE__);
    graphrt_graph_free(h);
    char err[512] = "";
    CHECK(graphrt_try_save(g, tmp_path("r.wsg"), err, sizeof(err)) != 0);
    CHECK_STR(err, "cannot write '.wsg': its weights are int32");
    graphrt_graph_free(g);
  }
  /* symmetrized: each reverse edge keeps its weight */
  graphrt_graph *g = load_ok(wel, GRAPHRT_WEIGHTS_F64, 1);
  if (g) {
    double sw[] = {-0.25, 0.5, -0.15, 100, -0.25, 0.5, 3, -0.15, 100, 3};
    check_float_weights(g, 0, GRAPHRT_WEIGHTS_F64, sw, 10, __LINE__);
  }
  graphrt_graph_free(g);
  /* an int32 load refuses a fractional weight */
  expect_error(wel, GRAPHRT_WEIGHTS_I32,
               "real.wel:1: weight 0.5 is not an integer (edge weights are "
               "int32)");
  /* real .mtx: a float program reads its values; a symmetric one mirrors */
  g = load_ok(in_path("bad_real.mtx"), GRAPHRT_WEIGHTS_F32, 0);
  if (g) {
    double rw[] = {1, 1.5};
    check_float_weights(g, 0, GRAPHRT_WEIGHTS_F32, rw, 2, __LINE__);
  }
  graphrt_graph_free(g);
  g = load_ok(in_path("sym.mtx"), GRAPHRT_WEIGHTS_F64, 0);
  if (g) {
    double yw[] = {1, 1, -3, -3, 2};
    check_float_weights(g, 0, GRAPHRT_WEIGHTS_F64, yw, 5, __LINE__);
  }
  graphrt_graph_free(g);
  /* integer files: read as floats; an int32 graph's float view converts */
  g = load_ok(in_path("general.mtx"), GRAPHRT_WEIGHTS_F32, 0);
  if (g) {
    double gw[] = {40, 10, 30, 20};
    check_float_weights(g, 0, GRAPHRT_WEIGHTS_F32, gw, 4, __LINE__);
  }
  graphrt_graph_free(g);
  g = load_ok(in_path("small.wel"), GRAPHRT_WEIGHTS_I32, 0);
  if (g) {
    double sw[] = {3, 5, -4, 7};
    check_float_weights(g, 0, GRAPHRT_WEIGHTS_F32, sw, 4, __LINE__);
    /* .wsg stores int32: a float load converts them */
    graphrt_save(g, tmp_path("small.wsg"));
    graphrt_graph *h = load_ok(tmp_path("small.wsg"), GRAPHRT_WEIGHTS_F32, 0);
    if (h) {
      CHECK_EQ(graphrt_weight_type(h), GRAPHRT_WEIGHTS_F32);
      check_float_weights(h, 0, GRAPHRT_WEIGHTS_F32, sw, 4, __LINE__);
      check_float_weights(h, 1, GRAPHRT_WEIGHTS_F32,
                          (const double[]){7, 3, 5, -4}, 4, __LINE__);
    }
    graphrt_graph_free(h);
  }
  graphrt_graph_free(g);
  expect_error(in_path("pattern.mtx"), GRAPHRT_WEIGHTS_F32,
               "is a 'pattern' matrix");
  expect_error(in_path("small.el"), GRAPHRT_WEIGHTS_F64,
               "'.el' files have none");
  /* values that are not finite numbers of the type */
  expect_error(write_tmp("nan.wel", "0 1 1\n1 0 nan\n"), GRAPHRT_WEIGHTS_F32,
               "nan.wel:2: weight nan is not a finite number");
  expect_error(write_tmp("inf.wel", "0 1 -Infinity\n"), GRAPHRT_WEIGHTS_F64,
               "inf.wel:1: weight -Infinity is not a finite number");
  expect_error(write_tmp("big.wel", "0 1 1e39\n"), GRAPHRT_WEIGHTS_F32,
               "big.wel:1: weight 1e39 does not fit in a float");
  expect_error(write_tmp("huge.mtx", "%%MatrixMarket matrix coordinate real "
                                     "general\n2 2 1\n1 2 -1e400\n"),
               GRAPHRT_WEIGHTS_F64,
               "huge.mtx:3: value -1e400 does not fit in a double");
  expect_error(write_tmp("nan.mtx", "%%MatrixMarket matrix coordinate real "
                                    "general\n2 2 1\n1 2 NaN\n"),
               GRAPHRT_WEIGHTS_F64, "nan.mtx:3: value NaN is not a finite");
  expect_error(write_tmp("hex.wel", "0 1 0x1p3\n"), GRAPHRT_WEIGHTS_F32,
               "hex.wel:1: malformed weight '0x1p3'");
  expect_error(wel, 7, "weight type 7 is not a GRAPHRT_WEIGHTS_* value");
  /* the CSR entry points copy float and double weights */
  int64_t co[] = {0, 2, 2};
  int32_t cn[] = {1, 1};
  float cf[] = {2.5f, -1.0f};
  double cd[] = {2.5, -1.0}, sorted[] = {-1.0, 2.5};
  g = graphrt_graph_from_csr_f32(2, co, cn, cf);
  CHECK_EQ(graphrt_weight_type(g), GRAPHRT_WEIGHTS_F32);
  check_float_weights(g, 0, GRAPHRT_WEIGHTS_F32, sorted, 2, __LINE__);
  graphrt_graph_free(g);
  g = graphrt_graph_from_csr_f64(2, co, cn, cd);
  CHECK_EQ(graphrt_weight_type(g), GRAPHRT_WEIGHTS_F64);
  check_float_weights(g, 1, GRAPHRT_WEIGHTS_F64, sorted, 2, __LINE__);
  graphrt_graph_free(g);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s INPUTS_DIR TMP_DIR\n", argv[0]);
    return 2;
  }
  inputs = argv[1];
  tmpdir = argv[2];
  mkdir(tmpdir, 0777);
  test_el();
  test_wel();
  test_mtx();
  test_sg();
  test_text_errors();
  test_big_text();
  test_vertex_limit();
  test_transpose_check();
  test_relabel();
  test_too_large();
  test_allocator();
  test_float_weights();
  return check_report("loader");
}
