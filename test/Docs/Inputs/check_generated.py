#!/usr/bin/env python3
"""Checks that a checked-in generated document is what the build generates.

Usage: check_generated.py GENERATED CHECKED_IN

Exits 0 when the two files are identical. Otherwise prints one line saying
that CHECKED_IN is stale and how to regenerate it, then the start of the
difference, and exits 1.
"""
import difflib
import os
import sys

MAX_DIFF_LINES = 40


def main():
    generated, checked_in = sys.argv[1], sys.argv[2]
    name = os.path.join("docs", os.path.basename(checked_in))
    if not os.path.isfile(generated):
        print(f"error: {generated} was not generated: build the "
              "GraphDialectDocGen target (ninja -C build graph-doc)")
        return 1
    with open(generated, encoding="utf-8") as f:
        new = f.readlines()
    with open(checked_in, encoding="utf-8") as f:
        old = f.readlines()
    if new == old:
        return 0
    print(f"error: {name} is stale: it differs from what the build generates "
          "from the .td files; run `ninja -C build graph-doc` and commit "
          f"{name}")
    diff = list(difflib.unified_diff(old, new, f"{name} (checked in)",
                                     f"{generated} (generated)"))
    sys.stdout.writelines(diff[:MAX_DIFF_LINES])
    if len(diff) > MAX_DIFF_LINES:
        print(f"... {len(diff) - MAX_DIFF_LINES} more lines of difference")
    return 1


if __name__ == "__main__":
    sys.exit(main())
