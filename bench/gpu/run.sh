#!/usr/bin/env bash
# run.sh [--cpu-only | --gpu-host] [--no-bench | --no-tests] [--scale N] [--rows FILE] [--anchors]
# The GPU bundle's one command (scripts/gpu-bundle.sh copies it into
# gpu-bundle/): on a machine with an NVIDIA GPU and its driver, runs every
# correctness test (tests.txt: each program under each GPU schedule on each
# bundled graph) against the bundled answers of test/reference/reference.py,
# prints one line per failure and `N passed, M failed`, then the benchmark
# table (bench.txt) on graphs made here by graph-gen: each GPU build's time
# against the CPU build of the same program on the same graph and root
# (the GPU builds run with GRAPHRT_GPU_PROFILE=1: under a row whose later
# trial took far longer than its least, both trials' profile lines).
# Needs bash and coreutils only. Exits 1 when anything failed.
#   --cpu-only  the correctness tests with the CPU builds (no GPU needed)
#   --gpu-host  the correctness tests with the --target=gpu-host builds
#   --no-bench  no benchmark table
#   --no-tests  the benchmark table only
#   --scale N   RMAT/uniform/road scale of the benchmark graphs (default 22)
#   --rows FILE the benchmark rows to run (default bench.txt, same format;
#               bench-large.txt: EMOGI's graphs, Kronecker (RMAT) scale 24
#               and uniform scale 25, whatever --scale says)
#   --anchors   after the table's rows, anchors.sh's (GraphIt's GPU backend
#               and EMOGI, built by this machine's nvcc or brought built; a
#               bundle made with GRAPHIT_DIR and EMOGI_DIR set) on the rows'
#               graphs, each a row or `failed: REASON`; they leave the exit
#               status alone
# Environment: GPU_TRIALS (default 5) and CPU_TRIALS (3) runs per timing,
# the least reported; RUN_TIMEOUT seconds per correctness run (60) and
# BENCH_TIMEOUT per benchmark run (120); STREAM_BYTES, the buffer of the
# `link:` line's bandwidths (1073741824); JOBS correctness runs at a time (8;
# 1 when nvidia-smi says the GPU is in an exclusive compute mode);
# KEEP_FAILURES, a directory that gets each failed test's output and error
# stream (NUMBER.out, NUMBER.err; NUMBER counts the tests run, in order);
# GRAPHS, a directory where the benchmark graphs are made and kept (and
# found again by a later run; default: a temporary directory).
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=gpu bench=1 tests=1 scale=22 rows=$here/bench.txt anchors=0
while [ $# -gt 0 ]; do
  case $1 in
  --cpu-only) mode=cpu ;;
  --gpu-host) mode=host ;;
  --no-bench) bench=0 ;;
  --no-tests) tests=0 ;;
  --scale) scale=${2:?--scale needs a number} && shift ;;
  --anchors) anchors=1 ;;
  --rows) rows=$(cd "$(dirname "${2:?--rows needs a file}")" && pwd)/$(basename "$2") && shift ;;
  *) echo "usage: run.sh [--cpu-only | --gpu-host] [--no-bench | --no-tests] [--scale N] [--rows FILE] [--anchors]" >&2 && exit 2 ;;
  esac
  shift
done
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
check=$here/bin/gpu-check
gpu_trials=${GPU_TRIALS:-5} cpu_trials=${CPU_TRIALS:-3} limit=${RUN_TIMEOUT:-60}
bench_limit=${BENCH_TIMEOUT:-120}
work=$(mktemp -d "${TMPDIR:-/tmp}/gpu-bundle.XXXXXX")
trap 'rm -rf "$work"' EXIT
start=$SECONDS
# The driver caches the kernels' JIT-compiled code under $HOME/.nv.
[ -w "${HOME:-/nonexistent}" ] || export CUDA_CACHE_PATH=$work/cuda-cache
total=$(wc -l <"$here/tests.txt")
# run, why_failed and graph_file: lib.sh, shared with anchors.sh.
. "$here/lib.sh"

# No GPU or no driver: the first GPU program says why; stop there. Else it
# names the GPU.
jobs_at_once=${JOBS:-8}
if [ $mode = gpu ]; then
  read -r name variant _ graph root <"$here/tests.txt"
  GRAPHRT_VERBOSE=1 run "$limit" "$here/gpu/$name-$variant" "$here/graphs/$graph" "$root" 1 0 \
    >/dev/null 2>"$work/probe"
  if grep -q '^graphrt: this program runs on an NVIDIA GPU' "$work/probe"; then
    grep '^graphrt: this program runs on an NVIDIA GPU' "$work/probe"
    echo "no GPU: 0 passed, $total not run"
    exit 1
  fi
  grep '^graphrt: GPU ' "$work/probe"
  # A GPU in an exclusive compute mode takes one process at a time.
  if command -v nvidia-smi >/dev/null &&
    nvidia-smi --query-gpu=compute_mode --format=csv,noheader 2>/dev/null | grep -qi exclusive; then
    jobs_at_once=1
  fi
fi

# Correctness: every test of tests.txt (with --cpu-only each program once per
# graph: its CPU build has no GPU schedules), JOBS at a time: most of a small
# test's time is the driver's start and the kernels' JIT, not the GPU.
# Two trials, so that the answer checked is the one after a reset, as the
# benchmarks' later trials are.
one_test() { # N NAME VARIANT ALGORITHM GRAPH ROOT: writes $work/result.N
  local exe=$here/gpu/$2-$3 label="$2 $3" rc why
  case $mode in
  host) exe=$here/host/$2-$3 label="$2 $3 (gpu-host)" ;;
  cpu) exe=$here/cpu/$2 label="$2 (cpu)" ;;
  esac
  run "$limit" "$exe" "$here/graphs/$5" "$6" 2 1 >"$work/out.$1" 2>"$work/err.$1"
  rc=$?
  if [ $rc = 0 ]; then
    why=$("$check" compare "$4" "$here/graphs/$5" "$here/expected/$4.$5" "$work/out.$1" "$6") &&
      echo pass >"$work/result.$1" && return
  else
    why=$(why_failed $rc "$limit" "$work/err.$1" first)
  fi
  echo "FAIL: $label on $5 (root $6): $why" >"$work/result.$1"
  if [ -n "${KEEP_FAILURES:-}" ]; then
    mkdir -p "$KEEP_FAILURES" && cp "$work/out.$1" "$KEEP_FAILURES/$1.out" &&
      cp "$work/err.$1" "$KEEP_FAILURES/$1.err"
  fi
}
count=0 status=0
[ $tests = 1 ] && while read -r name variant algorithm graph root; do
  if [ $mode = cpu ]; then
    [ -e "$work/done.$name.$graph" ] && continue
    : >"$work/done.$name.$graph"
  fi
  count=$((count + 1))
  while [ "$(jobs -pr | wc -l)" -ge "$jobs_at_once" ]; do wait -n; done
  one_test $count "$name" "$variant" "$algorithm" "$graph" "$root" &
done <"$here/tests.txt"
wait
passed=0 failed=0
for i in $(seq "$count"); do
  if [ "$(cat "$work/result.$i" 2>/dev/null)" = pass ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    cat "$work/result.$i" 2>/dev/null || echo "FAIL: test $i left no result"
  fi
done
if [ $tests = 1 ]; then
  echo "$passed passed, $failed failed"
  echo "correctness: $((SECONDS - start)) s"
  [ $failed = 0 ] || status=1
fi
[ $bench = 1 ] && [ $mode = gpu ] || exit $status

# The link: bin/gpu-stream's read bandwidth of device memory, zero-copy
# (pinned host memory) and managed memory whose pages start on the host,
# over STREAM_BYTES bytes (default 1 GiB); it prints each name, then its
# value, one a line.
echo
if run "$bench_limit" "$here/bin/gpu-stream" ${STREAM_BYTES:+"$STREAM_BYTES"} \
  >"$work/out" 2>"$work/err"; then
  declare -A stream=()
  while IFS= read -r key && IFS= read -r value; do stream[$key]=$value; done <"$work/out"
  gbs() { # NAME: its GB/s to 0.1, or ? when gpu-stream printed no number
    local rate
    rate=$(LC_ALL=C printf '%.1f' "${stream[$1 GB/s]:-?}" 2>/dev/null) && echo "$rate" || echo '?'
  }
  echo "link: device $(gbs device) GB/s, zero-copy $(gbs zero-copy) GB/s," \
    "managed cold $(gbs 'managed cold') GB/s (warm $(gbs 'managed warm')) over ${stream[bytes]:-?} bytes"
else
  echo "FAIL: gpu-stream: $(why_failed $? "$bench_limit" "$work/err" first)" && status=1
fi

# Benchmarks: the graphs, made here (graph-gen is deterministic by seed).
graphs=${GRAPHS:-$work}
mkdir -p "$graphs"
echo
echo "benchmarks: kron (RMAT) and uniform of degree 16 made symmetric, road-like, scale $scale (or the"
echo "row's, after the graph's name); the least of"
echo "$gpu_trials GPU and $cpu_trials CPU trials in ms; GPU 1st: the first GPU trial, which also"
echo "places the edges (copies them to the GPU, pins them, or leaves managed pages on"
echo "the host); GTEPS: the graph's arcs (each once) per ns of the least GPU time;"
echo "CPU/GPU: the GPU's speed-up; under a row, \`slow\` and \`least\`: a later GPU trial of at"
echo "least 1.5 times the least and 5 ms more, and the least, with where their time went"
echo "(GRAPHRT_GPU_PROFILE=1: driver calls, the longest launch, and the rest: host code)"
printf '%-8s %-18s %-10s %10s %7s %10s %10s %8s\n' program schedule graph GPU GTEPS "GPU 1st" CPU CPU/GPU
used=
while read -r name variant wtd graph row_scale; do
  file=$(graph_file "$graph" "$wtd" "${row_scale:-$scale}") ||
    { echo "graph-gen $graph failed"; status=1; continue; }
  [[ "$used " == *" $graph:${row_scale:-$scale} "* ]] || used="$used $graph:${row_scale:-$scale}"
  graph=$graph$row_scale
  # A root in the largest component (gpu-check reads the whole graph: once).
  [ -s "$file.root" ] || "$check" root "$file" >"$file.root"
  root=$(cat "$file.root")
  gpu_ms=- gpu_first=-
  if GRAPHRT_GPU_PROFILE=1 run "$bench_limit" "$here/gpu/$name-$variant" "$file" "$root" "$gpu_trials" 0 \
    >"$work/out" 2>"$work/gpu-err"; then
    read -r gpu_ms gpu_first < <("$check" time "$work/out")
  else
    echo "FAIL: $name $variant on $graph: $(why_failed $? "$bench_limit" "$work/gpu-err" first)" && status=1
  fi
  cpu_key=$work/cpu.$name.$graph.$wtd.${row_scale:-$scale}
  if [ ! -e "$cpu_key" ]; then
    if run "$bench_limit" "$here/cpu/$name" "$file" "$root" "$cpu_trials" 0 \
      >"$work/out" 2>"$work/err"; then
      "$check" time "$work/out" | cut -d' ' -f1 >"$cpu_key"
    else
      echo "FAIL: $name (cpu) on $graph: $(why_failed $? "$bench_limit" "$work/err" first)"
      echo - >"$cpu_key" && status=1
    fi
  fi
  cpu_ms=$(cat "$cpu_key")
  printf '%-8s %-18s %-10s %10s %7s %10s %10s %8s\n' "$name" "$variant" "$graph" "$gpu_ms" \
    "$("$check" gteps "$file" "$gpu_ms")" "$gpu_first" "$cpu_ms" "$("$check" ratio "$cpu_ms" "$gpu_ms")"
  # A later GPU trial far slower than the least: where each one's time went
  # (GRAPHRT_GPU_PROFILE's trial lines).
  "$check" slow "$work/gpu-err"
done <"$rows"
if [ $anchors = 1 ] && [ -e "$here/anchors.sh" ]; then
  GRAPHS=$graphs bash "$here/anchors.sh" --no-header --scale "$scale" --graphs "$used"
elif [ $anchors = 1 ]; then
  echo "anchors: failed: this bundle has none (make it with GRAPHIT_DIR and EMOGI_DIR set)"
fi
echo "elapsed: $((SECONDS - start)) s"
exit $status
