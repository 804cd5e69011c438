#!/usr/bin/env bash
# Installs dependencies, builds, then compiles the GraphIt PageRank and
# runs it on a bundled graph.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh" graphc graphrt >/dev/null
"$build/bin/graphc" "$root/examples/pagerank.gt" -o "$build/pagerank"
"$build/pagerank" "$root/examples/graphs/quirky.el"
