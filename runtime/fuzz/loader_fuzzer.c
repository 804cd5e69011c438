/* loader_fuzzer - a libFuzzer target for one graph file format, compiled once
 * per format with GRAPHRT_FUZZ_EXT=el|wel|mtx|sg|wsg (see runtime/README.md
 * and scripts/fuzz.sh).
 *
 * Each input is written to a temporary file with the format's extension and
 * loaded with graphrt_try_load, as given and symmetrized, and (a weighted
 * format) with double weights too, which must load whenever int32 ones
 * do. A load must either
 * fail with one line that starts with the file name, or give a graph whose
 * CSR and CSC are well formed and each other's transpose, that survives a
 * round trip through the .sg/.wsg and .el/.wel writers, and whose
 * symmetrized form has the expected edge count. Anything else aborts (a
 * finding), as does any sanitizer report. */
#include "graph_rt.h"
#include "internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RT_STR2(x) #x
#define RT_STR(x) RT_STR2(x)
#define EXT RT_STR(GRAPHRT_FUZZ_EXT)

static char dir[1024], in_path[1100], sg_path[1100], el_path[1100];

#define REQUIRE(c, what)                                                       \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "loader_fuzzer: %s (%s:%d: %s)\n", what, __FILE__,       \
              __LINE__, #c);                                                   \
      abort();                                                                 \
    }                                                                          \
  } while (0)

static void cleanup(void) {
  unlink(in_path);
  unlink(sg_path);
  unlink(el_path);
  rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const char *tmp = getenv("TMPDIR");
  if (!tmp) /* every input is a file: keep them in memory when possible */
    tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  snprintf(dir, sizeof(dir), "%s/graphrt-fuzz-XXXXXX", tmp);
  REQUIRE(mkdtemp(dir), "cannot create a temporary directory");
  snprintf(in_path, sizeof(in_path), "%s/input.%s", dir, EXT);
  atexit(cleanup);
  /* Few bytes of text can name a huge id: keep such graphs small enough to
   * run thousands per second, yet above the parallel threshold RT_PAR_MIN. */
  rt_vertex_limit_override = (int64_t)1 << 14;
  return 0;
}

static void write_input(const uint8_t *data, size_t size) {
  int fd = open(in_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  REQUIRE(fd >= 0, "cannot write the input file");
  for (size_t done = 0; done < size;) {
    ssize_t r = write(fd, data + done, size - done);
    REQUIRE(r > 0, "cannot write the input file");
    done += (size_t)r;
  }
  close(fd);
}

/* Weight i of w (of GRAPHRT_WEIGHTS_* `type`) as a double. */
static double weight_at(const void *w, int32_t type, int64_t i) {
  return type == GRAPHRT_WEIGHTS_F64   ? ((const double *)w)[i]
         : type == GRAPHRT_WEIGHTS_F32 ? ((const float *)w)[i]
                                       : ((const int32_t *)w)[i];
}

/* Offsets from 0 to m, ids in range, lists sorted by (neighbour, weight). */
static void check_adj(int64_t n, int64_t m, const int64_t *off,
                      const int32_t *nbr, const void *w, int32_t type) {
  REQUIRE(off[0] == 0 && off[n] == m, "offsets do not span the edges");
  for (int64_t v = 0; v < n; v++) {
    REQUIRE(off[v] <= off[v + 1], "offsets decrease");
    for (int64_t j = off[v]; j < off[v + 1]; j++) {
      REQUIRE(nbr[j] >= 0 && nbr[j] < n, "neighbour id out of range");
      REQUIRE(j == off[v] || nbr[j - 1] < nbr[j] ||
                  (nbr[j - 1] == nbr[j] &&
                   (!w || weight_at(w, type, j - 1) <= weight_at(w, type, j))),
              "list not sorted");
    }
  }
}

static void check_graph(const graphrt_graph *g) {
  int64_t n = g->n, m = g->m;
  REQUIRE(n >= 0 && n <= rt_vertex_limit() && m >= 0, "bad counts");
  REQUIRE(graphrt_num_vertices(g) == n && graphrt_num_edges(g) == m,
          "accessors disagree");
  REQUIRE((g->weighted != 0) == (g->out_w != NULL) &&
              (g->weighted != 0) == (g->in_w != NULL),
          "weights on one side only");
  if (g->symmetric)
    REQUIRE(g->in_off == g->out_off && g->in_nbr == g->out_nbr &&
                g->in_w == g->out_w,
            "symmetric graph with separate in-edges");
  check_adj(n, m, g->out_off, g->out_nbr, g->out_w, g->weighted);
  check_adj(n, m, g->in_off, g->in_nbr, g->in_w, g->weighted);
  size_t wsize = rt_weight_size(g->weighted);
  /* CSC == transpose(CSR), written independently of rt_find_untransposed:
   * count the in-degrees from the out-edges, then compare each in-list with
   * the sources that reach it in CSR order (sorted, as are the in-lists). */
  int64_t *cur = calloc((size_t)n + 1, sizeof(int64_t));
  REQUIRE(cur, "out of memory");
  for (int64_t j = 0; j < m; j++)
    cur[g->out_nbr[j] + 1]++;
  for (int64_t v = 0; v < n; v++) {
    cur[v + 1] += cur[v];
    REQUIRE(cur[v + 1] == g->in_off[v + 1], "in-degrees differ");
  }
  for (int64_t u = 0; u < n; u++)
    for (int64_t j = g->out_off[u]; j < g->out_off[u + 1]; j++) {
      int64_t p = cur[g->out_nbr[j]]++;
      REQUIRE(g->in_nbr[p] == u, "in-edges are not the transpose");
      REQUIRE(!g->weighted ||
                  !memcmp((const char *)g->in_w + p * wsize,
                          (const char *)g->out_w + j * wsize, wsize),
              "in-weights are not the transpose");
    }
  free(cur);
}

static int same_lists(const graphrt_graph *a, const graphrt_graph *b) {
  size_t ids = (size_t)a->m * sizeof(int32_t);
  size_t w = (size_t)a->m * rt_weight_size(a->weighted);
  return a->m == b->m && a->weighted == b->weighted &&
         !memcmp(a->out_nbr, b->out_nbr, ids) &&
         (!a->weighted || !memcmp(a->out_w, b->out_w, w)) &&
         !memcmp(a->in_nbr, b->in_nbr, ids) &&
         (!a->weighted || !memcmp(a->in_w, b->in_w, w));
}

static graphrt_graph *load(const char *path, int weighted, int symmetrize) {
  char err[600] = "";
  graphrt_graph *g =
      graphrt_try_load(path, weighted, symmetrize, err, (int64_t)sizeof(err));
  if (g) {
    check_graph(g);
    return g;
  }
  size_t len = strlen(path);
  REQUIRE(err[0] != '\0', "a failed load gave no message");
  REQUIRE(!strchr(err, '\n'), "a message spans several lines");
  REQUIRE(!strncmp(err, path, len) && err[len] == ':',
          "a message does not start with the file name");
  return NULL;
}

/* Saving and reloading gives the same graph: .sg/.wsg exactly (int32
 * weights only: .wsg stores no others); .el/.wel up to isolated vertices at
 * the end of the id range, which edge lists drop, float weights read back
 * in their type. */
static void round_trip(const graphrt_graph *g) {
  int floats = g->weighted > GRAPHRT_WEIGHTS_I32;
  if (!floats) {
    snprintf(sg_path, sizeof(sg_path), "%s/rt.%s", dir,
             g->weighted ? "wsg" : "sg");
    REQUIRE(graphrt_try_save(g, sg_path, NULL, 0) == 0, ".sg save failed");
    graphrt_graph *h = load(sg_path, 0, 0);
    REQUIRE(h, ".sg reload failed");
    REQUIRE(h->n == g->n && h->symmetric == g->symmetric && same_lists(g, h) &&
                !memcmp(g->out_off, h->out_off,
                        (size_t)(g->n + 1) * sizeof(int64_t)),
            ".sg round trip changed the graph");
    graphrt_graph_free(h);
    unlink(sg_path);
  }

  snprintf(el_path, sizeof(el_path), "%s/rt.%s", dir,
           g->weighted ? "wel" : "el");
  REQUIRE(graphrt_try_save(g, el_path, NULL, 0) == 0, ".el save failed");
  graphrt_graph *h = load(el_path, floats ? g->weighted : 0, 0);
  REQUIRE(h, ".el reload failed");
  REQUIRE(h->n <= g->n && same_lists(g, h), ".el round trip changed edges");
  for (int64_t v = h->n; v < g->n; v++)
    REQUIRE(g->out_off[v + 1] == g->m && g->in_off[v + 1] == g->m,
            ".el round trip lost a vertex with edges");
  graphrt_graph_free(h);
  unlink(el_path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  write_input(data, size);
  int wext = !strcmp(EXT, "wel") || !strcmp(EXT, "wsg") || !strcmp(EXT, "mtx");
  graphrt_graph *g = load(in_path, wext, 0);
  graphrt_graph *s = load(in_path, 0, 1);
  if (g) {
    REQUIRE(s, "loads only when not symmetrized");
    int64_t loops = 0;
    for (int64_t u = 0; u < g->n; u++)
      for (int64_t j = g->out_off[u]; j < g->out_off[u + 1]; j++)
        loops += g->out_nbr[j] == u;
    REQUIRE(s->symmetric && s->n == g->n &&
                s->m == (g->symmetric ? g->m : 2 * g->m - loops),
            "symmetrizing gave an unexpected edge count");
    round_trip(g);
  }
  if (wext) {
    graphrt_graph *d = load(in_path, GRAPHRT_WEIGHTS_F64, 0);
    REQUIRE(d || !g, "int32 weights load, double ones do not");
    if (d)
      round_trip(d);
    graphrt_graph_free(d);
  }
  graphrt_graph_free(g);
  graphrt_graph_free(s);
  return 0;
}
