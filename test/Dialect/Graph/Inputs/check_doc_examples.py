"""Checks that a Markdown file shows each given .mlir file verbatim.

Usage: check_doc_examples.py DOC.md FILE.mlir...

Every FILE must equal the body of one ```mlir fenced block of DOC.
"""
import re
import sys

doc_path, files = sys.argv[1], sys.argv[2:]
with open(doc_path) as f:
    blocks = re.findall(r"^```mlir\n(.*?)^```$", f.read(), re.M | re.S)
status = 0
for path in files:
    with open(path) as f:
        text = f.read()
    if text not in blocks:
        print(f"error: {doc_path} has no ```mlir block equal to {path}")
        status = 1
    else:
        print(f"ok: {path}")
sys.exit(status)
