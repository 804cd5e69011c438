"""Reads an edge-list file (.el, or .wel with weights) into the CSR arrays
graphrt_graph_from_csr takes, for the ctypes callers of export functions."""
import ctypes


def read_csr(path, weighted):
    """Returns (n, edges, offsets, neighbors, weights): edges as sorted
    (src, dst[, weight]) tuples, the arrays as ctypes arrays (weights None
    when unweighted)."""
    edges = []
    for line in open(path):
        fields = line.split()
        if fields and fields[0][0] not in "#%":
            edges.append(tuple(int(f) for f in fields[:3 if weighted else 2]))
    n = 1 + max(max(e[0], e[1]) for e in edges)
    edges.sort()
    offsets = [0] * (n + 1)
    for e in edges:
        offsets[e[0] + 1] += 1
    for v in range(n):
        offsets[v + 1] += offsets[v]
    weights = None
    if weighted:
        weights = (ctypes.c_int32 * len(edges))(*[e[2] for e in edges])
    return (n, edges, (ctypes.c_int64 * (n + 1))(*offsets),
            (ctypes.c_int32 * len(edges))(*[e[1] for e in edges]), weights)


def declare_runtime(lib):
    """Declares the libgraphrt functions an export library's header does."""
    lib.graphrt_graph_from_csr.restype = ctypes.c_void_p
    lib.graphrt_graph_from_csr.argtypes = [ctypes.c_int64, ctypes.c_void_p,
                                           ctypes.c_void_p, ctypes.c_void_p]
    lib.graphrt_load.restype = ctypes.c_void_p
    lib.graphrt_load.argtypes = [ctypes.c_char_p, ctypes.c_int32,
                                 ctypes.c_int32]
    lib.graphrt_num_vertices.restype = ctypes.c_int64
    lib.graphrt_num_vertices.argtypes = [ctypes.c_void_p]
    lib.graphrt_graph_free.restype = ctypes.c_int32
    lib.graphrt_graph_free.argtypes = [ctypes.c_void_p]
    lib.graphrt_last_error.restype = ctypes.c_char_p
    lib.graphrt_last_error.argtypes = []


def check(lib, status, call):
    """Raises with graphrt_last_error() when an export call failed."""
    if status != 0:
        raise RuntimeError(f"{call}: {lib.graphrt_last_error().decode()}")


def graph_from_csr(lib, path, weighted):
    """A graphrt_graph of the file's edges made through `lib`; returns
    (graph, n, edges)."""
    declare_runtime(lib)
    n, edges, offsets, neighbors, weights = read_csr(path, weighted)
    graph = lib.graphrt_graph_from_csr(n, offsets, neighbors, weights)
    if not graph:
        raise RuntimeError(lib.graphrt_last_error().decode())
    return graph, n, edges
