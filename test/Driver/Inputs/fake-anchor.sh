#!/usr/bin/env bash
# fake-anchor.sh NAME ARGS...: what fake-nvcc.sh's builds run (gpu-anchors.test):
# logs `NAME ARGS` to $FAKE_CALLS, checks that the graph file it is given
# is there, and prints what the anchor's timers print. The build named by
# FAKE_RUN_FAIL fails as a CUDA error would.
name=$1 && shift
echo "$name $*" >>"$FAKE_CALLS"
if [ "$name" = "${FAKE_RUN_FAIL:-}" ]; then
  echo "CUDA error at fake.cu:1 code=2(cudaErrorMemoryAllocation)"
  exit 3
fi
case $name in
probe) echo "90 132" ;;
graphit-*)
  [ -s "$1" ] || { echo "no graph $1" && exit 1; }
  printf 'elapsed time: \n0.004\nelapsed time: \n0.0025\n' ;;
emogi-*)
  [ "$1" = -f ] && [ -s "$2.col" ] && [ -s "$2.dst" ] || { echo "no graph $2" && exit 1; }
  echo "$2"
  echo "Vertex: 256, Edge: 2026"
  echo "run   0: src          $4, iteration   5, time     3.000000 ms"
  echo "run   1: src          $4, iteration   5, time     2.500000 ms" ;;
esac
