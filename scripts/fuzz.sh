#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS (default 60) from a
# copy of its seeds, one target at a time. Exits non-zero when any target
# finds a crash, leak, timeout or out-of-memory; the reproducers are left in
# $build/artifacts, each target's log in $build/logs.
#
# usage: scripts/fuzz.sh [SECONDS]
#   FUZZ_BUILD_DIR  build directory (default ./build-fuzz); the work corpora
#                   in $build/corpus grow from run to run
#   FUZZ_TARGETS    run only these targets (names, space separated)
#   JOBS            build parallelism (default 2)
# Reproduce a finding: $build/runtime/bin/graphrt-fuzz-{FORMAT,export}
# ARTIFACT, or
# $build/compiler/bin/{graphit,graph-ir}-fuzzer ARTIFACT
set -euo pipefail
shopt -s nullglob

root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
fuzz_flags=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
# Inputs of a few KiB stay below the runtime's parallel thresholds: a second
# thread would only spin.
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}

"$root/scripts/install-deps.sh"

rt=$build/runtime
if [ ! -f "$rt/build.ninja" ]; then
  cmake -G Ninja -S "$root/runtime" -B "$rt" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DGRAPHRT_FUZZ=ON >/dev/null
fi
ninja -C "$rt" -j "${JOBS:-2}" graphrt-fuzzers graph-gen >/dev/null
# The compiler's targets: the project built with the sanitizers.
cc=$build/compiler
if [ ! -f "$cc/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$cc" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DGRAPH_MLIR_FUZZERS=ON \
    >/dev/null
fi
ninja -C "$cc" -j "${JOBS:-2}" graph-mlir-fuzzers >/dev/null

# The export library's target: runtime/fuzz/export_fuzz.gt compiled by the
# plain graphc (./build, or $BUILD_DIR; built here if missing: the sanitized
# build has no libgraphrt.so for graphc) and its C bindings, linked with the
# sanitized runtime into graphrt-fuzz-export.
"$root/scripts/build.sh" graphc graph-translate >/dev/null
bin=${BUILD_DIR:-$root/build}/bin
exp=$build/export
mkdir -p "$exp"
gt=$root/runtime/fuzz/export_fuzz.gt
"$bin/graphc" "$gt" --emit=obj -o "$exp/export_fuzz.o"
"$bin/graph-translate" --import-graphit "$gt" -o "$exp/export_fuzz.mlir"
"$bin/graph-translate" --graph-export-source "$exp/export_fuzz.mlir" \
  -o "$exp/export_fuzz_bindings.c"
"$bin/graph-translate" --graph-export-header "$exp/export_fuzz.mlir" \
  -o "$exp/libexport_fuzz.h"
cmake -S "$root/runtime" -B "$rt" -DGRAPHRT_FUZZ_EXPORT_DIR="$exp" >/dev/null
ninja -C "$rt" -j "${JOBS:-2}" graphrt-fuzz-export >/dev/null

# Seeds for the binary formats (and more text ones), made by graph-gen.
seeds=$build/seeds
mkdir -p "$seeds"
gen=$rt/bin/graph-gen
"$gen" kron --scale 4 --degree 2 -q -o "$seeds/kron.sg"
"$gen" kron --scale 4 --degree 2 -q -o "$seeds/kron.wsg"
"$gen" kron --scale 3 --degree 2 --symmetrize -q -o "$seeds/kron_sym.wsg"
"$gen" grid --scale 4 -q -o "$seeds/grid.wsg"
"$gen" uniform --scale 3 --degree 2 --symmetrize -q -o "$seeds/uniform.sg"
"$gen" kron --scale 4 --degree 2 -q -o "$seeds/kron.el"
"$gen" grid --scale 3 -q -o "$seeds/grid.wel"
for f in "$root"/examples/graphs/*.el "$root"/test/Runtime/Inputs/small.el; do
  "$gen" convert "$f" -o "$seeds/$(basename "$f" .el).sg"
done
for f in "$root"/examples/graphs/*.wel "$root"/test/Runtime/Inputs/small.wel; do
  "$gen" convert "$f" -o "$seeds/$(basename "$f" .wel).wsg"
done
# Graph IR programs whose traversals say SCHEDULE, with one.
for f in "$root"/test/Integration/Inputs/*.mlir; do
  sed 's/SCHEDULE/direction = dense_pull, parallel = dynamic_vertex/' "$f" \
    >"$seeds/$(basename "$f")"
done

failed=()
summary=()
# run_target NAME BINARY [-FLAG...] SEED...
#   Fuzzes BINARY for $secs seconds in $build/corpus/NAME, which starts with
#   a copy of the SEEDs (files or directories). Arguments that start with '-'
#   are passed to libFuzzer (e.g. -dict=FILE).
run_target() {
  local name=$1 bin=$2 corpus=$build/corpus/$1 log=$build/logs/$1.log
  shift 2
  if [ -n "${FUZZ_TARGETS:-}" ] && [[ " $FUZZ_TARGETS " != *" $name "* ]]; then
    return 0
  fi
  local flags=() arg f
  mkdir -p "$corpus" "$build/artifacts" "$build/logs"
  for arg in "$@"; do
    case $arg in
    -*) flags+=("$arg") ;;
    *)
      if [ -d "$arg" ]; then
        while IFS= read -r -d '' f; do
          cp "$f" "$corpus/$(sha1sum <"$f" | cut -c1-40)"
        done < <(find "$arg" -type f -print0)
      else
        cp "$arg" "$corpus/$(sha1sum <"$arg" | cut -c1-40)"
      fi
      ;;
    esac
  done
  echo "fuzz.sh: $name: fuzzing for ${secs}s (log: $log)" >&2
  local rc=0 start=$SECONDS
  "$bin" "$corpus" -max_total_time="$secs" "${fuzz_flags[@]}" \
    -artifact_prefix="$build/artifacts/$name-" "${flags[@]}" >"$log" 2>&1 ||
    rc=$?
  local execs
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$rc" -ne 0 ]; then
    failed+=("$name")
    grep -E "^(==[0-9]+==ERROR|SUMMARY|loader_fuzzer|export_fuzzer|artifact_prefix|Test unit written)" \
      "$log" | head -5 >&2 || true
  fi
  summary+=("$(printf '%-13s %5ss %10s execs  %s' "$name" \
    "$((SECONDS - start))" "${execs:-?}" "$([ "$rc" -eq 0 ] && echo ok || echo "FAILED (exit $rc)")")")
}

fz=$root/runtime/fuzz
bin=$rt/bin
inputs=("$root"/examples/graphs "$root"/test/Runtime/Inputs "$root"/test/Integration/Inputs)
run_target el "$bin/graphrt-fuzz-el" -dict="$fz/el.dict" "$seeds"/*.el \
  "${inputs[0]}"/*.el "${inputs[1]}"/*.el "${inputs[2]}"/*.el
run_target wel "$bin/graphrt-fuzz-wel" -dict="$fz/el.dict" "$seeds"/*.wel \
  "${inputs[0]}"/*.wel "${inputs[1]}"/*.wel "${inputs[2]}"/*.wel
run_target mtx "$bin/graphrt-fuzz-mtx" -dict="$fz/mtx.dict" "${inputs[1]}"/*.mtx
run_target sg "$bin/graphrt-fuzz-sg" "$seeds"/*.sg
run_target wsg "$bin/graphrt-fuzz-wsg" "$seeds"/*.wsg
run_target export "$bin/graphrt-fuzz-export" "$fz/export-seeds"
ff=$root/tools/fuzzers
programs=("$root"/examples/*.gt "$root"/test/Frontend/*.gt "$ff/regressions/graphit")
run_target graphit "$cc/bin/graphit-fuzzer" "${programs[@]}"
run_target graphit-dict "$cc/bin/graphit-fuzzer" -dict="$ff/graphit.dict" \
  "${programs[@]}"
run_target graph-ir "$cc/bin/graph-ir-fuzzer" -dict="$ff/graph-ir.dict" \
  "$root"/examples/*.mlir "$root"/test/Dialect/Graph/*.mlir \
  "$root"/test/Conversion/GraphToSCF/*.mlir "$seeds"/*.mlir \
  "$ff/regressions/graph-ir"

printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz.sh: findings in: ${failed[*]} (reproducers in $build/artifacts)" >&2
  exit 1
fi
