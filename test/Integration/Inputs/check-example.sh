#!/usr/bin/env bash
# check-example.sh ALGORITHM WORK [--root R] [--target T] [--arg A]...
#                  PROGRAM... -- GRAPH...
# Runs every PROGRAM (one example compiled under different schedules) on every
# GRAPH, with R as argv[2] and T as argv[3] when given, then each A, and
# checks all outputs for a graph with one call of test/reference/reference.py
# ALGORITHM (computed once per graph; it gets R and T, not the As). Timings
# that benchmark programs print ("elapsed time:" and the seconds on the next
# line, bench/gap/*.gt) are left out of the comparison.
set -euo pipefail
reference=$(dirname "$0")/../../reference/reference.py
algorithm=$1 work=$2
shift 2
args=() root=()
while true; do
  case "$1" in
  --root) args+=("$2") root+=(--root "$2") ;;
  --target) args+=("$2") root+=(--target "$2") ;;
  --arg) args+=("$2") ;;
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
    out=$work/$(basename "$program").$(basename "$graph").out
    "$program" "$graph" "${args[@]}" |
      awk '/^elapsed time:/ { skip = 2 } skip { --skip; next } { print }' > "$out"
    outputs+=("$out")
  done
  python3 "$reference" "$algorithm" "$graph" "${outputs[@]}" "${root[@]}"
done
