#!/usr/bin/env bash
# run-schedule.sh PROGRAM SCHEDULE WORKDIR GRAPH [ARGS...]
# Compiles PROGRAM (an IR file whose traversal says #graph.schedule<SCHEDULE>)
# with the given schedule and runs it on GRAPH; the output goes to stdout.
set -euo pipefail
program=$1 schedule=$2 work=$3
shift 3
mkdir -p "$work"
name=$(echo "$schedule" | tr -c 'a-z0-9\n' '_')
sed "s/SCHEDULE/$schedule/" "$program" > "$work/$name.mlir"
graphc "$work/$name.mlir" -o "$work/$name"
"$work/$name" "$@"
