/* io_text.c - parallel parser for line-oriented edge files (.el .wel and the
 * entries of .mtx).
 *
 * The text is cut into chunks at line boundaries. A first parallel pass counts
 * each chunk's newlines, which bounds its number of edges and gives the line
 * number where it starts; the second pass parses every chunk into its own
 * slice of the output arrays; the slices are then compacted. The first error
 * in file order wins, so messages do not depend on the thread count. */
#include "internal.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static inline int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static const char *skip_space(const char *p, const char *end) {
  while (p < end && is_space(*p))
    p++;
  return p;
}

/* Copies the token at p (up to 40 characters) for messages; control
 * characters become '?' so that a message stays one printable line. */
static const char *token(const char *p, const char *end, char *buf) {
  int i = 0;
  for (; p < end && !is_space(*p) && i < 40; p++)
    buf[i++] = (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p;
  if (p < end && !is_space(*p) && i >= 3) {
    buf[i - 3] = buf[i - 2] = buf[i - 1] = '.';
  }
  buf[i] = '\0';
  return buf;
}

/* Parses a decimal integer token. Returns the position after it, or NULL when
 * the token is not an integer. *big is set when |value| > 2^40. */
static const char *parse_int(const char *p, const char *end, int64_t *val,
                             int *big) {
  int neg = 0;
  *big = 0;
  if (p < end && (*p == '-' || *p == '+'))
    neg = *p++ == '-';
  if (p >= end || *p < '0' || *p > '9')
    return NULL;
  int64_t x = 0;
  while (p < end && *p >= '0' && *p <= '9') {
    if (x < ((int64_t)1 << 40))
      x = x * 10 + (*p - '0');
    else
      *big = 1;
    p++;
  }
  if (p < end && !is_space(*p))
    return NULL;
  *val = neg ? -x : x;
  return p;
}

/* Parses a decimal real token ([+-]digits[.digits][(e|E)[+-]digits]) exactly,
 * not through a rounding double: 1.5 and 1e-400 are not integers, nor is
 * 2.0000000000000000001. Returns NULL when malformed, else the position after
 * the token with *integral, and when integral *fits (in int32) and *val. */
static const char *parse_real(const char *p, const char *end, int *integral,
                              int *fits, int64_t *val) {
  int neg = 0, dot = 0, any = 0;
  if (p < end && (*p == '-' || *p == '+'))
    neg = *p++ == '-';
  /* mantissa = its digits * 10^-frac; `sig` digits from the first nonzero
   * one, the last nonzero at index `last`, the first 12 of them in `head` */
  int64_t frac = 0, sig = 0, last = -1, head = 0;
  for (; p < end; p++) {
    if (*p == '.' && !dot) {
      dot = 1;
      continue;
    }
    if (*p < '0' || *p > '9')
      break;
    any = 1;
    frac += dot;
    if (sig == 0 && *p == '0')
      continue;
    if (*p != '0')
      last = sig;
    if (sig < 12)
      head = head * 10 + (*p - '0');
    sig++;
  }
  if (!any)
    return NULL;
  int64_t e = 0;
  if (p < end && (*p == 'e' || *p == 'E')) {
    int eneg = 0;
    if (++p < end && (*p == '-' || *p == '+'))
      eneg = *p++ == '-';
    if (p >= end || *p < '0' || *p > '9')
      return NULL;
    for (; p < end && *p >= '0' && *p <= '9'; p++)
      if (e < ((int64_t)1 << 40)) /* saturates: far beyond any int32 */
        e = e * 10 + (*p - '0');
    e = eneg ? -e : e;
  }
  if (p < end && !is_space(*p))
    return NULL;
  *integral = 1;
  *fits = 1;
  *val = 0;
  if (last < 0) /* zero */
    return p;
  /* value = (significant digits up to the last nonzero) * 10^scale */
  int64_t scale = e - frac + (sig - 1 - last);
  if (scale < 0) {
    *integral = 0;
    return p;
  }
  if (last + 1 + scale > 10) { /* >= 10^10 */
    *fits = 0;
    return p;
  }
  int64_t x = head;
  for (int64_t k = sig < 12 ? sig : 12; k > last + 1; k--)
    x /= 10;
  for (int64_t k = 0; k < scale; k++)
    x *= 10;
  x = neg ? -x : x;
  *fits = x >= INT32_MIN && x <= INT32_MAX;
  *val = x;
  return p;
}

/* Whether the token at p is NaN or an infinity as strtod spells them
 * ([+-]nan, inf or infinity, any case). */
static int names_non_finite(const char *p, const char *end) {
  if (p < end && (*p == '-' || *p == '+'))
    p++;
  const char *q = p;
  while (q < end && !is_space(*q))
    q++;
  size_t n = (size_t)(q - p);
  return (n == 3 && (!strncasecmp(p, "nan", 3) || !strncasecmp(p, "inf", 3))) ||
         (n == 8 && !strncasecmp(p, "infinity", 8));
}

/* Parses a weight token into *w as `type` (F32 or F64): a decimal real, as
 * parse_real's, rounded to the type by strtof / strtod. Returns the position
 * after it, or NULL with msg set. */
static const char *parse_float(const char *p, const char *end, int32_t type,
                               const char *what, void *w, char *msg,
                               size_t len) {
  char tok[48];
  int integral, fits;
  int64_t ignored;
  if (names_non_finite(p, end)) {
    snprintf(msg, len, "%s %s is not a finite number", what,
             token(p, end, tok));
    return NULL;
  }
  const char *q = parse_real(p, end, &integral, &fits, &ignored);
  if (!q) {
    snprintf(msg, len, "malformed %s '%s'", what, token(p, end, tok));
    return NULL;
  }
  /* strtod stops where parse_real did: the token ends at a blank, a
   * newline or the NUL after the text. */
  double x = type == GRAPHRT_WEIGHTS_F32 ? strtof(p, NULL) : strtod(p, NULL);
  if (isinf(x)) {
    snprintf(msg, len, "%s %s does not fit in a %s", what, token(p, end, tok),
             rt_weight_name(type));
    return NULL;
  }
  if (type == GRAPHRT_WEIGHTS_F32)
    *(float *)w = (float)x;
  else
    *(double *)w = x;
  return q;
}

typedef struct {
  const char *what; /* "source vertex id", "row index", ... */
  int64_t lo, hi;   /* inclusive range */
} id_kind;

/* 1: an edge; 0: blank or comment line; -1: error (msg set). */
static int parse_line(const rt_text_spec *s, const char *p, const char *end,
                      int32_t *u, int32_t *v, void *w, char *msg, size_t len) {
  char tok[48];
  p = skip_space(p, end);
  if (p == end)
    return 0;
  if (*p != '\0' && strchr(s->comments, *p))
    return 0;
  id_kind kinds[2];
  if (s->one_based) {
    kinds[0] = (id_kind){"row index", 1, s->max_row};
    kinds[1] = (id_kind){"column index", 1, s->max_col};
  } else {
    kinds[0] = (id_kind){"source vertex id", 0, RT_MAX_VERTICES - 1};
    kinds[1] = (id_kind){"destination vertex id", 0, RT_MAX_VERTICES - 1};
  }
  int32_t ids[2];
  for (int f = 0; f < 2; f++) {
    p = skip_space(p, end);
    if (p == end) {
      snprintf(msg, len, "missing %s", kinds[f].what);
      return -1;
    }
    int64_t x;
    int big;
    const char *q = parse_int(p, end, &x, &big);
    if (!q) {
      snprintf(msg, len, "malformed %s '%s'", kinds[f].what,
               token(p, end, tok));
      return -1;
    }
    if (!big && x < 0 && !s->one_based) {
      snprintf(msg, len, "negative %s %lld", kinds[f].what, (long long)x);
      return -1;
    }
    if (big || x < kinds[f].lo || x > kinds[f].hi) {
      snprintf(msg, len, "%s %s out of range [%lld, %lld]", kinds[f].what,
               token(p, end, tok), (long long)kinds[f].lo,
               (long long)kinds[f].hi);
      return -1;
    }
    ids[f] = (int32_t)(x - (s->one_based ? 1 : 0));
    p = q;
  }
  *u = ids[0];
  *v = ids[1];
  if (s->weighted) {
    const char *what = s->real_weights ? "value" : "weight";
    p = skip_space(p, end);
    if (p == end) {
      snprintf(msg, len, "missing %s", what);
      return -1;
    }
    const char *t0 = p;
    int64_t x = 0;
    int fits;
    if (s->weighted != GRAPHRT_WEIGHTS_I32) {
      p = parse_float(p, end, s->weighted, what, w, msg, len);
      if (!p)
        return -1;
    } else if (s->real_weights) {
      int integral;
      const char *q = parse_real(p, end, &integral, &fits, &x);
      if (!q) {
        snprintf(msg, len, "malformed value '%s'", token(p, end, tok));
        return -1;
      }
      if (!integral) {
        snprintf(msg, len,
                 "value %s is not an integer (edge weights are int32)",
                 token(p, end, tok));
        return -1;
      }
      p = q;
    } else {
      int big;
      const char *q = parse_int(p, end, &x, &big);
      int integral;
      if (!q && parse_real(p, end, &integral, &fits, &x) && !integral) {
        snprintf(msg, len,
                 "weight %s is not an integer (edge weights are int32)",
                 token(p, end, tok));
        return -1;
      }
      if (!q) {
        snprintf(msg, len, "malformed weight '%s'", token(p, end, tok));
        return -1;
      }
      fits = !big && x >= INT32_MIN && x <= INT32_MAX;
      p = q;
    }
    if (s->weighted == GRAPHRT_WEIGHTS_I32) {
      if (!fits) {
        snprintf(msg, len, "%s %s does not fit in 32 bits", what,
                 token(t0, end, tok));
        return -1;
      }
      *(int32_t *)w = (int32_t)x;
    }
  }
  p = skip_space(p, end);
  if (p != end) {
    snprintf(msg, len, "unexpected extra field '%s'", token(p, end, tok));
    return -1;
  }
  return 1;
}

typedef struct {
  const char *b, *e;
  int64_t newlines, lines_before, base, count;
  int64_t err_line; /* local 0-based line of the first error, or -1 */
  int32_t max_id;
  const char *nul; /* the chunk's first NUL byte, or NULL */
  char err[256];
} chunk;

int rt_text_parse(const rt_text_spec *spec, const char *text, int64_t size,
                  rt_edges *e, rt_err *err) {
  int64_t nchunks = size / ((int64_t)1 << 20) + 1;
  int64_t maxc = 64 * (int64_t)omp_get_max_threads();
  if (nchunks > maxc)
    nchunks = maxc;
  chunk *c = rt_calloc((size_t)nchunks, sizeof(chunk));
  for (int64_t k = 0; k < nchunks; k++) {
    int64_t s = size * k / nchunks;
    if (k > 0) { /* start just after a newline */
      if (s > 0) {
        const char *nl = memchr(text + s - 1, '\n', (size_t)(size - s + 1));
        s = nl ? (nl - text) + 1 : size;
      }
      if (s < c[k - 1].b - text)
        s = c[k - 1].b - text;
    }
    c[k].b = text + s;
  }
  for (int64_t k = 0; k < nchunks; k++)
    c[k].e = k + 1 < nchunks ? c[k + 1].b : text + size;
#pragma omp parallel for schedule(dynamic, 1) if (nchunks > 1)
  for (int64_t k = 0; k < nchunks; k++) {
    int64_t nl = 0;
    const char *p = c[k].b;
    while (p < c[k].e && (p = memchr(p, '\n', (size_t)(c[k].e - p)))) {
      nl++;
      p++;
    }
    c[k].newlines = nl;
    /* NUL is never valid in a text graph (and would end C-string parsing
     * early): find it here, in one fast scan per chunk. */
    c[k].nul = memchr(c[k].b, '\0', (size_t)(c[k].e - c[k].b));
  }
  int64_t total = 0, lines = 0;
  for (int64_t k = 0; k < nchunks; k++) {
    c[k].base = total;
    c[k].lines_before = lines;
    total += c[k].newlines + (c[k].e > c[k].b && c[k].e[-1] != '\n');
    lines += c[k].newlines;
  }
  int32_t *src = rt_malloc((size_t)total * sizeof(int32_t));
  int32_t *dst = rt_malloc((size_t)total * sizeof(int32_t));
  size_t wsize = rt_weight_size(spec->weighted);
  char *w = spec->weighted ? rt_malloc((size_t)total * wsize) : NULL;
#pragma omp parallel for schedule(dynamic, 1) if (nchunks > 1)
  for (int64_t k = 0; k < nchunks; k++) {
    chunk *ck = &c[k];
    const char *p = ck->b;
    int64_t cnt = 0, line = 0;
    int32_t mx = -1;
    double dummy;
    ck->err_line = -1;
    while (p < ck->e) {
      const char *nl = memchr(p, '\n', (size_t)(ck->e - p));
      const char *le = nl ? nl : ck->e;
      int32_t u, v;
      if (ck->nul && ck->nul < le) {
        snprintf(ck->err, sizeof(ck->err), "NUL byte in column %lld",
                 (long long)(ck->nul - p + 1));
        ck->err_line = line;
        break;
      }
      int r = parse_line(spec, p, le, &u, &v,
                         w ? w + (ck->base + cnt) * wsize : (char *)&dummy,
                         ck->err, sizeof(ck->err));
      if (r < 0) {
        ck->err_line = line;
        break;
      }
      if (r > 0) {
        src[ck->base + cnt] = u;
        dst[ck->base + cnt] = v;
        if (u > mx)
          mx = u;
        if (v > mx)
          mx = v;
        cnt++;
      }
      line++;
      p = le + 1;
    }
    ck->count = cnt;
    ck->max_id = mx;
  }
  for (int64_t k = 0; k < nchunks; k++)
    if (c[k].err_line >= 0) {
      rt_err_set(
          err, "%s:%lld: %s", spec->path,
          (long long)(spec->first_line + c[k].lines_before + c[k].err_line),
          c[k].err);
      free(src);
      free(dst);
      free(w);
      free(c);
      return -1;
    }
  int64_t m = 0;
  int32_t mx = -1;
  for (int64_t k = 0; k < nchunks; k++) {
    if (c[k].base != m && c[k].count > 0) {
      memmove(src + m, src + c[k].base, (size_t)c[k].count * sizeof(int32_t));
      memmove(dst + m, dst + c[k].base, (size_t)c[k].count * sizeof(int32_t));
      if (w)
        memmove(w + m * wsize, w + c[k].base * wsize,
                (size_t)c[k].count * wsize);
    }
    m += c[k].count;
    if (c[k].max_id > mx)
      mx = c[k].max_id;
  }
  free(c);
  e->n = (int64_t)mx + 1;
  e->m = m;
  e->src = src;
  e->dst = dst;
  e->w = w;
  e->symmetric = 0;
  e->wtype = spec->weighted;
  return 0;
}

int64_t rt_text_line_of_entry(const rt_text_spec *spec, const char *text,
                              int64_t size, int64_t k) {
  const char *p = text, *end = text + size;
  int64_t line = spec->first_line, seen = 0;
  char msg[256];
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    int32_t u, v;
    double w;
    if (parse_line(spec, p, le, &u, &v, &w, msg, sizeof(msg)) != 0 &&
        seen++ == k)
      return line;
    if (!nl)
      return line;
    p = nl + 1;
    if (p < end)
      line++;
  }
  return line;
}

int rt_format_weight(char *buf, const graphrt_graph *g, int64_t j) {
  switch (g->weighted) {
  case GRAPHRT_WEIGHTS_F32:
    return snprintf(buf, RT_WEIGHT_TEXT, "%.9g", ((const float *)g->out_w)[j]);
  case GRAPHRT_WEIGHTS_F64:
    return snprintf(buf, RT_WEIGHT_TEXT, "%.17g",
                    ((const double *)g->out_w)[j]);
  default:
    return snprintf(buf, RT_WEIGHT_TEXT, "%d", ((const int32_t *)g->out_w)[j]);
  }
}
