#!/usr/bin/env bash
# What a round costs on a high-diameter graph: GAP's BFS and SSSP
# (bench/gap/bfs.gt, sssp.gt) on a grid of 2^SCALE vertices (graph-gen grid
# --symmetrize --simple, ROOT its corner by default: 2 * 2^(SCALE/2) - 1 BFS
# rounds of at most 2^(SCALE/2) vertices), each built by this tree's graphc,
# by it with --serial-work=0 (every sparse push on the team: what the serial
# copy of small rounds saves) and, with BASE_BUILD_DIR, by another build's
# graphc (say, of main: the cost before). For each build: the rounds of one
# trial (the rounds GRAPHRT_VERBOSE=1 reports: sealed frontiers, SSSP's
# buckets), the minimum trial seconds ("NAME s") and that divided by the
# rounds ("us/round", microseconds).
# usage: bench/rounds.sh [SCALE] [THREADS] [TRIALS] [KERNEL...]
#        (default 22 2 5, kernels bfs sssp)
#   ROOT: the source vertex (default 0); DELTA: SSSP's delta (default 64).
#   BASE_BUILD_DIR: a build directory whose bin/graphc and lib/libgraphrt.a
#     compile the "before" column (it must be built already).
source "$(dirname "$0")/common.sh"
trials=${3:-5}
shift $(($# < 3 ? $# : 3))
kernels=("$@")
[ $# -gt 0 ] || kernels=(bfs sssp)
start=${ROOT:-0} delta=${DELTA:-64}

graph="$work/rounds-grid$scale.sg" wgraph="$work/rounds-grid$scale.wsg"
[ -f "$graph" ] || "$build/bin/graph-gen" grid --scale "$scale" --symmetrize \
  --simple -q -o "$graph"
[ -f "$wgraph" ] || [[ " ${kernels[*]} " != *" sssp "* ]] ||
  "$build/bin/graph-gen" grid --scale "$scale" --symmetrize --simple \
    --weighted -q -o "$wgraph"

# The builds: name and graphc command line (before the program).
names=(after team) compilers=("$build/bin/graphc" "$build/bin/graphc --serial-work=0")
if [ -n "${BASE_BUILD_DIR:-}" ]; then
  names=(before "${names[@]}")
  compilers=("$BASE_BUILD_DIR/bin/graphc" "${compilers[@]}")
fi

printf "%-5s %-10s" kernel graph
for name in "${names[@]}"; do
  printf " %8s %10s %9s" rounds "$name s" "us/round"
done
printf "\n"
for kernel in "${kernels[@]}"; do
  input=$graph args=("$start" "$trials")
  [ "$kernel" = sssp ] && input=$wgraph args=("$start" "$trials" "$delta")
  printf "%-5s %-10s" "$kernel" "grid$scale"
  for i in "${!names[@]}"; do
    exe="$work/rounds-$kernel-${names[$i]}"
    ${compilers[$i]} "$root/bench/gap/$kernel.gt" -o "$exe"
    one=("${args[@]}") && one[1]=1
    rounds=$(GRAPHRT_VERBOSE=1 "$exe" "$input" "${one[@]}" 2>&1 >/dev/null |
      grep -c '^graphrt: round ')
    best=$("$exe" "$input" "${args[@]}" |
      awk 'take { print; take = 0 } /^elapsed time:/ { take = 1 }' | sort -g | head -1)
    awk -v r="$rounds" -v s="$best" \
      'BEGIN { printf " %8d %10.4f %9.2f", r, s, r ? s / r * 1e6 : 0 }'
  done
  printf "\n"
done
