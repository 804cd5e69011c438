#!/usr/bin/env python3
"""whole-set-bytes.py GRAPH ROOT STATS: STATS holds the GRAPHRT_MPI_STATS=1
lines of a distributed BFS from ROOT on GRAPH (a traversal's output set per
level, no repeats). Recomputes from GRAPH's BFS levels what whole-set mirrors
would send: each rank's members of a level to every other rank, as 4-byte
ids, or as its owned range of a byte array once the level holds more than
n/4 vertices. Prints "set bytes below whole" when the member bytes all ranks
sent (graphrt-mpi-sets) are fewer, else "wrong: ..."."""
import collections
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "reference"))
import reference  # noqa: E402

graph, root, stats = sys.argv[1], int(sys.argv[2]), sys.argv[3]
owned, sent = {}, {}
for line in open(stats):
    m = re.match(r"graphrt-mpi-mirrors: rank (\d+): \d+ vertices, (\d+) owned",
                 line)
    if m:
        owned[int(m[1])] = int(m[2])
    m = re.match(r"graphrt-mpi-sets: rank (\d+): (\d+) bytes of members", line)
    if m:
        sent[int(m[1])] = int(m[2])
ranks = len(owned)
if ranks == 0 or sorted(sent) != list(range(ranks)):
    print(f"wrong: no set traffic reported for {ranks} ranks")
    sys.exit(0)
n, edges = reference.read_graph(graph)
levels = collections.defaultdict(list)
for v, level in enumerate(reference.bfs_levels(n, edges, root)):
    if level > 0:
        levels[level].append(v)
bounds = [0]
for r in range(ranks):
    bounds.append(bounds[-1] + owned[r])
whole = 0
for members in levels.values():
    for r in range(ranks):
        mine = sum(bounds[r] <= v < bounds[r + 1] for v in members)
        part = owned[r] if 4 * len(members) > n else 4 * mine
        whole += part * (ranks - 1)
total = sum(sent.values())
if ranks > 1 and total >= whole:
    print(f"wrong: {total} set bytes by need, {whole} whole")
else:
    print("set bytes below whole")
