#!/usr/bin/env python3
"""Independent reference answers for the integration tests.

Shares no code with the compiler or its runtime: it reads the graph file
itself and computes each algorithm in the plainest way, then compares a
program's output (one value per line, vertex order) against it.

usage: reference.py ALGORITHM GRAPH OUTPUT [ROOT]
  ALGORITHM: pagerank | bfs | sssp | cc
Exits 1 with a message naming the first wrong vertex.
"""
import collections
import heapq
import sys


def read_graph(path):
    edges = []
    for line in open(path):
        fields = line.split()
        if not fields or fields[0][0] in "#%":
            continue
        weight = int(fields[2]) if len(fields) > 2 else 1
        edges.append((int(fields[0]), int(fields[1]), weight))
    n = 1 + max(max(s, d) for s, d, _ in edges)
    return n, edges


def pagerank(n, edges, iterations=20, damping=0.85):
    out_degree = [0] * n
    for s, _, _ in edges:
        out_degree[s] += 1
    rank = [1.0 / n] * n
    for _ in range(iterations):
        incoming = [0.0] * n
        for s, d, _ in edges:
            incoming[d] += rank[s] / out_degree[s]
        rank = [(1 - damping) / n + damping * x for x in incoming]
    return rank


def bfs_levels(n, edges, root):
    adjacency = collections.defaultdict(list)
    for s, d, _ in edges:
        adjacency[s].append(d)
    level = [-1] * n
    level[root] = 0
    queue = collections.deque([root])
    while queue:
        u = queue.popleft()
        for v in adjacency[u]:
            if level[v] < 0:
                level[v] = level[u] + 1
                queue.append(v)
    return level


def dijkstra(n, edges, root):
    adjacency = collections.defaultdict(list)
    for s, d, w in edges:
        adjacency[s].append((d, w))
    unreachable = 2147483647
    dist = [unreachable] * n
    dist[root] = 0
    heap = [(0, root)]
    while heap:
        du, u = heapq.heappop(heap)
        if du > dist[u]:
            continue
        for v, w in adjacency[u]:
            if du + w < dist[v]:
                dist[v] = du + w
                heapq.heappush(heap, (dist[v], v))
    return dist


def min_reaching_label(n, edges):
    """Label propagation's fixpoint: the smallest id that reaches v."""
    adjacency = collections.defaultdict(list)
    for s, d, _ in edges:
        adjacency[s].append(d)
    label = [-1] * n
    for u in range(n):
        seen = {u}
        stack = [u]
        while stack:
            x = stack.pop()
            if label[x] < 0:
                label[x] = u
            for y in adjacency[x]:
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
    return label


def fail(message):
    print("reference mismatch: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    algorithm, graph_path, output_path = sys.argv[1:4]
    root = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    n, edges = read_graph(graph_path)
    lines = open(output_path).read().split()
    if len(lines) != n:
        fail(f"{len(lines)} values printed for {n} vertices")

    if algorithm == "pagerank":
        for v, (got, want) in enumerate(zip(map(float, lines), pagerank(n, edges))):
            # Values are printed with 6 significant digits.
            if abs(got - want) > 1e-6 * abs(want) + 5e-6 * abs(want) + 1e-12:
                fail(f"vertex {v}: rank {got}, expected {want}")
    elif algorithm == "bfs":
        level = bfs_levels(n, edges, root)
        edge_set = {(s, d) for s, d, _ in edges}
        parent = list(map(int, lines))
        for v in range(n):
            p = parent[v]
            if level[v] < 0:
                if p != -1:
                    fail(f"vertex {v} is unreachable but has parent {p}")
            elif v == root:
                if p != root:
                    fail(f"root {root} has parent {p}")
            elif not (0 <= p < n and (p, v) in edge_set and level[p] == level[v] - 1):
                fail(f"vertex {v}: parent {p} is not one level closer by an edge")
    elif algorithm in ("sssp", "cc"):
        want = dijkstra(n, edges, root) if algorithm == "sssp" else min_reaching_label(n, edges)
        for v, (got, expected) in enumerate(zip(map(int, lines), want)):
            if got != expected:
                fail(f"vertex {v}: {got}, expected {expected}")
    else:
        fail("unknown algorithm " + algorithm)


if __name__ == "__main__":
    main()
