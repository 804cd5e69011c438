#!/usr/bin/env python3
"""Independent reference answers for the integration tests.

Shares no code with the compiler or its runtime: it reads the graph file
itself and computes each algorithm in the plainest way, then compares a
program's output (one value per line, vertex order) against it.

usage: reference.py ALGORITHM GRAPH OUTPUT... [--root R] [--target T]
  ALGORITHM: pagerank | pagerank_gauss_seidel | pagerank_converged |
             pagerank_delta | bfs | bfs_depth | sssp | sssp_real |
             cc | cf | bc | tc | weighted_spread |
             reach_stats | bc_sources (--root K: sources 0 .. K - 1) |
             bc_range (sources R .. R + T - 1) |
             ppsp (the one distance from R to T) | kcore |
             components (weakly connected: each vertex's smallest
             connected id) | neighbor_degrees (each vertex's sum of its
             in-neighbours' out-degrees, one per edge)
pagerank_gauss_seidel updates each vertex's contribution in place, in id
order (bench/gap/pr.gt with configApplyEpilogue("s1", "in-place"), run
serially); pagerank_converged is PageRank after 200 iterations, which a
threaded in-place run must match within 0.5%.
sssp and ppsp use Bellman-Ford when some weight is negative (Dijkstra
otherwise). sssp_real is sssp of a program with float or double weights:
distances compare within close()'s tolerance, and an unreachable vertex
must print a value of at least 1e30 (the programs' "infinity"). Weights are
read as integers when they are written as such, else as reals; .mtx files
are Matrix Market coordinate matrices (entry (i, j) the edge i-1 -> j-1; a
symmetric one adds j-1 -> i-1; a pattern one weighs 1).
The algorithms and their parameters are those of examples/*.gt (the graph IR
programs under test/Integration/Inputs compute the same); weighted_spread
is test/Integration/Inputs/weighted_spread.gt; reach_stats is
test/Integration/graphit/Inputs/reach_stats.gt, neighbor_degrees
test/Integration/distributed/Inputs/neighbor_degrees.gt, bc_sources
test/Integration/graphit/Inputs/bc_sources.gt; components and bc_range
check the GAP programs bench/gap/cc.gt and bench/gap/bc.gt. Every OUTPUT is
checked against one computation (bfs_depth: each vertex's level, -1 when
unreachable; examples/bfs_depth.gt); exits 1 with a message naming each wrong
output and its first wrong vertex.
"""
import argparse
import collections
import heapq
import struct
import sys


def read_serialized(path):
    """GAPBS's binary .sg/.wsg: directed flag, edge and vertex counts, then
    the out-offsets and out-neighbours (with weights in .wsg); the in-edges
    a directed file adds after them are the same edges reversed."""
    data = open(path, "rb").read()
    _, m, n = struct.unpack_from("<?qq", data, 0)
    offsets = struct.unpack_from("<%dq" % (n + 1), data, 17)
    at = 17 + 8 * (n + 1)
    weighted = path.endswith(".wsg")
    entries = struct.unpack_from("<%di" % (m * (2 if weighted else 1)), data, at)
    edges = []
    for u in range(n):
        for k in range(offsets[u], offsets[u + 1]):
            if weighted:
                edges.append((u, entries[2 * k], entries[2 * k + 1]))
            else:
                edges.append((u, entries[k], 1))
    return n, edges


def number(text):
    try:
        return int(text)
    except ValueError:
        return float(text)


def read_matrix_market(path):
    lines = open(path).read().splitlines()
    banner = lines[0].lower().split()
    symmetric = banner[4] == "symmetric"
    body = [line.split() for line in lines[1:]
            if line.strip() and not line.lstrip().startswith("%")]
    rows, cols, _ = map(int, body[0])
    edges = []
    for fields in body[1:]:
        u, v = int(fields[0]) - 1, int(fields[1]) - 1
        weight = number(fields[2]) if len(fields) > 2 else 1
        edges.append((u, v, weight))
        if symmetric and u != v:
            edges.append((v, u, weight))
    return max(rows, cols), edges


def read_graph(path):
    if path.endswith(".sg") or path.endswith(".wsg"):
        return read_serialized(path)
    if path.endswith(".mtx"):
        return read_matrix_market(path)
    edges = []
    for line in open(path):
        fields = line.split()
        if not fields or fields[0][0] in "#%":
            continue
        weight = number(fields[2]) if len(fields) > 2 else 1
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


def pagerank_gauss_seidel(n, edges, iterations=20, damping=0.85):
    """PageRank with each vertex's contribution updated in place as soon as
    its rank is (Gauss-Seidel, GAPBS's PageRankPullGS), vertices in id
    order: bench/gap/pr.gt under configApplyEpilogue("s1", "in-place"),
    run serially."""
    out_degree = [0] * n
    in_edges = [[] for _ in range(n)]
    for s, d, _ in edges:
        out_degree[s] += 1
        in_edges[d].append(s)
    rank = [1.0 / n] * n
    contrib = [rank[v] / out_degree[v] if out_degree[v] else 0.0
               for v in range(n)]
    for _ in range(iterations):
        for v in range(n):
            rank[v] = (1 - damping) / n + damping * sum(contrib[s] for s in in_edges[v])
            contrib[v] = rank[v] / out_degree[v] if out_degree[v] else 0.0
    return rank


def pagerank_delta(n, edges, rounds=10, damping=0.85, epsilon=0.1):
    """Only vertices whose rank moved by more than epsilon of itself push
    their change in the next round."""
    out_degree = [0] * n
    for s, _, _ in edges:
        out_degree[s] += 1
    rank = [0.0] * n
    delta = [1.0 / n] * n
    active = [True] * n
    for i in range(1, rounds + 1):
        incoming = [0.0] * n
        for s, d, _ in edges:
            if active[s]:
                incoming[d] += delta[s] / out_degree[s]
        for v in range(n):
            delta[v] = damping * incoming[v]
            if i == 1:
                # The first round adds the teleport term and measures the
                # change against the initial rank 1/n.
                delta[v] += (1 - damping) / n
                rank[v] += delta[v]
                delta[v] -= 1.0 / n
            else:
                rank[v] += delta[v]
            margin = abs(delta[v]) - epsilon * rank[v]
            # A float-rounding difference could flip a vertex this close to
            # the threshold; such a graph cannot test the program reliably.
            if abs(margin) <= 1e-9 * rank[v]:
                fail(f"vertex {v} is within rounding of the activity "
                     f"threshold in round {i}; use another graph")
            active[v] = margin > 0
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


def dijkstra(n, edges, root, unreachable=2147483647):
    adjacency = collections.defaultdict(list)
    for s, d, w in edges:
        adjacency[s].append((d, w))
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


def bellman_ford(n, edges, root, unreachable=2147483647):
    """Shortest distances with negative weights: n - 1 rounds relaxing every
    edge; one more round that still improves means a negative cycle
    reachable from the root, which has no answer."""
    dist = [unreachable] * n
    dist[root] = 0
    for _ in range(n):
        changed = False
        for s, d, w in edges:
            if dist[s] != unreachable and dist[s] + w < dist[d]:
                dist[d] = dist[s] + w
                changed = True
        if not changed:
            return dist
    fail("negative cycle reachable from vertex %d: no shortest distances" % root)


def shortest(n, edges, root, unreachable=2147483647):
    if any(w < 0 for _, _, w in edges):
        return bellman_ford(n, edges, root, unreachable)
    return dijkstra(n, edges, root, unreachable)


def weighted_spread(n, edges, rounds=3):
    """Every vertex starts at 1; each round gives a vertex the sum of its
    in-edges' source values times their weights."""
    value = [1.0] * n
    for _ in range(rounds):
        total = [0.0] * n
        for s, d, w in edges:
            total[d] += value[s] * w
        value = total
    return value


def peel(n, edges):
    """examples/kcore.gt's degrees: D starts as the out-degree; for k = 0, 1,
    ... every vertex left with D == k is removed, each of its out-edges
    lowering the destination's D by one but not below k, until none is
    left at k."""
    adjacency = collections.defaultdict(list)
    degree = [0] * n
    for s, d, _ in edges:
        adjacency[s].append(d)
        degree[s] += 1
    removed = [False] * n
    left = n
    k = 0
    while left:
        frontier = [v for v in range(n) if not removed[v] and degree[v] == k]
        if not frontier:
            k = min(degree[v] for v in range(n) if not removed[v])
            continue
        for v in frontier:
            removed[v] = True
        left -= len(frontier)
        for u in frontier:
            for w in adjacency[u]:
                if degree[w] > k:
                    degree[w] -= 1
    return degree


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


def weak_components(n, edges):
    """Each vertex's smallest weakly connected vertex (edge directions
    ignored), by breadth-first search over both directions."""
    neighbours = [[] for _ in range(n)]
    for s, d, _ in edges:
        neighbours[s].append(d)
        neighbours[d].append(s)
    label = [-1] * n
    for start in range(n):
        if label[start] >= 0:
            continue
        label[start] = start
        queue = [start]
        for v in queue:
            for u in neighbours[v]:
                if label[u] < 0:
                    label[u] = start
                    queue.append(u)
    return label


def factorize(n, edges, iterations=10, k=20, step=0.001, decay=0.001):
    """Gradient descent on the squared rating error: each round, every edge
    (s, d, rating) adds latent[s] * (rating - latent[s] . latent[d]) to d's
    gradient, then every vertex takes one step. Returns the first factors."""
    latent = [[0.5] * k for _ in range(n)]
    for _ in range(iterations):
        gradient = [[0.0] * k for _ in range(n)]
        for s, d, rating in edges:
            err = rating - sum(a * b for a, b in zip(latent[s], latent[d]))
            for i in range(k):
                gradient[d][i] += latent[s][i] * err
        for v in range(n):
            for i in range(k):
                latent[v][i] += step * (-decay * latent[v][i] + gradient[v][i])
    return [row[0] for row in latent]


def brandes_dependences(n, edges, root):
    """Brandes' dependence of every vertex on root's shortest paths; parallel
    edges are distinct paths. The root's own entry counts the vertices it
    reaches."""
    adjacency = collections.defaultdict(list)
    for s, d, _ in edges:
        adjacency[s].append(d)
    paths = [0] * n
    level = [-1] * n
    paths[root] = 1
    level[root] = 0
    order = [root]
    queue = collections.deque([root])
    while queue:
        u = queue.popleft()
        for v in adjacency[u]:
            if level[v] < 0:
                level[v] = level[u] + 1
                order.append(v)
                queue.append(v)
            if level[v] == level[u] + 1:
                paths[v] += paths[u]
    dependence = [0.0] * n
    for u in reversed(order):
        for v in adjacency[u]:
            if level[v] == level[u] + 1:
                dependence[u] += paths[u] / paths[v] * (1 + dependence[v])
    return dependence


def triangles(n, edges):
    """Triangles of a simple symmetric graph; self loops are ignored."""
    neighbors = [set() for _ in range(n)]
    seen = set()
    for s, d, _ in edges:
        if s == d:
            continue
        if (s, d) in seen:
            fail(f"edge {s} {d} is listed twice; tc needs a simple graph")
        seen.add((s, d))
        neighbors[s].add(d)
    for s, d in seen:
        if (d, s) not in seen:
            fail(f"edge {s} {d} has no reverse; tc needs a symmetric graph")
    return sum(1 for u in range(n) for v in neighbors[u] if v > u
               for w in neighbors[v] if w > v and w in neighbors[u])


def reach_stats(n, edges, root):
    """Deepest, smallest and summed BFS level (unreached: -1), the root's
    harmonic centrality, and the largest out-degree."""
    level = bfs_levels(n, edges, root)
    harmonic = sum(1.0 / d for d in level if d > 0)
    degree = collections.Counter(s for s, _, _ in edges)
    return [max(level), min(level), sum(level), harmonic,
            max(degree.values(), default=0)]


def neighbor_degrees(n, edges):
    """Each vertex's sum, over its in-edges, of the source's out-degree."""
    degree = collections.Counter(s for s, _, _ in edges)
    total = [0] * n
    for s, d, _ in edges:
        total[d] += degree[s]
    return total


def close(got, want):
    """Equal within 1e-6 relative error plus the rounding of printing 6
    significant digits."""
    return abs(got - want) <= 1e-6 * abs(want) + 5e-6 * abs(want) + 1e-12


def fail(message):
    print("reference mismatch: " + message, file=sys.stderr)
    sys.exit(1)


def answer(algorithm, n, edges, root, target):
    if algorithm == "pagerank":
        return pagerank(n, edges)
    if algorithm == "pagerank_gauss_seidel":
        return pagerank_gauss_seidel(n, edges)
    if algorithm == "pagerank_converged":
        return pagerank(n, edges, iterations=200)
    if algorithm == "pagerank_delta":
        return pagerank_delta(n, edges)
    if algorithm == "cf":
        return factorize(n, edges)
    if algorithm == "weighted_spread":
        return weighted_spread(n, edges)
    if algorithm == "bc":
        return brandes_dependences(n, edges, root)
    if algorithm == "bc_sources":
        per_source = [brandes_dependences(n, edges, r) for r in range(root)]
        return [sum(d[v] for d in per_source) for v in range(n)]
    if algorithm == "bc_range":
        per_source = [brandes_dependences(n, edges, r) for r in range(root, root + target)]
        return [sum(d[v] for d in per_source) for v in range(n)]
    if algorithm == "bfs":
        return bfs_levels(n, edges, root), {(s, d) for s, d, _ in edges}
    if algorithm == "bfs_depth":
        return bfs_levels(n, edges, root)
    if algorithm == "sssp":
        return shortest(n, edges, root)
    if algorithm == "sssp_real":
        return shortest(n, edges, root, float("inf"))
    if algorithm == "ppsp":
        return shortest(n, edges, root)[target]
    if algorithm == "kcore":
        return peel(n, edges)
    if algorithm == "cc":
        return min_reaching_label(n, edges)
    if algorithm == "components":
        return weak_components(n, edges)
    if algorithm == "tc":
        return triangles(n, edges)
    if algorithm == "reach_stats":
        return reach_stats(n, edges, root)
    if algorithm == "neighbor_degrees":
        return neighbor_degrees(n, edges)
    fail("unknown algorithm " + algorithm)


def mismatch(algorithm, expected, lines, n, root):
    """What is wrong with one program's output, or None."""
    if algorithm in ("tc", "ppsp"):
        if lines != [str(expected)]:
            return f"printed {' '.join(lines)!r}, expected {expected}"
        return None
    if algorithm == "reach_stats":
        if len(lines) != len(expected):
            return f"{len(lines)} values printed, expected {len(expected)}"
        for i, (text, want) in enumerate(zip(lines, expected)):
            if not (close(float(text), want) if i == 3 else int(text) == want):
                return f"line {i + 1}: {text}, expected {want}"
        return None
    if len(lines) != n:
        return f"{len(lines)} values printed for {n} vertices"
    if algorithm == "bfs":
        level, edge_set = expected
        for v, p in enumerate(map(int, lines)):
            if level[v] < 0:
                if p != -1:
                    return f"vertex {v} is unreachable but has parent {p}"
            elif v == root:
                if p != root:
                    return f"root {root} has parent {p}"
            elif not (0 <= p < n and (p, v) in edge_set and level[p] == level[v] - 1):
                return f"vertex {v}: parent {p} is not one level closer by an edge"
        return None
    if algorithm == "sssp_real":
        for v, (text, want) in enumerate(zip(lines, expected)):
            got = float(text)
            if got != got or (got < 1e30 if want == float("inf")
                              else not close(got, want)):
                return f"vertex {v}: {text}, expected {want}"
        return None
    if algorithm == "pagerank_converged":
        # A parallel in-place PageRank's order is the threads': after 20
        # iterations it is near the fixed point, not at one exact value.
        for v, (text, want) in enumerate(zip(lines, expected)):
            if abs(float(text) - want) > 5e-3 * want:
                return f"vertex {v}: {text}, expected {want} within 0.5%"
        return None
    exact = algorithm in ("bfs_depth", "sssp", "cc", "kcore", "components",
                          "neighbor_degrees")
    for v, (text, want) in enumerate(zip(lines, expected)):
        got = int(text) if exact else float(text)
        if got != want if exact else not close(got, want):
            return f"vertex {v}: {text}, expected {want}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("algorithm")
    parser.add_argument("graph")
    parser.add_argument("outputs", nargs="+", metavar="output")
    parser.add_argument("--root", type=int, default=0)
    parser.add_argument("--target", type=int, default=0)
    args = parser.parse_args()
    n, edges = read_graph(args.graph)
    expected = answer(args.algorithm, n, edges, args.root, args.target)
    failed = False
    for path in args.outputs:
        problem = mismatch(args.algorithm, expected, open(path).read().split(), n, args.root)
        if problem:
            print(f"reference mismatch: {path}: {problem}", file=sys.stderr)
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
