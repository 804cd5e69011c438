#!/usr/bin/env python3
"""negative_weights.py GRAPH.wel ROOT SEED: the graph with its weights
reweighted by random vertex potentials p (0 to 300, p[ROOT] = 300): w(u, v)
+ p[u] - p[v]. Every cycle keeps its weight (so none is negative), many
edges become negative, and the distance of each vertex from ROOT becomes
d(v) + p[ROOT] - p[v] >= 0. Prints the new edge list."""
import random
import sys

path, root, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
edges = []
for line in open(path):
    fields = line.split()
    if fields and fields[0][0] not in "#%":
        edges.append((int(fields[0]), int(fields[1]), int(fields[2])))
n = 1 + max(max(u, v) for u, v, _ in edges)
rng = random.Random(seed)
potential = [rng.randint(0, 300) for _ in range(n)]
potential[root] = 300
for u, v, w in edges:
    print(u, v, w + potential[u] - potential[v])
