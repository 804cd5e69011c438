# Sourced by the benchmark scripts, with their arguments [SCALE] [THREADS]
# [ROOTS] (default 22 2 4): sets root, build, scale, OMP_NUM_THREADS, roots
# and work (BENCH_DIR, default /tmp/graph-mlir-bench) and builds graphc,
# libgraphrt and graph-gen.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
scale=${1:-22}
export OMP_NUM_THREADS=${2:-2}
roots=${3:-4}
work=${BENCH_DIR:-/tmp/graph-mlir-bench}
mkdir -p "$work"
"$root/scripts/build.sh" graphc graphrt graph-gen >/dev/null

# mean_over_roots A B GRAPH ROOTS: runs programs A and B (each prints its
# seconds, then the vertices it reached) from roots 1, 2, ... that reach more
# than one vertex, until ROOTS of them; both must reach the same count.
# Prints A's and B's mean seconds.
mean_over_roots() {
  local a=$1 b=$2 graph=$3 roots=$4
  local a_total=0 b_total=0 searched=0 candidate a_s b_s reached b_reached
  for ((candidate = 1; searched < roots; ++candidate)); do
    read -r a_s reached < <("$a" "$graph" "$candidate" | paste -sd' ')
    [ "$reached" -gt 1 ] || continue
    read -r b_s b_reached < <("$b" "$graph" "$candidate" | paste -sd' ')
    if [ "$reached" != "$b_reached" ]; then
      echo "from $candidate: $(basename "$a") reached $reached, $(basename "$b") $b_reached" >&2
      return 1
    fi
    a_total=$(awk -v t="$a_total" -v s="$a_s" 'BEGIN { print t + s }')
    b_total=$(awk -v t="$b_total" -v s="$b_s" 'BEGIN { print t + s }')
    searched=$((searched + 1))
  done
  awk -v a="$a_total" -v b="$b_total" -v k="$roots" 'BEGIN { print a / k, b / k }'
}

# pick_root GRAPH [COUNT]: the first vertex v, in a fixed pseudo-random
# order, such that v .. v + COUNT - 1 (default 1) all have out-edges.
pick_root() {
  python3 - "$1" "${2:-1}" <<'PY'
import random, struct, sys
count = int(sys.argv[2])
with open(sys.argv[1], "rb") as f:
    _, _, n = struct.unpack("<?qq", f.read(17))
    rng = random.Random(27491095)
    while True:
        v = rng.randrange(n - count + 1)
        f.seek(17 + 8 * v)
        offsets = struct.unpack("<%dq" % (count + 1), f.read(8 * (count + 1)))
        if all(offsets[i + 1] > offsets[i] for i in range(count)):
            print(v)
            break
PY
}
