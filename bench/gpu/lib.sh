# lib.sh - sourced by the GPU bundle's run.sh and anchors.sh (both set
# $here, the bundle, first): what the two share.

# run SECONDS COMMAND...: COMMAND, stopped after SECONDS (exit status 124)
# when coreutils has timeout; else COMMAND with no limit.
run() {
  if command -v timeout >/dev/null; then timeout "$@"; else shift && "$@"; fi
}

# why_failed EXIT-STATUS SECONDS FILE first|last: why a run failed, in one
# line: no answer within SECONDS (run's timeout), else its exit status and a
# line of FILE, at most 300 characters: the first (this project's programs'
# error stream, whose first line is the runtime's diagnostic) or the last
# non-empty one (the anchors' output and errors together: third-party
# programs print their error last).
why_failed() {
  if [ "$1" = 124 ]; then
    echo "no answer within $2 s"
  elif [ "$4" = first ]; then
    echo "exit $1: $(head -n 1 "$3" | head -c 300)"
  else
    echo "exit $1: $(grep -v '^$' "$3" | tail -n 1 | head -c 300)"
  fi
}

# graph_file GRAPH WEIGHTED SCALE: the benchmark graph's file in $graphs,
# made once by $here/bin/graph-gen (deterministic by seed), so that both
# scripts (and later runs, with GRAPHS=DIR) time the same files.
graph_file() {
  local ext=sg && [ "$2" = 1 ] && ext=wsg
  local file=$graphs/$1.s$3.$ext weight= degree=16 symmetric=--symmetrize
  [ "$2" = 1 ] && weight=--weighted
  # Kronecker and uniform: 16 edges a vertex made symmetric, 32 arcs, as
  # GAPBS's, GraphIt's and EMOGI's graphs. Road-like graphs are symmetric.
  [ "$1" = road ] && degree=4 symmetric=
  if [ ! -e "$file" ]; then
    "$here/bin/graph-gen" "$1" --scale "$3" --degree "$degree" $symmetric --seed 1 $weight -q \
      -o "${file%.*}.part.$ext" && mv "${file%.*}.part.$ext" "$file" || return 1
  fi
  echo "$file"
}
