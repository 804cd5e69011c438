/* io_sg.c - GAPBS serialized graphs `.sg` (unweighted) and `.wsg` (weighted),
 * as written by GAPBS's WriterBase::WriteSerializedGraph and read by
 * ReaderBase::ReadSerializedGraph (native byte order, no padding):
 *
 *   byte 0       bool    directed
 *   byte 1       int64   num_edges  = stored neighbour entries per direction
 *                                     (GAPBS's num_edges_directed(): for an
 *                                     undirected graph 2x its undirected count)
 *   byte 9       int64   num_nodes
 *   byte 17      int64   out offsets[num_nodes + 1]
 *                        out neighbours[num_edges]: int32 (.sg) or
 *                        {int32 v; int32 w} (.wsg, GAPBS NodeWeight)
 *   if directed: int64   in offsets[num_nodes + 1]
 *                        in neighbours[num_edges] (same element type)
 *
 * An undirected graph stores only the out part; its in-edges are its
 * out-edges. The file size must equal what the header announces; offsets
 * must run from 0 to num_edges without decreasing and ids must be in range.
 * The stored in-edges must be exactly the transpose of the out-edges (an
 * undirected graph's out-edges, symmetric), weights included: otherwise push
 * and pull traversals would see different graphs. Errors name the byte
 * offset of the bad field. */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int rt_read_at(int fd, void *buf, int64_t bytes, int64_t off) {
  char *p = buf;
  while (bytes > 0) {
    size_t chunk = bytes < ((int64_t)1 << 30) ? (size_t)bytes : (size_t)1 << 30;
    ssize_t r = pread(fd, p, chunk, off);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return -1;
    p += r;
    off += r;
    bytes -= r;
  }
  return 0;
}

int rt_sg_read_offset_range(int fd, const rt_sg_file *f, int in, int64_t lo,
                            int64_t hi, int64_t *off, rt_err *err) {
  const char *dir = in ? "in" : "out";
  int64_t n = f->n, m = f->m, at = rt_sg_offsets_at(f, in);
  if (rt_read_at(fd, off, (hi - lo + 1) * 8, at + lo * 8) != 0) {
    rt_err_set(err, "%s: byte %lld: read failed: %s", f->path,
               (long long)(at + lo * 8), strerror(errno));
    return -1;
  }
  if (lo == 0 && off[0] != 0) {
    rt_err_set(err, "%s: byte %lld: first %s-offset is %lld, expected 0",
               f->path, (long long)at, dir, (long long)off[0]);
    return -1;
  }
  /* the first v whose end offset off[v + 1] is out of order or past m */
  int64_t bad = hi;
#pragma omp parallel for reduction(min : bad) if (hi - lo > RT_PAR_MIN)
  for (int64_t v = lo; v < hi; v++)
    if (off[v + 1 - lo] < off[v - lo] || off[v + 1 - lo] > m)
      bad = v < bad ? v : bad;
  if (bad < hi) {
    rt_err_set(err,
               "%s: byte %lld: %s-offset of vertex %lld is %lld, expected a "
               "value in [%lld, %lld]",
               f->path, (long long)(at + (bad + 1) * 8), dir,
               (long long)bad + 1, (long long)off[bad + 1 - lo],
               (long long)off[bad - lo], (long long)m);
    return -1;
  }
  if (hi == n && off[n - lo] != m) {
    rt_err_set(err,
               "%s: byte %lld: last %s-offset (of vertex %lld) is %lld, "
               "expected the edge count %lld",
               f->path, (long long)(at + n * 8), dir, (long long)n,
               (long long)off[n - lo], (long long)m);
    return -1;
  }
  return 0;
}

int rt_sg_read_offsets(int fd, const rt_sg_file *f, int in, int64_t *off,
                       rt_err *err) {
  return rt_sg_read_offset_range(fd, f, in, 0, f->n, off, err);
}

int rt_sg_read_neighbors(int fd, const rt_sg_file *f, int in, int64_t first,
                         int64_t count, int32_t *nbr, int32_t *w, rt_err *err) {
  const char *dir = in ? "in" : "out";
  int64_t esz = f->weighted ? 8 : 4;
  int64_t at = rt_sg_offsets_at(f, in) + (f->n + 1) * 8 + first * esz;
  int rc = 0;
  if (!f->weighted) {
    rc = rt_read_at(fd, nbr, count * 4, at);
  } else {
    const int64_t block = (int64_t)1 << 20;
    int32_t *buf = rt_malloc((size_t)block * 8);
    for (int64_t i = 0; i < count && rc == 0; i += block) {
      int64_t k = count - i < block ? count - i : block;
      rc = rt_read_at(fd, buf, k * 8, at + i * 8);
#pragma omp parallel for if (k > RT_PAR_MIN)
      for (int64_t j = 0; j < k; j++) {
        nbr[i + j] = buf[2 * j];
        if (w)
          w[i + j] = buf[2 * j + 1];
      }
    }
    free(buf);
  }
  if (rc != 0) {
    rt_err_set(err, "%s: byte %lld: read failed: %s", f->path, (long long)at,
               strerror(errno));
    return -1;
  }
  int64_t n = f->n, bad = count;
#pragma omp parallel for reduction(min : bad) if (count > RT_PAR_MIN)
  for (int64_t j = 0; j < count; j++)
    if (nbr[j] < 0 || nbr[j] >= n)
      bad = j < bad ? j : bad;
  if (bad < count) {
    rt_err_set(err, "%s: byte %lld: %s-neighbour id %d out of range [0, %lld)",
               f->path, (long long)(at + bad * esz), dir, nbr[bad],
               (long long)n);
    return -1;
  }
  return 0;
}

/* Reads one direction (offsets then neighbours), lists sorted. */
static int read_part(int fd, const rt_sg_file *f, int in, int64_t **off_out,
                     int32_t **nbr_out, int32_t **w_out, rt_err *err) {
  int64_t n = f->n, m = f->m;
  /* a file too large for memory is bad input here, not a fatal error */
  int64_t *off = rt_try_malloc((size_t)(n + 1) * sizeof(int64_t));
  int32_t *nbr = rt_try_malloc((size_t)m * sizeof(int32_t));
  int32_t *w = f->weighted ? rt_try_malloc((size_t)m * sizeof(int32_t)) : NULL;
  if (!off || !nbr || (f->weighted && !w)) {
    rt_err_set(err,
               "%s: byte %lld: cannot allocate the %s-edges of %lld vertices "
               "and %lld edges",
               f->path, (long long)rt_sg_offsets_at(f, in), in ? "in" : "out",
               (long long)n, (long long)m);
    goto fail;
  }
  if (rt_sg_read_offsets(fd, f, in, off, err) != 0 ||
      rt_sg_read_neighbors(fd, f, in, 0, m, nbr, w, err) != 0)
    goto fail;
  rt_sort_lists(n, off, nbr, w); /* GAPBS writes sorted lists: a check */
  *off_out = off;
  *nbr_out = nbr;
  *w_out = w;
  return 0;
fail:
  free(off);
  free(nbr);
  free(w);
  return -1;
}

int64_t rt_sg_offsets_at(const rt_sg_file *f, int in) {
  int64_t out_part = (f->n + 1) * 8 + f->m * (f->weighted ? 8 : 4);
  return 17 + (in && f->directed ? out_part : 0);
}

int rt_sg_open(const char *path, int wsg, rt_sg_file *f, rt_err *err) {
  int fd = rt_open_regular(path, err);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) != 0) {
    rt_err_set(err, "%s: cannot stat: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  int64_t size = st.st_size;
  unsigned char hdr[17];
  if (size < 17 || rt_read_at(fd, hdr, 17, 0) != 0) {
    rt_err_set(err,
               "%s: byte %lld: truncated file: the header needs 17 bytes, "
               "the file has %lld",
               path, (long long)size, (long long)size);
    close(fd);
    return -1;
  }
  int64_t m, n;
  memcpy(&m, hdr + 1, 8);
  memcpy(&n, hdr + 9, 8);
  const char *fmt = wsg ? "wsg" : "sg";
  if (hdr[0] > 1) {
    rt_err_set(err, "%s: byte 0: invalid 'directed' flag %d (expected 0 or 1)",
               path, hdr[0]);
  } else if (m < 0) {
    rt_err_set(err, "%s: byte 1: negative edge count %lld", path, (long long)m);
  } else if (m > ((int64_t)1 << 40)) {
    rt_err_set(err, "%s: byte 1: edge count %lld is too large", path,
               (long long)m);
  } else if (n < 0) {
    rt_err_set(err, "%s: byte 9: negative vertex count %lld", path,
               (long long)n);
  } else if (n > RT_MAX_VERTICES) {
    rt_err_set(err, "%s: byte 9: vertex count %lld exceeds the 32-bit id range",
               path, (long long)n);
  } else if (n > rt_vertex_limit()) {
    rt_err_set(err,
               "%s: byte 9: vertex count %lld is more than the %lld vertices "
               "that fit in memory (16 bytes of offsets each)",
               path, (long long)n, (long long)rt_vertex_limit());
  }
  if (err->set) {
    close(fd);
    return -1;
  }
  *f = (rt_sg_file){path, n, m, hdr[0], wsg};
  int directed = hdr[0];
  int64_t part = (n + 1) * 8 + m * (wsg ? 8 : 4);
  int64_t need = 17 + part * (directed ? 2 : 1);
  if (size != need) {
    /* name the section the file ends in */
    const char *sec = "out-offsets";
    int64_t s1 = 17 + (n + 1) * 8, s2 = 17 + part, s3 = s2 + (n + 1) * 8;
    if (size >= s1)
      sec = "out-neighbours";
    if (size >= s2)
      sec = "in-offsets";
    if (size >= s3)
      sec = "in-neighbours";
    if (size < need)
      rt_err_set(err,
                 "%s: byte %lld: truncated file: it ends in the %s, but the "
                 "header (%s .%s graph, %lld vertices, %lld edges) needs "
                 "%lld bytes",
                 path, (long long)size, sec,
                 directed ? "directed" : "undirected", fmt, (long long)n,
                 (long long)m, (long long)need);
    else
      rt_err_set(err,
                 "%s: byte %lld: %lld bytes of trailing data after %s .%s "
                 "graph with %lld vertices and %lld edges (wrong "
                 "extension?)",
                 path, (long long)need, (long long)(size - need),
                 directed ? "a directed" : "an undirected", fmt, (long long)n,
                 (long long)m);
    close(fd);
    return -1;
  }
  return fd;
}

graphrt_graph *rt_load_sg(const char *path, int wsg, rt_err *err) {
  rt_sg_file f;
  int fd = rt_sg_open(path, wsg, &f, err);
  if (fd < 0)
    return NULL;
  int64_t n = f.n, directed = f.directed;
  int64_t esz = wsg ? 8 : 4;
  int64_t *oo = NULL, *io = NULL;
  int32_t *on = NULL, *ow = NULL, *in = NULL, *iw = NULL;
  if (read_part(fd, &f, 0, &oo, &on, &ow, err) != 0) {
    close(fd);
    return NULL;
  }
  if (directed && read_part(fd, &f, 1, &io, &in, &iw, err) != 0) {
    free(oo);
    free(on);
    free(ow);
    close(fd);
    return NULL;
  }
  close(fd);
  /* The loaded lists are sorted, so the stored in-edges (or, undirected, the
   * out-edges themselves) can be checked against the out-edges exactly and
   * in place: a file whose directions disagree would make push and pull
   * schedules give different answers. */
  int64_t bad = directed ? rt_find_untransposed(n, oo, on, ow, io, in, iw)
                         : rt_find_untransposed(n, oo, on, ow, oo, on, ow);
  if (bad >= 0) {
    int64_t lo = 0, hi = n; /* the source of out-edge `bad` */
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      if (oo[mid + 1] <= bad)
        lo = mid + 1;
      else
        hi = mid;
    }
    int64_t u = lo;
    int32_t v = on[bad];
    char wtxt[32] = "";
    if (ow)
      snprintf(wtxt, sizeof(wtxt), " (weight %d)", ow[bad]);
    /* name where the missing entry should be: the start of v's list */
    int64_t nb = rt_sg_offsets_at(&f, 1) + (n + 1) * 8;
    int64_t at = nb + (directed ? io[v] : oo[v]) * esz;
    if (directed)
      rt_err_set(err,
                 "%s: byte %lld: the in-edges of vertex %d lack the out-edge "
                 "%lld -> %d%s: the stored in-edges are not the transpose of "
                 "the out-edges",
                 path, (long long)at, v, (long long)u, v, wtxt);
    else
      rt_err_set(err,
                 "%s: byte %lld: undirected graph is not symmetric: the "
                 "edge %lld -> %d%s has no reverse %d -> %lld in the list of "
                 "vertex %d",
                 path, (long long)at, (long long)u, v, wtxt, v, (long long)u,
                 v);
    free(oo);
    free(on);
    free(ow);
    free(io);
    free(in);
    free(iw);
    return NULL;
  }
  return rt_graph_wrap(n, f.m, oo, on, ow, io, in, iw, !directed);
}

static int write_all(FILE *fp, const void *p, int64_t bytes) {
  return fwrite(p, 1, (size_t)bytes, fp) == (size_t)bytes ? 0 : -1;
}

static int write_part(FILE *fp, const int64_t *off, const int32_t *nbr,
                      const int32_t *w, int64_t n, int64_t m, int wsg) {
  if (write_all(fp, off, (n + 1) * 8) != 0)
    return -1;
  if (!wsg)
    return write_all(fp, nbr, m * 4);
  const int64_t block = (int64_t)1 << 20;
  int32_t *buf = rt_malloc((size_t)block * 8);
  int rc = 0;
  for (int64_t i = 0; i < m && rc == 0; i += block) {
    int64_t k = m - i < block ? m - i : block;
#pragma omp parallel for if (k > RT_PAR_MIN)
    for (int64_t j = 0; j < k; j++) {
      buf[2 * j] = nbr[i + j];
      buf[2 * j + 1] = w[i + j];
    }
    rc = write_all(fp, buf, k * 8);
  }
  free(buf);
  return rc;
}

int rt_save_sg(const graphrt_graph *g, const char *path, int wsg, rt_err *err) {
  FILE *fp = rt_create(path, "wb", err);
  if (!fp)
    return -1;
  unsigned char directed = g->symmetric ? 0 : 1;
  int64_t m = g->m, n = g->n;
  int rc = write_all(fp, &directed, 1);
  if (rc == 0)
    rc = write_all(fp, &m, 8);
  if (rc == 0)
    rc = write_all(fp, &n, 8);
  if (rc == 0)
    rc = write_part(fp, g->out_off, g->out_nbr, g->out_w, n, m, wsg);
  if (rc == 0 && directed) {
    const int64_t *in_off = rt_whole_in_offsets(g);
    rc = write_part(fp, in_off, g->in_nbr, g->in_w, n, m, wsg);
    rt_whole_in_offsets_free(g, in_off);
  }
  return rt_finish_write(fp, rc == 0, path, err);
}
