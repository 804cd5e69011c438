#!/usr/bin/env bash
# by-rank.sh PROGRAM FILE0 FILE1 [ARG...]: runs PROGRAM with FILE0 as its graph
# on MPI rank 0 and FILE1 on every other rank (as if one node had a stale
# copy), then the ARGs.
set -eu
program=$1 file0=$2 file1=$3
shift 3
if [ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ]; then graph=$file0; else graph=$file1; fi
exec "$program" "$graph" "$@"
