/* io_mtx.c - Matrix Market `.mtx`, coordinate format only.
 *
 *   %%MatrixMarket matrix coordinate <pattern|integer|real> <general|symmetric>
 *   % comments and blank lines
 *   rows cols entries
 *   i j [value]        (1-based; entry (i, j) is the edge i-1 -> j-1)
 *
 * The vertex count is max(rows, cols). A symmetric matrix adds j-1 -> i-1 for
 * every off-diagonal entry (a diagonal entry gives one self loop). Values are
 * edge weights of the load's type: for int32 they must be integers (a
 * `real` value that is not integral, 1.5, is an error naming its line); a
 * float or double load reads `integer` and `real` values alike. The number
 * of entries must match the size line. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Splits a line into at most `max` whitespace-separated words (in place). */
static int words(char *line, char **w, int max) {
  int k = 0;
  char *save = NULL;
  for (char *t = strtok_r(line, " \t\r\v\f", &save); t && k < max;
       t = strtok_r(NULL, " \t\r\v\f", &save))
    w[k++] = t;
  return k;
}

static int parse_count(const char *s, int64_t *out) {
  char *end;
  if (!*s || (*s != '-' && (*s < '0' || *s > '9')))
    return -1;
  long long x = strtoll(s, &end, 10);
  if (*end != '\0')
    return -1;
  *out = x;
  return 0;
}

int rt_load_mtx(rt_file *f, int32_t wtype, int *has_weights, rt_edges *e,
                rt_err *err) {
  const char *path = f->path, *p = f->data, *end = f->data + f->size;
  char line[512], *w[8];
  int64_t lineno = 0;
  int symmetric = 0, field = 0; /* 0 pattern, 1 integer, 2 real */
  int64_t rows = -1, cols = -1, nnz = -1;
  while (p < end || lineno == 0) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    lineno++;
    const char *nul = memchr(p, '\0', (size_t)(le - p));
    if (nul) {
      rt_err_set(err, "%s:%lld: NUL byte in column %lld", path,
                 (long long)lineno, (long long)(nul - p + 1));
      return -1;
    }
    const char *first = p;
    while (first < le && is_blank(*first))
      first++;
    if (lineno > 1 && (first == le || *first == '%')) { /* blank, comment */
      p = nl ? nl + 1 : end;
      continue;
    }
    /* The banner and the size line are short: a longer one cannot be
     * valid, and must not be cut to fit (that would drop its tail). */
    if ((size_t)(le - p) >= sizeof(line)) {
      rt_err_set(err, "%s:%lld: malformed %s (%lld characters long)", path,
                 (long long)lineno, lineno == 1 ? "header" : "size line",
                 (long long)(le - p));
      return -1;
    }
    size_t len = (size_t)(le - p);
    for (size_t i = 0; i < len; i++) { /* messages quote words: printable */
      unsigned char c = (unsigned char)p[i];
      line[i] = (c < 0x20 && !is_blank(p[i])) || c == 0x7f ? '?' : p[i];
    }
    line[len] = '\0';
    p = nl ? nl + 1 : end;
    if (lineno == 1) {
      int k = words(line, w, 6);
      if (k < 1 || strcasecmp(w[0], "%%MatrixMarket") != 0) {
        rt_err_set(err, "%s:1: missing '%%%%MatrixMarket' header", path);
        return -1;
      }
      if (k != 5 || strcasecmp(w[1], "matrix") != 0) {
        rt_err_set(err,
                   "%s:1: malformed header (expected '%%%%MatrixMarket matrix "
                   "coordinate <field> <symmetry>')",
                   path);
        return -1;
      }
      if (strcasecmp(w[2], "coordinate") != 0) {
        rt_err_set(err, "%s:1: unsupported format '%s' (only 'coordinate')",
                   path, w[2]);
        return -1;
      }
      if (!strcasecmp(w[3], "pattern"))
        field = 0;
      else if (!strcasecmp(w[3], "integer"))
        field = 1;
      else if (!strcasecmp(w[3], "real"))
        field = 2;
      else {
        rt_err_set(err,
                   "%s:1: unsupported field '%s' (expected pattern, integer "
                   "or real)",
                   path, w[3]);
        return -1;
      }
      if (!strcasecmp(w[4], "general"))
        symmetric = 0;
      else if (!strcasecmp(w[4], "symmetric"))
        symmetric = 1;
      else {
        rt_err_set(err,
                   "%s:1: unsupported symmetry '%s' (expected general or "
                   "symmetric)",
                   path, w[4]);
        return -1;
      }
      continue;
    }
    int k = words(line, w, 4);
    if (k != 3 || parse_count(w[0], &rows) || parse_count(w[1], &cols) ||
        parse_count(w[2], &nnz)) {
      rt_err_set(err,
                 "%s:%lld: malformed size line (expected 'rows columns "
                 "entries')",
                 path, (long long)lineno);
      return -1;
    }
    if (rows < 0 || cols < 0 || nnz < 0) {
      rt_err_set(err, "%s:%lld: negative count in size line", path,
                 (long long)lineno);
      return -1;
    }
    if (rows > RT_MAX_VERTICES || cols > RT_MAX_VERTICES) {
      rt_err_set(err,
                 "%s:%lld: %s x %s matrix exceeds the 32-bit vertex id "
                 "range",
                 path, (long long)lineno, w[0], w[1]);
      return -1;
    }
    if (nnz > ((int64_t)1 << 40)) {
      rt_err_set(err, "%s:%lld: entry count %s is too large", path,
                 (long long)lineno, w[2]);
      return -1;
    }
    int64_t nv = rows > cols ? rows : cols;
    if (nv > rt_vertex_limit()) {
      rt_err_set(err,
                 "%s:%lld: %lld x %lld matrix has more than the %lld "
                 "vertices that fit in memory (16 bytes of offsets each)",
                 path, (long long)lineno, (long long)rows, (long long)cols,
                 (long long)rt_vertex_limit());
      return -1;
    }
    if (symmetric && rows != cols) {
      rt_err_set(err, "%s:%lld: symmetric matrix is not square (%lld x %lld)",
                 path, (long long)lineno, (long long)rows, (long long)cols);
      return -1;
    }
    break;
  }
  if (nnz < 0) {
    rt_err_set(err, "%s:%lld: missing size line", path, (long long)lineno);
    return -1;
  }
  int32_t values = field == 0 ? 0 : wtype ? wtype : GRAPHRT_WEIGHTS_I32;
  rt_text_spec spec = {path, "%",  values, field == 2,
                       1,    rows, cols,   lineno + 1};
  const char *body = p;
  int64_t body_size = end - p;
  if (rt_text_parse(&spec, body, body_size, e, err) != 0)
    return -1;
  if (e->m != nnz) {
    int64_t at = rt_text_line_of_entry(&spec, body, body_size, nnz);
    if (e->m < nnz)
      rt_err_set(err, "%s:%lld: file ends after %lld of %lld entries", path,
                 (long long)at, (long long)e->m, (long long)nnz);
    else
      rt_err_set(err, "%s:%lld: more entries than the %lld announced", path,
                 (long long)at, (long long)nnz);
    rt_edges_free(e);
    return -1;
  }
  e->n = rows > cols ? rows : cols;
  *has_weights = field != 0;
  if (symmetric) {
    /* symmetric: closed under reversal once each off-diagonal entry is
     * mirrored, which rt_graph_build does for symmetrize == 1 */
    e->symmetric = 0;
    e->n = rows;
  }
  return symmetric ? 1 : 0;
}
