"""Shared fixtures: the graphc the package finds (scripts/test.sh sets
GRAPHMLIR_GRAPHC to the build's), a fresh cache per session, and the
example programs (python/examples) compiled once."""
import os

import networkx as nx
import pytest

import graphmlir

PROGRAMS = os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "examples")


def program(name):
    return os.path.join(PROGRAMS, name)


@pytest.fixture(scope="session")
def graphc():
    return graphmlir.find_graphc()


@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    return str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="session")
def pagerank(graphc, cache):
    return graphmlir.compile(program("pagerank.gt"), cache_dir=cache)


@pytest.fixture(scope="session")
def sssp(graphc, cache):
    return graphmlir.compile(program("sssp.gt"), cache_dir=cache)


@pytest.fixture(scope="session")
def bfs(graphc, cache):
    return graphmlir.compile(program("bfs.gt"), cache_dir=cache)


def weighted(graph, seed, high=20):
    """graph with integer weights 1..high on its edges (deterministic)."""
    for i, (u, v) in enumerate(sorted(graph.edges())):
        graph[u][v]["weight"] = (i * 7919 + seed) % high + 1
    return graph


def generated_graphs():
    """Directed and undirected graphs from networkx's generators, with
    dangling and unreachable vertices."""
    return {
        "gnp-directed": nx.gnp_random_graph(300, 0.02, seed=1, directed=True),
        "scale-free": nx.DiGraph(nx.scale_free_graph(400, seed=2)),
        "barabasi-albert": nx.barabasi_albert_graph(300, 3, seed=3),
        "grid": nx.convert_node_labels_to_integers(nx.grid_2d_graph(12, 9)),
        "watts-strogatz": nx.connected_watts_strogatz_graph(200, 6, 0.2,
                                                            seed=4),
    }
