#!/usr/bin/env bash
# Installs dependencies, builds, and runs the whole lit suite (check-graph),
# then the Python package's tests (python/tests, pytest) with the first
# python3 (PATH's, then Debian's) that has numpy, scipy, networkx and pytest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh" check-graph
for python in python3 /usr/bin/python3; do
  if "$python" -c "import numpy, scipy, networkx, pytest" 2>/dev/null; then
    GRAPHMLIR_GRAPHC="$build/bin/graphc" PYTHONPATH="$root/python" \
      "$python" -m pytest -q -p no:cacheprovider "$root/python/tests"
    exit
  fi
done
echo "test.sh: skipped python/tests: no python3 has numpy, scipy, networkx" \
  "and pytest (scripts/install-deps.sh installs them)" >&2
