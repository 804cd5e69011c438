"""Calls export_state.gt's library from Python with ctypes: set_graph with a
graph it builds from an edge-list file, then do_pagerank_delta (no graph
argument: the library kept it) twice after setting the graph again, and
round_count; prints the ranks, one per line, for reference.py
pagerank_delta. With --unset it calls do_pagerank_delta and round_count
first, which must fail (status 1) naming the global they read; it prints
their errors and goes on.

usage: export_state.py LIBRARY GRAPH [--unset]
"""
import ctypes
import sys

from csr_graph import check, declare_runtime, graph_from_csr

library, path = sys.argv[1], sys.argv[2]
lib = ctypes.CDLL(library)
declare_runtime(lib)
lib.do_pagerank_delta.argtypes = [ctypes.c_void_p]
lib.round_count.argtypes = [ctypes.c_void_p]
lib.set_graph.argtypes = [ctypes.c_void_p]
count = ctypes.c_int32()
if sys.argv[3:] == ["--unset"]:
    status = lib.do_pagerank_delta((ctypes.c_double * 1)())
    print(f"do_pagerank_delta: status {status}: {lib.graphrt_last_error().decode()}")
    status = lib.round_count(ctypes.byref(count))
    print(f"round_count: status {status}: {lib.graphrt_last_error().decode()}")

graph, n, _ = graph_from_csr(lib, path, weighted=False)
ranks = (ctypes.c_double * n)()
check(lib, lib.set_graph(graph), "set_graph")
check(lib, lib.do_pagerank_delta(ranks), "do_pagerank_delta")
check(lib, lib.round_count(ctypes.byref(count)), "round_count")
assert count.value == 10, count.value
# Running again from a fresh state gives the same ranks.
check(lib, lib.set_graph(graph), "set_graph")
again = (ctypes.c_double * n)()
check(lib, lib.do_pagerank_delta(again), "do_pagerank_delta")
assert list(again) == list(ranks)
check(lib, lib.round_count(ctypes.byref(count)), "round_count")
assert count.value == 10, count.value
for rank in ranks:
    print(f"{rank:.9g}")
