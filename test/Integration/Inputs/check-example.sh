#!/usr/bin/env bash
# check-example.sh ALGORITHM WORK [--root R] PROGRAM... -- GRAPH...
# Runs every PROGRAM (one example compiled under different schedules) on every
# GRAPH, with R as argv[2] when given, and checks all outputs for a graph with
# one call of test/reference/reference.py ALGORITHM (computed once per graph).
set -euo pipefail
reference=$(dirname "$0")/../../reference/reference.py
algorithm=$1 work=$2
shift 2
args=() root=()
if [ "$1" = --root ]; then
  args=("$2") root=(--root "$2")
  shift 2
fi
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
    "$program" "$graph" "${args[@]}" > "$out"
    outputs+=("$out")
  done
  python3 "$reference" "$algorithm" "$graph" "${outputs[@]}" "${root[@]}"
done
