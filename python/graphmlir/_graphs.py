"""Graphs in libgraphrt, made from scipy sparse matrices, networkx graphs,
CSR arrays or files."""
import ctypes
import os
import weakref

import numpy as np

from ._errors import GraphError, WeightError

_INT32 = np.iinfo(np.int32)

# How a program's edge weight type (the export description's "weights": an
# MLIR type) is stored: the numpy dtype, the libgraphrt constructor from CSR
# arrays and graphrt_load's weight type. f32 and f64 are stored as such,
# integer weights as int32.
_WEIGHT_STORAGE = {
    "f32": (np.float32, "from_csr_f32", 2),
    "f64": (np.float64, "from_csr_f64", 3),
}
_INT_STORAGE = (np.int32, "from_csr", 1)


def weight_storage(weights):
    """(dtype, constructor attribute, load code) of a program's weight type
    (None: unweighted, then (None, "from_csr", 0))."""
    if weights is None:
        return None, "from_csr", 0
    return _WEIGHT_STORAGE.get(weights, _INT_STORAGE)


class Runtime:
    """libgraphrt's client functions, reached through a loaded export
    library (loading one makes them return errors instead of exiting)."""

    def __init__(self, lib):
        for name in ("from_csr", "from_csr_f32", "from_csr_f64"):
            function = getattr(lib, "graphrt_graph_" + name)
            function.restype = ctypes.c_void_p
            function.argtypes = [ctypes.c_int64, ctypes.c_void_p,
                                 ctypes.c_void_p, ctypes.c_void_p]
            setattr(self, name, function)
        self.load = lib.graphrt_load
        self.load.restype = ctypes.c_void_p
        self.load.argtypes = [ctypes.c_char_p, ctypes.c_int32, ctypes.c_int32]
        self.num_vertices = lib.graphrt_num_vertices
        self.num_vertices.restype = ctypes.c_int64
        self.num_vertices.argtypes = [ctypes.c_void_p]
        self.num_edges = lib.graphrt_num_edges
        self.num_edges.restype = ctypes.c_int64
        self.num_edges.argtypes = [ctypes.c_void_p]
        self.free = lib.graphrt_graph_free
        self.free.restype = ctypes.c_int32
        self.free.argtypes = [ctypes.c_void_p]
        self.last_error = lib.graphrt_last_error
        self.last_error.restype = ctypes.c_char_p
        self.last_error.argtypes = []

    def error(self):
        """The GraphError of the call that just failed."""
        return GraphError(self.last_error().decode(errors="replace"))


def _free(runtime, handle):
    runtime.free(handle)


class Graph:
    """A graph held by libgraphrt (Module.graph makes one). Export functions
    take it as a graph argument without converting it again. It is freed by
    close(), at the end of a ``with`` block, or when it is garbage
    collected."""

    def __init__(self, runtime, handle):
        self._runtime = runtime
        self._handle = handle
        self._finalizer = weakref.finalize(self, _free, runtime, handle)

    @property
    def handle(self):
        """The graphrt_graph pointer (an int); ValueError once closed."""
        if not self._finalizer.alive:
            raise ValueError("the graph was closed")
        return self._handle

    @property
    def num_vertices(self):
        return self._runtime.num_vertices(self.handle)

    @property
    def num_edges(self):
        """Stored directed edges (an undirected edge counts twice)."""
        return self._runtime.num_edges(self.handle)

    @property
    def closed(self):
        return not self._finalizer.alive

    def close(self):
        """Frees the graph (again: nothing)."""
        self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        if self.closed:
            return "<graphmlir.Graph (closed)>"
        return (f"<graphmlir.Graph {self.num_vertices} vertices, "
                f"{self.num_edges} edges>")


def _python_integers(array):
    """Whether array holds Python ints only: numpy keeps integers beyond
    int64 as objects."""
    return array.dtype == object and array.size and all(
        isinstance(x, int) and not isinstance(x, bool) for x in array.flat)


def _integers(name, values, dtype):
    """values as a 1-D C-contiguous array of the integer dtype; ValueError
    for other shapes and for values that are not integers of its range."""
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {array.shape}")
    if array.dtype == dtype:
        return np.ascontiguousarray(array)
    info = np.iinfo(dtype)
    if _python_integers(array):
        raise ValueError(f"{name} has values outside {dtype.__name__} "
                         f"[{info.min}, {info.max}]")
    if array.size and array.dtype.kind not in "biuf":
        raise ValueError(f"{name} must be numbers, got {array.dtype}")
    if array.size and array.dtype.kind == "f" and not np.all(
            np.isfinite(array) & (array == np.round(array))):
        raise ValueError(f"{name} must be integers (libgraphrt takes "
                         f"{dtype.__name__}), found a fractional, NaN or "
                         "infinite value")
    if array.size and (array.min() < info.min or array.max() > info.max):
        raise ValueError(f"{name} has values outside {dtype.__name__} "
                         f"[{info.min}, {info.max}]")
    return np.ascontiguousarray(array, dtype=dtype)


def _weights(values, dtype):
    """Edge weights as a 1-D C-contiguous array of dtype: int32 (a
    fractional value is a WeightError), float32 or float64 (every value
    finite)."""
    if dtype == np.int32:
        try:
            return _integers("edge weights", values, np.int32)
        except ValueError as error:
            if "must be integers" not in str(error):
                raise
            raise WeightError(f"{error}; the program's edge weights are int "
                              "(declare them float or double in the "
                              "edgeset for fractional weights)") from None
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"edge weights must be 1-D, got shape {array.shape}")
    not_finite = WeightError("edge weights must be finite, found a NaN or "
                             "an infinity (or a value beyond "
                             f"{dtype.__name__})")
    if _python_integers(array):
        try:
            array = array.astype(np.float64)
        except OverflowError:
            raise not_finite from None
    if array.size and array.dtype.kind not in "biuf":
        raise ValueError(f"edge weights must be numbers, got {array.dtype}")
    array = np.ascontiguousarray(array, dtype=dtype)
    if array.size and not np.all(np.isfinite(array)):
        raise not_finite
    return array


def _from_sparse(matrix, weighted):
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError("a sparse matrix graph must be square (n x n, "
                         f"entry (u, v) the edge u -> v), got {matrix.shape}")
    csr = matrix.tocsr()
    return (matrix.shape[0], csr.indptr, csr.indices,
            csr.data if weighted else None)


def _is_networkx(obj):
    return type(obj).__module__.startswith("networkx.") and hasattr(obj,
                                                                    "adj")


def _from_networkx(graph, weighted, weight):
    """Vertex i is the i-th node of list(graph); an undirected edge is one
    edge each way; a multigraph keeps its parallel edges; an edge without
    the weight attribute weighs 1."""
    index = {node: i for i, node in enumerate(graph)}
    offsets = np.zeros(len(index) + 1, dtype=np.int64)
    neighbors, weights = [], []
    multi = graph.is_multigraph()
    for i, node in enumerate(graph):
        for other, data in graph.adj[node].items():
            for attrs in (data.values() if multi else (data,)):
                neighbors.append(index[other])
                if weighted:
                    weights.append(attrs.get(weight, 1) if weight else 1)
        offsets[i + 1] = len(neighbors)
    return (len(index), offsets, np.asarray(neighbors, dtype=np.int64),
            np.asarray(weights) if weighted else None)


def _csr(obj, weighted, weight):
    """(n, offsets, neighbors, weights or None) of a graph-like object."""
    if isinstance(obj, tuple) and len(obj) in (2, 3):
        offsets = _integers("offsets", obj[0], np.int64)
        if offsets.size == 0:
            raise ValueError("offsets must have n + 1 entries (at least 1)")
        return (offsets.size - 1, offsets, obj[1],
                obj[2] if weighted and len(obj) == 3 else None)
    if hasattr(obj, "tocsr") and hasattr(obj, "shape"):  # scipy.sparse
        return _from_sparse(obj, weighted)
    if _is_networkx(obj):
        return _from_networkx(obj, weighted, weight)
    raise TypeError(
        "a graph is a graphmlir.Graph, a scipy.sparse matrix, a networkx "
        "graph, a tuple (offsets, neighbors[, weights]) of arrays or a file "
        f"path, not {type(obj).__name__}")


def make_graph(runtime, obj, weight_type, weight="weight"):
    """A new Graph of obj (see Module.graph); weights are read only when
    ``weight_type``, the program's edge weight type (an MLIR type: "i32",
    "f32", "f64"...), is not None, and stored as weight_storage says."""
    dtype, constructor, load_code = weight_storage(weight_type)
    weighted = weight_type is not None
    if isinstance(obj, (str, os.PathLike)):
        path = os.fsencode(obj)
        # C reads the path up to its first NUL: it would load another file.
        if b"\0" in path:
            raise ValueError(f"graph file path {os.fsdecode(path)!r} "
                             "contains a NUL character")
        handle = runtime.load(path, load_code, 0)
        if not handle:
            raise runtime.error()
        return Graph(runtime, handle)
    n, offsets, neighbors, weights = _csr(obj, weighted, weight)
    offsets = _integers("offsets", offsets, np.int64)
    neighbors = _integers("neighbors", neighbors, np.int32)
    # libgraphrt reads offsets[n] neighbors and weights: the lengths must
    # agree before it is called (it checks the rest: offsets from 0, never
    # decreasing, neighbors in range).
    if neighbors.size != offsets[-1]:
        raise ValueError(f"neighbors has {neighbors.size} entries but "
                         f"offsets[-1] is {offsets[-1]}")
    if weights is not None:
        weights = _weights(weights, dtype)
        if weights.size != neighbors.size:
            raise ValueError(f"weights has {weights.size} entries, neighbors "
                             f"{neighbors.size}")
    handle = getattr(runtime, constructor)(
        n, offsets.ctypes.data, neighbors.ctypes.data if neighbors.size else
        None, None if weights is None else weights.ctypes.data)
    if not handle:
        raise runtime.error()
    return Graph(runtime, handle)
