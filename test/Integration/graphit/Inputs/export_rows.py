"""Calls export_rows.gt's add_steps from Python with ctypes on the graph in
an edge-list file, with rows[v] = (v, 2v, 3v) and steps (0.5, 1.25, 2), and
checks every output row against rows[v] + in-degree(v) * steps computed
here, and multiples(7) against its table; prints the number of rows
checked.

usage: export_rows.py LIBRARY GRAPH
"""
import ctypes
import sys

from csr_graph import check, graph_from_csr

library, path = sys.argv[1], sys.argv[2]
lib = ctypes.CDLL(library)
lib.add_steps.argtypes = [ctypes.c_void_p] + [ctypes.c_void_p] * 3
graph, n, edges = graph_from_csr(lib, path, weighted=False)
in_degree = [0] * n
for _, d in edges:
    in_degree[d] += 1
steps = (0.5, 1.25, 2.0)
rows = (ctypes.c_float * (3 * n))(*[v * (k + 1) for v in range(n) for k in range(3)])
output = (ctypes.c_float * (3 * n))()
check(lib, lib.add_steps(graph, rows, (ctypes.c_float * 3)(*steps), output),
      "add_steps")
check(lib, lib.graphrt_graph_free(graph), "graphrt_graph_free")
for v in range(n):
    for k in range(3):
        want = v * (k + 1) + in_degree[v] * steps[k]
        got = output[3 * v + k]
        if abs(got - want) > 1e-6 * max(1.0, abs(want)):
            sys.exit(f"row {v}, column {k}: got {got}, want {want}")
table = (ctypes.c_int32 * 6)()
lib.multiples.argtypes = [ctypes.c_int32, ctypes.c_void_p]
check(lib, lib.multiples(7, table), "multiples")
want = [7 * (i + 1) * (j + 1) for i in range(3) for j in range(2)]
if list(table) != want:
    sys.exit(f"multiples(7): got {list(table)}, want {want}")
print(n, "rows")
