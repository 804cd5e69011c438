#!/usr/bin/env bash
# Installs dependencies, builds, and runs the whole lit suite (check-graph).
set -euo pipefail
exec "$(dirname "$0")/build.sh" check-graph
