/* numa_tests - socket count (GRAPH_NUMA_SOCKETS or libnuma), node-local
 * allocation, socket buffers, segment placement.
 * usage: graphrt-numa-tests EXPECTED_SOCKETS */
#include "check.h"
#include "graph_rt.h"

#include <stdint.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s EXPECTED_SOCKETS\n", argv[0]);
    return 2;
  }
  int64_t want = atoll(argv[1]);
  int64_t k = graphrt_numa_sockets();
  CHECK_EQ(k, want);
  printf("sockets: %lld\n", (long long)k);
  /* allocation on every logical node (and beyond: node % real nodes) */
  for (int64_t node = 0; node < 2 * k + 1; node++) {
    int64_t bytes = 1000 + node * 4096;
    char *p = graphrt_numa_alloc(bytes, node);
    CHECK(p != NULL && ((uintptr_t)p & 63) == 0);
    memset(p, (int)node, (size_t)bytes);
    CHECK(p[bytes - 1] == (char)node);
    graphrt_numa_free(p, bytes);
  }
  void *z = graphrt_numa_alloc(0, 0);
  CHECK(z != NULL);
  graphrt_numa_free(z, 0);
  /* socket buffers with an initial value */
  for (int64_t s = 0; s < k; s++) {
    graphrt_memref_f64 f;
    graphrt_memref_i32 i;
    _mlir_ciface_graphrt_socket_buffer_f64(&f, s, 10000, 0.25 + (double)s);
    _mlir_ciface_graphrt_socket_buffer_i32(&i, s, 7, -3);
    CHECK_EQ(f.sizes[0], 10000);
    CHECK(f.aligned[0] == 0.25 + (double)s && f.aligned[9999] == f.aligned[0]);
    CHECK(i.aligned[0] == -3 && i.aligned[6] == -3 && i.sizes[0] == 7);
    f.aligned[5] = 1.0;
    _mlir_ciface_graphrt_socket_buffers_free_f64(&f);
    graphrt_socket_buffers_free(i.allocated);
  }
  graphrt_memref_i32 empty;
  _mlir_ciface_graphrt_socket_buffer_i32(&empty, 0, 0, 1);
  CHECK_EQ(empty.sizes[0], 0);
  _mlir_ciface_graphrt_socket_buffers_free_i32(&empty);
  /* segment i on logical socket i % sockets */
  graphrt_graph *g = graphrt_gen_kron(8, 4, 1, 1, 0);
  graphrt_segments *s =
      graphrt_segments_get(g, 7, GRAPHRT_PULL, GRAPHRT_EDGE_AWARE);
  for (int64_t i = 0; i < 7; i++)
    CHECK_EQ(graphrt_segment_node(s, i), i % k);
  graphrt_graph_free(g);
  return check_report("numa");
}
