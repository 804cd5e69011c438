#!/usr/bin/env bash
# GRAPHIT_DIR=... EMOGI_DIR=... gpu-anchors.sh [BUNDLE_DIR]
# Adds the anchors to a GPU bundle (default build/gpu-bundle/, made by
# scripts/gpu-bundle.sh, which calls this when both variables are set):
# the codes that issue 37's targets are measured against, built and run on
# the GPU machine by the bundle's anchors.sh (`run.sh --anchors`). Their
# sources are fetched, never part of this repository; they go to
# BUNDLE_DIR/anchors/ only:
#   graphit/  GraphIt's GPU backend's CUDA code (.cu) of its own programs
#             bfs_power, sssp_power, cc_power and pr_social
#             (graphit_eval/eval/gpu_perf/inputs, with their GPU
#             schedules), generated here by GraphIt's compiler, and the
#             runtime headers they include (src/runtime_lib); MIT licence
#             (graphit/LICENSE).
#   emogi/    EMOGI's BFS (bfs_32.cu and its headers), changed to start
#             every run (-i N) at the root given with -r instead of moving
#             the root each run, and to build with CUDA 13 (its
#             cudaMemAdvise). EMOGI's repository has no licence file;
#             its helper_cuda.h and helper_string.h are NVIDIA's samples'.
#   build.txt the nvcc line of each (anchors.sh adds the GPU's arch and
#             GraphIt's NUM_CTA, twice its multiprocessors);
#   anchors.txt, anchors-probe.cu, SOURCES (the commits used).
# GRAPHIT_DIR: a clone of GraphIt (github GraphIt-DSL/graphit) with its
# `gpu-merge` branch checked out; its compiler is built in GRAPHIT_BUILD
# (default GRAPHIT_DIR/build) unless that has it. EMOGI_DIR: a clone of
# EMOGI (github illinois-impact/EMOGI). With NVCC (or nvcc on PATH) the
# anchors are also built here, into anchors/prebuilt/, for sm_90 with 132
# multiprocessors (an H100 SXM or H200), for a GPU machine without nvcc (one
# with nvcc builds its own).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(cd "${1:-$root/build/gpu-bundle}" && pwd)
: "${GRAPHIT_DIR:?gpu-anchors.sh: set GRAPHIT_DIR to a clone of GraphIt (its gpu-merge branch)}"
: "${EMOGI_DIR:?gpu-anchors.sh: set EMOGI_DIR to a clone of EMOGI}"
graphit=$(cd "$GRAPHIT_DIR" && pwd)
emogi=$(cd "$EMOGI_DIR" && pwd)
inputs=$graphit/graphit_eval/eval/gpu_perf/inputs
programs=(bfs_power sssp_power cc_power pr_social)
[ -e "$out/run.sh" ] || { echo "gpu-anchors.sh: $out is not a GPU bundle (scripts/gpu-bundle.sh)" >&2; exit 1; }
for f in src/runtime_lib/infra_gpu/graph.h src/backend/codegen_gpu/codegen_gpu.cpp; do
  [ -e "$graphit/$f" ] || {
    echo "gpu-anchors.sh: $graphit has no $f: check out GraphIt's gpu-merge branch" >&2
    exit 1
  }
done
for p in "${programs[@]}"; do
  [ -e "$inputs/$p.gt" ] || { echo "gpu-anchors.sh: $inputs/$p.gt is missing" >&2; exit 1; }
done
[ -e "$emogi/bfs_32.cu" ] || { echo "gpu-anchors.sh: $emogi/bfs_32.cu is missing" >&2; exit 1; }

# GraphIt's compiler: a program with a schedule is compiled by
# bin/graphitc.py, which builds the schedule against lib/libgraphitlib.a.
# Built as GraphIt's CMakeLists.txt builds it by default, unoptimized:
# some of its functions end without returning their value, which GCC's -O2
# makes a crash (AssignFunctionContext::assign_function_context, in every
# GPU program).
gbuild=${GRAPHIT_BUILD:-$graphit/build}
if [ ! -e "$gbuild/lib/libgraphitlib.a" ] || [ ! -e "$gbuild/bin/graphitc.py" ]; then
  echo "gpu-anchors.sh: building GraphIt's compiler in $gbuild"
  cmake -S "$graphit" -B "$gbuild" >"$gbuild.log" 2>&1 &&
    make -C "$gbuild" -j "${JOBS:-$(nproc)}" graphitlib copy_graphitc_py >>"$gbuild.log" 2>&1 ||
    { tail -n 20 "$gbuild.log" >&2; echo "gpu-anchors.sh: GraphIt's build failed: $gbuild.log" >&2; exit 1; }
fi

dst=$out/anchors
rm -rf "$dst"
mkdir -p "$dst/graphit" "$dst/emogi"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for p in "${programs[@]}"; do
  mkdir "$scratch/$p"
  (cd "$scratch/$p" && python3 "$gbuild/bin/graphitc.py" -f "$inputs/$p.gt" -o "$dst/graphit/$p.cu") \
    >"$scratch/$p.log" 2>&1 && [ -s "$dst/graphit/$p.cu" ] ||
    {
      cat "$scratch/$p.log" >&2
      echo "gpu-anchors.sh: GraphIt did not compile $p.gt (a compiler built with optimization" \
        "crashes: build $gbuild without CMAKE_BUILD_TYPE)" >&2
      exit 1
    }
done
cp -r "$graphit/src/runtime_lib" "$dst/graphit/runtime_lib"
cp "$graphit/LICENSE" "$dst/graphit/"

cp "$emogi"/helper_cuda.h "$emogi"/helper_string.h "$emogi"/helper_emogi.h "$emogi"/README.md "$dst/emogi/"
# EMOGI's -i N runs N BFSs from roots 0, n/N, 2n/N, ... and ignores -r;
# the anchors run N from the same root as this project's rows.
sed -e 's|^\( *\)src = 0;$|\1/* gpu-anchors.sh: -r sets the root */|' \
  -e 's|if (!no_src)|if (true) /* gpu-anchors.sh */|' \
  -e 's|^\( *\)src += vertex_count / num_run;$|\1/* gpu-anchors.sh: the same root each run */|' \
  "$emogi/bfs_32.cu" >"$dst/emogi/bfs_32.cu"
[ "$(grep -c 'gpu-anchors.sh' "$dst/emogi/bfs_32.cu")" = 3 ] ||
  { echo "gpu-anchors.sh: EMOGI's bfs_32.cu is not the one this script changes" >&2; exit 1; }
# CUDA 13's cudaMemAdvise takes a cudaMemLocation where 12's took a device.
cat >"$scratch/advise.h" <<'EOF'
// gpu-anchors.sh: CUDA 13's cudaMemAdvise takes a cudaMemLocation.
#if CUDART_VERSION >= 13000
static inline cudaError_t anchors_mem_advise(const void *p, size_t n, cudaMemoryAdvise advice, int device) {
    cudaMemLocation location;
    location.type = cudaMemLocationTypeDevice;
    location.id = device;
    return cudaMemAdvise(p, n, advice, location);
}
#define cudaMemAdvise anchors_mem_advise
#endif
EOF
sed -i "/^#include \"helper_emogi.h\"\$/r $scratch/advise.h" "$dst/emogi/bfs_32.cu"
grep -q anchors_mem_advise "$dst/emogi/bfs_32.cu" ||
  { echo "gpu-anchors.sh: EMOGI's bfs_32.cu does not include helper_emogi.h" >&2; exit 1; }

cp "$root/bench/gpu/anchors.txt" "$root/bench/gpu/anchors-probe.cu" "$dst/"
cp "$root/bench/gpu/anchors.sh" "$out/anchors.sh"
# GraphIt's gpu_perf flags (run_tests.py), for CUDA 12 and 13 (C++17, and
# cstdint, which GCC 13's headers no longer bring in), and EMOGI's Makefile's.
{
  for p in "${programs[@]}"; do
    echo "graphit-$p graphit/$p.cu -O3 -std=c++17 -include cstdint -rdc=true --use_fast_math" \
      "-Xptxas=-dlcm=ca,--maxrregcount=64 -DCTA_SIZE=512 -Igraphit/runtime_lib"
  done
  echo "emogi-bfs_32 emogi/bfs_32.cu -O3 -std=c++17"
} >"$dst/build.txt"
{
  echo "GraphIt $(git -C "$graphit" rev-parse HEAD 2>/dev/null || echo '(not a git clone)') ($graphit)"
  echo "EMOGI $(git -C "$emogi" rev-parse HEAD 2>/dev/null || echo '(not a git clone)') ($emogi)"
} >"$dst/SOURCES"

nvcc=${NVCC:-$(command -v nvcc || true)}
if [ -n "$nvcc" ] && [ ! -x "$nvcc" ]; then
  echo "gpu-anchors.sh: NVCC=$nvcc is not an executable: no builds here"
elif [ -n "$nvcc" ]; then
  mkdir -p "$dst/prebuilt"
  # Their libraries (libstdc++, libgcc_s; CUDA's runtime is linked in) are
  # the GPU machine's own: glibc 2.35's systems have GCC 12's or newer. Not
  # in lib/, where they would shadow the newer ones that builds made there
  # may need.
  if ANCHORS_BUILD=$dst/prebuilt NVCC=$nvcc ANCHORS_TARGET="90 132" bash "$out/anchors.sh" --build-only; then
    echo "gpu-anchors.sh: built with $nvcc for sm_90 into $dst/prebuilt"
  else
    echo "gpu-anchors.sh: the anchors above did not build here; the GPU machine's nvcc tries again"
  fi
else
  echo "gpu-anchors.sh: no nvcc here (NVCC): the GPU machine's nvcc builds the anchors"
fi
echo "gpu-anchors.sh: $dst: GraphIt's ${programs[*]}, EMOGI's bfs_32, $(du -sh "$dst" | cut -f1)"
