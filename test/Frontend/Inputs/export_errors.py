"""Calls export_errors.gt's library from Python with ctypes with bad
arguments: each call must return its error status (NULL, -1 or 1), with the
message in graphrt_last_error(), and the interpreter goes on. Prints one
line per call: "<case>: <error|ok> <message>".

usage: export_errors.py LIBRARY
"""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
lib.graphrt_graph_from_csr.restype = ctypes.c_void_p
lib.graphrt_graph_from_csr.argtypes = [ctypes.c_int64, ctypes.c_void_p,
                                       ctypes.c_void_p, ctypes.c_void_p]
lib.graphrt_load.restype = ctypes.c_void_p
lib.graphrt_load.argtypes = [ctypes.c_char_p, ctypes.c_int32, ctypes.c_int32]
lib.graphrt_num_vertices.restype = ctypes.c_int64
lib.graphrt_num_vertices.argtypes = [ctypes.c_void_p]
lib.graphrt_graph_free.restype = ctypes.c_int32
lib.graphrt_graph_free.argtypes = [ctypes.c_void_p]
lib.graphrt_last_error.restype = ctypes.c_char_p
for name in ("reach", "get_total", "get_degrees", "set_graph", "weight_sum"):
    getattr(lib, name).restype = ctypes.c_int
lib.reach.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_void_p]
lib.get_total.argtypes = [ctypes.c_void_p]
lib.get_degrees.argtypes = [ctypes.c_void_p]
lib.set_graph.argtypes = [ctypes.c_void_p]
lib.weight_sum.argtypes = [ctypes.c_void_p]


def report(what, failed):
    print(f"{what}: {'error' if failed else 'ok'} "
          f"{lib.graphrt_last_error().decode()}")


def i64(*values):
    return (ctypes.c_int64 * len(values))(*values)


def i32(*values):
    return (ctypes.c_int32 * len(values))(*values)


nbr = i32(1, 2, 0)
report("neighbor", not lib.graphrt_graph_from_csr(3, i64(0, 1, 2, 3),
                                                  i32(1, 2, 7), None))
report("decreasing", not lib.graphrt_graph_from_csr(3, i64(0, 2, 1, 3), nbr,
                                                    None))
report("start", not lib.graphrt_graph_from_csr(3, i64(1, 1, 2, 3), nbr, None))
report("huge", not lib.graphrt_graph_from_csr(1, i64(0, 2**62 + 1), nbr, None))
report("negative", not lib.graphrt_graph_from_csr(-5, i64(0), nbr, None))
report("null offsets", not lib.graphrt_graph_from_csr(3, None, nbr, None))
report("null neighbors", not lib.graphrt_graph_from_csr(3, i64(0, 1, 2, 3),
                                                        None, None))
report("null path", not lib.graphrt_load(None, 0, 0))
report("null graph", lib.graphrt_num_vertices(None) == -1)

count = ctypes.c_int32(-1)
report("get_total unset", lib.get_total(ctypes.byref(count)))
report("get_degrees unset", lib.get_degrees((ctypes.c_int32 * 3)()))
report("weight_sum unset", lib.weight_sum(ctypes.byref(ctypes.c_double())))
g = lib.graphrt_graph_from_csr(3, i64(0, 2, 2, 3), nbr, None)
report("reach null graph", lib.reach(None, 0, ctypes.byref(count)))
report("reach null result", lib.reach(g, 0, None))
report("reach bad source", lib.reach(g, -3, ctypes.byref(count)))
report("reach", lib.reach(g, 1, ctypes.byref(count)))
print("count", count.value)
report("set_graph", lib.set_graph(g))
degrees = (ctypes.c_int32 * 3)()
report("get_degrees", lib.get_degrees(degrees))
print("degrees", *degrees)
report("free", lib.graphrt_graph_free(g))
report("reach freed", lib.reach(g, 0, ctypes.byref(count)))
report("get_degrees freed", lib.get_degrees(degrees))
report("free again", lib.graphrt_graph_free(g))
print("still running")
