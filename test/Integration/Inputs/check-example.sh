#!/usr/bin/env bash
# check-example.sh ALGORITHM WORK [--root R] [--target T] [--arg A]... [--same]
#                  PROGRAM... -- GRAPH...
# Runs every PROGRAM (one example compiled under different schedules) on every
# GRAPH, with R as argv[2] and T as argv[3] when given, then each A, and
# checks all outputs for a graph with one call of test/reference/reference.py
# ALGORITHM (computed once per graph; it gets R and T, not the As). Timings
# that benchmark programs print ("elapsed time:" and the seconds on the next
# line, bench/gap/*.gt) are left out of the comparison. A PROGRAM written
# mpi:N:PATH runs as `mpirun --oversubscribe -np N PATH` (a program built
# with graphc --distributed). With --same every output must also be
# byte-identical to the first program's.
set -euo pipefail
reference=$(dirname "$0")/../../reference/reference.py
algorithm=$1 work=$2
shift 2
args=() root=() same=0
while true; do
  case "$1" in
  --root) args+=("$2") root+=(--root "$2") ;;
  --target) args+=("$2") root+=(--target "$2") ;;
  --arg) args+=("$2") ;;
  --same) same=1 && shift && continue ;;
  *) break ;;
  esac
  shift 2
done
programs=()
while [ "$1" != -- ]; do
  programs+=("$1")
  shift
done
shift
mkdir -p "$work"
for graph in "$@"; do
  outputs=()
  for program in "${programs[@]}"; do
    launch=("$program") ranks=""
    if [[ $program == mpi:* ]]; then
      ranks=${program#mpi:} && ranks=${ranks%%:*} && program=${program#mpi:*:}
      launch=(mpirun --oversubscribe -np "$ranks" "$program")
    fi
    out=$work/$(basename "$program").$ranks.$(basename "$graph").out
    "${launch[@]}" "$graph" "${args[@]}" |
      awk '/^elapsed time:/ { skip = 2 } skip { --skip; next } { print }' > "$out"
    outputs+=("$out")
  done
  python3 "$reference" "$algorithm" "$graph" "${outputs[@]}" "${root[@]}"
  if [ "$same" = 1 ]; then
    for out in "${outputs[@]}"; do
      cmp "${outputs[0]}" "$out"
    done
  fi
done
