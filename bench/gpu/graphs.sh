# graphs.sh - sourced by the GPU bundle's run.sh and anchors.sh: the
# benchmark graphs, made once in $graphs by $here/bin/graph-gen
# (deterministic by seed), so both scripts time the same files.
graph_file() { # GRAPH WEIGHTED SCALE
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
