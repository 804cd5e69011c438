#!/usr/bin/env bash
# GAP benchmark suite runner: the six GAP kernels written in the GraphIt
# language (bench/gap/*.gt, each with its fastest schedule) on GAPBS-style
# graphs, against GAPBS itself when GAPBS_DIR points to a built GAPBS
# checkout (build it yourself: `make` in the checkout), else against the
# hand-written baselines in bench/ (BFS, SSSP, PR only).
#
# Graphs (cached in BENCH_DIR): Kronecker and uniform random, 2^SCALE
# vertices, DEGREE edges per vertex, symmetrized, without self loops and
# repeated edges, as GAPBS's `converter -gN` and `-uN` make them; weighted
# copies (weights 1..255) for SSSP. Both sides
# read the same .sg/.wsg files and do the same work. Every kernel starts
# from the same root (a vertex with edges, chosen by a fixed seed); BC sums
# over 4 consecutive sources with edges, GAPBS running each alone (-r S
# -i 1) with its trial times summed. SSSP's delta is chosen per graph kind
# (GAP's rules allow tuning it per graph), the same for both sides.
#
# Each kernel runs TRIALS trials in one process; the table gives the minimum
# and median trial seconds, the graph's arcs per second of the minimum
# trial (PR: 20 passes), and the ratio of graphc's minimum to the other
# side's (below 1: graphc is faster).
# usage: bench/gap.sh [SCALE] [THREADS] [TRIALS] [DEGREE] [KERNEL...]
#        (default 22 2 5 16, all kernels: bfs sssp pr cc bc tc; pr-seg is
#        PR under bench/gap/pr_segments.sched, cache-tiled; pr-gs is PR under
#        bench/gap/pr_in_place.sched, Gauss-Seidel like GAPBS's)
#   GAP_GRAPHS: the graph kinds (default "kron uniform"; graph-gen's grid
#     and road, high-diameter graphs, also work).
#   GAP_DELTAS: SSSP deltas per kind, e.g. "kron=2 grid=64" (defaults: 2 on
#     kron and uniform, 64 on grid, 8000 on road).
#   GAP_CHRT: run every timed program (both sides) under `chrt -f GAP_CHRT`,
#     a real-time priority that keeps other processes off the cores while
#     it runs (needs root). On a machine shared with other jobs, a 2-thread
#     kernel of thousands of short rounds loses a round to every preemption
#     of either thread, and the two sides' ratio moves with the load; under
#     chrt it does not (docs/Benchmarks.md, GAP BFS on a shared machine).
#     The others get the 5% of each second Linux leaves them
#     (sched_rt_runtime_us), so keep such runs short.
source "$(dirname "$0")/common.sh"
trials=${3:-5}
degree=${4:-16}
shift $(($# < 4 ? $# : 4))
kernels=("$@")
[ $# -gt 0 ] || kernels=(bfs sssp pr cc bc tc)
gapbs=${GAPBS_DIR:-}
declare -A deltas=([kron]=2 [uniform]=2 [grid]=64 [road]=8000)
timed=()
[ -z "${GAP_CHRT:-}" ] || timed=(chrt -f "$GAP_CHRT")
for pair in ${GAP_DELTAS:-}; do deltas[${pair%%=*}]=${pair#*=}; done

# pr-seg: bench/gap/pr.gt under bench/gap/pr_segments.sched (cache tiling);
# pr-gs: under bench/gap/pr_in_place.sched (contributions updated in place).
for kernel in "${kernels[@]}"; do
  schedule=()
  [ "$kernel" = pr-seg ] && schedule=(--schedule "$root/bench/gap/pr_segments.sched")
  [ "$kernel" = pr-gs ] && schedule=(--schedule "$root/bench/gap/pr_in_place.sched")
  "$build/bin/graphc" "$root/bench/gap/${kernel%-*}.gt" "${schedule[@]}" \
    -o "$work/gap-$kernel"
done
if [ -z "$gapbs" ]; then
  for baseline in bfs pagerank sssp_delta; do
    clang++-22 -O3 -march=native -fopenmp=libomp -I"$root/runtime/include" \
      "$root/bench/${baseline}_baseline.cpp" "$build/lib/libgraphrt.a" \
      -lnuma -lm -o "$work/${baseline}_baseline"
  done
fi


# The trial seconds a program printed, one per line: graphc's programs print
# "elapsed time:" and the seconds on the next line, GAPBS "Trial Time: S".
graphc_times() { awk 'take { print; take = 0 } /^elapsed time:/ { take = 1 }'; }
gapbs_times() { awk '/^Trial Time:/ { print $3 }'; }
# min_median: "MIN MEDIAN" of the numbers on stdin.
min_median() {
  sort -g | awk '{ t[NR] = $1 } END {
    if (NR == 0) { print "- -"; exit }
    m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
    print t[1], m }'
}
# gapbs_bc_times GRAPH FIRST: GAPBS's BC from FIRST .. FIRST + 3, each
# source in its own run, the four runs' times summed trial by trial.
gapbs_bc_times() {
  local runs=()
  for ((s = $2; s < $2 + 4; ++s)); do
    "${timed[@]}" "$gapbs/bc" -f "$1" -n "$trials" -r "$s" -i 1 | gapbs_times >"$work/bc-times.$s"
    runs+=("$work/bc-times.$s")
  done
  paste "${runs[@]}" | awk '{ t = 0; for (i = 1; i <= NF; ++i) t += $i; print t }'
}
# baseline_times KERNEL GRAPH ROOT: the hand-written baseline's seconds per
# trial, one run per trial (BFS, SSSP, PR only).
baseline_times() {
  local kernel=$1 graph=$2 start=$3
  for ((t = 0; t < trials; ++t)); do
    case $kernel in
    bfs) "${timed[@]}" "$work/bfs_baseline" "$graph" "$start" | head -1 ;;
    sssp) "${timed[@]}" "$work/sssp_delta_baseline" "$graph" "$start" "$delta" | head -1 ;;
    pr) awk -v s="$("${timed[@]}" "$work/pagerank_baseline" "$graph" 20)" 'BEGIN { print s * 20 }' ;;
    esac
  done
}

other=${gapbs:+gapbs}; other=${other:-baseline}
printf "%-5s %-10s %10s %10s %9s %10s %10s %6s\n" kernel graph "min s" \
  "median s" "M arcs/s" "$other min" median ratio
for kind in ${GAP_GRAPHS:-kron uniform}; do
  graph="$work/gap-simple-$kind$scale.sg" wgraph="$work/gap-simple-$kind$scale.wsg"
  [ -f "$graph" ] || "$build/bin/graph-gen" "$kind" --scale "$scale" \
    --degree "$degree" --symmetrize --simple -q -o "$graph"
  [ -f "$wgraph" ] || [[ " ${kernels[*]} " != *" sssp "* ]] ||
    "$build/bin/graph-gen" "$kind" --scale "$scale" \
    --degree "$degree" --symmetrize --simple --weighted -q -o "$wgraph"
  arcs=$("$build/bin/graph-gen" info "$graph" | sed -n 's/.*edges: \([0-9]*\).*/\1/p')
  start=$(pick_root "$graph") bc_first=$(pick_root "$graph" 4)
  delta=${deltas[$kind]:-2}
  for kernel in "${kernels[@]}"; do
    input=$graph passes=1
    case $kernel in
    bfs) ours=("$start" "$trials") theirs=(-r "$start") ;;
    sssp) input=$wgraph ours=("$start" "$trials" "$delta") theirs=(-r "$start" -d "$delta") ;;
    pr | pr-seg | pr-gs) passes=20 ours=("$trials") theirs=(-i 20 -t 0) ;;
    cc | tc) ours=("$trials") theirs=() ;;
    bc) ours=("$bc_first" 4 "$trials") theirs=() ;;
    esac
    read -r ours_min ours_median < <("${timed[@]}" "$work/gap-$kernel" "$input" "${ours[@]}" |
      graphc_times | min_median)
    if [ -n "$gapbs" ] && [ "$kernel" = bc ]; then
      read -r base_min base_median < <(gapbs_bc_times "$input" "$bc_first" | min_median)
    elif [ -n "$gapbs" ]; then
      read -r base_min base_median < <("${timed[@]}" "$gapbs/${kernel%-*}" -f "$input" -n "$trials" \
        "${theirs[@]}" | gapbs_times | min_median)
    else
      read -r base_min base_median < <(baseline_times "${kernel%-*}" "$input" "$start" |
        min_median)
    fi
    awk -v k="$kernel" -v g="$kind$scale" -v a="$ours_min" -v b="$ours_median" \
      -v m="$arcs" -v p="$passes" -v c="$base_min" -v d="$base_median" 'BEGIN {
      ratio = c == "-" ? "-" : sprintf("%.2f", a / c)
      printf "%-5s %-10s %10.4f %10.4f %9.1f %10s %10s %6s\n", k, g, a, b,
        m * p / a / 1e6, c, d, ratio }'
  done
done
