/* export_fuzzer - a libFuzzer target for an export library's C interface
 * (see runtime/README.md and scripts/fuzz.sh): graphrt_graph_from_csr with
 * fuzzed CSR arrays, then export_fuzz.gt's functions, compiled by graphc and
 * called through their generated bindings, with fuzzed arguments.
 *
 * Input: a flags byte, the vertex count (a signed byte), the offsets (n + 1
 * raw 8-byte values, or n degrees of a byte each), a 4-byte source and
 * bound, then one signed byte per neighbour (and weight). Every call must
 * succeed exactly when its arguments are valid by this file's own checks,
 * fail with a message in graphrt_last_error() otherwise, and give the
 * answers computed here; anything else aborts (a finding), as does any
 * sanitizer report or an exit. */
#include "libexport_fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(c, what)                                                       \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "export_fuzzer: %s (%s:%d: %s; last error '%s')\n",      \
              what, __FILE__, __LINE__, #c, graphrt_last_error());             \
      abort();                                                                 \
    }                                                                          \
  } while (0)

enum {
  WEIGHTS = 1,      /* pass weights */
  RAW_OFFSETS = 2,  /* offsets as given, else from degrees */
  NULL_OFFSETS = 4, /* pass NULL offsets */
  NULL_NEIGHBORS = 8,
  USE_FREED = 16,    /* call the functions again on the freed graph */
  NULL_GRAPH = 32,   /* call them with a NULL graph */
  SMALL_SOURCE = 64, /* source modulo n + 3 (n >= 0) */
};

typedef struct {
  const uint8_t *data;
  size_t size, at;
} reader;

static uint64_t take(reader *r, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; i++)
    value |= (uint64_t)(r->at < r->size ? r->data[r->at++] : 0) << (8 * i);
  return value;
}

/* Breadth-first levels from source over the CSR arrays (-1: unreached). */
static void bfs(int64_t n, const int64_t *off, const int32_t *nbr,
                int64_t source, int32_t *level) {
  int64_t *queue = malloc((size_t)(n + 1) * sizeof(int64_t));
  for (int64_t v = 0; v < n; v++)
    level[v] = -1;
  int64_t head = 0, tail = 0;
  queue[tail++] = source;
  level[source] = 0;
  while (head < tail) {
    int64_t u = queue[head++];
    for (int64_t j = off[u]; j < off[u + 1]; j++)
      if (level[nbr[j]] == -1) {
        level[nbr[j]] = level[u] + 1;
        queue[tail++] = nbr[j];
      }
  }
  free(queue);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size, 0};
  int flags = (int)take(&r, 1);
  int64_t n = (int8_t)take(&r, 1);
  int64_t count = n >= 0 ? n + 1 : 1;
  int64_t *off = calloc((size_t)count, sizeof(int64_t));
  if (flags & RAW_OFFSETS) {
    for (int64_t v = 0; v < count; v++)
      off[v] = (int64_t)take(&r, 8);
  } else {
    for (int64_t v = 0; v < n; v++)
      off[v + 1] = off[v] + (int64_t)(take(&r, 1) % 8);
  }
  int32_t source = (int32_t)take(&r, 4), bound = (int32_t)take(&r, 4);
  if ((flags & SMALL_SOURCE) && n >= 0)
    source = (int32_t)(source % (n + 3));
  int64_t length = (int64_t)(r.size - r.at);
  int32_t *nbr = malloc((size_t)(length ? length : 1) * sizeof(int32_t));
  int32_t *w = malloc((size_t)(length ? length : 1) * sizeof(int32_t));
  for (int64_t j = 0; j < length; j++) {
    nbr[j] = (int8_t)r.data[r.at + j];
    w[j] = (int32_t)j - 3;
  }

  /* This file's own verdict on the arguments. */
  int valid = n >= 0 && !(flags & NULL_OFFSETS) && off[0] == 0;
  for (int64_t v = 0; valid && v < n; v++)
    valid = off[v + 1] >= off[v];
  int64_t m = n >= 0 ? off[n] : 0;
  int fits = m >= 0 && (uint64_t)m <= SIZE_MAX / sizeof(int32_t);
  if (valid && fits && m > length)
    goto done; /* shorter arrays than the offsets say: the caller's bug */
  valid = valid && fits && (m == 0 || !(flags & NULL_NEIGHBORS));
  for (int64_t j = 0; valid && j < m; j++)
    valid = nbr[j] >= 0 && nbr[j] < n;

  graphrt_graph *g = graphrt_graph_from_csr(
      n, (flags & NULL_OFFSETS) ? NULL : off,
      (flags & NULL_NEIGHBORS) ? NULL : nbr, (flags & WEIGHTS) ? w : NULL);
  REQUIRE(!g == !valid, "graphrt_graph_from_csr disagrees on validity");
  if (!g) {
    REQUIRE(graphrt_last_error()[0], "an error without a message");
    goto done;
  }
  REQUIRE(graphrt_num_vertices(g) == n, "vertex count");

  int32_t *levels_out = malloc((size_t)(n ? n : 1) * sizeof(int32_t));
  int32_t *want = malloc((size_t)(n ? n : 1) * sizeof(int32_t));
  int status = levels(g, source, levels_out);
  REQUIRE(status == !(source >= 0 && source < n), "levels: status");
  if (status == 0) {
    bfs(n, off, nbr, source, want);
    REQUIRE(!memcmp(levels_out, want, (size_t)n * sizeof(int32_t)),
            "levels: wrong levels");
  } else {
    REQUIRE(graphrt_last_error()[0], "levels: an error without a message");
  }
  int32_t above = -1, expected = 0;
  REQUIRE(count_above(g, bound, &above) == 0, "count_above: status");
  for (int64_t v = 0; v < n; v++)
    expected += off[v + 1] - off[v] > bound;
  REQUIRE(above == expected, "count_above: wrong count");
  REQUIRE(count_above(g, bound, NULL) == 1, "count_above: NULL result");
  if (flags & NULL_GRAPH) {
    REQUIRE(levels(NULL, source, levels_out) == 1, "levels: NULL graph");
    REQUIRE(count_above(NULL, bound, &above) == 1, "count_above: NULL graph");
  }
  REQUIRE(graphrt_graph_free(g) == 0, "graphrt_graph_free");
  if (flags & USE_FREED) {
    REQUIRE(levels(g, 0, levels_out) == 1, "levels: freed graph");
    REQUIRE(graphrt_num_vertices(g) == -1, "num_vertices: freed graph");
    REQUIRE(graphrt_graph_free(g) == 1, "graphrt_graph_free: twice");
  }
  free(levels_out);
  free(want);
done:
  free(off);
  free(nbr);
  free(w);
  return 0;
}
