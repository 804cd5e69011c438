#!/usr/bin/env bash
# gpu-bundle.sh [BUILD_DIR [OUT_DIR]]
# Builds OUT_DIR (default BUILD_DIR/gpu-bundle/; BUILD_DIR default build/)
# with BUILD_DIR's tools: everything a GPU machine without LLVM, MLIR,
# Python or network needs to check and time the GPU target with one
# command, `bash gpu-bundle/run.sh` (see docs/GPU.md, "Running on a GPU
# machine"):
#   gpu/   each program of bench/gpu/variants.txt under each of its GPU
#          schedules, built with --target=gpu (PTX for sm_80, which the
#          driver JIT-compiles for the GPU it finds: H100, H200, ...);
#   host/  the same with --target=gpu-host (the same kernels on the CPU);
#   cpu/   each program once, built with --target=cpu and its CPU schedule;
#   bin/   graph-gen (the benchmark graphs are made on the GPU machine),
#          gpu-check (the comparisons and the table) and gpu-stream (the
#          read bandwidth of device, zero-copy and managed memory: run.sh's
#          `link:` line), built from bench/gpu/stream.mlir with MLIR's own
#          GPU path (mlir-opt, mlir-translate, clang of the build's LLVM);
#   lib/   the shared libraries these need besides glibc (never libcuda);
#   graphs/, expected/  the small correctness graphs and
#          test/reference/reference.py's answers on them;
#   tests.txt, bench.txt, bench-large.txt, run.sh, lib.sh (what run.sh and
#          anchors.sh share: the timeout wrapper, the failure line, the
#          benchmark graphs);
#   anchors/, anchors.sh  with GRAPHIT_DIR and EMOGI_DIR set, GraphIt's and
#          EMOGI's GPU code to build there (scripts/gpu-anchors.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=${2:-$build/gpu-bundle}
graphc=$build/bin/graphc
variants=$root/bench/gpu/variants.txt
for tool in "$graphc" "$build/bin/graph-gen"; do
  [ -x "$tool" ] || { echo "gpu-bundle.sh: $tool is missing: build the project first" >&2; exit 1; }
done
if [ -e "$out" ] && [ ! -e "$out/run.sh" ] && [ -n "$(ls -A "$out")" ]; then
  echo "gpu-bundle.sh: $out is not empty and not a bundle: not replacing it" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out"/{gpu,host,cpu,bin,lib,graphs,expected}
scratch=$(mktemp -d)
trap 'wait; rm -rf "$scratch"' EXIT

"${CC:-cc}" -O2 -o "$out/bin/gpu-check" "$root/bench/gpu/gpu-check.c" -lm

# bin/gpu-stream, as test/Runtime/gpu-abi.test builds a gpu-dialect program
# (PTX for sm_80, JIT-compiled by the driver), linked with libgraphrt.a as
# graphc links programs. The tools: the build's LLVM's (lit.site.cfg.py's
# llvm_tools_dir), else NAME-22 or NAME on PATH.
llvm_tool() { # NAME
  local dir t
  dir=$(sed -n 's|^config.llvm_tools_dir = lit_config.substitute("\(.*\)")$|\1|p' \
    "$build/test/lit.site.cfg.py" 2>/dev/null)
  for t in ${dir:+"$dir/$1"} "$(command -v "$1-22")" "$(command -v "$1")"; do
    [ -n "$t" ] && [ -x "$t" ] && echo "$t" && return
  done
  echo "gpu-bundle.sh: $1 (LLVM 22) is missing" >&2
  return 1
}
mlir_opt=$(llvm_tool mlir-opt) && mlir_translate=$(llvm_tool mlir-translate) &&
  clang=$(llvm_tool clang) || exit 1
"$mlir_opt" "$root/bench/gpu/stream.mlir" -o "$scratch/stream.mlir" \
  --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_80 cubin-format=isa cubin-features= opt-level=3"
"$mlir_translate" --mlir-to-llvmir "$scratch/stream.mlir" -o "$scratch/stream.ll"
# libgraphrt.a built with libnuma (GRAPHRT_HAVE_NUMA) needs it.
numa=() && nm "$build/lib/libgraphrt.a" 2>/dev/null | grep ' U numa_' >/dev/null && numa=(-lnuma)
"$clang" -O2 -Wno-override-module "$scratch/stream.ll" "$build/lib/libgraphrt.a" \
  -fopenmp=libomp -lm "${numa[@]}" -o "$out/bin/gpu-stream"

# The correctness graphs, each unweighted (.el) and weighted (.wel), and
# their roots: 2 for the hand-made ones (as in test/Integration), for the
# generated ones gpu-check's pick (graph-gen permutes the ids, so vertex 0
# may have no edges). The generated graphs are bundled as files: graph-gen
# is deterministic by seed, but files tie the expected answers to the
# exact graph they come from. `hubs` has vertices of thousands of edges
# (a block of threads each under TWC); it is left out for CC, whose
# reference (a search from every vertex) is quadratic.
gen=$build/bin/graph-gen
graphs=(quirky path kron uniform grid hubs)
declare -A graph_root=([quirky]=2 [path]=2)
cp "$root/examples/graphs/quirky.el" "$root/examples/graphs/quirky.wel" \
  "$root/examples/graphs/path.el" "$out/graphs/"
cp "$root/test/Integration/Inputs/path.wel" "$out/graphs/"
for w in "" --weighted; do
  ext=el && [ -n "$w" ] && ext=wel
  "$gen" kron --scale 10 --degree 8 --seed 7 $w -q -o "$out/graphs/kron.$ext"
  "$gen" uniform --scale 9 --degree 6 --seed 5 $w -q -o "$out/graphs/uniform.$ext"
  "$gen" grid --scale 8 --seed 3 $w -q -o "$out/graphs/grid.$ext"
  "$gen" kron --scale 13 --degree 16 --seed 11 $w -q -o "$out/graphs/hubs.$ext"
done
for g in kron uniform grid hubs; do
  "$gen" convert "$out/graphs/$g.el" -o "$scratch/$g.sg"
  graph_root[$g]=$("$out/bin/gpu-check" root "$scratch/$g.sg")
done

# variants.txt: one record per line, fields split on the first spaces.
programs=()
declare -A algorithm weighted cpu_schedule apply
while read -r kind name rest; do
  case $kind in
  program)
    read -r algo wtd sched <<<"$rest"
    programs+=("$name") algorithm[$name]=$algo weighted[$name]=$wtd
    cpu_schedule[$name]=$sched ;;
  apply) apply[$name]=$rest ;;
  esac
done <"$variants"

# Compiles in the background, as many at a time as there are cores; a
# failure leaves its log in $scratch/failed.
compile() { # TARGET SCHEDULE-TEXT PROGRAM OUTPUT
  while [ "$(jobs -pr | wc -l)" -ge "$(nproc)" ]; do wait -n; done
  (
    tag=$1.$(basename "$4")
    printf 'schedule:\n%s\n' "$2" >"$scratch/$tag.sched"
    "$graphc" --target="$1" --schedule="$scratch/$tag.sched" "$root/bench/gpu/$3.gt" \
      -o "$4" 2>"$scratch/$tag.log" ||
      { cat "$scratch/$tag.log" && echo "gpu-bundle.sh: $3.gt ($1) does not compile with: $2"; } \
        >>"$scratch/failed"
  ) &
}

: >"$out/tests.txt"
: >"$out/bench.txt"
: >"$out/bench-large.txt"
answers=()
declare -A answered
for name in "${programs[@]}"; do
  compile cpu "${cpu_schedule[$name]}" "$name" "$out/cpu/$name"
  ext=el && [ "${weighted[$name]}" = 1 ] && ext=wel
  tested=()
  for g in "${graphs[@]}"; do
    [ "${algorithm[$name]}" = cc ] && [ "$g" = hubs ] || tested+=("$g")
  done
  for g in "${tested[@]}"; do
    expected=$out/expected/${algorithm[$name]}.$g.$ext
    [ -n "${answered[$expected]:-}" ] && continue
    answered[$expected]=1
    answers+=("${algorithm[$name]}" "$out/graphs/$g.$ext" "${graph_root[$g]}" "$expected")
  done
  while read -r kind prog variant text; do
    [ "$kind" = variant ] && [ "$prog" = "$name" ] || continue
    compile gpu "$text ${apply[$name]}" "$name" "$out/gpu/$name-$variant"
    compile gpu-host "$text ${apply[$name]}" "$name" "$out/host/$name-$variant"
    for g in "${tested[@]}"; do
      echo "$name $variant ${algorithm[$name]} $g.$ext ${graph_root[$g]}" >>"$out/tests.txt"
    done
  done <"$variants"
  while read -r kind prog variant graph; do
    [ "$prog" = "$name" ] || continue
    case $kind in
    bench) echo "$name $variant ${weighted[$name]} $graph" >>"$out/bench.txt" ;;
    large) echo "$name $variant ${weighted[$name]} $graph" >>"$out/bench-large.txt" ;;
    esac
  done <"$variants"
done

python3 "$root/bench/gpu/expected.py" "${answers[@]}"
wait
if [ -e "$scratch/failed" ]; then
  cat "$scratch/failed" >&2
  exit 1
fi
cp "$gen" "$out/bin/"
cp "$root/bench/gpu/run.sh" "$out/run.sh"
cp "$root/bench/gpu/lib.sh" "$out/lib.sh"

# Shared libraries: everything ldd finds besides glibc's own (the GPU
# machine has a C library; mixing two glibcs breaks) and the CUDA driver
# (the machine's own must be used). The programs come first, so that their
# library wins when graph-gen resolves the same name elsewhere.
for exe in "$out"/cpu/* "$out"/gpu/* "$out"/bin/*; do
  ldd "$exe" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }'
done | while read -r soname path; do
  case $soname in
  libc.so* | libm.so* | libdl.so* | libpthread.so* | librt.so* | ld-linux* | libcuda.so*) ;;
  *) [ -e "$out/lib/$soname" ] || cp -L "$path" "$out/lib/$soname" ;;
  esac
done
# The anchors (GraphIt's GPU backend, EMOGI: run.sh --anchors), from
# clones of theirs: scripts/gpu-anchors.sh.
# A failure leaves the bundle without them, and the exit status 1.
anchors_failed=0
if [ -n "${GRAPHIT_DIR:-}" ] && [ -n "${EMOGI_DIR:-}" ]; then
  if ! bash "$root/scripts/gpu-anchors.sh" "$out"; then
    rm -rf "$out/anchors" "$out/anchors.sh"
    echo "gpu-bundle.sh: the anchors failed (above): the bundle has none" >&2
    anchors_failed=1
  fi
else
  echo "gpu-bundle.sh: no anchors (GRAPHIT_DIR and EMOGI_DIR, clones of GraphIt's gpu-merge branch and EMOGI, add them)"
fi
echo "gpu-bundle.sh: $out: $(ls "$out/gpu" | wc -l) GPU programs, $(wc -l <"$out/tests.txt") tests, $(du -sh "$out" | cut -f1)"
exit $anchors_failed
