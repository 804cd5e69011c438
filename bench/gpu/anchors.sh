#!/usr/bin/env bash
# anchors.sh [--scale N] [--graphs "GRAPH:SCALE ..."] [--rows FILE] [--no-header] [--build-only]
# The GPU bundle's anchors (scripts/gpu-anchors.sh copies this into
# gpu-bundle/ with anchors/: GraphIt's GPU backend's CUDA code of its own
# programs, and EMOGI's BFS; third-party code, fetched when the bundle is
# made, never in this repository): builds them with the machine's nvcc
# (without one, runs the builds the bundle brought), makes the graphs as
# run.sh makes them (the same files: GRAPHS=DIR is shared with run.sh),
# writes each in the format its code reads (bin/gpu-check graphit, emogi:
# the same vertices, arcs and root as run.sh's rows) and prints a row of
# run.sh's table for each anchor: the least of its own timer's trials in
# ms (GraphIt's programs time 10 trials each; EMOGI's BFS GPU_TRIALS, from
# run.sh's root every time), GTEPS, the first trial, and no CPU columns.
# An anchor that cannot be built or run prints `failed: REASON` in its row;
# the others go on. Exits 0 (the anchors are not this project's code), or 2
# on a usage error.
#   --scale N    the scale of a row whose scale is N prints its graph's name
#                alone, as run.sh does (22)
#   --graphs L   only the rows on these graphs (GRAPH:SCALE, as run.sh's
#                rows made them; run.sh --anchors passes its own)
#   --rows FILE  the rows (anchors/anchors.txt): ALGORITHM ANCHOR WEIGHTED
#                GRAPH SCALE
#   --no-header  no title and column names (run.sh --anchors prints its own)
#   --build-only the builds only (scripts/gpu-anchors.sh: into
#                anchors/prebuilt/), and exit 1 when any failed
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# ANCHORS_TARGET ("ARCH MULTIPROCESSORS", e.g. "90 132": build for that GPU
# instead of the one found),
# GPU_TRIALS (5), BENCH_TIMEOUT (120 s a run, and 600 s for each build),
# GRAPHS (default: a temporary directory), ANCHORS_BUILD (where nvcc's
# builds go; default anchors/build).
set -u
here=$(cd "$(dirname "$0")" && pwd)
scale=22 only= rows=$here/anchors/anchors.txt header=1 build_only=0
while [ $# -gt 0 ]; do
  case $1 in
  --scale) scale=${2:?--scale needs a number} && shift ;;
  --graphs) only=" ${2?--graphs needs a list} " && shift ;;
  --rows) rows=${2:?--rows needs a file} && shift ;;
  --no-header) header=0 ;;
  --build-only) build_only=1 header=0 ;;
  *) echo "usage: anchors.sh [--scale N] [--graphs \"GRAPH:SCALE ...\"] [--rows FILE] [--no-header] [--build-only]" >&2 && exit 2 ;;
  esac
  shift
done
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
check=$here/bin/gpu-check src=$here/anchors
trials=${GPU_TRIALS:-5} limit=${BENCH_TIMEOUT:-120}
work=$(mktemp -d "${TMPDIR:-/tmp}/gpu-anchors.XXXXXX")
trap 'rm -rf "$work"' EXIT
# run, why_failed and graph_file: lib.sh, shared with run.sh.
. "$here/lib.sh"
row() { # ALGORITHM ANCHOR GRAPH REST...
  local a=$1 b=$2 c=$3 && shift 3
  printf '%-8s %-18s %-10s %s\n' "$a" "$b" "$c" "$*"
}

if [ $header = 1 ]; then
  echo "anchors: GraphIt's GPU backend on its own programs and schedules, EMOGI's BFS;"
  echo "the least of their own timers' trials in ms, on run.sh's graphs and roots"
  printf '%-8s %-18s %-10s %10s %7s %10s %10s %8s\n' program schedule graph GPU GTEPS "GPU 1st" CPU CPU/GPU
fi
[ -d "$src" ] || {
  row anchors - - "failed: this bundle has no anchors/ (make it with GRAPHIT_DIR and EMOGI_DIR set)"
  exit 0
}

# The builds: anchors/build.txt has a line NAME SOURCE FLAGS... for each
# (FLAGS after the arch and CTA count, which are this GPU's). This
# machine's nvcc builds them into anchors/build/ (ANCHORS_BUILD), once for
# each GPU and nvcc (build/TARGET: ARCH MULTIPROCESSORS NVCC); those that
# the bundle brought (anchors/prebuilt/, made where the bundle was made)
# run where there is no build of this machine's.
build=${ANCHORS_BUILD:-$src/build} prebuilt=$src/prebuilt
if ! mkdir -p "$build" 2>/dev/null || [ ! -w "$build" ]; then
  build=$work/build && mkdir -p "$build"
fi
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || nvcc=
# The GPU: its compute capability and multiprocessors, from anchors'
# probe (this nvcc's, else the bundle's); else nvidia-smi's capability.
target=${ANCHORS_TARGET:-}
if [ -n "$nvcc" ] && [ ! -x "$build/probe" ]; then
  "$nvcc" -o "$build/probe" "$src/anchors-probe.cu" >"$work/probe.log" 2>&1
fi
for probe in "$build/probe" "$prebuilt/probe"; do
  if [ -z "$target" ] && [ -x "$probe" ]; then
    target=$(run 30 "$probe" 2>>"$work/probe.err") || target=
  fi
done
if [ -z "$target" ] && command -v nvidia-smi >/dev/null; then
  cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
  [ -n "$cc" ] && target="$cc 132"
fi
# All of them for another GPU or nvcc than the builds there are for; else
# those missing that did not fail.
built_for=$(cat "$build/TARGET" 2>/dev/null)
todo=()
if [ -n "$nvcc" ] && [ -n "$target" ]; then
  while read -r name _; do
    [ -n "$name" ] || continue
    if [ "$target $nvcc" != "$built_for" ] || { [ ! -x "$build/$name" ] && [ ! -e "$build/$name.failed" ]; }; then
      todo+=("$name")
    fi
  done <"$src/build.txt"
fi
if [ ${#todo[@]} -gt 0 ]; then
  read -r arch sms <<<"$target"
  echo "anchors: building ${todo[*]} with $nvcc for sm_$arch, $sms multiprocessors" >&2
  while read -r name source flags; do
    [[ " ${todo[*]} " == *" $name "* ]] || continue
    rm -f "$build/$name" "$build/$name.log" "$build/$name.failed"
    while [ "$(jobs -pr | wc -l)" -ge "$(nproc)" ]; do wait -n; done
    # shellcheck disable=SC2086 # FLAGS are words.
    (cd "$src" && run 600 "$nvcc" -gencode "arch=compute_$arch,code=[sm_$arch,compute_$arch]" \
      -DNUM_CTA=$((2 * sms)) $flags -o "$build/$name" "$source" >"$build/$name.log" 2>&1 ||
      { echo $? >"$build/$name.failed" && rm -f "$build/$name"; }) &
  done <"$src/build.txt"
  wait
  echo "$target $nvcc" >"$build/TARGET"
fi
# NAME's build: this machine's, else the bundle's.
executable() { # NAME
  if [ -x "$build/$1" ]; then
    echo "$build/$1"
  elif [ -x "$prebuilt/$1" ]; then
    echo "$prebuilt/$1"
  else
    return 1
  fi
}
# Why NAME has neither.
no_build() { # NAME
  if [ "$(cat "$build/$1.failed" 2>/dev/null)" = 124 ]; then
    echo "nvcc: no build within 600 s"
  elif [ -e "$build/$1.failed" ]; then
    echo "nvcc: $({ grep -m 1 -i 'error' "$build/$1.log" || tail -n 1 "$build/$1.log"; } | head -c 200)"
  elif [ -z "$nvcc" ]; then
    echo "nvcc not found (set NVCC), and the bundle brought no build"
  elif [ -z "$target" ]; then
    echo "no GPU found: $(cat "$work/probe.err" "$work/probe.log" 2>/dev/null | head -n 1 | head -c 200)"
  else
    echo "no build"
  fi
}

if [ $build_only = 1 ]; then
  status=0
  while read -r name _; do
    [ -n "$name" ] && [ ! -x "$build/$name" ] && echo "anchors: $name: $(no_build "$name")" >&2 && status=1
  done <"$src/build.txt"
  exit $status
fi

# The graphs, as run.sh makes them (lib.sh's graph_file: same names, same
# seed).
graphs=${GRAPHS:-$work}
mkdir -p "$graphs"
converted() { # FILE FORMAT: FILE in graphit's or emogi's format, made once
  local out=$1.graphit_bin
  [ "$2" = emogi ] && out=${1%.*}.bel
  if [ ! -e "$out.done" ]; then
    "$check" "$2" "$1" "$out" >"$work/convert" || { cat "$work/convert" && return 1; }
    : >"$out.done"
  fi
  echo "$out"
}

while read -r algorithm anchor wtd graph row_scale; do
  case $algorithm in '' | '#'*) continue ;; esac
  [ -z "$only" ] || [[ "$only" == *" $graph:$row_scale "* ]] || continue
  label=$graph && [ "$row_scale" != "$scale" ] && label=$graph$row_scale
  # ANCHOR: the build, the graph's format, the arguments after the graph
  # (ROOT is the root), and how its times are read.
  case "$algorithm $anchor" in
  "bfs graphit_power") exe=graphit-bfs_power format=graphit args="ROOT 0.03" timer=time ;;
  "bfs graphit_push") exe=graphit-bfs_power format=graphit args="ROOT 1" timer=time ;;
  "sssp graphit_power") exe=graphit-sssp_power format=graphit args="ROOT 15" timer=time ;;
  "cc graphit_power") exe=graphit-cc_power format=graphit args= timer=time ;;
  "pr graphit_social") exe=graphit-pr_social format=graphit args= timer=time ;;
  "bfs emogi_zero_copy") exe=emogi-bfs_32 format=emogi args="-r ROOT -t 2 -m 2 -i $trials" timer=emogi-time ;;
  "bfs emogi_device") exe=emogi-bfs_32 format=emogi args="-r ROOT -t 2 -m 0 -i $trials" timer=emogi-time ;;
  *) row "$algorithm" "$anchor" "$label" "failed: unknown anchor" && continue ;;
  esac
  path=$(executable "$exe") || { row "$algorithm" "$anchor" "$label" "failed: $(no_build "$exe")" && continue; }
  file=$(graph_file "$graph" "$wtd" "$row_scale") ||
    { row "$algorithm" "$anchor" "$label" "failed: graph-gen $graph" && continue; }
  [ -s "$file.root" ] || "$check" root "$file" >"$file.root"
  root=$(cat "$file.root")
  input=$(converted "$file" $format) ||
    { row "$algorithm" "$anchor" "$label" "failed: $input" && continue; }
  [ $format = emogi ] && input=-f\ $input
  # shellcheck disable=SC2086 # the arguments are words.
  if run "$limit" "$path" $input ${args//ROOT/$root} >"$work/out" 2>&1; then
    read -r ms first < <("$check" $timer "$work/out")
    if [ "$ms" = - ]; then
      row "$algorithm" "$anchor" "$label" "failed: no time in its output: $(head -n 1 "$work/out" | head -c 200)"
    else
      printf '%-8s %-18s %-10s %10s %7s %10s %10s %8s\n' "$algorithm" "$anchor" "$label" "$ms" \
        "$("$check" gteps "$file" "$ms")" "$first" - -
    fi
  else
    row "$algorithm" "$anchor" "$label" "failed: $(why_failed $? "$limit" "$work/out" last)"
  fi
done <"$rows"
exit 0
