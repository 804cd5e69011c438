"""docs/Python.md's examples run as written (from the repository's root),
in order, in one namespace."""
import contextlib
import io
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, "docs", "Python.md")


def test_guide_examples(monkeypatch, tmp_path, graphc):
    if not os.path.isfile(GUIDE):
        pytest.skip("no docs/Python.md beside the package")
    with open(GUIDE) as f:
        blocks = re.findall(r"^```python\n(.*?)^```$", f.read(),
                            re.DOTALL | re.MULTILINE)
    assert len(blocks) >= 5
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("GRAPHMLIR_CACHE_DIR", str(tmp_path))
    namespace = {}
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        for block in blocks:
            exec(compile(block, GUIDE, "exec"), namespace)
    printed = output.getvalue()
    assert "vertex id 5000 is not a vertex of the graph, which has 1000 " \
           "vertices [0, 1000)" in printed
    assert "CSR neighbor 5 of vertex 1 out of range [0, 2)" in printed
    assert "<string>:3:9: error: use of undefined name 'z'" in printed
    assert "[1 2 2 1]" in printed
    ranks, expected = namespace["ranks"], namespace["expected"]
    assert max(abs(ranks[v] - expected[v]) for v in expected) < 1e-9
