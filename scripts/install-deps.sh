#!/usr/bin/env bash
# Installs everything graph-mlir needs to build and test on Debian 12.
# Idempotent: prints nothing and installs nothing when all packages are present.
set -euo pipefail

# libclang-rt-22-dev: the sanitizer and libFuzzer runtimes (the leak test,
# the sanitized runtime test, scripts/fuzz.sh). libopenmpi-dev, openmpi-bin:
# distributed programs (graphc --distributed) and their mpirun tests.
# python3-numpy, -scipy, -networkx, -pytest, -pip, -venv: the Python
# package graphmlir (python/) and its tests, which install it with pip.
# pkgconf: the installed graphrt.pc is checked (test/Embedding).
packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
          libomp-22-dev libnuma-dev ninja-build cmake python3
          libclang-rt-22-dev libopenmpi-dev openmpi-bin
          python3-numpy python3-scipy python3-networkx python3-pytest
          python3-pip python3-venv pkgconf)

missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
