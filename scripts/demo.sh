#!/usr/bin/env bash
# Installs dependencies, builds, then compiles examples/pagerank.mlir and
# runs it on a bundled graph.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh" graphc graphrt >/dev/null
"$build/bin/graphc" "$root/examples/pagerank.mlir" -o "$build/pagerank"
"$build/pagerank" "$root/examples/graphs/quirky.el"
