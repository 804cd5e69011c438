/* io_file.c - reading whole files, and graphrt_load / graphrt_save, which
 * pick the format by extension. */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *rt_path_ext(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(path, '.');
  if (!dot || (slash && dot < slash) || dot == path ||
      (slash && dot == slash + 1))
    return "";
  return dot;
}

int64_t rt_vertex_limit_override;

int64_t rt_vertex_limit(void) {
  if (rt_vertex_limit_override > 0)
    return rt_vertex_limit_override < RT_MAX_VERTICES ? rt_vertex_limit_override
                                                      : RT_MAX_VERTICES;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0)
    return RT_MAX_VERTICES;
  int64_t fit = (int64_t)pages / 16 * (int64_t)page;
  return fit < RT_MAX_VERTICES ? fit : RT_MAX_VERTICES;
}

int rt_open_regular(const char *path, rt_err *err) {
  /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
   * writer forever, before fstat could tell what the path is. */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    rt_err_set(err, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    rt_err_set(err, "%s: not a regular file", path);
    close(fd);
    return -1;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0)
    fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

int rt_file_read(const char *path, rt_file *f, rt_err *err) {
  f->path = path;
  f->data = NULL;
  f->size = 0;
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
  /* a file too large for memory is bad input here, not a fatal error */
  char *data = malloc((size_t)size + 1);
  if (!data) {
    rt_err_set(err, "%s: cannot allocate %lld bytes to read the file", path,
               (long long)size + 1);
    close(fd);
    return -1;
  }
  int64_t got = 0;
  /* One byte past the size: a file that is longer than fstat said (growing
   * while read, or a /proc file whose size reads as 0) must not load as a
   * silently truncated graph. */
  while (got <= size) {
    char extra;
    size_t want = (size_t)(size - got) < ((size_t)1 << 30)
                      ? (size_t)(size - got)
                      : ((size_t)1 << 30);
    ssize_t r = got < size ? read(fd, data + got, want) : read(fd, &extra, 1);
    if (r < 0 && errno == EINTR)
      continue;
    if (got == size && r == 0)
      break;
    if (r <= 0 || got == size) {
      rt_err_set(err, "%s: byte %lld: read failed: %s", path, (long long)got,
                 r < 0    ? strerror(errno)
                 : r == 0 ? "unexpected end of file"
                          : "the file is longer than its size (is it "
                            "changing, or a special file?)");
      free(data);
      close(fd);
      return -1;
    }
    got += r;
  }
  close(fd);
  data[size] = '\0';
  f->data = data;
  f->size = size;
  return 0;
}

void rt_file_close(rt_file *f) {
  free(f->data);
  f->data = NULL;
}

static const char *rt_formats = "expected .el, .wel, .mtx, .sg or .wsg";

graphrt_graph *graphrt_try_load(const char *path, int32_t weighted,
                                int32_t symmetrize, char *errbuf,
                                int64_t errlen) {
  rt_err err = {0, {0}};
  graphrt_graph *g = NULL;
  const char *ext = rt_path_ext(path);
  int is_el = !strcmp(ext, ".el"), is_wel = !strcmp(ext, ".wel");
  int is_sg = !strcmp(ext, ".sg"), is_wsg = !strcmp(ext, ".wsg");
  int is_mtx = !strcmp(ext, ".mtx");
  if (weighted < GRAPHRT_UNWEIGHTED || weighted > GRAPHRT_WEIGHTS_F64) {
    rt_err_set(&err, "%s: weight type %d is not a GRAPHRT_WEIGHTS_* value",
               path, weighted);
  } else if (!is_el && !is_wel && !is_sg && !is_wsg && !is_mtx) {
    rt_err_set(&err, "%s: unknown graph file extension '%s' (%s)", path, ext,
               rt_formats);
  } else if (weighted && (is_el || is_sg)) {
    rt_err_set(&err,
               "%s: the program needs edge weights but '%s' files have none "
               "(use .wel, .wsg or a weighted .mtx)",
               path, ext);
  } else if (is_sg || is_wsg) {
    g = rt_load_sg(path, is_wsg, &err);
    if (g && symmetrize && !g->symmetric) {
      rt_edges e;
      rt_graph_edges(g, &e);
      graphrt_graph_free(g);
      g = rt_graph_build(&e, 1);
    }
    /* .wsg weights are int32: a float program reads them converted */
    if (g && is_wsg && weighted > GRAPHRT_WEIGHTS_I32)
      g = rt_graph_convert_weights(g, weighted);
  } else {
    rt_file f;
    rt_edges e = {0, 0, NULL, NULL, NULL, 0, 0};
    int has_w = is_wel, mtx_sym = 0, rc = rt_file_read(path, &f, &err);
    if (rc == 0) {
      int32_t wtype = weighted ? weighted : GRAPHRT_WEIGHTS_I32;
      rc = is_mtx ? rt_load_mtx(&f, wtype, &has_w, &e, &err)
                  : rt_load_el(&f, is_wel ? wtype : 0, &e, &err);
      if (rc == 1) { /* symmetric .mtx: mirror the off-diagonal entries */
        mtx_sym = 1;
        rc = 0;
      }
      rt_file_close(&f);
    }
    if (rc == 0 && weighted && !has_w) {
      rt_err_set(&err,
                 "%s: the program needs edge weights but the matrix is "
                 "a 'pattern' matrix",
                 path);
      rc = -1;
    }
    if (rc == 0)
      g = rt_graph_build(&e, symmetrize || mtx_sym);
    else
      rt_edges_free(&e);
  }
  if (err.set && errbuf && errlen > 0)
    snprintf(errbuf, (size_t)errlen, "%s", err.msg);
  return err.set ? NULL : g;
}

graphrt_graph *graphrt_load(const char *path, int32_t weighted,
                            int32_t symmetrize) {
  RT_CLIENT_BEGIN(NULL);
  if (!path)
    rt_fatal("graphrt_load: the path is NULL");
  char msg[512];
  double start = graphrt_time_now();
  graphrt_graph *g =
      graphrt_try_load(path, weighted, symmetrize, msg, (int64_t)sizeof(msg));
  if (!g)
    rt_fatal("%s", msg);
  rt_verbose_loaded(path, g, graphrt_time_now() - start);
  RT_CLIENT_END();
  return g;
}

FILE *rt_create(const char *path, const char *mode, rt_err *err) {
  FILE *fp = fopen(path, mode);
  if (!fp)
    rt_err_set(err, "%s: cannot create: %s", path, strerror(errno));
  return fp;
}

int rt_finish_write(FILE *fp, int ok, const char *path, rt_err *err) {
  if (fclose(fp) != 0)
    ok = 0;
  if (!ok) {
    rt_err_set(err, "%s: write failed: %s", path, strerror(errno));
    return -1;
  }
  return 0;
}

int32_t graphrt_try_save(const graphrt_graph *g, const char *path, char *errbuf,
                         int64_t errlen) {
  if (g->part) {
    /* A rank of a distributed graph writes its own edges, from a copy in
     * vertex order (its CSR's rows are by slot, rt_partition.csr_off). */
    rt_edges e;
    rt_graph_edges(g, &e);
    graphrt_graph *copy = rt_graph_build(&e, 0);
    int32_t rc = graphrt_try_save(copy, path, errbuf, errlen);
    graphrt_graph_free(copy);
    return rc;
  }
  rt_err err = {0, {0}};
  const char *ext = rt_path_ext(path);
  int rc = -1;
  int wext = !strcmp(ext, ".wel") || !strcmp(ext, ".wsg");
  if (wext && !g->weighted)
    rt_err_set(&err, "%s: cannot write '%s': the graph is unweighted", path,
               ext);
  else if (!strcmp(ext, ".wsg") && g->weighted != GRAPHRT_WEIGHTS_I32)
    rt_err_set(&err,
               "%s: cannot write '.wsg': its weights are int32, the graph's "
               "%s (write .wel or .mtx)",
               path, rt_weight_name(g->weighted));
  else if (!strcmp(ext, ".el") || !strcmp(ext, ".wel"))
    rc = rt_save_el(g, path, wext, &err);
  else if (!strcmp(ext, ".sg") || !strcmp(ext, ".wsg"))
    rc = rt_save_sg(g, path, wext, &err);
  else if (!strcmp(ext, ".mtx"))
    rc = rt_save_mtx(g, path, &err);
  else
    rt_err_set(&err,
               "%s: cannot write '%s' files (expected .el, .wel, .mtx, .sg "
               "or .wsg)",
               path, ext);
  if (rc != 0 && errbuf && errlen > 0)
    snprintf(errbuf, (size_t)errlen, "%s", err.msg);
  return rc == 0 ? 0 : -1;
}

void graphrt_save(const graphrt_graph *g, const char *path) {
  char msg[512];
  if (graphrt_try_save(g, path, msg, (int64_t)sizeof(msg)) != 0)
    rt_fatal("%s", msg);
}
