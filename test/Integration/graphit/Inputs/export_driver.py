"""Calls export_sssp.gt's functions from Python with ctypes: reads the .wel
file itself, builds CSR arrays, passes them with graphrt_graph_from_csr,
and prints the distances one per line. The program multiplies every finite
distance by SCALE: each must be a multiple of it, printed divided by it.

usage: export_driver.py LIBRARY GRAPH SOURCE SCALE
"""
import ctypes
import sys

library, path, source, scale = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
edges = []
for line in open(path):
    fields = line.split()
    if fields and fields[0][0] not in "#%":
        edges.append((int(fields[0]), int(fields[1]), int(fields[2])))
n = 1 + max(max(s, d) for s, d, _ in edges)
edges.sort()
offsets = [0] * (n + 1)
for s, _, _ in edges:
    offsets[s + 1] += 1
for v in range(n):
    offsets[v + 1] += offsets[v]

lib = ctypes.CDLL(library)
lib.graphrt_graph_from_csr.restype = ctypes.c_void_p
lib.graphrt_graph_from_csr.argtypes = [ctypes.c_int64, ctypes.c_void_p,
                                       ctypes.c_void_p, ctypes.c_void_p]
lib.graphrt_graph_free.argtypes = [ctypes.c_void_p]
lib.vertex_count.argtypes = [ctypes.c_void_p]
lib.vertex_count.restype = ctypes.c_int32
lib.shortest_paths.argtypes = [ctypes.c_void_p, ctypes.c_int32,
                               ctypes.c_void_p, ctypes.c_void_p]
graph = lib.graphrt_graph_from_csr(
    n, (ctypes.c_int64 * (n + 1))(*offsets),
    (ctypes.c_int32 * len(edges))(*[d for _, d, _ in edges]),
    (ctypes.c_int32 * len(edges))(*[w for _, _, w in edges]))
assert lib.vertex_count(graph) == n
distances = (ctypes.c_int32 * n)()
lib.shortest_paths(graph, source, (ctypes.c_int32 * 1)(scale), distances)
lib.graphrt_graph_free(graph)
for d in distances:
    if d != 2147483647:
        assert d % scale == 0, f"distance {d} is not scaled by {scale}"
        d //= scale
    print(d)
