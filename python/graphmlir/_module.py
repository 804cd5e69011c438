"""A loaded export library: its export functions as Python callables, bound
from the description the library carries (graphit_exports_json)."""
import ctypes
import inspect
import json
import numbers
import operator
import os

import numpy as np

from ._graphs import Graph, Runtime, make_graph

# C types of numbers and array elements: ctypes type, numpy dtype, Python
# type.
_TYPES = {
    "bool": (ctypes.c_bool, np.bool_, bool),
    "int8_t": (ctypes.c_int8, np.int8, int),
    "int16_t": (ctypes.c_int16, np.int16, int),
    "int32_t": (ctypes.c_int32, np.int32, int),
    "int64_t": (ctypes.c_int64, np.int64, int),
    "float": (ctypes.c_float, np.float32, float),
    "double": (ctypes.c_double, np.float64, float),
}

_GRAPH_FORMS = ("a graphmlir.Graph, a scipy.sparse matrix, a networkx graph, "
                "a tuple (offsets, neighbors[, weights]) of arrays or a "
                "graph file path")


def _number(name, value, ctype):
    """value as the C number type, or TypeError/OverflowError."""
    c, _, python = _TYPES[ctype]
    if python is float:
        if not isinstance(value, numbers.Real):
            raise TypeError(f"argument '{name}' must be a number ({ctype}), "
                            f"got {type(value).__name__}")
        return float(value)
    if python is bool:
        if isinstance(value, (bool, np.bool_)) or value in (0, 1):
            return bool(value)
        raise TypeError(f"argument '{name}' must be a bool, got {value!r}")
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"argument '{name}' must be an integer "
                        f"({ctype}), got {type(value).__name__}") from None
    bits = 8 * ctypes.sizeof(c)
    if not -(1 << (bits - 1)) <= value < (1 << (bits - 1)):
        raise OverflowError(f"argument '{name}' = {value} does not fit in "
                            f"{ctype}")
    return value


def _array(name, value, dtype, shape):
    """value as a C-contiguous array of dtype and shape: value itself when
    it is one (the call then reads and writes it in place), else a copy.
    ValueError when it does not have the shape or its values do not fit."""
    if (isinstance(value, np.ndarray) and value.dtype == dtype
            and value.shape == shape and value.flags.c_contiguous
            and value.flags.writeable and value.flags.aligned):
        return value
    source = np.asarray(value)
    if source.shape != shape:
        raise ValueError(f"argument '{name}' must have shape {shape}, got "
                         f"{source.shape}")
    if source.dtype.kind not in "biuf":
        raise ValueError(f"argument '{name}' must be numbers, got "
                         f"{source.dtype}")
    array = np.array(source, dtype=dtype, order="C")
    # Floats may round; integers and bools must keep their values.
    if np.dtype(dtype).kind != "f" and not np.array_equal(array, source):
        raise ValueError(f"argument '{name}' has values that "
                         f"{np.dtype(dtype).name} does not hold")
    return array


class ExportFunction:
    """One export function of a compiled program, called with Python values
    (see its docstring)."""

    def __init__(self, module, description):
        self._module = module
        self._runtime = module._runtime
        self.name = description["name"]
        self._params = description["params"]
        self._result = description["result"]
        self._vertices = description["vertices"]
        self._keeps_graph = description["keeps_graph"]
        # The graphs the last call converted, when the program keeps them.
        self._kept = []
        if self._result is not None and self._result["kind"] != "scalar":
            raise TypeError(f"export function '{self.name}' returns a "
                            f"{self._result['kind']}, which graphmlir does "
                            "not bind")
        # The last parameter, when an array of a function without a number
        # result, may be left out: it is then allocated (the vector result
        # of a GraphIt export function).
        last = self._params[-1] if self._params else None
        self._out = (last if last and last["kind"] == "array"
                     and not self._result else None)
        self._c = getattr(module._lib, self.name)
        self._c.restype = ctypes.c_int
        self._c.argtypes = [
            _TYPES[p["type"]][0] if p["kind"] == "scalar" else
            ctypes.c_void_p for p in self._params] + (
                [ctypes.c_void_p] if self._result else [])
        self.__name__ = self.__qualname__ = self.name
        self.__signature__ = self._signature()
        self.__doc__ = self._docstring()

    def _signature(self):
        params = []
        for p in self._params:
            default = None if p is self._out else inspect.Parameter.empty
            annotation = {"graph": "GraphLike", "array": np.ndarray}.get(
                p["kind"]) or _TYPES[p["type"]][2]
            params.append(inspect.Parameter(
                p["name"], inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=default, annotation=annotation))
        returns = (_TYPES[self._result["type"]][2] if self._result else
                   np.ndarray if self._out else None)
        return inspect.Signature(params, return_annotation=returns)

    def _shape_text(self, p):
        if p["length"]:
            count = str(p["length"])
        elif "param" in self._vertices:
            count = f"one per vertex of '{self._vertices['param']}'"
        else:
            count = ("one per vertex of the graph an earlier call kept in "
                     f"'{self._vertices['global']}'")
        row = f", each a row of {p['row_length']}" if p["row_length"] else ""
        return (f"numpy array of {np.dtype(_TYPES[p['type']][1]).name} "
                f"({p['type']}): {count}{row}")

    def _docstring(self):
        lines = [f"{self.name}{self.__signature__}", "",
                 f"Export function '{self.name}' of {self._module.name}.", ""]
        for p in self._params:
            if p["kind"] == "graph":
                weights = (f"weighted ({p['weights']} weights)"
                           if p["weights"] else "unweighted")
                text = f"the graph, {weights}: {_GRAPH_FORMS}"
            elif p["kind"] == "scalar":
                text = f"{_TYPES[p['type']][2].__name__} ({p['type']})"
            else:
                text = self._shape_text(p)
                if p is self._out:
                    text += ("; left out, a zeroed one is made; the call "
                             "returns it")
            lines.append(f"  {p['name']}: {text}")
        if self._result:
            lines.append(f"Returns {self._result['name']}: "
                         f"{_TYPES[self._result['type']][2].__name__} "
                         f"({self._result['type']}).")
        elif self._out:
            lines.append(f"Returns {self._out['name']} (the array passed, "
                         "or the copy the call filled when it was not a "
                         "C-contiguous array of its dtype).")
        if self._keeps_graph:
            lines.append("The program keeps a graph for later calls: a graph "
                         "converted for this call lives until the next call "
                         "of this function.")
        lines.append("Raises graphmlir.GraphError with the library's "
                     "message when the call fails.")
        return "\n".join(lines)

    def __repr__(self):
        return f"<graphmlir export function {self.name}{self.__signature__}>"

    def _vertex_count(self, graphs):
        """The vertex count that sizes per-vertex arrays, or None when the
        kept graph is not set (the call then fails on its state check
        before it reads an array)."""
        if not self._vertices:
            return None
        if "param" in self._vertices:
            return graphs[self._vertices["param"]].num_vertices
        slot = ctypes.c_void_p.in_dll(self._module._lib,
                                      self._vertices["symbol"])
        n = self._runtime.num_vertices(slot.value) if slot.value else -1
        return n if n >= 0 else None

    def __call__(self, *args, **kwargs):
        bound = self.__signature__.bind(*args, **kwargs)
        bound.apply_defaults()
        values = bound.arguments
        graphs, made = {}, []
        try:
            for p in self._params:
                if p["kind"] != "graph":
                    continue
                value = values[p["name"]]
                if not isinstance(value, Graph):
                    value = make_graph(self._runtime, value, p["weights"])
                    made.append(value)
                graphs[p["name"]] = value
            n = self._vertex_count(graphs)
            c_args, arrays = [], {}
            for p in self._params:
                value = values[p["name"]]
                if p["kind"] == "graph":
                    c_args.append(graphs[p["name"]].handle)
                elif p["kind"] == "scalar":
                    c_args.append(_number(p["name"], value, p["type"]))
                else:
                    dtype = _TYPES[p["type"]][1]
                    if not p["length"] and n is None:
                        # Never read: the call fails first (see above).
                        array = np.zeros(1, dtype=dtype)
                    else:
                        shape = (p["length"] or n,) + (
                            (p["row_length"],) if p["row_length"] else ())
                        array = (np.zeros(shape, dtype=dtype)
                                 if value is None else
                                 _array(p["name"], value, dtype, shape))
                    arrays[p["name"]] = array
                    c_args.append(array.ctypes.data)
            result = None
            if self._result:
                result = _TYPES[self._result["type"]][0]()
                c_args.append(ctypes.addressof(result))
            if self._c(*c_args) != 0:
                raise self._runtime.error()
            if self._keeps_graph:
                # Program state may hold them until this function runs again
                # (a later call that reads one freed fails with an error).
                self._kept, made = made, self._kept
        finally:
            for graph in made:
                graph.close()
        if result is not None:
            return result.value
        return arrays[self._out["name"]] if self._out else None


class Module:
    """A compiled program's export library, loaded. Its export functions are
    attributes (``m.pagerank(...)``) and items (``m["pagerank"]``, also for
    names that clash with the attributes below)."""

    def __init__(self, library, name, cached=False, runtime=None):
        #: The export library's path, and whether it came from the cache.
        self.library = library
        self.name = name
        self.cached = cached
        # The libgraphrt the library was linked against, loaded first: the
        # library's own search path for it (RUNPATH) need not reach it from
        # the cache.
        if runtime:
            ctypes.CDLL(runtime)
        self._lib = ctypes.CDLL(library)
        self._runtime = Runtime(self._lib)
        describe = self._lib.graphit_exports_json
        describe.restype = ctypes.c_char_p
        describe.argtypes = []
        description = json.loads(describe().decode())
        #: name -> ExportFunction, in the program's order.
        self.functions = {d["name"]: ExportFunction(self, d)
                          for d in description["functions"]}

    def graph(self, graph, weighted=None, weight="weight"):
        """A Graph made from ``graph`` (a scipy.sparse matrix, entry (u, v)
        the edge u -> v; a networkx graph, vertex i its i-th node, an
        undirected edge one each way; a tuple (offsets, neighbors[, weights])
        of CSR arrays; or a file path, .el/.wel/.mtx/.sg/...), to pass to
        several calls without converting it each time. Weights are read
        when ``weighted`` (by default, when an export function takes a
        weighted graph): the matrix's values, the third array, the networkx
        edge attribute ``weight`` (1 when missing; weight=None: all 1). They
        are stored in the type of the export functions' edge weights: int32
        for int weights (a fractional one raises WeightError), float32 or
        float64 for float or double weights (finite); ``weighted`` may name
        that type instead of True ("i32", "f32" or "f64").
        Raises GraphError for what libgraphrt rejects (a neighbor out of
        range, decreasing offsets, an unreadable file), ValueError for
        arrays of the wrong shape or values that do not fit."""
        if not (weighted in (None, True, False) or weighted in (
                "i32", "f32", "f64")):
            raise ValueError("weighted must be None, True, False or a weight "
                             f"type ('i32', 'f32' or 'f64'), got {weighted!r}")
        if weighted is None or weighted is True:
            weighted = next((p["weights"] for f in self.functions.values()
                             for p in f._params
                             if p["kind"] == "graph" and p["weights"]),
                            None if weighted is None else "i32")
        return make_graph(self._runtime, graph, weighted or None, weight)

    def __getitem__(self, name):
        return self.functions[name]

    def __getattr__(self, name):
        functions = self.__dict__.get("functions", {})
        if name in functions:
            return functions[name]
        raise AttributeError(f"the program has no export function '{name}' "
                             f"(it has {', '.join(functions) or 'none'})")

    def __dir__(self):
        return list(super().__dir__()) + list(self.functions)

    def __repr__(self):
        return (f"<graphmlir.Module {self.name}: "
                f"{', '.join(self.functions)}>")
