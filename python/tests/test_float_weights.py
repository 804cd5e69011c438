"""Programs with float and double edge weights from Python: fractional
weights from scipy float matrices, networkx `weight` floats, CSR arrays and
real Matrix Market files give the distances scipy computes; int programs
keep refusing fractional weights, float programs NaN ones (WeightError, a
GraphError), and the interpreter goes on."""
import numpy as np
import networkx as nx
import pytest
import scipy.io
import scipy.sparse
import scipy.sparse.csgraph

from conftest import generated_graphs

import graphmlir

# Bellman-Ford over frontiers with WEIGHT edge weights and distances; 1e30
# stands for unreachable.
SSSP = """
element Vertex end
element Edge end
const edges : edgeset{Edge}(Vertex, Vertex, WEIGHT);
const SP : vector{Vertex}(WEIGHT);

func relax(src : Vertex, dst : Vertex, weight : WEIGHT)
    SP[dst] min= SP[src] + weight;
end

export func sssp(graph : edgeset{Edge}(Vertex, Vertex, WEIGHT), source : Vertex)
    -> distances : vector{Vertex}(WEIGHT)
    edges = graph;
    SP = new vector{Vertex}(WEIGHT)();
    for v in 0:edges.getVertices()
        SP[v] = 1.0e30;
    end
    var frontier : vertexset{Vertex} = new vertexset{Vertex}(0);
    frontier.addVertex(source);
    SP[source] = 0.0;
    while (frontier.getVertexSetSize() != 0)
        #s1# var output : vertexset{Vertex} = edges.from(frontier).applyModified(relax, SP);
        delete frontier;
        frontier = output;
    end
    delete frontier;
    distances = SP;
end

schedule:
    program->configApplyDirection("s1", "SparsePush")
           ->configApplyParallelization("s1", "dynamic-vertex-parallel");
"""

GRAPHS = generated_graphs()
DTYPES = {"float": np.float32, "double": np.float64}


@pytest.fixture(scope="module", params=sorted(DTYPES))
def real_sssp(request, graphc, cache):
    return request.param, graphmlir.compile(
        SSSP.replace("WEIGHT", request.param), cache_dir=cache)


def fractional(graph, seed):
    """graph with fractional weights in (0, 10) on its edges."""
    rng = np.random.default_rng(seed)
    for u, v in sorted(graph.edges()):
        graph[u][v]["weight"] = float(rng.uniform(0.01, 10))
    return graph


def forms(graph, tmp_path):
    matrix = nx.to_scipy_sparse_array(graph, nodelist=range(len(graph)),
                                      weight="weight", format="csr",
                                      dtype=np.float64)
    path = tmp_path / "graph.mtx"
    scipy.io.mmwrite(str(path), matrix.tocoo(), field="real", precision=17)
    return matrix, {"networkx": graph, "scipy": matrix,
                    "arrays": (matrix.indptr, matrix.indices, matrix.data),
                    "file": str(path)}


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_fractional_weights(real_sssp, name, tmp_path):
    weight, module = real_sssp
    graph = fractional(GRAPHS[name].copy(), seed=len(name))
    matrix, values = forms(graph, tmp_path)
    for source in (0, len(graph) // 2):
        expected = scipy.sparse.csgraph.dijkstra(matrix, indices=source)
        for form, value in values.items():
            distances = module.sssp(value, source)
            assert distances.dtype == DTYPES[weight], form
            unreachable = np.isinf(expected)
            assert np.all(distances[unreachable] >= 1e30), form
            np.testing.assert_allclose(
                distances[~unreachable], expected[~unreachable],
                rtol=1e-5 if weight == "float" else 1e-12, err_msg=form)


def test_integer_weights_read_as_float(real_sssp):
    """An int matrix and an int32 Graph made for another program: read as
    the program's floats."""
    _, module = real_sssp
    matrix = scipy.sparse.csr_matrix(
        np.array([[0, 2, 7], [0, 0, 3], [0, 0, 0]], dtype=np.int64))
    np.testing.assert_array_equal(module.sssp(matrix, 0), [0, 2, 5])
    with module.graph(matrix, weighted="i32") as graph:
        np.testing.assert_array_equal(module.sssp(graph, 0), [0, 2, 5])


def test_fractional_weights_in_int_program(sssp, real_sssp):
    """The int program refuses 0.5 in every form, the float program takes
    it, and a float Graph given to the int program fails the call."""
    _, module = real_sssp
    matrix = scipy.sparse.csr_matrix(np.array([[0, 0.5], [0, 0]]))
    graph = nx.DiGraph()
    graph.add_edge(0, 1, weight=0.5)
    for value in (matrix, graph, ([0, 1, 1], [1], [0.5])):
        with pytest.raises(graphmlir.WeightError,
                           match="edge weights must be integers"):
            sssp.sssp(value, 0)
        np.testing.assert_array_equal(module.sssp(value, 0), [0, 0.5])
    with pytest.raises(graphmlir.GraphError,
                       match="reads int32 edge weights but the graph has "
                             "(float|double) weights"):
        sssp.sssp(module.graph(matrix), 0)
    assert list(sssp.sssp(([0, 1, 1], [1], [3]), 0)) == [0, 3]


def test_non_finite_weights(real_sssp, tmp_path):
    _, module = real_sssp
    for bad in (np.nan, np.inf):
        with pytest.raises(graphmlir.WeightError, match="must be finite"):
            module.sssp(([0, 1, 1], [1], [bad]), 0)
    path = tmp_path / "nan.wel"
    path.write_text("0 1 1\n1 0 nan\n")
    with pytest.raises(graphmlir.GraphError,
                       match="nan.wel:2: weight nan is not a finite number"):
        module.sssp(str(path), 0)
    np.testing.assert_array_equal(module.sssp(([0, 1, 1], [1], [2.5]), 0),
                                  [0, 2.5])
    # An integer beyond int64 is a number too: taken as a float, or one
    # beyond the program's float type.
    weights = module.sssp(([0, 1, 1], [1], [10**20]), 0)
    assert weights[1] == pytest.approx(1e20)
    with pytest.raises(graphmlir.WeightError, match="must be finite"):
        module.sssp(([0, 1, 1], [1], [10**400]), 0)
