"""Calls export_state.gt's library from Python with ctypes: set_graph with a
graph it builds from an edge-list file, then do_pagerank_delta (no graph
argument: the library kept it) twice after setting the graph again, and
round_count; prints the ranks, one per line, for reference.py
pagerank_delta. With --unset it calls do_pagerank_delta first, which must
stop the process with one line.

usage: export_state.py LIBRARY GRAPH [--unset]
"""
import ctypes
import sys

library, path = sys.argv[1], sys.argv[2]
lib = ctypes.CDLL(library)
lib.do_pagerank_delta.argtypes = [ctypes.c_void_p]
if sys.argv[3:] == ["--unset"]:
    lib.do_pagerank_delta((ctypes.c_double * 1)())
    sys.exit("do_pagerank_delta ran without a graph")

edges = []
for line in open(path):
    fields = line.split()
    if fields and fields[0][0] not in "#%":
        edges.append((int(fields[0]), int(fields[1])))
n = 1 + max(max(e) for e in edges)
edges.sort()
offsets = [0] * (n + 1)
for s, _ in edges:
    offsets[s + 1] += 1
for v in range(n):
    offsets[v + 1] += offsets[v]
lib.graphrt_graph_from_csr.restype = ctypes.c_void_p
lib.graphrt_graph_from_csr.argtypes = [ctypes.c_int64, ctypes.c_void_p,
                                       ctypes.c_void_p, ctypes.c_void_p]
lib.set_graph.argtypes = [ctypes.c_void_p]
lib.round_count.restype = ctypes.c_int32
graph = lib.graphrt_graph_from_csr(
    n, (ctypes.c_int64 * (n + 1))(*offsets),
    (ctypes.c_int32 * len(edges))(*[d for _, d in edges]), None)
ranks = (ctypes.c_double * n)()
lib.set_graph(graph)
lib.do_pagerank_delta(ranks)
assert lib.round_count() == 10, lib.round_count()
# Running again from a fresh state gives the same ranks.
lib.set_graph(graph)
again = (ctypes.c_double * n)()
lib.do_pagerank_delta(again)
assert list(again) == list(ranks)
assert lib.round_count() == 10, lib.round_count()
for rank in ranks:
    print(f"{rank:.9g}")
