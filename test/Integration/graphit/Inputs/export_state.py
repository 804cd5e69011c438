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

from csr_graph import graph_from_csr

library, path = sys.argv[1], sys.argv[2]
lib = ctypes.CDLL(library)
lib.do_pagerank_delta.argtypes = [ctypes.c_void_p]
if sys.argv[3:] == ["--unset"]:
    lib.do_pagerank_delta((ctypes.c_double * 1)())
    sys.exit("do_pagerank_delta ran without a graph")

lib.set_graph.argtypes = [ctypes.c_void_p]
lib.round_count.restype = ctypes.c_int32
graph, n, _ = graph_from_csr(lib, path, weighted=False)
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
