#!/usr/bin/env bash
# Benchmark: graphc-compiled GraphIt programs against hand-written C++ OpenMP
# baselines over the same CSR (libgraphrt), on Kronecker and uniform graphs:
#   - PageRank, 20 iterations, DensePull + dynamic-vertex-parallel
#     (bench/pagerank.gt vs bench/pagerank_baseline.cpp), seconds/iteration,
#     and the same program cache-tiled (bench/pagerank_segments.sched) and
#     tiled + spread over sockets (bench/pagerank_numa.sched) with
#     GRAPH_NUMA_SOCKETS=1 and =2 (logical sockets: on a one-node machine
#     this is the overhead of the socket teams and buffers, not a benefit);
#   - PageRank reading old_rank[src] / out_degree[src] per edge
#     (bench/pagerank_direct.gt) with separate arrays and fused into one
#     array of records (bench/pagerank_fused.sched, GraphIt's fuseFields);
#   - BFS, SparsePush-DensePull + bitvector (bench/bfs.gt vs
#     bench/bfs_baseline.cpp), seconds per search, averaged over ROOTS roots
#     that reach more than one vertex.
# Both sides run back to back in one invocation, so compare their ratio.
# Edges/s counts every edge of the graph once per iteration or search.
# usage: bench/run.sh [SCALE] [THREADS] [ROOTS]   (default 22 2 4)
source "$(dirname "$0")/common.sh"
for algorithm in pagerank bfs; do
  "$build/bin/graphc" "$root/bench/$algorithm.gt" -o "$work/$algorithm"
  clang++-22 -O3 -march=native -fopenmp=libomp -I"$root/runtime/include" \
    "$root/bench/${algorithm}_baseline.cpp" "$build/lib/libgraphrt.a" \
    -lnuma -lm -o "$work/${algorithm}_baseline"
done
"$build/bin/graphc" "$root/bench/pagerank.gt" \
  --schedule "$root/bench/pagerank_segments.sched" -o "$work/pagerank_segments"
"$build/bin/graphc" "$root/bench/pagerank.gt" \
  --schedule "$root/bench/pagerank_numa.sched" -o "$work/pagerank_numa"
"$build/bin/graphc" "$root/bench/pagerank_direct.gt" -o "$work/pagerank_direct"
"$build/bin/graphc" "$root/bench/pagerank_direct.gt" \
  --schedule "$root/bench/pagerank_fused.sched" -o "$work/pagerank_fused"

# report NAME EDGES GRAPHC_SECONDS BASELINE_SECONDS
report() {
  awk -v name="$1" -v m="$2" -v ours="$3" -v base="$4" 'BEGIN {
    printf "%-9s graphc %.4f s (%.1f M edges/s)  baseline %.4f s  ratio %.2f\n",
      name, ours, m / ours / 1e6, base, ours / base }'
}

for kind in kron uniform; do
  graph="$work/$kind$scale.sg"
  [ -f "$graph" ] || "$build/bin/graph-gen" "$kind" --scale "$scale" -q -o "$graph"
  info=$("$build/bin/graph-gen" info "$graph")
  edges=$(echo "$info" | sed -n 's/.*edges: \([0-9]*\).*/\1/p')
  echo "== $kind scale $scale, $OMP_NUM_THREADS threads: $info"

  pr=$("$work/pagerank" "$graph" 20)
  pr_segments=$("$work/pagerank_segments" "$graph" 20)
  pr_numa1=$(GRAPH_NUMA_SOCKETS=1 "$work/pagerank_numa" "$graph" 20)
  pr_numa2=$(GRAPH_NUMA_SOCKETS=2 "$work/pagerank_numa" "$graph" 20)
  pr_base=$("$work/pagerank_baseline" "$graph" 20)
  report pagerank "$edges" "$pr" "$pr_base"
  report pr-seg "$edges" "$pr_segments" "$pr_base"
  report pr-numa1 "$edges" "$pr_numa1" "$pr_base"
  report pr-numa2 "$edges" "$pr_numa2" "$pr_base"
  awk -v a="$pr_segments" -v b="$pr" -v n1="$pr_numa1" -v n2="$pr_numa2" 'BEGIN {
    printf "pagerank segmented / unsegmented: %.2f\n", a / b
    printf "pagerank numa (1, 2 sockets) / segmented: %.2f, %.2f\n", n1 / a, n2 / a }'
  pr_direct=$("$work/pagerank_direct" "$graph" 20)
  pr_fused=$("$work/pagerank_fused" "$graph" 20)
  report pr-direct "$edges" "$pr_direct" "$pr_base"
  report pr-fused "$edges" "$pr_fused" "$pr_base"
  awk -v f="$pr_fused" -v d="$pr_direct" 'BEGIN {
    printf "pagerank fused fields / separate: %.2f\n", f / d }'

  times=$(mean_over_roots "$work/bfs" "$work/bfs_baseline" "$graph" "$roots")
  read -r ours base <<< "$times"
  report bfs "$edges" "$ours" "$base"
done
