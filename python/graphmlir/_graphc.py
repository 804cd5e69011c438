"""Finding graphc, and compiling programs into export libraries kept in a
cache keyed by the program, the schedule and the compiler."""
import hashlib
import os
import shutil
import subprocess
import tempfile

from ._errors import CompileError, GraphcNotFoundError

# Changes when what the cache holds, or how it is keyed, changes.
_CACHE_FORMAT = b"graphmlir-cache-1"


def _checkout():
    """The graph-mlir checkout the package was installed from (recorded at
    install, _checkout.py), or the one it runs from (python/graphmlir in the
    repository, an editable install or PYTHONPATH), or None."""
    try:
        from ._checkout import CHECKOUT
        if CHECKOUT:
            return CHECKOUT
    except ImportError:
        pass
    here = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    return here if os.path.isfile(os.path.join(here, "scripts",
                                               "build.sh")) else None


def find_graphc(graphc=None):
    """The graphc executable to use, by the first of: the ``graphc``
    argument; the environment variable GRAPHMLIR_GRAPHC (the executable);
    GRAPHMLIR_PREFIX (an install prefix or build directory holding
    bin/graphc); ``graphc`` on PATH; build/bin/graphc in the checkout the
    package was installed from.
    Raises GraphcNotFoundError when the one named does not exist, or when
    none is found."""
    named = [(graphc, "the graphc argument"),
             (os.environ.get("GRAPHMLIR_GRAPHC"), "GRAPHMLIR_GRAPHC")]
    prefix = os.environ.get("GRAPHMLIR_PREFIX")
    if prefix:
        named.append((os.path.join(prefix, "bin", "graphc"),
                      "GRAPHMLIR_PREFIX"))
    for path, source in named:
        if not path:
            continue
        path = os.fspath(path)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.abspath(path)
        raise GraphcNotFoundError(
            f"graphc '{path}' (from {source}) is not an executable file")
    on_path = shutil.which("graphc")
    if on_path:
        return os.path.abspath(on_path)
    tried = ["the graphc argument", "GRAPHMLIR_GRAPHC", "GRAPHMLIR_PREFIX",
             "PATH"]
    checkout = _checkout()
    if checkout:
        path = os.path.join(checkout, "build", "bin", "graphc")
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
        tried.append(path)
    raise GraphcNotFoundError(
        "graphc not found (tried " + ", ".join(tried) + "): build graph-mlir "
        "(bash scripts/build.sh) or set GRAPHMLIR_GRAPHC to its graphc")


def runtime_library(graphc):
    """libgraphrt.so beside graphc (PREFIX/lib for PREFIX/bin/graphc, where
    graphc links export libraries from), or None."""
    prefix = os.path.dirname(os.path.dirname(os.path.realpath(graphc)))
    path = os.path.join(prefix, "lib", "libgraphrt.so")
    return path if os.path.isfile(path) else None


def _identity(path):
    """What changes when the file is rebuilt: its path, size and time."""
    if not path:
        return b"none"
    st = os.stat(path)
    return f"{os.path.realpath(path)}:{st.st_size}:{st.st_mtime_ns}".encode()


_versions = {}


def graphc_version(graphc):
    """graphc --version's output (cached per build of graphc)."""
    key = _identity(graphc)
    if key not in _versions:
        run = subprocess.run([graphc, "--version"], capture_output=True,
                             text=True)
        _versions[key] = run.stdout + run.stderr
    return _versions[key]


def cache_root(cache_dir=None):
    """The cache directory: the argument, $GRAPHMLIR_CACHE_DIR,
    $XDG_CACHE_HOME/graphmlir or ~/.cache/graphmlir."""
    if cache_dir:
        return os.fspath(cache_dir)
    if os.environ.get("GRAPHMLIR_CACHE_DIR"):
        return os.environ["GRAPHMLIR_CACHE_DIR"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "graphmlir")


def cache_key(graphc, kind, source, schedule):
    """A hash of the program (its language and text), the schedule, and the
    compiler: its --version, and the files of graphc and libgraphrt, so that
    a rebuilt compiler recompiles."""
    h = hashlib.sha256(_CACHE_FORMAT)
    for part in (graphc_version(graphc).encode(), _identity(graphc),
                 _identity(runtime_library(graphc)), kind.encode(), source,
                 b"\0schedule" if schedule is not None else b"\0none",
                 schedule or b""):
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.hexdigest()[:32]


def build(graphc, kind, source, schedule, names, cache_dir):
    """The export library of the program (bytes of a .gt or .mlir program,
    by ``kind``) and the schedule (bytes or None): from the cache, or
    compiled into it with ``graphc --emit=lib``. Returns (path, cached).
    ``names`` are how diagnostics name the program and the schedule. Raises
    CompileError with graphc's diagnostics."""
    root = cache_root(cache_dir)
    entry = os.path.join(root, cache_key(graphc, kind, source, schedule))
    library = os.path.join(entry, "libprogram.so")
    if os.path.isfile(library):
        return library, True
    os.makedirs(root, exist_ok=True)
    # Built aside and renamed into place, so that a half-built entry is never
    # seen and concurrent builds of one program agree.
    work = tempfile.mkdtemp(prefix="build-", dir=root)
    try:
        program = os.path.join(work, "program." + kind)
        with open(program, "wb") as f:
            f.write(source)
        built = os.path.join(work, "libprogram.so")
        args = [graphc, program, "--emit=lib", "-o", built]
        renames = [(program, names[0])]
        if schedule is not None:
            schedule_file = os.path.join(work, "schedule.gt")
            with open(schedule_file, "wb") as f:
                f.write(schedule)
            args += ["--schedule", schedule_file]
            renames.append((schedule_file, names[1]))
        run = subprocess.run(args, capture_output=True, text=True,
                             errors="replace")
        if run.returncode != 0:
            diagnostics = run.stderr + run.stdout
            for path, name in renames:
                diagnostics = diagnostics.replace(path, name)
            raise CompileError(diagnostics.strip() or
                               f"graphc exited with status {run.returncode}")
        if not os.path.isfile(built):
            raise CompileError(f"{graphc} exited with status 0 but wrote no "
                               "library (is it graph-mlir's graphc?)")
        try:
            os.rename(work, entry)
        except OSError:
            if not os.path.isfile(library):  # Not another build's entry.
                raise
        return library, False
    finally:
        shutil.rmtree(work, ignore_errors=True)
