/* io_el.c - edge lists: `.el` ("src dst" per line) and `.wel`
 * ("src dst weight"). Ids are 0-based; the vertex count is max id + 1. Blank
 * lines and lines starting with '#' or '%' are skipped. Duplicate edges and
 * self loops are kept. Weights are integers for an int32 load ("0.5" is an
 * error), finite decimal numbers for a float or double one. */
#include "internal.h"

#include <omp.h>
#include <stdlib.h>

int rt_load_el(rt_file *f, int32_t wtype, rt_edges *e, rt_err *err) {
  rt_text_spec spec = {f->path, "#%", wtype, 0, 0, 0, 0, 1};
  if (rt_text_parse(&spec, f->data, f->size, e, err) != 0)
    return -1;
  if (e->n > rt_vertex_limit()) { /* name the first line with the max id */
    int64_t k = 0;
    while (e->src[k] != e->n - 1 && e->dst[k] != e->n - 1)
      k++;
    rt_err_set(
        err,
        "%s:%lld: vertex id %lld makes %lld vertices, more than the "
        "%lld that fit in memory (16 bytes of offsets each)",
        f->path, (long long)rt_text_line_of_entry(&spec, f->data, f->size, k),
        (long long)e->n - 1, (long long)e->n, (long long)rt_vertex_limit());
    rt_edges_free(e);
    return -1;
  }
  return 0;
}

static char *put_int(char *p, int64_t x) {
  char tmp[24];
  int i = 0;
  uint64_t u = x < 0 ? (uint64_t)(-(x + 1)) + 1 : (uint64_t)x;
  if (x < 0)
    *p++ = '-';
  do {
    tmp[i++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  while (i)
    *p++ = tmp[--i];
  return p;
}

/* Vertices are formatted in parallel, chunk by chunk (about 1M edges each),
 * and the chunks written in order. */
int rt_save_el(const graphrt_graph *g, const char *path, int weighted,
               rt_err *err) {
  FILE *fp = rt_create(path, "w", err);
  if (!fp)
    return -1;
  const int64_t per_chunk = (int64_t)1 << 20;
  int nt = omp_get_max_threads();
  int64_t group = 4 * (int64_t)nt;
  int64_t *bounds = rt_malloc((size_t)(group + 1) * sizeof(int64_t));
  char **bufs = rt_calloc((size_t)group, sizeof(char *));
  int64_t *lens = rt_calloc((size_t)group, sizeof(int64_t));
  int64_t v0 = 0;
  int ok = 1;
  while (v0 < g->n && ok) {
    /* next `group` chunks of about per_chunk edges */
    int64_t k = 0;
    bounds[0] = v0;
    while (k < group && bounds[k] < g->n) {
      int64_t target = g->out_off[bounds[k]] + per_chunk, lo = bounds[k] + 1,
              hi = g->n;
      while (lo < hi) { /* first v > bounds[k] with out_off[v] >= target */
        int64_t mid = lo + (hi - lo) / 2;
        if (g->out_off[mid] >= target)
          hi = mid;
        else
          lo = mid + 1;
      }
      bounds[++k] = lo;
    }
#pragma omp parallel for schedule(dynamic, 1)
    for (int64_t c = 0; c < k; c++) {
      int64_t edges = g->out_off[bounds[c + 1]] - g->out_off[bounds[c]];
      /* two ids of up to 11 characters, a weight, separators */
      char *b = rt_malloc((size_t)edges * (26 + RT_WEIGHT_TEXT) + 1), *p = b;
      for (int64_t u = bounds[c]; u < bounds[c + 1]; u++)
        for (int64_t j = g->out_off[u]; j < g->out_off[u + 1]; j++) {
          p = put_int(p, u);
          *p++ = ' ';
          p = put_int(p, g->out_nbr[j]);
          if (weighted) {
            *p++ = ' ';
            p += rt_format_weight(p, g, j);
          }
          *p++ = '\n';
        }
      bufs[c] = b;
      lens[c] = p - b;
    }
    for (int64_t c = 0; c < k; c++) {
      if (ok && fwrite(bufs[c], 1, (size_t)lens[c], fp) != (size_t)lens[c])
        ok = 0;
      free(bufs[c]);
      bufs[c] = NULL;
    }
    v0 = bounds[k];
  }
  free(bounds);
  free(bufs);
  free(lens);
  return rt_finish_write(fp, ok, path, err);
}
