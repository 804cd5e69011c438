// Hand-written delta-stepping SSSP over the same weighted CSR the compiled
// programs use (libgraphrt), compiled with clang -O3 -fopenmp: the baseline
// for graphc's ordered SSSP. Organised as the GAP benchmark suite describes
// delta-stepping: each thread appends the vertices it improves to its own
// bins, indexed by bucket; after a round the threads agree on the next
// non-empty bucket and copy their bins of it into the shared frontier.
// usage: sssp_delta_baseline WEIGHTED_GRAPH ROOT DELTA
// Prints the seconds of the search and the number of vertices reached.
#include "graph_rt.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

namespace {
constexpr int32_t kUnreached = std::numeric_limits<int32_t>::max();
constexpr int64_t kNoBucket = std::numeric_limits<int64_t>::max();

struct WeightedCsr {
  const int64_t *offsets;
  const int32_t *neighbors;
  const int32_t *weights;
};

WeightedCsr view(graphrt_graph *g) {
  graphrt_memref_i64 offsets;
  graphrt_memref_i32 neighbors, weights;
  _mlir_ciface_graphrt_out_offsets(&offsets, g);
  _mlir_ciface_graphrt_out_neighbors(&neighbors, g);
  _mlir_ciface_graphrt_out_weights(&weights, g);
  return {offsets.aligned, neighbors.aligned, weights.aligned};
}

// Lowers dist[v] to `candidate` if that is lower; true if this call did.
bool lowerTo(std::atomic<int32_t> &dist, int32_t candidate) {
  int32_t old = dist.load(std::memory_order_relaxed);
  while (candidate < old)
    if (dist.compare_exchange_weak(old, candidate, std::memory_order_relaxed))
      return true;
  return false;
}
} // namespace

extern "C" void graphrt_user_main() {
  graphrt_graph *g = graphrt_load(graphrt_argv(1), 1, 0);
  int32_t root = (int32_t)graphrt_atoi(graphrt_argv(2));
  int64_t delta = graphrt_atoi(graphrt_argv(3));
  if (delta < 1) {
    std::fprintf(stderr, "sssp_delta_baseline: delta must be positive\n");
    std::exit(1);
  }
  int64_t n = graphrt_num_vertices(g), m = graphrt_num_edges(g);
  WeightedCsr out = view(g);
  std::vector<std::atomic<int32_t>> dist(n);
  for (auto &d : dist)
    d.store(kUnreached, std::memory_order_relaxed);
  // A vertex enters the frontier once per improvement: at most m + 1 times.
  std::vector<int32_t> frontier(m + 1);

  graphrt_timer_start();
  dist[root] = 0;
  frontier[0] = root;
  int64_t frontierSize = 1, bucket = 0;
  std::atomic<int64_t> nextBucket{kNoBucket}, tail{0};
#pragma omp parallel
  {
    std::vector<std::vector<int32_t>> bins;
    while (bucket != kNoBucket) {
#pragma omp for schedule(dynamic, 64) nowait
      for (int64_t i = 0; i < frontierSize; ++i) {
        int32_t u = frontier[i];
        int32_t du = dist[u].load(std::memory_order_relaxed);
        // Settled in an earlier bucket since it was queued here.
        if (du / delta < bucket)
          continue;
        for (int64_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
          int32_t v = out.neighbors[k], candidate = du + out.weights[k];
          if (lowerTo(dist[v], candidate)) {
            size_t b = (size_t)(candidate / delta);
            if (b >= bins.size())
              bins.resize(b + 1);
            bins[b].push_back(v);
          }
        }
      }
      // Every thread's smallest non-empty bin (bins before the current
      // bucket are empty) decides the next bucket.
      int64_t mine = kNoBucket;
      for (size_t b = (size_t)bucket; b < bins.size(); ++b)
        if (!bins[b].empty()) {
          mine = (int64_t)b;
          break;
        }
      int64_t seen = nextBucket.load(std::memory_order_relaxed);
      while (mine < seen && !nextBucket.compare_exchange_weak(seen, mine))
        ;
#pragma omp barrier
#pragma omp single
      {
        bucket = nextBucket.load();
        nextBucket = kNoBucket;
        tail = 0;
      }
      if (bucket != kNoBucket && (size_t)bucket < bins.size() &&
          !bins[bucket].empty()) {
        std::vector<int32_t> &bin = bins[bucket];
        int64_t at = tail.fetch_add((int64_t)bin.size());
        std::copy(bin.begin(), bin.end(), frontier.begin() + at);
        bin.clear();
      }
#pragma omp barrier
#pragma omp single
      frontierSize = tail.load();
    }
  }
  double seconds = graphrt_timer_stop();
  int64_t reached = 0;
  for (auto &d : dist)
    reached += d.load(std::memory_order_relaxed) != kUnreached;
  std::printf("%g\n%lld\n", seconds, (long long)reached);
}
