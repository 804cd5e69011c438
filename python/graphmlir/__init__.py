"""graphmlir: compile GraphIt programs with graph-mlir's graphc and call their
export functions from Python.

    import graphmlir
    m = graphmlir.compile("sssp.gt")            # or the program's text
    distances = m.shortest_paths(matrix, 0)     # scipy, networkx, CSR, file

See docs/Python.md in the graph-mlir repository.
"""
import os

from ._errors import (CompileError, Error, GraphcNotFoundError, GraphError,
                      WeightError)
from ._graphc import build, find_graphc, runtime_library
from ._graphs import Graph
from ._module import ExportFunction, Module

__all__ = ["compile", "find_graphc", "Module", "ExportFunction", "Graph",
           "Error", "GraphError", "WeightError", "CompileError",
           "GraphcNotFoundError"]
__version__ = "0.1.0"


def _text(value, suffixes):
    """(bytes, path or None) of a program or schedule given as a path or as
    text: a path-like object, or a string naming an existing file or ending
    in one of ``suffixes`` without a line break, is a file."""
    if isinstance(value, os.PathLike) or (
            isinstance(value, str) and "\n" not in value and
            (os.path.isfile(value) or value.endswith(suffixes))):
        with open(value, "rb") as f:
            return f.read(), os.fspath(value)
    if isinstance(value, bytes):
        return value, None
    if isinstance(value, str):
        return value.encode(), None
    raise TypeError(f"expected a path or the text, not {type(value).__name__}")


def compile(program, schedule=None, cache_dir=None, graphc=None):
    """Compiles a GraphIt program with ``graphc --emit=lib`` and loads it.

    program: a .gt file (a path) or GraphIt source text; a .mlir file is
      graph IR.
    schedule: None (the program's own schedule), or a schedule file or its
      text (``program->configApplyDirection("s1", "DensePull");``), which
      replaces the program's schedule block as ``graphc --schedule`` does.
    cache_dir: where compiled libraries are kept, keyed by a hash of the
      program, the schedule and the compiler (default $GRAPHMLIR_CACHE_DIR,
      else ~/.cache/graphmlir).
    graphc: the graphc executable (default: see find_graphc).

    Returns a Module whose export functions are callables. Raises
    CompileError with graphc's diagnostics, GraphcNotFoundError when there is
    no graphc.
    """
    compiler = find_graphc(graphc)
    source, path = _text(program, (".gt", ".mlir"))
    kind = "mlir" if path and path.endswith(".mlir") else "gt"
    schedule_text, schedule_path = (None, None) if schedule is None else \
        _text(schedule, (".gt", ".sched", ".schedule"))
    names = (path or "<string>", schedule_path or "<schedule>")
    library, cached = build(compiler, kind, source, schedule_text, names,
                            cache_dir)
    return Module(library, os.path.basename(path) if path else "<string>",
                  cached, runtime_library(compiler))
