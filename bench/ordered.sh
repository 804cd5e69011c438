#!/usr/bin/env bash
# Benchmark: ordered SSSP and k-core.
#   - SSSP from ROOTS roots on a Kronecker graph and on a grid (weights
#     1..255, as GAPBS): delta-stepping (bench/sssp_delta.gt) under each
#     priority-update strategy, parallel, for a few bucket widths, against
#     Bellman-Ford over frontiers (bench/sssp.gt, parallel sparse push) and
#     the hand-written C++/OpenMP delta-stepping bench/sssp_delta_baseline.cpp
#     over the same CSR. Every program must reach the same vertex count.
#   - k-core (bench/kcore.gt) on a symmetrized Kronecker graph of scale
#     SCALE - 2: lazy with constant-sum reduction against eager.
# Everything runs back to back in one invocation: compare ratios.
# usage: bench/ordered.sh [SCALE] [THREADS] [ROOTS]   (default 22 2 4)
source "$(dirname "$0")/common.sh"

strategies=(eager_priority_update eager_priority_update_with_merge
  lazy_priority_update)
for u in "${strategies[@]}"; do
  echo "program->configApplyParallelization(\"s1\", \"dynamic-vertex-parallel\")->configApplyPriorityUpdate(\"s1\", \"$u\")->configApplyPriorityUpdateDelta(\"s1\", \"argv[3]\");" \
    >"$work/sssp-$u.sched"
  "$build/bin/graphc" "$root/bench/sssp_delta.gt" --schedule "$work/sssp-$u.sched" \
    -o "$work/sssp-$u"
done
echo 'program->configApplyParallelization("s1", "dynamic-vertex-parallel");' \
  >"$work/bellman-ford.sched"
"$build/bin/graphc" "$root/bench/sssp.gt" --schedule "$work/bellman-ford.sched" \
  -o "$work/bellman-ford"
clang++-22 -O3 -march=native -fopenmp=libomp -I"$root/runtime/include" \
  "$root/bench/sssp_delta_baseline.cpp" "$build/lib/libgraphrt.a" -lnuma -lm \
  -o "$work/sssp_delta_baseline"
for u in eager_priority_update constant_sum_reduce_before_update; do
  echo "program->configApplyParallelization(\"s1\", \"dynamic-vertex-parallel\")->configApplyPriorityUpdate(\"s1\", \"$u\");" \
    >"$work/kcore-$u.sched"
  "$build/bin/graphc" "$root/bench/kcore.gt" --schedule "$work/kcore-$u.sched" \
    -o "$work/kcore-$u"
done

# mean_seconds PROGRAM GRAPH DELTA: mean seconds over the chosen roots; the
# program must reach the vertex counts the baseline reached.
mean_seconds() {
  local total=0 i seconds reached
  for i in "${!chosen[@]}"; do
    read -r seconds reached < <("$1" "$2" "${chosen[$i]}" "$3" | paste -sd' ')
    if [ "$reached" != "${counts[$i]}" ]; then
      echo "$(basename "$1") from ${chosen[$i]}: reached $reached, baseline ${counts[$i]}" >&2
      exit 1
    fi
    total=$(awk -v t="$total" -v s="$seconds" 'BEGIN { print t + s }')
  done
  awk -v t="$total" -v k="${#chosen[@]}" 'BEGIN { print t / k }'
}

for kind in kron grid; do
  graph="$work/$kind$scale.wsg"
  [ -f "$graph" ] || "$build/bin/graph-gen" "$kind" --scale "$scale" --weighted -q -o "$graph"
  deltas=$([ $kind = kron ] && echo "1 8 32 128" || echo "32 128 512")
  # Roots that reach more than one vertex.
  chosen=() counts=()
  for ((candidate = 1; ${#chosen[@]} < roots; ++candidate)); do
    read -r _ reached < <("$work/sssp_delta_baseline" "$graph" "$candidate" 32 | paste -sd' ')
    [ "$reached" -gt 1 ] || continue
    chosen+=("$candidate") counts+=("$reached")
  done
  echo "== $kind scale $scale weighted, $OMP_NUM_THREADS threads, roots ${chosen[*]}"
  bf=$(mean_seconds "$work/bellman-ford" "$graph" 0)
  best=
  for delta in $deltas; do
    base=$(mean_seconds "$work/sssp_delta_baseline" "$graph" "$delta")
    line="delta $delta: baseline $base s"
    for u in "${strategies[@]}"; do
      ours=$(mean_seconds "$work/sssp-$u" "$graph" "$delta")
      line+=$(awk -v u="$u" -v o="$ours" -v b="$base" 'BEGIN {
        sub(/_priority_update/, "", u); sub(/^_/, "", u)
        printf "  %s %.4f s (%.2f)", u == "" ? "eager" : u, o, o / b }')
      best=$(awk -v b="$best" -v o="$ours" 'BEGIN { print (b == "" || o < b) ? o : b }')
    done
    echo "$line"
    bestbase=$(awk -v b="${bestbase:-}" -v o="$base" 'BEGIN { print (b == "" || o < b) ? o : b }')
  done
  awk -v bf="$bf" -v best="$best" -v base="$bestbase" 'BEGIN {
    printf "bellman-ford %.4f s; best graphc delta-stepping %.4f s: %.2fx the best baseline, %.1fx faster than bellman-ford\n",
      bf, best, best / base, bf / best }'
  unset bestbase
done

graph="$work/kron$((scale - 2))sym.sg"
[ -f "$graph" ] || "$build/bin/graph-gen" kron --scale $((scale - 2)) --symmetrize -q -o "$graph"
read -r eager eager_max < <("$work/kcore-eager_priority_update" "$graph" | paste -sd' ')
read -r sum sum_max < <("$work/kcore-constant_sum_reduce_before_update" "$graph" | paste -sd' ')
[ "$eager_max" = "$sum_max" ] || { echo "k-core: max core $eager_max vs $sum_max" >&2; exit 1; }
awk -v e="$eager" -v s="$sum" -v k="$sum_max" -v sc=$((scale - 2)) 'BEGIN {
  printf "== k-core, kron scale %d symmetrized (max core %d): eager %.4f s, lazy constant-sum %.4f s, ratio %.2f\n",
    sc, k, e, s, s / e }'
