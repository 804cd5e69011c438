/* numa.c - thread and socket counts, node-local allocation.
 *
 * Sockets: GRAPH_NUMA_SOCKETS=N (N >= 1) forces N logical sockets, so the
 * NUMA code paths run on a one-node machine; otherwise libnuma's configured
 * nodes; otherwise 1. Memory goes through numa_alloc_onnode only when libnuma
 * reports several real nodes (logical socket s maps to real node
 * s % nodes); otherwise it is 64-byte aligned heap memory. The choice is made
 * once per process, so graphrt_numa_free always matches the allocator. */
#include "internal.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>
#ifdef GRAPHRT_HAVE_NUMA
#include <numa.h>
#endif

static pthread_once_t rt_numa_once = PTHREAD_ONCE_INIT;
static int64_t rt_real_nodes = 1, rt_sockets = 1;

static void numa_init(void) {
#ifdef GRAPHRT_HAVE_NUMA
  if (numa_available() >= 0) {
    int k = numa_num_configured_nodes();
    rt_real_nodes = k > 0 ? k : 1;
  }
#endif
  rt_sockets = rt_real_nodes;
  const char *env = getenv("GRAPH_NUMA_SOCKETS");
  if (env && *env) {
    char *end;
    long long k = strtoll(env, &end, 10);
    if (*end != '\0' || k < 1 || k > 4096)
      rt_fatal("GRAPH_NUMA_SOCKETS='%s': expected an integer in [1, 4096]",
               env);
    rt_sockets = k;
  }
}

int64_t rt_numa_real_nodes(void) {
  pthread_once(&rt_numa_once, numa_init);
  return rt_real_nodes;
}

int64_t graphrt_numa_sockets(void) {
  pthread_once(&rt_numa_once, numa_init);
  return rt_sockets;
}

int64_t graphrt_max_threads(void) { return omp_get_max_threads(); }

int64_t graphrt_numa_threads_per_socket(void) {
  if (omp_get_max_active_levels() < 2)
    omp_set_max_active_levels(2);
  int64_t per = omp_get_max_threads() / graphrt_numa_sockets();
  return per > 0 ? per : 1;
}

static size_t round_bytes(int64_t bytes) {
  if (bytes < 0)
    rt_fatal("negative allocation size %lld", (long long)bytes);
  size_t b = (size_t)bytes;
  return b < 64 ? 64 : (b + 63) & ~(size_t)63;
}

void *graphrt_numa_alloc(int64_t bytes, int64_t node) {
  size_t b = round_bytes(bytes);
  if (node < 0)
    rt_fatal("negative NUMA node %lld", (long long)node);
#ifdef GRAPHRT_HAVE_NUMA
  if (rt_numa_real_nodes() > 1) {
    void *p = numa_alloc_onnode(b, (int)(node % rt_real_nodes));
    if (!p)
      rt_fatal("out of memory (%zu bytes on NUMA node %lld)", b,
               (long long)(node % rt_real_nodes));
    return p;
  }
#endif
  void *p = aligned_alloc(64, b);
  if (!p)
    rt_fatal("out of memory (allocating %zu bytes)", b);
  return p;
}

void graphrt_numa_free(void *p, int64_t bytes) {
  if (!p)
    return;
#ifdef GRAPHRT_HAVE_NUMA
  if (rt_numa_real_nodes() > 1) {
    numa_free(p, round_bytes(bytes));
    return;
  }
#endif
  (void)bytes;
  free(p);
}

/* Socket buffers carry a 64-byte header holding their allocation size, so
 * they can be released from their data pointer alone. */
#define RT_BUF_HDR 64

static void *socket_buffer(int64_t socket, int64_t n, size_t elt) {
  if (n < 0)
    rt_fatal("socket buffer of %lld elements", (long long)n);
  if (socket < 0)
    rt_fatal("negative socket %lld", (long long)socket);
  int64_t bytes = RT_BUF_HDR + n * (int64_t)elt;
  char *base = graphrt_numa_alloc(bytes, socket);
  memcpy(base, &bytes, sizeof(bytes));
  return base + RT_BUF_HDR;
}

void _mlir_ciface_graphrt_socket_buffer_f64(graphrt_memref_f64 *r,
                                            int64_t socket, int64_t n,
                                            double init) {
  double *d = socket_buffer(socket, n, sizeof(double));
#pragma omp parallel for if (n > RT_PAR_MIN)
  for (int64_t i = 0; i < n; i++)
    d[i] = init;
  RT_SET_MEMREF(r, d, n);
}

void _mlir_ciface_graphrt_socket_buffer_i32(graphrt_memref_i32 *r,
                                            int64_t socket, int64_t n,
                                            int32_t init) {
  int32_t *d = socket_buffer(socket, n, sizeof(int32_t));
#pragma omp parallel for if (n > RT_PAR_MIN)
  for (int64_t i = 0; i < n; i++)
    d[i] = init;
  RT_SET_MEMREF(r, d, n);
}

void graphrt_socket_buffers_free(void *data) {
  if (!data)
    return;
  char *base = (char *)data - RT_BUF_HDR;
  int64_t bytes;
  memcpy(&bytes, base, sizeof(bytes));
  graphrt_numa_free(base, bytes);
}

void _mlir_ciface_graphrt_socket_buffers_free_f64(graphrt_memref_f64 *r) {
  graphrt_socket_buffers_free(r->allocated);
}
void _mlir_ciface_graphrt_socket_buffers_free_i32(graphrt_memref_i32 *r) {
  graphrt_socket_buffers_free(r->allocated);
}
