"""The module's callables: signatures and docstrings from the library's
description, arrays in place (zero-copy) or copied, graphs made once and
reused, numbers, and program state kept between calls."""
import inspect

import numpy as np
import networkx as nx
import pytest

import graphmlir

STATE = """
% Keeps a graph and its out-degrees; the other functions take no graph:
% their arrays have the kept graph's vertex count.
element Vertex end
element Edge end
const edges : edgeset{Edge}(Vertex, Vertex);
const degree : vector{Vertex}(int);
const scale : double;

export func set_graph(graph : edgeset{Edge}(Vertex, Vertex), factor : double)
    edges = graph;
    degree = edges.getOutDegrees();
    scale = factor;
end

export func scaled_degrees() -> out : vector{Vertex}(double)
    var n : int = edges.getVertices();
    for v in 0:n
        out[v] = scale * degree[v];
    end
end

export func add_rows(rows : vector{Vertex}(vector[2](float)), flags : vector[3](bool))
    -> total : float
    var n : int = edges.getVertices();
    total = 0.0;
    for v in 0:n
        if flags[0]
            total = total + rows[v][0] + rows[v][1];
        end
    end
end
"""


def test_signature_and_docstring(sssp):
    signature = inspect.signature(sssp.sssp)
    assert list(signature.parameters) == ["graph", "source", "distances"]
    assert signature.parameters["source"].annotation is int
    assert signature.parameters["distances"].default is None
    assert signature.return_annotation is np.ndarray
    assert inspect.signature(sssp.num_vertices).return_annotation is int
    assert sssp.sssp.__name__ == "sssp"
    assert "source: int (int64_t)" in sssp.sssp.__doc__
    assert "weighted (i32 weights)" in sssp.sssp.__doc__
    assert "distances: numpy array of int32 (int32_t): one per vertex of " \
           "'graph'" in sssp.sssp.__doc__
    assert list(sssp.functions) == ["sssp", "num_vertices"]
    assert sssp["sssp"] is sssp.sssp
    assert "num_vertices" in dir(sssp)


def test_result_in_place(bfs):
    """A C-contiguous array of the element type is the C array itself
    (zero-copy): the call fills it and returns it; anything else is copied
    and the copy returned."""
    graph = nx.path_graph(5, create_using=nx.DiGraph)
    levels = np.full(5, 99, dtype=np.int32)
    assert bfs.bfs(graph, 1, levels) is levels
    np.testing.assert_array_equal(levels, [-1, 0, 1, 2, 3])
    as_list = [7] * 5
    copied = bfs.bfs(graph, 2, as_list)
    assert isinstance(copied, np.ndarray) and copied.dtype == np.int32
    np.testing.assert_array_equal(copied, [-1, -1, 0, 1, 2])
    assert as_list == [7] * 5
    strided = np.zeros(10, dtype=np.int32)[::2]
    np.testing.assert_array_equal(bfs.bfs(graph, 0, strided), range(5))
    assert not strided.any()


def test_graph_reused(sssp, tmp_path):
    """A Graph made once serves several calls, from a file too, and is
    freed at the end of its with block."""
    path = tmp_path / "g.wel"
    path.write_text("0 1 3\n1 2 4\n0 2 9\n")
    with sssp.graph(str(path)) as graph:
        assert graph.num_vertices == 3 and graph.num_edges == 3
        assert sssp.num_vertices(graph) == 3
        np.testing.assert_array_equal(sssp.sssp(graph, 0), [0, 3, 7])
        np.testing.assert_array_equal(sssp.sssp(graph, 1),
                                      [2147483647, 0, 4])
    assert graph.closed and "closed" in repr(graph)
    unweighted = sssp.graph(nx.DiGraph([(0, 1)]), weighted=False)
    with pytest.raises(graphmlir.GraphError, match="graph is unweighted"):
        sssp.sssp(unweighted, 0)
    ones = sssp.graph(nx.DiGraph([(0, 1, {"weight": 8})]), weight=None)
    np.testing.assert_array_equal(sssp.sssp(ones, 0), [0, 1])


def test_state_between_calls(cache):
    """Functions without a graph size their arrays by the graph an earlier
    call kept; before that call they raise the library's error."""
    module = graphmlir.compile(STATE, cache_dir=cache)
    with pytest.raises(graphmlir.GraphError,
                       match="export state: 'edges' is used before an "
                             "export function set it"):
        module.scaled_degrees()
    graph = nx.DiGraph([(0, 1), (0, 2), (2, 1), (3, 0)])
    assert module.set_graph(graph, 0.5) is None
    np.testing.assert_array_equal(module.scaled_degrees(),
                                  [1.0, 0.0, 0.5, 0.5])
    rows = np.arange(8, dtype=np.float32).reshape(4, 2)
    assert module.add_rows(rows, [True, False, False]) == 28.0
    assert module.add_rows(rows, np.zeros(3, dtype=bool)) == 0.0
    with pytest.raises(TypeError, match="missing a required argument: "
                                        "'flags'"):
        module.add_rows(rows)
    with pytest.raises(ValueError, match=r"'rows' must have shape \(4, 2\)"):
        module.add_rows(np.zeros(8, dtype=np.float32), [1, 0, 0])
    module.set_graph(nx.DiGraph([(0, 1)]), 2.0)
    np.testing.assert_array_equal(module.scaled_degrees(), [2.0, 0.0])


def test_graph_ir_file(cache, tmp_path):
    """A .mlir file is graph IR: its functions with graph.export are bound
    the same way."""
    path = tmp_path / "scale.mlir"
    path.write_text("""
module {
  func.func @graphit_export_scale(%arg0: f64, %arg1: i32) -> f64
      attributes {graph.export = "scale", graph.export_params = ["x", "k"],
                  llvm.emit_c_interface} {
    %0 = arith.sitofp %arg1 : i32 to f64
    %1 = arith.mulf %arg0, %0 : f64
    return %1 : f64
  }
}
""")
    module = graphmlir.compile(path, cache_dir=cache)
    assert module.scale(1.5, 3) == 4.5
    assert module.scale(2, True) == 2.0
    with pytest.raises(TypeError, match="'x' must be a number .double., "
                                        "got str"):
        module.scale("1.5", 3)
    with pytest.raises(OverflowError, match="'k' = 2147483648 does not fit "
                                            "in int32_t"):
        module.scale(1.0, 2**31)
