/* graph-gen - generate, convert and inspect graphs with libgraphrt.
 *
 *   graph-gen {kron|uniform|grid|road} --scale N [--degree D] [--weighted]
 *             [--seed S] [--symmetrize] [--simple] [-q] -o FILE
 *   graph-gen convert IN -o OUT [--symmetrize] [--simple]
 *   graph-gen info FILE [--weighted] [--symmetrize] [--time]
 *   graph-gen dump FILE [--weighted] [--symmetrize]
 *
 * --simple drops self loops and repeated edges, as GAPBS's builder does.
 * The output format follows the extension (.el .wel .mtx .sg .wsg); a .mtx
 * is weighted (`integer`) when the graph is, and `symmetric` when it is.
 * info prints the counts, whether the graph is directed and weighted, its
 * degree statistics and the load time. */
#include "graph_rt.h"
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *usage_text =
    "usage: graph-gen {kron|uniform|grid|road} --scale N [--degree D] "
    "[--weighted]\n"
    "                 [--seed S] [--symmetrize] [--simple] [-q] -o FILE\n"
    "       graph-gen convert IN -o OUT [--symmetrize] [--simple]\n"
    "       graph-gen info FILE [--weighted] [--symmetrize] [--time]\n"
    "       graph-gen dump FILE [--weighted] [--symmetrize]\n"
    "FILE extensions: .el .wel .mtx .sg .wsg\n";

static _Noreturn void usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "graph-gen: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage_text);
  exit(1);
}

static int64_t parse_int(const char *flag, const char *s, int64_t lo,
                         int64_t hi) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (!*s || *end || errno || v < lo || v > hi) {
    fprintf(stderr, "graph-gen: %s: '%s' is not an integer in [%lld, %lld]\n",
            flag, s, (long long)lo, (long long)hi);
    fprintf(stderr, "%s", usage_text);
    exit(1);
  }
  return v;
}

typedef struct {
  const char *cmd, *input, *output;
  int64_t scale, degree;
  uint64_t seed;
  int weighted, symmetrize, simple, quiet, time;
} options;

static void parse(int argc, char **argv, options *o) {
  memset(o, 0, sizeof(*o));
  o->scale = -1;
  o->degree = 16;
  o->seed = 27491095; /* any fixed default */
  if (argc < 2)
    usage_error("%s", "missing command");
  o->cmd = argv[1];
  if (!strcmp(o->cmd, "-h") || !strcmp(o->cmd, "--help")) {
    printf("%s", usage_text);
    exit(0);
  }
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *val = NULL;
    char flag[64];
    snprintf(flag, sizeof(flag), "%s", a);
    char *eq = strchr(flag, '=');
    if (a[0] == '-' && eq) {
      *eq = '\0';
      val = a + (eq - flag) + 1;
    }
    int takes = !strcmp(flag, "--scale") || !strcmp(flag, "--degree") ||
                !strcmp(flag, "--seed") || !strcmp(flag, "-o");
    if (takes && !val) {
      if (i + 1 >= argc)
        usage_error("option '%s' needs a value", flag);
      val = argv[++i];
    } else if (!takes && val) {
      usage_error("option '%s' takes no value", flag);
    }
    if (!strcmp(flag, "--scale"))
      o->scale = parse_int("--scale", val, 0, 30);
    else if (!strcmp(flag, "--degree"))
      o->degree = parse_int("--degree", val, 1, 1 << 20);
    else if (!strcmp(flag, "--seed"))
      o->seed = (uint64_t)parse_int("--seed", val, 0, INT64_MAX);
    else if (!strcmp(flag, "-o"))
      o->output = val;
    else if (!strcmp(flag, "--weighted"))
      o->weighted = 1;
    else if (!strcmp(flag, "--symmetrize"))
      o->symmetrize = 1;
    else if (!strcmp(flag, "--simple"))
      o->simple = 1;
    else if (!strcmp(flag, "-q") || !strcmp(flag, "--quiet"))
      o->quiet = 1;
    else if (!strcmp(flag, "--time"))
      o->time = 1;
    else if (a[0] == '-' && a[1] != '\0')
      usage_error("unknown option '%s'", a);
    else if (!o->input)
      o->input = a;
    else
      usage_error("unexpected argument '%s'", a);
  }
}

static int weighted_ext(const char *path) {
  const char *e = rt_path_ext(path);
  return !strcmp(e, ".wel") || !strcmp(e, ".wsg");
}

static void check_output(const options *o) {
  if (!o->output)
    usage_error("%s", "missing output file (-o FILE)");
  const char *e = rt_path_ext(o->output);
  if (strcmp(e, ".el") && strcmp(e, ".wel") && strcmp(e, ".mtx") &&
      strcmp(e, ".sg") && strcmp(e, ".wsg"))
    usage_error("cannot write '%s' (expected .el, .wel, .mtx, .sg or .wsg)",
                o->output);
}

static void save(const options *o, graphrt_graph *g, double t0) {
  double t1 = graphrt_time_now();
  graphrt_save(g, o->output);
  if (!o->quiet && graphrt_num_edges(g) >= ((int64_t)1 << 22))
    fprintf(stderr, "graph-gen: wrote %s in %.2f s (total %.2f s)\n", o->output,
            graphrt_time_now() - t1, graphrt_time_now() - t0);
}

/* Minimum, maximum and mean of the degrees given by the offsets off[0..n]. */
static void print_degrees(const char *what, int64_t n, const int64_t *off) {
  int64_t min = n ? INT64_MAX : 0, max = 0;
  for (int64_t v = 0; v < n; v++) {
    int64_t d = off[v + 1] - off[v];
    min = d < min ? d : min;
    max = d > max ? d : max;
  }
  printf("%s: min %lld max %lld mean %.2f\n", what, (long long)min,
         (long long)max, n ? (double)off[n] / (double)n : 0.0);
}

static void print_info(const graphrt_graph *g, double load_seconds) {
  printf("directed: %s weighted: %s\n", g->symmetric ? "no" : "yes",
         g->weighted ? "yes" : "no");
  if (g->symmetric) {
    print_degrees("degree", g->n, g->out_off);
  } else {
    print_degrees("out-degree", g->n, g->out_off);
    print_degrees("in-degree", g->n, g->in_off);
  }
  printf("load time: %.6f s\n", load_seconds);
}

static void print_list(const char *dir, int64_t v, const int64_t *off,
                       const int32_t *nbr, const int32_t *w) {
  printf("%s %lld:", dir, (long long)v);
  for (int64_t j = off[v]; j < off[v + 1]; j++) {
    if (w)
      printf(" %d/%d", nbr[j], w[j]);
    else
      printf(" %d", nbr[j]);
  }
  printf("\n");
}

int main(int argc, char **argv) {
  options o;
  parse(argc, argv, &o);
  double t0 = graphrt_time_now();
  int gen = !strcmp(o.cmd, "kron") || !strcmp(o.cmd, "uniform") ||
            !strcmp(o.cmd, "grid") || !strcmp(o.cmd, "road");
  if (gen) {
    if (o.input)
      usage_error("unexpected argument '%s'", o.input);
    if (o.scale < 0)
      usage_error("%s", "missing --scale N");
    check_output(&o);
    int mtx = !strcmp(rt_path_ext(o.output), ".mtx");
    if (o.weighted && !weighted_ext(o.output) && !mtx)
      usage_error("--weighted needs a .wel, .wsg or .mtx output, not '%s'",
                  o.output);
    int weighted = weighted_ext(o.output) || (mtx && o.weighted);
    int64_t m = !strcmp(o.cmd, "grid")   ? ((int64_t)4 << o.scale)
                : !strcmp(o.cmd, "road") ? ((int64_t)5 << o.scale) / 2
                                         : (o.degree << o.scale);
    int loud = !o.quiet && m >= ((int64_t)1 << 22);
    if (loud)
      fprintf(stderr,
              "graph-gen: %s scale %lld: generating about %lld edges and "
              "building CSR/CSC...\n",
              o.cmd, (long long)o.scale, (long long)m);
    graphrt_graph *g =
        !strcmp(o.cmd, "kron") ? graphrt_gen_kron(o.scale, o.degree, weighted,
                                                  o.seed, o.symmetrize)
        : !strcmp(o.cmd, "uniform")
            ? graphrt_gen_uniform(o.scale, o.degree, weighted, o.seed,
                                  o.symmetrize)
        : !strcmp(o.cmd, "grid") ? graphrt_gen_grid(o.scale, weighted, o.seed)
                                 : graphrt_gen_road(o.scale, weighted, o.seed);
    if (loud)
      fprintf(stderr,
              "graph-gen: %lld vertices, %lld edges generated in %.2f s\n",
              (long long)graphrt_num_vertices(g),
              (long long)graphrt_num_edges(g), graphrt_time_now() - t0);
    if (o.simple)
      g = rt_graph_simple(g);
    save(&o, g, t0);
    graphrt_graph_free(g);
    return 0;
  }
  if (!strcmp(o.cmd, "convert") || !strcmp(o.cmd, "info") ||
      !strcmp(o.cmd, "dump")) {
    if (!o.input)
      usage_error("%s: missing input file", o.cmd);
    if (!strcmp(o.cmd, "convert"))
      check_output(&o);
    else if (o.output)
      usage_error("%s takes no -o", o.cmd);
    else if (o.simple)
      usage_error("%s takes no --simple", o.cmd);
    graphrt_graph *g = graphrt_load(o.input, o.weighted, o.symmetrize);
    double t_load = graphrt_time_now() - t0;
    if (!strcmp(o.cmd, "convert")) {
      if (o.simple)
        g = rt_graph_simple(g);
      save(&o, g, t0);
    } else {
      printf("vertices: %lld edges: %lld\n", (long long)graphrt_num_vertices(g),
             (long long)graphrt_num_edges(g));
      if (o.time)
        fprintf(stderr, "graph-gen: loaded %s in %.3f s\n", o.input, t_load);
      if (!strcmp(o.cmd, "info"))
        print_info(g, t_load);
      if (!strcmp(o.cmd, "dump")) {
        printf("weighted: %d symmetric: %d\n", graphrt_is_weighted(g),
               graphrt_is_symmetric(g));
        graphrt_memref_i64 oo, io;
        graphrt_memref_i32 on, in, ow = {0}, iw = {0};
        _mlir_ciface_graphrt_out_offsets(&oo, g);
        _mlir_ciface_graphrt_out_neighbors(&on, g);
        _mlir_ciface_graphrt_in_offsets(&io, g);
        _mlir_ciface_graphrt_in_neighbors(&in, g);
        if (graphrt_is_weighted(g)) {
          _mlir_ciface_graphrt_out_weights(&ow, g);
          _mlir_ciface_graphrt_in_weights(&iw, g);
        }
        for (int64_t v = 0; v < graphrt_num_vertices(g); v++)
          print_list("out", v, oo.aligned, on.aligned, ow.aligned);
        for (int64_t v = 0; v < graphrt_num_vertices(g); v++)
          print_list("in", v, io.aligned, in.aligned, iw.aligned);
      }
    }
    graphrt_graph_free(g);
    return 0;
  }
  usage_error("unknown command '%s'", o.cmd);
}
