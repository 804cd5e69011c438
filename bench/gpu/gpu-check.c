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
 *     milliseconds (billions per second, every arc counted once), or "-". */
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
  if (argc == 3 && !strcmp(argv[1], "root"))
    return pick_root(argv[2]);
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
                  "ROOT | gpu-check time OUTPUT | gpu-check root GRAPH | "
                  "gpu-check ratio A B | gpu-check gteps GRAPH MS\n");
  return 2;
}
