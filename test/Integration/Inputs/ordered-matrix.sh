#!/usr/bin/env bash
# ordered-matrix.sh WORK EXAMPLES: compiles examples/sssp_delta_stepping.gt,
# ppsp.gt and kcore.gt under every priority-update strategy, serial and
# parallel, and checks them with check-example.sh (test/reference) at 1, 2
# and 7 threads: SSSP and PPSP with delta 1, 3 and 1000 and fusion
# thresholds 1 and 64 read from argv, on the weighted graphs WORK/*.wel;
# k-core on WORK/*.el.
set -euo pipefail
work=$1 examples=$2
check=$(dirname "$0")/check-example.sh
mkdir -p "$work/bin"
bin=$work/bin
# Printing every vertex's value runs serially, in vertex order.
serial_print='program->configApplyParallelization("print", "serial");'
for p in serial dynamic-vertex-parallel; do
  for u in eager_priority_update eager_priority_update_with_merge \
    lazy_priority_update; do
    # SSSP: delta is argv[3], the threshold argv[4]; PPSP (whose argv[3] is
    # the target) reads them from argv[4] and argv[5].
    echo "program->configApplyParallelization(\"s1\", \"$p\")->configApplyPriorityUpdate(\"s1\", \"$u\")->configApplyPriorityUpdateDelta(\"s1\", \"argv[3]\")->configBucketMergeThreshold(\"s1\", \"argv[4]\"); $serial_print" >"$work/sssp.$p.$u"
    sed 's/argv\[4\]/argv[5]/; s/argv\[3\]/argv[4]/' "$work/sssp.$p.$u" >"$work/ppsp.$p.$u"
    graphc "$examples/sssp_delta_stepping.gt" --schedule "$work/sssp.$p.$u" -o "$bin/sssp.$p.$u"
    graphc "$examples/ppsp.gt" --schedule "$work/ppsp.$p.$u" -o "$bin/ppsp.$p.$u"
  done
  for u in eager_priority_update lazy_priority_update \
    constant_sum_reduce_before_update; do
    echo "program->configApplyParallelization(\"s1\", \"$p\")->configApplyPriorityUpdate(\"s1\", \"$u\")->configNumOpenBuckets(\"s1\", 4); $serial_print" >"$work/kcore.$p.$u"
    graphc "$examples/kcore.gt" --schedule "$work/kcore.$p.$u" -o "$bin/kcore.$p.$u"
  done
done
# SSSP pulling into every vertex from the bucket, and the hybrid.
for d in DensePull SparsePush-DensePull; do
  for u in eager_priority_update lazy_priority_update; do
    echo "program->configApplyDirection(\"s1\", \"$d\")->configApplyParallelization(\"s1\", \"dynamic-vertex-parallel\")->configApplyPriorityUpdate(\"s1\", \"$u\")->configApplyPriorityUpdateDelta(\"s1\", \"argv[3]\"); $serial_print" >"$work/sssp.$d.$u"
    graphc "$examples/sssp_delta_stepping.gt" --schedule "$work/sssp.$d.$u" -o "$bin/sssp.$d.$u"
  done
done
# The examples under their own schedules (delta 2, threshold 1000).
for example in sssp_delta_stepping ppsp kcore; do
  graphc "$examples/$example.gt" -o "$bin/$example.own"
done

weighted=("$work"/*.wel)
unweighted=("$work"/*.el)
for threads in 1 2 7; do
  export OMP_NUM_THREADS=$threads
  for delta in 1 3 1000; do
    for threshold in 1 64; do
      "$check" sssp "$work/out" --root 0 --arg "$delta" --arg "$threshold" \
        "$bin"/sssp.*_update* -- "${weighted[@]}"
    done
    for target in 1 4 7; do
      "$check" ppsp "$work/out" --root 0 --target "$target" --arg "$delta" \
        --arg 16 "$bin"/ppsp.*_update* -- "${weighted[@]}"
    done
  done
  "$check" sssp "$work/out" --root 2 "$bin/sssp_delta_stepping.own" -- "${weighted[@]}"
  "$check" ppsp "$work/out" --root 0 --target 4 "$bin/ppsp.own" -- "${weighted[@]}"
  "$check" kcore "$work/out" "$bin"/kcore.* -- "${unweighted[@]}"
done
