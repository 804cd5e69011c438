#!/usr/bin/env bash
# build-schedules.sh PROGRAM OUT LABELS ARGK [CONFIG [TAIL]]
# Builds the GraphIt PROGRAM once per GPU schedule of schedules.txt (next to
# this script; $SCHEDULES names another list) with graphc --target=gpu-host,
# as OUT/sched1, OUT/sched2, ...
# (OUT holds nothing else: a test runs OUT/sched*), and checks that each also
# compiles to PTX under --target=gpu. Sources, PTX and graphc's messages go to
# OUT/src (the messages are shown when graphc fails). Each schedule
# replaces PROGRAM's schedule: section; it is applied to every label of the
# comma-separated LABELS, gets the calls CONFIG (X standing for the
# schedule's name) on each SimpleGPUSchedule, reads a hybrid threshold from
# argv[ARGK], and is followed by the statements TAIL.
set -euo pipefail
program=$1 out=$2 labels=$3 argk=$4 config=${5:-} tail=${6:-}
apply=""
for label in ${labels//,/ }; do
  apply+="program->applyGPUSchedule(\"$label\", \\1); "
done
mkdir -p "$out/src"
i=0
grep -v '^#' "${SCHEDULES:-$(dirname "$0")/schedules.txt}" | while IFS= read -r line; do
  i=$((i + 1)) src=$out/src/sched$i
  schedule=$(sed -e "s/APPLY(\([a-z]*\))/$apply/" \
    -e "s/CONFIG(\([a-z]*\))/${config//X/\\1}/g" -e "s/ARGK/$argk/" <<< "$line")
  sed "/^schedule:/,\$c schedule: $schedule $tail" "$program" > "$src.gt"
  # Warnings (kernel fusion is not implemented) go to the log, errors too.
  if ! graphc --target=gpu-host "$src.gt" -o "$out/sched$i" 2> "$src.log" ||
    ! graphc --target=gpu --emit=ptx "$src.gt" -o "$src.ptx" 2>> "$src.log"; then
    cat "$src.log" >&2
    exit 1
  fi
done
