"""pip installs the package from a checkout (offline: no build isolation,
no index), and the installed package finds that checkout's
build/bin/graphc with nothing named and no graphc on PATH. The checkout is
a copy (python/, a scripts/build.sh, build/bin/graphc linking to the real
one), so that the repository is not written to."""
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

import graphmlir

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_pip_install_from_checkout(tmp_path, graphc):
    for module in ("pip", "setuptools", "venv"):
        if subprocess.run([sys.executable, "-c", f"import {module}"],
                          capture_output=True).returncode:
            pytest.skip(f"{sys.executable} has no {module}")
    checkout = tmp_path / "checkout"
    shutil.copytree(PACKAGE, checkout / "python",
                    ignore=shutil.ignore_patterns("__pycache__", "build",
                                                  "*.egg-info"))
    (checkout / "scripts").mkdir()
    (checkout / "scripts" / "build.sh").write_text("")
    (checkout / "build" / "bin").mkdir(parents=True)
    os.symlink(graphc, checkout / "build" / "bin" / "graphc")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages",
                    "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "-q",
                    "--no-build-isolation", "--no-deps", "--no-index",
                    str(checkout / "python")], check=True, cwd=tmp_path)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("GRAPHMLIR_") and k != "PYTHONPATH"}
    env["PATH"] = os.path.dirname(shutil.which("cc") or "/usr/bin/cc")
    env["GRAPHMLIR_CACHE_DIR"] = str(tmp_path / "cache")
    script = textwrap.dedent("""
        import graphmlir
        print(graphmlir.__file__)
        print(graphmlir.find_graphc())
        m = graphmlir.compile("element Vertex end\\n"
                              "export func inc(x : int) -> y : int\\n"
                              "    y = x + 1;\\nend\\n")
        print(m.inc(41))
        """)
    run = subprocess.run([python, "-c", script], env=env, cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    installed, found, answer = run.stdout.split()
    assert installed.startswith(str(venv))
    assert found == str(checkout / "build" / "bin" / "graphc")
    assert answer == "42"
