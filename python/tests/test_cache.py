"""Compiled libraries are kept in the cache, keyed by the program, the
schedule and the compiler; finding graphc."""
import os
import stat

import pytest

from conftest import program

import graphmlir

SOURCE = """element Vertex end
export func twice(x : int) -> y : int
    y = 2 * x;
end
"""
SCHEDULE = 'program->configApplyDirection("s1", "DensePull");'


def entries(cache):
    return sorted(name for name in os.listdir(cache)
                  if not name.startswith("build-"))


def test_cache_hits_and_misses(tmp_path):
    cache = str(tmp_path / "cache")
    first = graphmlir.compile(SOURCE, cache_dir=cache)
    assert not first.cached and first.twice(21) == 42
    assert first.library.startswith(cache)
    again = graphmlir.compile(SOURCE, cache_dir=cache)
    assert again.cached and again.library == first.library
    # The same text from a file is the same program.
    path = tmp_path / "twice.gt"
    path.write_text(SOURCE)
    assert graphmlir.compile(path, cache_dir=cache).cached
    assert len(entries(cache)) == 1
    # Another program, or a schedule, is another library.
    other = graphmlir.compile(SOURCE.replace("2 * x", "3 * x"),
                              cache_dir=cache)
    assert not other.cached and other.twice(2) == 6
    bfs = program("bfs.gt")
    plain = graphmlir.compile(bfs, cache_dir=cache)
    scheduled = graphmlir.compile(bfs, schedule=SCHEDULE, cache_dir=cache)
    assert not scheduled.cached and scheduled.library != plain.library
    schedule_file = tmp_path / "pull.sched"
    schedule_file.write_text(SCHEDULE)
    assert graphmlir.compile(bfs, schedule=schedule_file,
                             cache_dir=cache).cached
    assert len(entries(cache)) == 4
    # A failed compilation leaves nothing behind.
    with pytest.raises(graphmlir.CompileError):
        graphmlir.compile("func main(\n", cache_dir=cache)
    assert len(os.listdir(cache)) == 4


def test_cache_dir_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAPHMLIR_CACHE_DIR", str(tmp_path / "env"))
    module = graphmlir.compile(SOURCE)
    assert module.library.startswith(str(tmp_path / "env"))
    monkeypatch.delenv("GRAPHMLIR_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert graphmlir.compile(SOURCE).library.startswith(
        str(tmp_path / "xdg" / "graphmlir"))


def fake_graphc(directory, real):
    """An executable named graphc that runs the real one."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "graphc")
    with open(path, "w") as f:
        f.write(f'#!/bin/sh\nexec "{real}" "$@"\n')
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def test_compiler_in_the_key(tmp_path, graphc):
    """A rebuilt graphc (another file) recompiles."""
    cache = str(tmp_path / "cache")
    first = graphmlir.compile(SOURCE, cache_dir=cache, graphc=graphc)
    other = fake_graphc(str(tmp_path / "other"), graphc)
    second = graphmlir.compile(SOURCE, cache_dir=cache, graphc=other)
    assert not second.cached and second.library != first.library


def test_find_graphc(tmp_path, monkeypatch, graphc):
    named = fake_graphc(str(tmp_path / "named"), graphc)
    on_path = fake_graphc(str(tmp_path / "path"), graphc)
    prefix = fake_graphc(str(tmp_path / "prefix" / "bin"), graphc)
    monkeypatch.setenv("PATH", str(tmp_path / "path"))
    monkeypatch.delenv("GRAPHMLIR_GRAPHC", raising=False)
    monkeypatch.delenv("GRAPHMLIR_PREFIX", raising=False)
    assert graphmlir.find_graphc() == on_path
    monkeypatch.setenv("GRAPHMLIR_PREFIX", str(tmp_path / "prefix"))
    assert graphmlir.find_graphc() == prefix
    monkeypatch.setenv("GRAPHMLIR_GRAPHC", named)
    assert graphmlir.find_graphc() == named
    assert graphmlir.find_graphc(on_path) == on_path
    with pytest.raises(graphmlir.GraphcNotFoundError,
                       match="graphc '/nowhere/graphc' .from the graphc "
                             "argument. is not an executable file"):
        graphmlir.compile(SOURCE, graphc="/nowhere/graphc")
    monkeypatch.setenv("GRAPHMLIR_GRAPHC", str(tmp_path / "missing"))
    with pytest.raises(graphmlir.GraphcNotFoundError,
                       match="from GRAPHMLIR_GRAPHC"):
        graphmlir.find_graphc()


def test_graphc_from_the_checkout(monkeypatch, tmp_path):
    """Without a named graphc or one on PATH: build/bin/graphc of the
    checkout the package was installed from, or a clear error."""
    monkeypatch.delenv("GRAPHMLIR_GRAPHC", raising=False)
    monkeypatch.delenv("GRAPHMLIR_PREFIX", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(graphmlir._graphc, "_checkout", lambda: str(tmp_path))
    with pytest.raises(graphmlir.GraphcNotFoundError,
                       match="graphc not found .tried the graphc argument, "
                             "GRAPHMLIR_GRAPHC, GRAPHMLIR_PREFIX, PATH, "
                             f"{tmp_path}/build/bin/graphc.: build "
                             "graph-mlir"):
        graphmlir.find_graphc()
    build = fake_graphc(str(tmp_path / "build" / "bin"), "/bin/true")
    assert graphmlir.find_graphc() == build


def test_checkout_recorded():
    """Run from the repository (or installed from it), the package knows
    its checkout."""
    checkout = graphmlir._graphc._checkout()
    if checkout is None:
        pytest.skip("graphmlir is not installed from a graph-mlir checkout")
    assert os.path.isfile(os.path.join(checkout, "scripts", "build.sh"))
