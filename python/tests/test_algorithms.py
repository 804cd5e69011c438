"""PageRank, SSSP and BFS from compiled GraphIt programs on networkx's
generated graphs, in every graph input form, against networkx and scipy."""
import numpy as np
import networkx as nx
import pytest
import scipy.io
import scipy.sparse
import scipy.sparse.csgraph

from conftest import generated_graphs, program, weighted

import graphmlir

GRAPHS = generated_graphs()
UNREACHABLE = 2147483647


def csr_of(graph, weight=None):
    return nx.to_scipy_sparse_array(graph, nodelist=range(len(graph)),
                                    weight=weight, format="csr",
                                    dtype=np.int64)


def forms(graph, tmp_path, weight=None):
    """The same graph as a networkx graph, a scipy CSR matrix, a tuple of
    CSR arrays and a Matrix Market file (vertex i is node i)."""
    matrix = csr_of(graph, weight)
    path = tmp_path / "graph.mtx"
    scipy.io.mmwrite(str(path), matrix.tocoo(), field="integer")
    arrays = (matrix.indptr, matrix.indices) + (
        (matrix.data,) if weight else ())
    return {"networkx": graph, "scipy": matrix, "arrays": arrays,
            "file": str(path)}


def nx_pagerank(graph):
    ranks = nx.pagerank(graph, alpha=0.85, tol=1e-14, max_iter=10000)
    return np.array([ranks[v] for v in range(len(graph))])


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_pagerank(pagerank, name, tmp_path):
    graph = GRAPHS[name]
    expected = nx_pagerank(graph)
    for form, value in forms(graph, tmp_path).items():
        ranks = pagerank.pagerank(value, 0.85, 200)
        assert ranks.dtype == np.float64 and ranks.shape == (len(graph),)
        np.testing.assert_allclose(ranks, expected, rtol=1e-9, atol=1e-12,
                                   err_msg=form)


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_sssp(sssp, name, tmp_path):
    graph = weighted(GRAPHS[name].copy(), seed=len(name))
    matrix = csr_of(graph, "weight")
    for source in (0, len(graph) // 2):
        expected = scipy.sparse.csgraph.dijkstra(matrix, indices=source)
        expected = np.where(np.isinf(expected), UNREACHABLE, expected)
        lengths = nx.single_source_dijkstra_path_length(graph, source)
        assert all(expected[v] == lengths[v] for v in lengths)
        for form, value in forms(graph, tmp_path, "weight").items():
            distances = sssp.sssp(value, source)
            assert distances.dtype == np.int32
            np.testing.assert_array_equal(distances, expected, err_msg=form)


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_bfs(bfs, name, tmp_path):
    graph = GRAPHS[name]
    lengths = nx.single_source_shortest_path_length(graph, 1)
    expected = np.array([lengths.get(v, -1) for v in range(len(graph))])
    for form, value in forms(graph, tmp_path).items():
        np.testing.assert_array_equal(bfs.bfs(value, 1), expected,
                                      err_msg=form)


@pytest.mark.parametrize("schedule", [
    'program->configApplyDirection("s1", "DensePull");',
    'program->configApplyDirection("s1", "SparsePush")'
    '->configApplyParallelization("s1", "serial");'])
def test_bfs_schedules(cache, schedule):
    module = graphmlir.compile(program("bfs.gt"), schedule=schedule,
                               cache_dir=cache)
    graph = GRAPHS["gnp-directed"]
    lengths = nx.single_source_shortest_path_length(graph, 0)
    np.testing.assert_array_equal(
        module.bfs(graph, 0), [lengths.get(v, -1) for v in range(len(graph))])


def test_networkx_labels_and_multigraph(sssp):
    """Vertex i is the i-th node of list(graph), whatever its label;
    parallel edges of a multigraph are kept (the lighter one counts);
    an edge without the weight attribute weighs 1; an undirected edge is
    an edge each way."""
    graph = nx.MultiDiGraph()
    graph.add_nodes_from(["c", "a", "b", "d"])
    graph.add_edge("c", "a", weight=9)
    graph.add_edge("c", "a", weight=2)
    graph.add_edge("a", "b")
    graph.add_edge("b", "c", weight=4)
    np.testing.assert_array_equal(sssp.sssp(graph, 0),
                                  [0, 2, 3, UNREACHABLE])
    undirected = nx.Graph([(0, 1, {"weight": 5}), (1, 2, {"weight": 1})])
    np.testing.assert_array_equal(sssp.sssp(undirected, 2), [6, 1, 0])


def test_sparse_formats(sssp):
    """Any scipy sparse matrix is converted (entry (u, v) is the edge
    u -> v), a COO one included; duplicate entries are summed by scipy."""
    coo = scipy.sparse.coo_matrix(([4, 1, 7], ([0, 1, 0], [1, 2, 2])),
                                  shape=(4, 4))
    np.testing.assert_array_equal(sssp.sssp(coo, 0), [0, 4, 5, UNREACHABLE])
    np.testing.assert_array_equal(sssp.sssp(coo.tolil(), 1),
                                  [UNREACHABLE, 0, 1, UNREACHABLE])
