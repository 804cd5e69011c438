// Hand-written PageRank pull loop over the same CSC the compiled programs
// use (libgraphrt), compiled with clang -O3 -fopenmp: the baseline that
// graphc's DensePull PageRank is measured against.
// usage: pagerank_baseline GRAPH [ITERATIONS]
#include "graph_rt.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" void graphrt_user_main() {
  graphrt_graph *g = graphrt_load(graphrt_argv(1), 0, 0);
  int iterations = graphrt_argc() > 2 ? (int)graphrt_atoi(graphrt_argv(2)) : 20;
  int64_t n = graphrt_num_vertices(g);
  graphrt_memref_i64 offsets;
  graphrt_memref_i32 sources, degrees;
  _mlir_ciface_graphrt_in_offsets(&offsets, g);
  _mlir_ciface_graphrt_in_neighbors(&sources, g);
  _mlir_ciface_graphrt_out_degrees(&degrees, g);
  const int64_t *off = offsets.aligned;
  const int32_t *src = sources.aligned;
  const int32_t *deg = degrees.aligned;
  std::vector<double> rank(n, 1.0 / n), contrib(n);
  const double damping = 0.85, base = (1 - damping) / n;
  graphrt_timer_start();
  for (int it = 0; it < iterations; ++it) {
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < n; ++v)
      contrib[v] = rank[v] / deg[v];
#pragma omp parallel for schedule(dynamic, 256)
    for (int64_t v = 0; v < n; ++v) {
      double sum = 0;
      for (int64_t k = off[v]; k < off[v + 1]; ++k)
        sum += contrib[src[k]];
      rank[v] = base + damping * sum;
    }
  }
  double seconds = graphrt_timer_stop();
  std::printf("%g\n", seconds / iterations);
  std::free(degrees.allocated);
  graphrt_graph_free(g);
}
