"""Calls export_sssp.gt's functions from Python with ctypes: reads the .wel
file itself, builds CSR arrays, passes them with graphrt_graph_from_csr,
and prints the distances one per line. The program multiplies every finite
distance by SCALE: each must be a multiple of it, printed divided by it.

usage: export_driver.py LIBRARY GRAPH SOURCE SCALE
"""
import ctypes
import sys

from csr_graph import check, graph_from_csr

library, path, source, scale = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
lib = ctypes.CDLL(library)
lib.vertex_count.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
lib.shortest_paths.argtypes = [ctypes.c_void_p, ctypes.c_int32,
                               ctypes.c_void_p, ctypes.c_void_p]
graph, n, _ = graph_from_csr(lib, path, weighted=True)
count = ctypes.c_int32()
check(lib, lib.vertex_count(graph, ctypes.byref(count)), "vertex_count")
assert count.value == n
distances = (ctypes.c_int32 * n)()
check(lib, lib.shortest_paths(graph, source, (ctypes.c_int32 * 1)(scale),
                              distances), "shortest_paths")
check(lib, lib.graphrt_graph_free(graph), "graphrt_graph_free")
for d in distances:
    if d != 2147483647:
        assert d % scale == 0, f"distance {d} is not scaled by {scale}"
        d //= scale
    print(d)
