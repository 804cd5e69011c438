#!/usr/bin/env bash
# Benchmark: a parallel sparse push's output frontier built by one atomic
# slot per vertex (the default) against a sliding queue (frontier =
# sliding_queue, GraphIt's setApply(label, "sliding_queue"): per-thread
# buffers moved to the shared queue a block at a time), under BFS
# (bench/bfs.gt) and SSSP (bench/sssp.gt) on a Kronecker graph. Both
# variants of a program run back to back from the same ROOTS roots (those
# that reach more than one vertex, and must reach the same count); compare
# their ratio, sliding queue / atomic, below 1 when the queue is faster.
# usage: bench/frontier.sh [SCALE] [THREADS] [ROOTS]   (default 22 2 4)
source "$(dirname "$0")/common.sh"

for algorithm in bfs sssp; do
  label=$([ $algorithm = bfs ] && echo s0:s1 || echo s1)
  for variant in atomic queue; do
    option=$([ $variant = queue ] && echo "->setApply(\"$label\", \"sliding_queue\")" || true)
    echo "program->configApplyDirection(\"$label\", \"SparsePush\")->configApplyParallelization(\"$label\", \"dynamic-vertex-parallel\")$option;" \
      > "$work/$algorithm-$variant.sched"
    "$build/bin/graphc" "$root/bench/$algorithm.gt" \
      --schedule "$work/$algorithm-$variant.sched" -o "$work/$algorithm-$variant"
  done
done

graph="$work/kron$scale.sg" weighted="$work/kron$scale.wsg"
[ -f "$graph" ] || "$build/bin/graph-gen" kron --scale "$scale" -q -o "$graph"
[ -f "$weighted" ] || "$build/bin/graph-gen" kron --scale "$scale" --weighted -q -o "$weighted"
echo "== kron scale $scale, $OMP_NUM_THREADS threads, $roots roots"
for algorithm in bfs sssp; do
  input=$([ $algorithm = bfs ] && echo "$graph" || echo "$weighted")
  times=$(mean_over_roots "$work/$algorithm-atomic" "$work/$algorithm-queue" \
    "$input" "$roots")
  read -r atomic queue <<< "$times"
  awk -v name="$algorithm" -v a="$atomic" -v q="$queue" 'BEGIN {
    printf "%-5s push, atomic append %.4f s  sliding queue %.4f s  ratio %.2f\n",
      name, a, q, q / a }'
done
