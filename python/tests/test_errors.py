"""Errors: what libgraphrt and the export library's error channel reject
raises GraphError with its one-line message, bad arrays and arguments raise
ValueError/TypeError/OverflowError before any C code reads them, a bad
program raises CompileError with graphc's diagnostics; the interpreter goes
on after each."""
import numpy as np
import pytest
import scipy.sparse

import graphmlir

TRIANGLE = (np.array([0, 1, 2, 3]), np.array([1, 2, 0]))


def still_works(module):
    np.testing.assert_array_equal(module.bfs(TRIANGLE, 0), [0, 1, 2])


@pytest.mark.parametrize("offsets, neighbors, message", [
    ([0, 1, 2, 3], [1, 2, 7], r"^CSR neighbor 7 of vertex 2 out of range "
                              r"\[0, 3\)$"),
    ([0, 1, 2, 3], [1, -1, 0], r"^CSR neighbor -1 of vertex 1 out of range"),
    ([0, 2, 1, 3], [1, 2, 0], r"^CSR offsets decrease at vertex 1"),
    ([1, 1, 2, 3], [1, 2, 0], r"^CSR offsets must start at 0, got 1$"),
])
def test_bad_csr_is_graph_error(bfs, offsets, neighbors, message):
    with pytest.raises(graphmlir.GraphError, match=message):
        bfs.bfs((np.array(offsets), np.array(neighbors)), 0)
    with pytest.raises(graphmlir.GraphError, match=message):
        bfs.graph((offsets, neighbors))
    still_works(bfs)


@pytest.mark.parametrize("graph, error, message", [
    (([0, 1, 2, 3], [1, 2]), ValueError, "neighbors has 2 entries but "
                                         "offsets.-1. is 3"),
    (([0, 2**62 + 1], [1, 2]), ValueError, "neighbors has 2 entries"),
    (([], []), ValueError, "offsets must have n . 1 entries"),
    ((np.zeros((2, 2)), [0]), ValueError, "offsets must be 1-D"),
    (([0, 1], [2**40]), ValueError, r"neighbors has values outside int32"),
    (([0, 1], [10**20]), ValueError, r"neighbors has values outside int32"),
    (([0, 1], [0.5]), ValueError, "neighbors must be integers"),
    (([0, 1], ["a"]), ValueError, "neighbors must be numbers"),
    (scipy.sparse.csr_matrix((2, 3)), ValueError, "must be square"),
    (None, TypeError, "a graph is a graphmlir.Graph, a scipy.sparse matrix"),
    (42, TypeError, "not int"),
])
def test_bad_graph_arrays(bfs, graph, error, message):
    with pytest.raises(error, match=message):
        bfs.bfs(graph, 0)
    still_works(bfs)


def test_bad_weights(sssp):
    with pytest.raises(ValueError, match="edge weights must be integers"):
        sssp.sssp(scipy.sparse.csr_matrix(np.array([[0, 0.5], [0, 0]])), 0)
    with pytest.raises(ValueError, match="weights has 1 entries, neighbors 2"):
        sssp.sssp(([0, 2, 2], [0, 1], [3]), 0)
    # Beyond int64, numpy keeps Python ints as objects: still numbers.
    with pytest.raises(ValueError,
                       match=r"edge weights has values outside int32"):
        sssp.sssp(([0, 1, 1], [1], [10**20]), 0)
    # Two arrays: a graph without weights, which the program needs.
    with pytest.raises(graphmlir.GraphError,
                       match="the program asks for edge weights but the "
                             "graph is unweighted"):
        sssp.sssp(TRIANGLE, 0)
    np.testing.assert_array_equal(sssp.sssp(TRIANGLE + ([5, 6, 7],), 0),
                                  [0, 5, 11])


def test_missing_file(bfs, tmp_path):
    with pytest.raises(graphmlir.GraphError, match="missing.el"):
        bfs.bfs(str(tmp_path / "missing.el"), 0)
    (tmp_path / "bad.el").write_text("0 1\n1 x\n")
    with pytest.raises(graphmlir.GraphError, match=r"bad.el:2: "):
        bfs.bfs(str(tmp_path / "bad.el"), 0)
    still_works(bfs)


def test_out_of_range_source(sssp, bfs):
    for source in (3, -1, 2**40):
        with pytest.raises(graphmlir.GraphError,
                           match="not a vertex of the graph, which has 3 "
                                 r"vertices \[0, 3\)"):
            bfs.bfs(TRIANGLE, source)
    still_works(bfs)


def test_bad_arguments(sssp, bfs):
    with pytest.raises(OverflowError, match="'source' = 9223372036854775808 "
                                            "does not fit in int64_t"):
        bfs.bfs(TRIANGLE, 2**63)
    with pytest.raises(TypeError, match="'source' must be an integer"):
        bfs.bfs(TRIANGLE, 1.5)
    with pytest.raises(TypeError, match="missing a required argument: "
                                        "'source'"):
        bfs.bfs(TRIANGLE)
    with pytest.raises(ValueError, match=r"'levels' must have shape \(3,\), "
                                         r"got \(4,\)"):
        bfs.bfs(TRIANGLE, 0, np.zeros(4, dtype=np.int32))
    with pytest.raises(ValueError, match="'levels' has values that int32 "
                                         "does not hold"):
        bfs.bfs(TRIANGLE, 0, [0.5, 0, 0])
    with pytest.raises(AttributeError, match="no export function 'dfs' "
                                             r"\(it has bfs\)"):
        bfs.dfs
    still_works(bfs)


def test_closed_graph(bfs):
    with bfs.graph(TRIANGLE) as graph:
        pass
    assert graph.closed
    with pytest.raises(ValueError, match="the graph was closed"):
        bfs.bfs(graph, 0)
    graph.close()  # Again: nothing.


def test_compile_error_text(cache):
    source = ("element Vertex end\nexport func f(x : int) -> y : int\n"
              "    y = x + undefined;\nend\n")
    with pytest.raises(graphmlir.CompileError) as error:
        graphmlir.compile(source, cache_dir=cache)
    assert error.value.diagnostics.startswith("<string>:3:13: error: ")
    assert "undefined" in str(error.value)


def test_compile_error_file_and_schedule(cache, tmp_path):
    path = tmp_path / "broken.gt"
    path.write_text("element Vertex end\nfunc main(\n")
    with pytest.raises(graphmlir.CompileError, match=f"^{path}:"):
        graphmlir.compile(path, cache_dir=cache)
    from conftest import program
    with pytest.raises(graphmlir.CompileError, match="^<schedule>:1:"):
        graphmlir.compile(program("bfs.gt"), cache_dir=cache,
                          schedule='program->configApplyDirection("s1", '
                                   '"Sideways");')
    with pytest.raises(FileNotFoundError):
        graphmlir.compile(str(tmp_path / "absent.gt"), cache_dir=cache)


def test_no_export_functions(cache):
    with pytest.raises(graphmlir.CompileError,
                       match="--emit=lib needs export functions"):
        graphmlir.compile("element Vertex end\nfunc main()\nend\n",
                          cache_dir=cache)


def test_path_with_nul(bfs, tmp_path):
    # C would read the path only up to the NUL and load that file instead.
    (tmp_path / "g.el").write_text("0 1\n")
    with pytest.raises(ValueError, match="contains a NUL character"):
        bfs.bfs(str(tmp_path / "g.el") + "\0.wel", 0)
    with pytest.raises(ValueError, match="contains a NUL character"):
        bfs.graph(str(tmp_path / "g.el\0"))
    still_works(bfs)


def test_unknown_weight_type(sssp):
    for weighted in ("i64", "zz", 5, "f16"):
        with pytest.raises(ValueError, match="weighted must be None, True, "
                                             "False or a weight type"):
            sssp.graph(TRIANGLE, weighted=weighted)
    with sssp.graph(TRIANGLE + ([5, 6, 7],), weighted="i32") as graph:
        np.testing.assert_array_equal(sssp.sssp(graph, 0), [0, 5, 11])


def test_graphc_writing_nothing(tmp_path):
    # A compiler that succeeds without a library is an error, and leaves no
    # cache entry behind that a later compile would trip over.
    fake = tmp_path / "graphc"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    for _ in range(2):
        with pytest.raises(graphmlir.CompileError,
                           match="exited with status 0 but wrote no library"):
            graphmlir.compile("element Vertex end\n", graphc=str(fake),
                              cache_dir=str(tmp_path / "cache"))
