#!/usr/bin/env python3
"""Checks the relative links of the project's Markdown pages.

Usage: check_links.py ROOT

Reads ROOT/*.md, ROOT/docs/*.md, ROOT/runtime/*.md and ROOT/bench/*.md. Every
link `[text](target)` whose target is not a URL must name a file or directory
that exists, relative to the page; a `#anchor` must be a heading of the page
it points into, spelled as GitHub spells heading anchors. Links inside code
(fenced blocks, indented blocks, `spans`) are not links. Prints one line per
broken link, `page:line: ...`, and exits 1 if there is any.
"""
import glob
import os
import re
import sys

LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^()\s]*)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def prose_lines(path):
    """Yields (line number, line) for the lines outside code blocks."""
    fence = None
    previous_blank = True
    in_indented = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            stripped = line.lstrip()
            if fence:
                if stripped.startswith(fence):
                    fence = None
                continue
            if stripped.startswith(("```", "~~~")):
                fence = stripped[:3]
                continue
            indent = len(line) - len(stripped)
            if stripped and indent >= 4 and (previous_blank or in_indented):
                in_indented = True
                continue
            if stripped:
                in_indented = False
            previous_blank = not stripped
            yield number, line


def slug(heading):
    """GitHub's anchor for a heading: code spans and links reduced to their
    text, lower case, punctuation dropped, spaces turned into hyphens."""
    text = CODE_SPAN.sub(r"\2", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text).lower()
    text = "".join(c for c in text if c.isalnum() or c in "_- ")
    return text.replace(" ", "-")


anchor_cache = {}


def anchors(path):
    """The anchors of a page's headings; repeated ones get -1, -2, ..."""
    if path not in anchor_cache:
        found = set()
        for _, line in prose_lines(path):
            match = HEADING.match(line)
            if not match:
                continue
            base = slug(match.group(2))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
        anchor_cache[path] = found
    return anchor_cache[path]


def check(root, page):
    errors = []
    for number, line in prose_lines(page):
        for match in LINK.finditer(CODE_SPAN.sub("", line)):
            target = match.group(2)
            if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue
            path, _, anchor = target.partition("#")
            where = f"{os.path.relpath(page, root)}:{number}"
            resolved = (os.path.normpath(os.path.join(os.path.dirname(page), path))
                        if path else page)
            if not os.path.exists(resolved):
                errors.append(f"{where}: link target '{target}' does not exist")
            elif anchor and not resolved.endswith(".md"):
                errors.append(f"{where}: link '{target}' has an anchor into a "
                              "file that is not Markdown")
            elif anchor and anchor not in anchors(resolved):
                errors.append(f"{where}: '{target}': "
                              f"{os.path.relpath(resolved, root)} has no "
                              f"heading with anchor #{anchor}")
    return errors


def main():
    root = os.path.abspath(sys.argv[1])
    pages = sorted(p for d in ("", "docs", "runtime", "bench")
                   for p in glob.glob(os.path.join(root, d, "*.md")))
    errors = [e for page in pages for e in check(root, page)]
    for error in errors:
        print(error)
    print(f"{len(pages)} pages, {len(errors)} broken links")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
