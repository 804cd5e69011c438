"""Records the graph-mlir checkout the package is installed from, so that
graphmlir finds that checkout's build/bin/graphc when graphc is neither named
nor on PATH (graphmlir/_graphc.py). Everything else is in pyproject.toml."""
import os

from setuptools import setup
from setuptools.command.build_py import build_py

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class BuildPy(build_py):
    def run(self):
        super().run()
        # pip builds in place, so this is the checkout; a copy elsewhere
        # (not a checkout) records nothing.
        checkout = CHECKOUT if os.path.isfile(
            os.path.join(CHECKOUT, "scripts", "build.sh")) else None
        with open(os.path.join(self.build_lib, "graphmlir", "_checkout.py"),
                  "w") as f:
            f.write('"""Written at install: the graph-mlir checkout the '
                    'package came from."""\n')
            f.write(f"CHECKOUT = {checkout!r}\n")


setup(cmdclass={"build_py": BuildPy})
