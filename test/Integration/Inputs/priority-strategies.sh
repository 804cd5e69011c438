#!/usr/bin/env bash
# priority-strategies.sh WORK SRC: compiles SRC/examples/sssp_delta_stepping.gt
# under every priority-update strategy (eager, eager with bucket fusion,
# lazy), serial and parallel, with delta argv[3] and the fusion threshold
# argv[4], into WORK/bin/sssp.*, and SRC/examples/ppsp.gt likewise (delta
# argv[4], threshold argv[5]) into WORK/bin/ppsp.*; and SRC/bench/gap/sssp.gt
# under its own
# schedule (eager with fusion) and a lazy one into WORK/bin/gap.* (argv[3]:
# trials; argv[4]: the own schedule's delta).
set -euo pipefail
work=$1 src=$2
bin=$work/bin
mkdir -p "$bin"
serial_print='program->configApplyParallelization("print", "serial");'
for p in serial dynamic-vertex-parallel; do
  for u in eager_priority_update eager_priority_update_with_merge \
    lazy_priority_update; do
    echo "program->configApplyParallelization(\"s1\", \"$p\")->configApplyPriorityUpdate(\"s1\", \"$u\")->configApplyPriorityUpdateDelta(\"s1\", \"argv[3]\")->configBucketMergeThreshold(\"s1\", \"argv[4]\"); $serial_print" >"$work/sssp.$p.$u"
    graphc "$src/examples/sssp_delta_stepping.gt" --schedule "$work/sssp.$p.$u" -o "$bin/sssp.$p.$u"
    sed 's/argv\[4\]/argv[5]/; s/argv\[3\]/argv[4]/' "$work/sssp.$p.$u" >"$work/ppsp.$p.$u"
    graphc "$src/examples/ppsp.gt" --schedule "$work/ppsp.$p.$u" -o "$bin/ppsp.$p.$u"
  done
done
graphc "$src/bench/gap/sssp.gt" -o "$bin/gap.own"
echo "program->configApplyParallelization(\"s1\", \"dynamic-vertex-parallel\")->configApplyPriorityUpdate(\"s1\", \"lazy_priority_update\")->configApplyPriorityUpdateDelta(\"s1\", 2); $serial_print" >"$work/gap.lazy"
graphc "$src/bench/gap/sssp.gt" --schedule "$work/gap.lazy" -o "$bin/gap.lazy"
