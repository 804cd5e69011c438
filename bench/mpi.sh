#!/usr/bin/env bash
# Distributed execution (graphc --distributed) on one machine: what scales is
# measured, not speed-up (ranks share the cores). For PageRank (20 pull
# iterations) and BFS (direction-optimizing, from root 1) on a Kronecker and
# a uniform random graph, at each rank count: the bytes each rank sent per
# traversal and its messages (GRAPHRT_MPI_STATS=1: the all-gathers counted
# as the bytes of the rank's own part times the other ranks, the mirrors by
# need as the bytes they sent), each rank's mirrors (the other ranks'
# vertices its edges read), the vertex data it allocated (partitioned
# vectors, out-degrees included: owned elements and mirror slots; whole
# vectors; not counting the gathered copies a print reads), and each rank's share of
# the edges; then PageRank's time per iteration at 1 rank against the
# program built without --distributed (ratio = distributed / single).
#
# usage: bench/mpi.sh [SCALE] [THREADS] [RANKS...]   (default 20 1 2 4 8)
set -euo pipefail
source "$(dirname "$0")/common.sh" "${1:-20}" "${2:-1}"
shift $(($# < 2 ? $# : 2))
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(2 4 8)
"$root/scripts/build.sh" graphrt_mpi >/dev/null
export OMPI_MCA_btl_vader_single_copy_mechanism=none
[ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun --oversubscribe --bind-to none)

for program in pagerank bfs; do
  "$build/bin/graphc" "$root/bench/$program.gt" -o "$work/mpi-$program-one"
  "$build/bin/graphc" --distributed "$root/bench/$program.gt" \
    -o "$work/mpi-$program"
done

# stats RANKS PROGRAM ARGS...: per-rank statistics lines on stderr.
stats() {
  local n=$1
  shift
  GRAPHRT_MPI_STATS=1 "${mpirun[@]}" -np "$n" "$@" 2>&1 >/dev/null |
    grep '^graphrt-mpi'
}

for kind in kron uniform; do
  graph=$work/$kind$scale.sg
  [ -f "$graph" ] || "$build/bin/graph-gen" "$kind" --scale "$scale" \
    --degree 16 --seed 1 -q -o "$graph"
  echo "$kind scale $scale, degree 16 ($(basename "$graph")), $OMP_NUM_THREADS thread(s) per rank"
  printf '%-9s %5s %16s %14s %10s %12s %15s %15s %15s\n' program ranks \
    "bytes/rank/trav" "msgs/rank/trav" traversals mirrors/rank \
    "vdata/rank" "whole/rank" "offsets/rank"
  for n in "${ranks[@]}"; do
    for program in pagerank bfs; do
      args=("$graph" 20)
      [ $program = bfs ] && args=("$graph" 1)
      # A PageRank traversal mirrors one vector and no set; a BFS traversal
      # one vector and its output set.
      stats "$n" "$work/mpi-$program" "${args[@]}" |
        awk -v p=$program -v n="$n" '
          $1 == "graphrt-mpi:" { bytes += $4; msgs += $7; vec = $9; sets = $12 }
          $1 == "graphrt-mpi-mirrors:" { mirrors += $8 }
          $1 == "graphrt-mpi-vertex-data:" { part += $4; whole += $10 }
          $1 == "graphrt-mpi-graph:" { offsets += $4 }
          END {
            trav = (p == "bfs") ? sets : vec
            printf "%-9s %5d %16.0f %14.1f %10d %12.0f %15.0f %15.0f %15.0f\n",
                   p, n, bytes / n / trav, msgs / n / trav, trav, mirrors / n,
                   (part + whole) / n, whole / n, offsets / n
          }'
    done
  done
done

graph=$work/kron$scale.sg
echo "Edges per rank, largest deviation from the mean (graphrt-dist-tests, kron):"
"$root/scripts/build.sh" graphrt-dist-tests >/dev/null
for n in "${ranks[@]}"; do
  "${mpirun[@]}" -np "$n" "$build/bin/graphrt-dist-tests" "$graph" |
    awk -v n="$n" '/^rank/ { gsub(/[(%]/, "", $8); d = $8 < 0 ? -$8 : $8
                              if (d > worst) worst = d }
                   END { printf "  %d ranks: %.1f%%\n", n, worst }'
done

# The minimum of 5 alternating runs of each: one run is mostly noise here.
single=() one_rank=()
for _ in 1 2 3 4 5; do
  single+=("$("$work/mpi-pagerank-one" "$graph" 20)")
  one_rank+=("$("${mpirun[@]}" -np 1 "$work/mpi-pagerank" "$graph" 20)")
done
awk -v s="${single[*]}" -v d="${one_rank[*]}" 'BEGIN {
  ns = split(s, a, " "); nd = split(d, b, " "); ms = a[1]; md = b[1]
  for (i = 2; i <= ns; i++) if (a[i] < ms) ms = a[i]
  for (i = 2; i <= nd; i++) if (b[i] < md) md = b[i]
  printf "PageRank s/iteration (min of 5): single process %.4f, 1 rank %.4f, ratio %.3f\n",
         ms, md, md / ms }'
