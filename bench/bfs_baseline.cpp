// Hand-written direction-optimizing BFS over the same CSR/CSC the compiled
// programs use (libgraphrt), compiled with clang -O3 -fopenmp: the baseline
// for graphc's SparsePush-DensePull BFS. It switches direction with the same
// rule as graph-lower-direction (pull when frontier size + its out-degrees
// exceed |E| / 20), so the two do the same traversal work.
// usage: bfs_baseline GRAPH ROOT
#include "graph_rt.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {
struct Csr {
  const int64_t *offsets;
  const int32_t *neighbors;
};

Csr view(graphrt_graph *g, bool incoming) {
  graphrt_memref_i64 offsets;
  graphrt_memref_i32 neighbors;
  if (incoming) {
    _mlir_ciface_graphrt_in_offsets(&offsets, g);
    _mlir_ciface_graphrt_in_neighbors(&neighbors, g);
  } else {
    _mlir_ciface_graphrt_out_offsets(&offsets, g);
    _mlir_ciface_graphrt_out_neighbors(&neighbors, g);
  }
  return {offsets.aligned, neighbors.aligned};
}

// Push from a sparse frontier; claims each destination with one CAS.
std::vector<int32_t> pushStep(const Csr &out,
                              std::vector<std::atomic<int32_t>> &parent,
                              const std::vector<int32_t> &frontier) {
  std::vector<int32_t> next;
#pragma omp parallel
  {
    std::vector<int32_t> local;
#pragma omp for schedule(dynamic, 64) nowait
    for (size_t i = 0; i < frontier.size(); ++i) {
      int32_t u = frontier[i];
      for (int64_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
        int32_t v = out.neighbors[k];
        int32_t unvisited = -1;
        if (parent[v].load(std::memory_order_relaxed) == -1 &&
            parent[v].compare_exchange_strong(unvisited, u))
          local.push_back(v);
      }
    }
#pragma omp critical
    next.insert(next.end(), local.begin(), local.end());
  }
  return next;
}

// Pull into every unvisited vertex from a bitmap frontier, stopping at the
// first parent found.
std::vector<int32_t> pullStep(const Csr &in,
                              std::vector<std::atomic<int32_t>> &parent,
                              const std::vector<uint64_t> &bits, int64_t n) {
  std::vector<int32_t> next;
#pragma omp parallel
  {
    std::vector<int32_t> local;
#pragma omp for schedule(dynamic, 1024) nowait
    for (int64_t v = 0; v < n; ++v) {
      if (parent[v].load(std::memory_order_relaxed) != -1)
        continue;
      for (int64_t k = in.offsets[v]; k < in.offsets[v + 1]; ++k) {
        int32_t u = in.neighbors[k];
        if (bits[u >> 6] >> (u & 63) & 1) {
          parent[v].store(u, std::memory_order_relaxed);
          local.push_back((int32_t)v);
          break;
        }
      }
    }
#pragma omp critical
    next.insert(next.end(), local.begin(), local.end());
  }
  return next;
}
} // namespace

extern "C" void graphrt_user_main() {
  graphrt_graph *g = graphrt_load(graphrt_argv(1), 0, 0);
  int32_t root = (int32_t)graphrt_atoi(graphrt_argv(2));
  int64_t n = graphrt_num_vertices(g), m = graphrt_num_edges(g);
  Csr out = view(g, false), in = view(g, true);
  std::vector<std::atomic<int32_t>> parent(n);
  for (auto &p : parent)
    p.store(-1, std::memory_order_relaxed);
  std::vector<uint64_t> bits((n + 63) / 64);

  graphrt_timer_start();
  parent[root] = root;
  std::vector<int32_t> frontier = {root};
  while (!frontier.empty()) {
    int64_t work = (int64_t)frontier.size();
#pragma omp parallel for reduction(+ : work)
    for (size_t i = 0; i < frontier.size(); ++i)
      work += out.offsets[frontier[i] + 1] - out.offsets[frontier[i]];
    if (work * 20 > m) {
      std::fill(bits.begin(), bits.end(), 0);
      for (int32_t u : frontier)
        bits[u >> 6] |= uint64_t(1) << (u & 63);
      frontier = pullStep(in, parent, bits, n);
    } else {
      frontier = pushStep(out, parent, frontier);
    }
  }
  double seconds = graphrt_timer_stop();
  int64_t reached = 0;
  for (auto &p : parent)
    reached += p.load(std::memory_order_relaxed) != -1;
  std::printf("%g\n%lld\n", seconds, (long long)reached);
  graphrt_graph_free(g);
}
