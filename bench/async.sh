#!/usr/bin/env bash
# Asynchronous against synchronous execution of the same programs (issue 34):
# bench/async/bfs.gt (BFS levels as min-depths) and bench/async/cc.gt
# (label-propagation components), each built four ways: in rounds with a
# sparse push ("push"), in rounds with the hybrid SparsePush-DensePull over a
# bitvector ("hybrid"), data-driven (configApplyAsync, "async"), and
# data-driven over an ordered worklist whose buckets are the tracked depths
# or labels (configApplyAsync(..., "ordered"), "ordered"); and GAP's
# delta-stepping SSSP (bench/gap/sssp.gt) with its own bucket-fusion schedule
# ("fusion") against the ordered asynchronous worklist ("obim"). All on the
# same files bench/gap.sh uses (graph-gen's road, grid and kron, symmetrized,
# simple; weighted copies for SSSP) from the same root.
#
# Each build runs TRIALS trials in one process; the builds of one kernel and
# graph run one after the other, twice, alternating, and the table gives each
# build's minimum trial seconds over both runs and the ratio of each
# asynchronous build's minimum to the best synchronous one's (below 1: async
# is faster). Every build of a kernel must print the same answer (each
# vertex's depth, label or distance).
# usage: bench/async.sh [SCALE] [THREADS] [TRIALS] [KERNEL...]
#        (default 22 2 3, kernels bfs cc sssp)
#   ASYNC_GRAPHS: the graph kinds (default "road grid kron").
#   ASYNC_DELTAS: SSSP deltas per kind (default "kron=2 grid=64 road=8000").
#   ASYNC_ORDERED_DELTA: the bucket width of the "ordered" builds (default 1).
source "$(dirname "$0")/common.sh"
trials=${3:-3}
shift $(($# < 3 ? $# : 3))
kernels=("$@")
[ $# -gt 0 ] || kernels=(bfs cc sssp)
declare -A deltas=([kron]=2 [uniform]=2 [grid]=64 [road]=8000)
for pair in ${ASYNC_DELTAS:-}; do deltas[${pair%%=*}]=${pair#*=}; done

# The builds of each kernel: name, then the schedule text of its traversal.
push='program->configApplyDirection("s1", "SparsePush")->configApplyParallelization("s1", "dynamic-vertex-parallel");'
hybrid='program->configApplyDirection("s1", "SparsePush-DensePull")->configApplyParallelization("s1", "dynamic-vertex-parallel")->configApplyDenseVertexSet("s1", "bitvector", "src-vertexset", "DensePull");'
async='program->configApplyAsync("s1")->configApplyParallelization("s1", "dynamic-vertex-parallel");'
ordered="program->configApplyAsync(\"s1\", \"ordered\", ${ASYNC_ORDERED_DELTA:-1})->configApplyParallelization(\"s1\", \"dynamic-vertex-parallel\");"
obim='program->configApplyDirection("s1", "SparsePush")->configApplyParallelization("s1", "dynamic-vertex-parallel")->configApplyPriorityUpdate("s1", "obim")->configApplyPriorityUpdateDelta("s1", "argv[4]"); program->configApplyParallelization("reset", "static-vertex-parallel"); program->configApplyParallelization("print", "serial");'
# The vertex loops' own schedule, which every build of a program keeps.
declare -A loops=(
  [bfs]='program->configApplyParallelization("reset", "static-vertex-parallel"); program->configApplyParallelization("print", "serial");'
  [cc]='program->configApplyParallelization("init", "static-vertex-parallel"); program->configApplyParallelization("print", "serial");')
build_variant() { # KERNEL NAME PROGRAM [SCHEDULE TEXT]
  local schedule=()
  if [ -n "${4:-}" ]; then
    echo "$4" >"$work/async-$1-$2.sched"
    schedule=(--schedule "$work/async-$1-$2.sched")
  fi
  "$build/bin/graphc" "$3" "${schedule[@]}" -o "$work/async-$1-$2"
}
declare -A variants
for kernel in "${kernels[@]}"; do
  case $kernel in
  bfs | cc)
    variants[$kernel]="push hybrid async ordered"
    build_variant "$kernel" push "$root/bench/async/$kernel.gt" "$push ${loops[$kernel]}"
    build_variant "$kernel" hybrid "$root/bench/async/$kernel.gt" "$hybrid ${loops[$kernel]}"
    build_variant "$kernel" async "$root/bench/async/$kernel.gt" "$async ${loops[$kernel]}"
    build_variant "$kernel" ordered "$root/bench/async/$kernel.gt" "$ordered ${loops[$kernel]}"
    ;;
  sssp)
    variants[$kernel]="fusion obim"
    build_variant sssp fusion "$root/bench/gap/sssp.gt"
    build_variant sssp obim "$root/bench/gap/sssp.gt" "$obim"
    ;;
  *) echo "unknown kernel $kernel" >&2; exit 1 ;;
  esac
done


printf "%-5s %-6s" kernel graph
echo " builds: min s each, then each async build / best sync"
for kind in ${ASYNC_GRAPHS:-road grid kron}; do
  graph="$work/gap-simple-$kind$scale.sg" wgraph="$work/gap-simple-$kind$scale.wsg"
  [ -f "$graph" ] || "$build/bin/graph-gen" "$kind" --scale "$scale" \
    --degree 16 --symmetrize --simple -q -o "$graph"
  [ -f "$wgraph" ] || [[ " ${kernels[*]} " != *" sssp "* ]] ||
    "$build/bin/graph-gen" "$kind" --scale "$scale" --degree 16 \
      --symmetrize --simple --weighted -q -o "$wgraph"
  start=$(pick_root "$graph")
  for kernel in "${kernels[@]}"; do
    declare -A best=()
    answer=""
    for round in 1 2; do
      for name in ${variants[$kernel]}; do
        case $kernel in
        bfs) args=("$graph" "$start" "$trials") ;;
        cc) args=("$graph" "$trials") ;;
        sssp) args=("$wgraph" "$start" "$trials" "${deltas[$kind]:-2}") ;;
        esac
        out=$("$work/async-$kernel-$name" "${args[@]}")
        times=$(awk 'take { print; take = 0 } /^elapsed time:/ { take = 1 }' <<<"$out")
        result=$(awk 'skip { skip = 0; next } /^elapsed time:/ { skip = 1; next } { print }' <<<"$out" | md5sum)
        if [ -z "$answer" ]; then
          answer=$result
        elif [ "$result" != "$answer" ]; then
          echo "$kernel on $kind: $name's answer differs" >&2
          exit 1
        fi
        min=$(sort -g <<<"$times" | head -1)
        best[$name]=$(awk -v a="${best[$name]:-}" -v b="$min" 'BEGIN { print (a == "" || b < a) ? b : a }')
      done
    done
    printf "%-5s %-6s" "$kernel" "$kind$scale"
    sync="" asyncs=()
    for name in ${variants[$kernel]}; do
      printf " %s %.4f" "$name" "${best[$name]}"
      case $name in
      async | ordered | obim) asyncs+=("$name") ;;
      *) sync=$(awk -v a="$sync" -v b="${best[$name]}" 'BEGIN { print (a == "" || b < a) ? b : a }') ;;
      esac
    done
    printf "  ratio"
    for name in "${asyncs[@]}"; do
      awk -v n="$name" -v a="${best[$name]}" -v s="$sync" 'BEGIN { printf " %s %.2f", n, a / s }'
    done
    echo
    unset best
  done
done
