#!/usr/bin/env python3
"""Replays every graphc compilation of the lit suite as optimized LLVM IR.

A refactoring of the lowering that should not change what it emits is checked
by running this before and after it and comparing the two directories:

    python3 scripts/ir-replay.py build /tmp/ir-before     # on the old tree
    python3 scripts/ir-replay.py build /tmp/ir-after      # on the new tree
    python3 scripts/ir-replay.py --compare /tmp/ir-before /tmp/ir-after

While the suite runs, build/bin/graphc is a wrapper that compiles each
program a test compiles a second time with --emit=llvm into OUT, named by a
hash of the program text, its schedule file and its options, so the same
compilation gets the same name in both runs whatever order lit runs tests in.
The real graphc is put back afterwards, also when the run is interrupted.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys

WRAPPER = r'''#!/usr/bin/env python3
import hashlib, os, subprocess, sys
real = os.path.join(os.path.dirname(os.path.abspath(__file__)), "graphc.real")
args = sys.argv[1:]
status = subprocess.call([real] + args)
try:
    out_dir = open(real + ".dir").read().strip()
except OSError:
    out_dir = None
if out_dir:
    keep, program, schedule, running, i = [], None, b"", False, 0
    while i < len(args):
        a = args[i]
        if a == "-o":
            i += 2
            continue
        if a.startswith("--emit") or a.startswith("--linker") or a in ("-v", "--print-pipeline"):
            i += 1
            continue
        if a == "--run":
            running = True
        elif a.startswith("--schedule="):
            try:
                schedule = open(a.split("=", 1)[1], "rb").read()
            except OSError:
                pass
            keep.append(a)
        elif a.startswith("-"):
            keep.append(a)
        elif program is None and a.endswith((".gt", ".mlir")):
            program = a
        i += 1
        if running and program is not None:
            break
    keep = [a for a in keep if a != "--run"]
    try:
        text = open(program, "rb").read() if program else None
    except OSError:
        text = None
    if text is not None:
        key = hashlib.sha1(text + b"\0" + schedule + b"\0" +
                           " ".join(a for a in keep if not a.startswith("--schedule=")).encode()
                           + os.path.splitext(program)[1].encode()).hexdigest()[:16]
        target = os.path.join(out_dir, key + ".ll")
        if not os.path.exists(target):
            with open(os.devnull, "wb") as null:
                subprocess.call([real, program, "--emit=llvm", "-o", target] + keep,
                                stdout=null, stderr=null)
sys.exit(status)
'''


def replay(build, out):
    bindir = os.path.join(build, "bin")
    graphc, real = os.path.join(bindir, "graphc"), os.path.join(bindir, "graphc.real")
    if os.path.exists(real):
        sys.exit(f"{real} exists: an earlier replay was interrupted; move it back to {graphc}")
    os.makedirs(out, exist_ok=True)
    os.rename(graphc, real)
    try:
        with open(graphc, "w") as f:
            f.write(WRAPPER)
        os.chmod(graphc, 0o755)
        # lit passes tests a scrubbed environment: the directory goes in a file.
        with open(real + ".dir", "w") as f:
            f.write(os.path.abspath(out))
        lit = shutil.which("lit") or "/usr/lib/llvm-22/bin/lit"
        subprocess.call([lit, "-q", os.path.join(build, "test")])
    finally:
        os.replace(real, graphc)
        os.remove(real + ".dir")
    # Run-time error messages name source files: make trees comparable (the
    # path, and the length of the string holding it).
    root = os.path.dirname(os.path.abspath(os.path.join(os.path.dirname(__file__))))
    for name in os.listdir(out):
        path = os.path.join(out, name)
        text = open(path, "rb").read().replace(root.encode() + b"/", b"$SRC/")
        text = re.sub(rb'\[[0-9]+ x i8\] c"\$SRC/', b'[N x i8] c"$SRC/', text)
        open(path, "wb").write(text)
    print(f"{len(os.listdir(out))} compilations in {out}")


def compare(before, after):
    a, b = set(os.listdir(before)), set(os.listdir(after))
    differ = sorted(n for n in a & b
                    if open(os.path.join(before, n), "rb").read() !=
                    open(os.path.join(after, n), "rb").read())
    print(f"{len(a & b)} compilations in both, {len(differ)} differ, "
          f"{len(a - b)} only before, {len(b - a)} only after")
    for n in differ:
        print("differs:", n)
    return 1 if differ or a != b else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--compare", action="store_true",
                   help="compare two replay directories")
    p.add_argument("first", help="build directory (or, with --compare, the before directory)")
    p.add_argument("second", help="output directory (or, with --compare, the after directory)")
    o = p.parse_args()
    if o.compare:
        sys.exit(compare(o.first, o.second))
    replay(o.first, o.second)


if __name__ == "__main__":
    main()
