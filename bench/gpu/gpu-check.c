/* gpu-check - the comparisons and the table of the GPU bundle's run.sh,
 * compiled by scripts/gpu-bundle.sh so that the GPU machine needs neither
 * Python nor awk.
 *
 *   gpu-check compare ALGORITHM GRAPH EXPECTED OUTPUT ROOT
 *     Checks a program's OUTPUT (one value per vertex; the "elapsed time:"
 *     lines and the seconds after each are left out) against EXPECTED,
 *     which test/reference/reference.py computed when the bundle was built.
 *     bfs: EXPECTED holds each vertex's level, and a parent must be one
 *     level closer by an edge of GRAPH (.el); sssp and cc: equal integers;
 *     pagerank and bc: reference.py's tolerance (1e-6 relative, plus the
 *     rounding of printing 6 significant digits). Prints what is wrong and
 *     exits 1.
 *   gpu-check time OUTPUT
 *     Prints the least and the first of the "elapsed time:" seconds, in
 *     milliseconds, or "- -" when there is none.
 *   gpu-check slow ERRORS
 *     From a GPU program's error stream run with GRAPHRT_GPU_PROFILE=1 (a
 *     "graphrt: GPU profile: trial N: T ms: ..." line for each trial):
 *     when a trial after the first took at least 1.5 times the least and 5
 *     ms more, the slowest such trial's line and the least trial's, after
 *     "  slow " and "  least " (the prefix dropped); else nothing.
 *   gpu-check root GRAPH
 *     Prints a root for a benchmark: the first vertex of GAPBS serialized
 *     graph (.sg/.wsg) in its largest (weakly) connected component whose
 *     out-degree is at least the mean (graph-gen permutes the ids, so
 *     vertex 0 may have no edges, and a road-like graph has many small
 *     components).
 *   gpu-check ratio A B
 *     Prints A / B with two decimals, or "-" when either is not a number.
 *   gpu-check gteps GRAPH MS
 *     Prints GRAPH's (.sg/.wsg) arcs traversed per nanosecond in MS
 *     milliseconds (billions per second, every arc counted once), or "-".
 *
 * For the anchors (bench/gpu/anchors.sh: GraphIt's GPU backend and EMOGI,
 * built on the GPU machine) the same graph in the files those read, with the
 * same vertices and out-arcs in the same order (a .sg/.wsg's in-arcs, which
 * a directed graph has after its out-arcs, are left out: both build their
 * own transpose):
 *   gpu-check graphit GRAPH OUT
 *     GraphIt's GPU loader's binary file (its load_graph reads a name ending
 *     in .graphit_bin as is): int32 vertices, int32 arcs, then the arcs'
 *     int32 sources and destinations, their weights, and the vertices'
 *     int32 offsets (vertices + 1). The weights are of the program's edge
 *     set's weight type: int32 from a .wsg, and from a .sg the char of an
 *     unweighted edge set (GraphT<char>), each 1.
 *   gpu-check emogi GRAPH PREFIX
 *     EMOGI's CSR files, PREFIX.col and PREFIX.dst (PREFIX names the graph,
 *     ending in .bel): each a header of two uint64 (the count of values
 *     after it, and 0) and then uint64 values: .col the vertices' offsets
 *     (vertices + 1), .dst the arcs' destinations.
 *   gpu-check emogi-time OUTPUT
 *     Prints the least and the first of EMOGI's "time T ms" (one each run),
 *     in milliseconds, or "- -" when there is none. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char **line;
  size_t count, cap;
} lines_t;

/* The file's whitespace-separated words, without the "elapsed time:" lines
 * and the seconds after each; the least of those seconds goes to *best (-1
 * when there is none), the first to *first. */
static int read_values(const char *path, lines_t *out, double *best,
                       double *first) {
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  char buf[4096];
  int skip = 0;
  *best = -1;
  while (fgets(buf, sizeof buf, f)) {
    if (!strncmp(buf, "elapsed time:", 13)) {
      skip = 1;
      continue;
    }
    if (skip) {
      skip = 0;
      double s = strtod(buf, NULL);
      if (*best < 0)
        *first = s;
      if (*best < 0 || s < *best)
        *best = s;
      continue;
    }
    for (char *w = strtok(buf, " \t\r\n"); w; w = strtok(NULL, " \t\r\n")) {
      if (out->count == out->cap) {
        out->cap = out->cap ? 2 * out->cap : 1024;
        out->line = realloc(out->line, out->cap * sizeof *out->line);
      }
      out->line[out->count++] = strdup(w);
    }
  }
  fclose(f);
  return 1;
}

static int cmp_edge(const void *a, const void *b) {
  const int64_t *x = a, *y = b;
  return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1)
                      : (x[1] != y[1] ? (x[1] < y[1] ? -1 : 1) : 0);
}

/* The sorted (source, destination) pairs of a .el/.wel graph. */
static int64_t *read_edges(const char *path, size_t *count) {
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  size_t cap = 1024;
  int64_t *e = malloc(2 * cap * sizeof *e);
  char buf[256];
  *count = 0;
  while (fgets(buf, sizeof buf, f)) {
    long long s, d;
    if (buf[0] == '#' || buf[0] == '%' || sscanf(buf, "%lld %lld", &s, &d) != 2)
      continue;
    if (*count == cap)
      e = realloc(e, 2 * (cap *= 2) * sizeof *e);
    e[2 * *count] = s;
    e[2 * *count + 1] = d;
    ++*count;
  }
  fclose(f);
  qsort(e, *count, 2 * sizeof *e, cmp_edge);
  return e;
}

static int close_enough(double got, double want) {
  return fabs(got - want) <= 1e-6 * fabs(want) + 5e-6 * fabs(want) + 1e-12;
}

static int compare(const char *algorithm, const char *graph,
                   const char *expected_path, const char *output,
                   long long root) {
  lines_t want = {0}, got = {0};
  double unused, unused_first;
  if (!read_values(expected_path, &want, &unused, &unused_first))
    return printf("cannot read %s\n", expected_path), 1;
  if (!read_values(output, &got, &unused, &unused_first))
    return printf("cannot read %s\n", output), 1;
  size_t n = want.count;
  if (got.count != n)
    return printf("%zu values printed for %zu vertices\n", got.count, n), 1;
  if (!strcmp(algorithm, "bfs")) {
    size_t m;
    int64_t *edges = read_edges(graph, &m);
    if (!edges)
      return printf("cannot read %s\n", graph), 1;
    for (size_t v = 0; v < n; ++v) {
      long long level = atoll(want.line[v]), p = atoll(got.line[v]);
      if (level < 0) {
        if (p != -1)
          return printf("vertex %zu is unreachable but has parent %lld\n", v,
                        p),
                 1;
      } else if ((long long)v == root) {
        if (p != root)
          return printf("root %lld has parent %lld\n", root, p), 1;
      } else {
        int64_t key[2] = {p, (int64_t)v};
        if (p < 0 || p >= (long long)n || atoll(want.line[p]) != level - 1 ||
            !bsearch(key, edges, m, 2 * sizeof *edges, cmp_edge))
          return printf("vertex %zu: parent %lld is not one level closer by "
                        "an edge\n",
                        v, p),
                 1;
      }
    }
    return 0;
  }
  int exact = !strcmp(algorithm, "sssp") || !strcmp(algorithm, "cc");
  if (!exact && strcmp(algorithm, "pagerank") && strcmp(algorithm, "bc"))
    return printf("unknown algorithm %s\n", algorithm), 1;
  for (size_t v = 0; v < n; ++v) {
    int ok = exact ? !strcmp(got.line[v], want.line[v])
                   : close_enough(strtod(got.line[v], NULL),
                                  strtod(want.line[v], NULL));
    if (!ok)
      return printf("vertex %zu: %s, expected %s\n", v, got.line[v],
                    want.line[v]),
             1;
  }
  return 0;
}

/* The representative of v's set, halving the path on the way. */
static int32_t find(int32_t *parent, int32_t v) {
  while (parent[v] != v) {
    parent[v] = parent[parent[v]];
    v = parent[v];
  }
  return v;
}

/* Reads the header of a GAPBS serialized graph (.sg/.wsg) from f, which may
 * be NULL: its edge count m and vertex count n. Returns 0 when it cannot. */
static int read_header(FILE *f, int64_t *m, int64_t *n) {
  unsigned char directed;
  return f && fread(&directed, 1, 1, f) == 1 && fread(m, 8, 1, f) == 1 &&
         fread(n, 8, 1, f) == 1;
}

static int pick_root(const char *path) {
  FILE *f = fopen(path, "rb");
  int64_t m, n;
  size_t len = strlen(path);
  /* A .wsg arc is a (neighbor, weight) pair of int32. */
  int stride = len > 4 && !strcmp(path + len - 4, ".wsg") ? 2 : 1;
  if (!read_header(f, &m, &n) || n <= 0 || n > INT32_MAX)
    return printf("cannot read %s\n", path), 1;
  int64_t *offset = malloc((size_t)(n + 1) * sizeof *offset);
  int32_t *parent = malloc((size_t)n * sizeof *parent);
  int64_t *size = calloc((size_t)n, sizeof *size);
  if (!offset || !parent || !size ||
      fread(offset, 8, (size_t)n + 1, f) != (size_t)n + 1)
    return printf("cannot read %s\n", path), 1;
  for (int64_t v = 0; v < n; ++v)
    parent[v] = (int32_t)v;
  /* Union by scanning the out-arcs a block at a time. */
  int32_t block[1 << 16];
  int64_t v = 0, arcs = offset[n] - offset[0];
  for (int64_t done = 0; done < arcs;) {
    size_t want = (size_t)(arcs - done) * stride;
    if (want > sizeof block / sizeof *block)
      want = sizeof block / sizeof *block -
             (sizeof block / sizeof *block) % stride;
    if (fread(block, 4, want, f) != want)
      return printf("cannot read %s\n", path), 1;
    for (size_t i = 0; i < want; i += stride, ++done) {
      while (offset[v + 1] - offset[0] <= done)
        ++v;
      int32_t u = block[i];
      if (u < 0 || u >= n)
        return printf("%s: arc %lld leads to %d\n", path, (long long)done, u),
               1;
      int32_t a = find(parent, (int32_t)v), b = find(parent, u);
      if (a != b)
        parent[a < b ? b : a] = a < b ? a : b;
    }
  }
  fclose(f);
  int32_t largest = 0;
  for (int64_t w = 0; w < n; ++w) {
    int32_t r = find(parent, (int32_t)w);
    if (++size[r] > size[largest])
      largest = r;
  }
  for (int64_t w = 0; w < n; ++w)
    if (find(parent, (int32_t)w) == largest &&
        (offset[w + 1] - offset[w]) * n >= m)
      return printf("%lld\n", (long long)w), 0;
  return printf("%s has no vertex of mean out-degree\n", path), 1;
}

/* The arcs of a GAPBS serialized graph: its last out-offset. */
static int64_t arc_count(const char *path) {
  FILE *f = fopen(path, "rb");
  int64_t m, n, last = -1;
  if (read_header(f, &m, &n) && !fseek(f, 8 * n, SEEK_CUR) &&
      fread(&last, 8, 1, f) != 1)
    last = -1;
  if (f)
    fclose(f);
  return last;
}

/* A GAPBS serialized graph read out-arc by out-arc: a block of its
 * neighbors (and weights) at a time. */
typedef struct {
  FILE *f;
  int64_t n, arcs, done;
  int64_t *offset; /* n + 1 */
  int stride;      /* int32s an arc: 1 (.sg) or 2 (.wsg) */
  int32_t block[1 << 16];
  size_t at, len;
} sg_reader_t;

static int sg_open(sg_reader_t *r, const char *path) {
  int64_t m;
  size_t len = strlen(path);
  r->stride = len > 4 && !strcmp(path + len - 4, ".wsg") ? 2 : 1;
  r->f = fopen(path, "rb");
  if (!read_header(r->f, &m, &r->n) || r->n <= 0 || r->n >= INT32_MAX)
    return 0;
  r->offset = malloc((size_t)(r->n + 1) * sizeof *r->offset);
  if (!r->offset ||
      fread(r->offset, 8, (size_t)r->n + 1, r->f) != (size_t)r->n + 1)
    return 0;
  r->arcs = r->offset[r->n] - r->offset[0];
  r->done = 0;
  r->at = r->len = 0;
  return r->arcs >= 0;
}

/* Goes back to the first arc. */
static int sg_rewind(sg_reader_t *r) {
  r->done = 0;
  r->at = r->len = 0;
  return !fseek(r->f, 17 + 8 * (r->n + 1), SEEK_SET);
}

/* The next arc's neighbor and weight (1 in a .sg). */
static int sg_next(sg_reader_t *r, int32_t *neighbor, int32_t *weight) {
  if (r->done == r->arcs)
    return 0;
  if (r->at == r->len) {
    size_t want = (size_t)(r->arcs - r->done) * r->stride;
    size_t cap = sizeof r->block / sizeof *r->block;
    if (want > cap)
      want = cap - cap % r->stride;
    if (fread(r->block, 4, want, r->f) != want)
      return 0;
    r->at = 0, r->len = want;
  }
  *neighbor = r->block[r->at];
  *weight = r->stride == 2 ? r->block[r->at + 1] : 1;
  r->at += r->stride;
  ++r->done;
  return *neighbor >= 0 && *neighbor < r->n;
}

static int write_graphit(const char *path, const char *out_path) {
  sg_reader_t r;
  if (!sg_open(&r, path))
    return printf("cannot read %s\n", path), 1;
  if (r.arcs > INT32_MAX)
    return printf("%s: %lld arcs, more than GraphIt's int32 counts\n", path,
                  (long long)r.arcs),
           1;
  FILE *out = fopen(out_path, "wb");
  if (!out)
    return printf("cannot write %s\n", out_path), 1;
  setvbuf(out, NULL, _IOFBF, 1 << 22);
  int32_t header[2] = {(int32_t)r.n, (int32_t)r.arcs}, neighbor, weight;
  int ok = fwrite(header, 4, 2, out) == 2;
  /* The sources, then the destinations, then the weights: one pass each. */
  for (int64_t v = 0; ok && v < r.n; ++v)
    for (int64_t i = r.offset[v]; ok && i < r.offset[v + 1]; ++i) {
      int32_t source = (int32_t)v;
      ok = fwrite(&source, 4, 1, out) == 1;
    }
  for (int pass = 0; ok && pass < 2; ++pass) {
    ok = sg_rewind(&r);
    for (int64_t i = 0; ok && i < r.arcs; ++i) {
      ok = sg_next(&r, &neighbor, &weight);
      if (ok && !pass)
        ok = fwrite(&neighbor, 4, 1, out) == 1;
      else if (ok && r.stride == 2)
        ok = fwrite(&weight, 4, 1, out) == 1;
      else if (ok)
        ok = fputc(1, out) != EOF;
    }
  }
  for (int64_t v = 0; ok && v <= r.n; ++v) {
    int32_t offset = (int32_t)(r.offset[v] - r.offset[0]);
    ok = fwrite(&offset, 4, 1, out) == 1;
  }
  fclose(r.f);
  if (fclose(out) || !ok)
    return printf("cannot convert %s to %s\n", path, out_path), 1;
  return 0;
}

static int write_emogi(const char *path, const char *prefix) {
  sg_reader_t r;
  if (!sg_open(&r, path))
    return printf("cannot read %s\n", path), 1;
  size_t len = strlen(prefix);
  char *name = malloc(len + 5);
  strcpy(name, prefix);
  strcpy(name + len, ".col");
  FILE *col = fopen(name, "wb");
  uint64_t header[2] = {(uint64_t)r.n + 1, 0};
  int ok = col && fwrite(header, 8, 2, col) == 2;
  for (int64_t v = 0; ok && v <= r.n; ++v) {
    uint64_t offset = (uint64_t)(r.offset[v] - r.offset[0]);
    ok = fwrite(&offset, 8, 1, col) == 1;
  }
  if (col && fclose(col))
    ok = 0;
  strcpy(name + len, ".dst");
  FILE *dst = ok ? fopen(name, "wb") : NULL;
  if (dst)
    setvbuf(dst, NULL, _IOFBF, 1 << 22);
  header[0] = (uint64_t)r.arcs;
  ok = dst && fwrite(header, 8, 2, dst) == 2;
  int32_t neighbor, weight;
  for (int64_t i = 0; ok && i < r.arcs; ++i) {
    ok = sg_next(&r, &neighbor, &weight);
    uint64_t wide = (uint64_t)neighbor;
    ok = ok && fwrite(&wide, 8, 1, dst) == 1;
  }
  if (dst && fclose(dst))
    ok = 0;
  fclose(r.f);
  if (!ok)
    return printf("cannot convert %s to %s.col and .dst\n", path, prefix), 1;
  return 0;
}

/* gpu-check slow: the slowest later trial's and the least trial's profile
 * lines, when the slowest is far slower. */
static int slow_trial(const char *path) {
  static const char prefix[] = "graphrt: GPU profile: trial ";
  FILE *f = fopen(path, "r");
  char buf[4096], slow[4096] = "", least[4096] = "";
  double slow_ms = -1, least_ms = -1;
  while (f && fgets(buf, sizeof buf, f)) {
    if (strncmp(buf, prefix, sizeof prefix - 1))
      continue;
    char *end, *at = buf + sizeof prefix - 1;
    long trial = strtol(at, &end, 10);
    if (end == at || strncmp(end, ": ", 2))
      continue;
    double ms = strtod(end + 2, &at);
    if (at == end + 2)
      continue;
    const char *line = buf + sizeof prefix - 1 - strlen("trial ");
    if (least_ms < 0 || ms < least_ms)
      least_ms = ms, snprintf(least, sizeof least, "%s", line);
    if (trial > 1 && ms > slow_ms)
      slow_ms = ms, snprintf(slow, sizeof slow, "%s", line);
  }
  if (f)
    fclose(f);
  if (slow_ms >= 0 && slow_ms >= 1.5 * least_ms && slow_ms - least_ms >= 5)
    printf("  slow %s  least %s", slow, least);
  return 0;
}

/* The least and the first of the "time T ms" of EMOGI's output. */
static int emogi_time(const char *path) {
  FILE *f = fopen(path, "r");
  char buf[4096];
  double best = -1, first = -1;
  while (f && fgets(buf, sizeof buf, f)) {
    char *at = strstr(buf, "time ");
    if (!at || strncmp(buf, "run ", 4))
      continue;
    char *end;
    double ms = strtod(at + 5, &end);
    if (end == at + 5 || strncmp(end, " ms", 3))
      continue;
    if (best < 0)
      first = ms;
    if (best < 0 || ms < best)
      best = ms;
  }
  if (f)
    fclose(f);
  if (best < 0)
    return puts("- -"), 1;
  printf("%.3f %.3f\n", best, first);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 7 && !strcmp(argv[1], "compare"))
    return compare(argv[2], argv[3], argv[4], argv[5], atoll(argv[6]));
  if (argc == 3 && !strcmp(argv[1], "time")) {
    lines_t ignored = {0};
    double best, first;
    if (!read_values(argv[2], &ignored, &best, &first) || best < 0)
      return puts("- -"), 1;
    printf("%.3f %.3f\n", best * 1e3, first * 1e3);
    return 0;
  }
  if (argc == 3 && !strcmp(argv[1], "slow"))
    return slow_trial(argv[2]);
  if (argc == 3 && !strcmp(argv[1], "root"))
    return pick_root(argv[2]);
  if (argc == 4 && !strcmp(argv[1], "graphit"))
    return write_graphit(argv[2], argv[3]);
  if (argc == 4 && !strcmp(argv[1], "emogi"))
    return write_emogi(argv[2], argv[3]);
  if (argc == 3 && !strcmp(argv[1], "emogi-time"))
    return emogi_time(argv[2]);
  if (argc == 4 && !strcmp(argv[1], "ratio")) {
    char *end_a, *end_b;
    double a = strtod(argv[2], &end_a), b = strtod(argv[3], &end_b);
    if (*end_a || *end_b || end_a == argv[2] || end_b == argv[3] || b <= 0)
      return puts("-"), 0;
    printf("%.2f\n", a / b);
    return 0;
  }
  if (argc == 4 && !strcmp(argv[1], "gteps")) {
    char *end;
    double ms = strtod(argv[3], &end);
    int64_t arcs = arc_count(argv[2]);
    if (*end || end == argv[3] || ms <= 0 || arcs < 0)
      return puts("-"), 0;
    printf("%.2f\n", arcs / (ms * 1e6));
    return 0;
  }
  fprintf(stderr, "usage: gpu-check compare ALGORITHM GRAPH EXPECTED OUTPUT "
                  "ROOT | gpu-check time OUTPUT | gpu-check slow ERRORS | "
                  "gpu-check root GRAPH | "
                  "gpu-check ratio A B | gpu-check gteps GRAPH MS | "
                  "gpu-check graphit GRAPH OUT | gpu-check emogi GRAPH PREFIX "
                  "| gpu-check emogi-time OUTPUT\n");
  return 2;
}
