/* par.c - parallel prefix sum and the sorts used for adjacency lists. */
#include "internal.h"

#include <omp.h>
#include <stdlib.h>

int64_t rt_prefix_sum(int64_t *a, int64_t n) {
  if (n < (int64_t)1 << 16) {
    int64_t sum = 0;
    for (int64_t i = 0; i < n; i++) {
      int64_t x = a[i];
      a[i] = sum;
      sum += x;
    }
    return sum;
  }
  int nt = omp_get_max_threads();
  int64_t *part = rt_calloc((size_t)nt + 1, sizeof(int64_t));
  int used = 1;
#pragma omp parallel num_threads(nt)
  {
    int t = omp_get_thread_num(), k = omp_get_num_threads();
#pragma omp single
    used = k;
    int64_t lo = n * t / k, hi = n * (t + 1) / k, s = 0;
    for (int64_t i = lo; i < hi; i++)
      s += a[i];
    part[t + 1] = s;
#pragma omp barrier
#pragma omp single
    for (int i = 1; i <= k; i++)
      part[i] += part[i - 1];
    s = part[t];
    for (int64_t i = lo; i < hi; i++) {
      int64_t x = a[i];
      a[i] = s;
      s += x;
    }
  }
  int64_t total = part[used];
  free(part);
  return total;
}

/* ---- Introsort: insertion sort for short runs, median-of-3 quicksort, and
 * heapsort when the recursion gets too deep. One definition per key type:
 * int32 vertex ids, and (key, weight) pairs packed into ordered u64 keys. */

#define RT_DEFINE_INTROSORT(name, T)                                           \
  static void isort_##name(T *a, int64_t n) {                                  \
    for (int64_t i = 1; i < n; i++) {                                          \
      T x = a[i];                                                              \
      int64_t j = i;                                                           \
      while (j > 0 && a[j - 1] > x) {                                          \
        a[j] = a[j - 1];                                                       \
        j--;                                                                   \
      }                                                                        \
      a[j] = x;                                                                \
    }                                                                          \
  }                                                                            \
  static void sift_##name(T *a, int64_t i, int64_t n) {                        \
    T x = a[i];                                                                \
    for (;;) {                                                                 \
      int64_t c = 2 * i + 1;                                                   \
      if (c >= n)                                                              \
        break;                                                                 \
      if (c + 1 < n && a[c + 1] > a[c])                                        \
        c++;                                                                   \
      if (a[c] <= x)                                                           \
        break;                                                                 \
      a[i] = a[c];                                                             \
      i = c;                                                                   \
    }                                                                          \
    a[i] = x;                                                                  \
  }                                                                            \
  static void hsort_##name(T *a, int64_t n) {                                  \
    for (int64_t i = n / 2 - 1; i >= 0; i--)                                   \
      sift_##name(a, i, n);                                                    \
    for (int64_t i = n - 1; i > 0; i--) {                                      \
      T t = a[0];                                                              \
      a[0] = a[i];                                                             \
      a[i] = t;                                                                \
      sift_##name(a, 0, i);                                                    \
    }                                                                          \
  }                                                                            \
  static void qsort_##name(T *a, int64_t n, int depth) {                       \
    while (n > 24) {                                                           \
      if (depth-- == 0) {                                                      \
        hsort_##name(a, n);                                                    \
        return;                                                                \
      }                                                                        \
      T x = a[0], y = a[n / 2], z = a[n - 1];                                  \
      T p = x < y ? (y < z ? y : (x < z ? z : x))                              \
                  : (x < z ? x : (y < z ? z : y));                             \
      int64_t i = 0, j = n - 1;                                                \
      for (;;) { /* Hoare partition: equal keys split evenly */                \
        while (a[i] < p)                                                       \
          i++;                                                                 \
        while (a[j] > p)                                                       \
          j--;                                                                 \
        if (i >= j)                                                            \
          break;                                                               \
        T t = a[i];                                                            \
        a[i] = a[j];                                                           \
        a[j] = t;                                                              \
        i++;                                                                   \
        j--;                                                                   \
      }                                                                        \
      /* [0, j] <= p <= [j+1, n); recurse on the smaller side */               \
      int64_t left = j + 1;                                                    \
      if (left < n - left) {                                                   \
        qsort_##name(a, left, depth);                                          \
        a += left;                                                             \
        n -= left;                                                             \
      } else {                                                                 \
        qsort_##name(a + left, n - left, depth);                               \
        n = left;                                                              \
      }                                                                        \
    }                                                                          \
    isort_##name(a, n);                                                        \
  }

RT_DEFINE_INTROSORT(i32, int32_t)
RT_DEFINE_INTROSORT(u64, uint64_t)

static int log2_floor(int64_t n) {
  int d = 0;
  while (n > 1) {
    n >>= 1;
    d++;
  }
  return d;
}

void rt_sort_i32(int32_t *a, int64_t n) {
  int64_t i = 1;
  while (i < n && a[i - 1] <= a[i])
    i++;
  if (i >= n)
    return; /* already sorted: the common case for .sg input */
  qsort_i32(a, n, 2 * log2_floor(n) + 4);
}

/* ---- (key, weight) pairs ------------------------------------------------- */

static inline uint64_t pack(int32_t k, int32_t w) {
  return ((uint64_t)((uint32_t)k ^ 0x80000000u) << 32) |
         (uint64_t)((uint32_t)w ^ 0x80000000u);
}

static void sort_pairs_buf(int32_t *a, int32_t *b, int64_t n, uint64_t *buf) {
  for (int64_t i = 0; i < n; i++)
    buf[i] = pack(a[i], b[i]);
  qsort_u64(buf, n, 2 * log2_floor(n) + 4);
  for (int64_t i = 0; i < n; i++) {
    a[i] = (int32_t)((uint32_t)(buf[i] >> 32) ^ 0x80000000u);
    b[i] = (int32_t)((uint32_t)buf[i] ^ 0x80000000u);
  }
}

static int pairs_sorted(const int32_t *a, const int32_t *b, int64_t n) {
  for (int64_t i = 1; i < n; i++)
    if (a[i - 1] > a[i] || (a[i - 1] == a[i] && b[i - 1] > b[i]))
      return 0;
  return 1;
}

void rt_sort_pairs(int32_t *a, int32_t *b, int64_t n) {
  if (pairs_sorted(a, b, n))
    return;
  uint64_t *buf = rt_malloc((size_t)n * sizeof(uint64_t));
  sort_pairs_buf(a, b, n, buf);
  free(buf);
}

void rt_sort_lists(int64_t n, const int64_t *off, int32_t *adj, int32_t *w) {
  if (!w) {
#pragma omp parallel for schedule(dynamic, 256) if (n > RT_PAR_MIN)
    for (int64_t v = 0; v < n; v++)
      rt_sort_i32(adj + off[v], off[v + 1] - off[v]);
    return;
  }
#pragma omp parallel if (n > RT_PAR_MIN)
  {
    uint64_t small[256];
#pragma omp for schedule(dynamic, 256)
    for (int64_t v = 0; v < n; v++) {
      int64_t d = off[v + 1] - off[v];
      int32_t *a = adj + off[v], *b = w + off[v];
      if (d < 2 || pairs_sorted(a, b, d))
        continue;
      if (d <= 256)
        sort_pairs_buf(a, b, d, small);
      else
        rt_sort_pairs(a, b, d);
    }
  }
}

/* A float's bits read as int32, with the low 31 bits of a negative one
 * flipped, order as the floats do (NaN excluded); the map is its own
 * inverse. */
static void float_keys(int32_t *w, int64_t n) {
#pragma omp parallel for if (n > RT_PAR_MIN)
  for (int64_t i = 0; i < n; i++)
    if (w[i] < 0)
      w[i] ^= 0x7fffffff;
}

typedef struct {
  int32_t key;
  double w;
} double_pair;

static int compare_double_pairs(const void *a, const void *b) {
  const double_pair *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return (x->w > y->w) - (x->w < y->w);
}

void rt_sort_typed_lists(int64_t n, const int64_t *off, int32_t *adj, void *w,
                         int32_t type) {
  if (!w || type == GRAPHRT_WEIGHTS_I32) {
    rt_sort_lists(n, off, adj, w);
    return;
  }
  if (type == GRAPHRT_WEIGHTS_F32) {
    float_keys(w, off[n]);
    rt_sort_lists(n, off, adj, w);
    float_keys(w, off[n]);
    return;
  }
  double *dw = w;
#pragma omp parallel for schedule(dynamic, 256) if (n > RT_PAR_MIN)
  for (int64_t v = 0; v < n; v++) {
    int64_t d = off[v + 1] - off[v], o = off[v], i = 1;
    while (i < d &&
           (adj[o + i - 1] < adj[o + i] ||
            (adj[o + i - 1] == adj[o + i] && dw[o + i - 1] <= dw[o + i])))
      i++;
    if (i >= d)
      continue; /* already sorted */
    double_pair *p = rt_malloc((size_t)d * sizeof(double_pair));
    for (int64_t k = 0; k < d; k++)
      p[k] = (double_pair){adj[o + k], dw[o + k]};
    qsort(p, (size_t)d, sizeof(double_pair), compare_double_pairs);
    for (int64_t k = 0; k < d; k++) {
      adj[o + k] = p[k].key;
      dw[o + k] = p[k].w;
    }
    free(p);
  }
}
