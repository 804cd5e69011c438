#!/usr/bin/env python3
"""Writes test/reference/reference.py's answers, one value per line, for
the GPU bundle's run.sh to compare against (gpu-check compare).

usage: expected.py (ALGORITHM GRAPH ROOT OUTPUT)...
  bfs writes each vertex's level (-1 when unreached); the others write what
  the program prints (sssp, cc: integers; pagerank, bc: floats in full)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "reference"))
import reference  # noqa: E402


def main():
    args = sys.argv[1:]
    if not args or len(args) % 4:
        sys.exit(__doc__)
    for at in range(0, len(args), 4):
        algorithm, graph, root, output = args[at:at + 4]
        n, edges = reference.read_graph(graph)
        values = reference.answer(algorithm, n, edges, int(root), 0)
        if algorithm == "bfs":
            values = values[0]
        with open(output, "w") as f:
            f.writelines(f"{v!r}\n" for v in values)


if __name__ == "__main__":
    main()
