#!/usr/bin/env bash
# Benchmark: PageRank (20 iterations, DensePull, dynamic-vertex-parallel)
# compiled by graphc vs. a hand-written OpenMP pull loop over the same CSC,
# on Kronecker and uniform graphs. Ratios are measured in one run.
# usage: bench/run.sh [SCALE] [THREADS]   (default 22 2; needs scripts/build.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
scale=${1:-22}
export OMP_NUM_THREADS=${2:-2}
work=${BENCH_DIR:-/tmp/graph-mlir-bench}
mkdir -p "$work"
"$root/scripts/build.sh" graphc graphrt graph-gen >/dev/null
"$build/bin/graphc" "$root/bench/pagerank_timed.mlir" -o "$work/pagerank"
clang++-22 -O3 -march=native -fopenmp=libomp -I"$root/runtime/include" \
  "$root/bench/pagerank_baseline.cpp" "$build/lib/libgraphrt.a" -lnuma -lm \
  -o "$work/pagerank_baseline"
for kind in kron uniform; do
  graph="$work/$kind$scale.sg"
  [ -f "$graph" ] || "$build/bin/graph-gen" "$kind" --scale "$scale" -o "$graph"
  echo "== $kind scale $scale, $OMP_NUM_THREADS threads: $("$build/bin/graph-gen" info "$graph")"
  "$work/pagerank" "$graph" 20 | tr '\n' ' '; echo
  "$work/pagerank_baseline" "$graph" 20
done
