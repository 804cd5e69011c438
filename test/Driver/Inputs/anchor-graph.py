"""Prints the arcs of a graph in an anchor's format, one a line, as
`SOURCE DESTINATION [WEIGHT]`, checking the file's layout on the way:
  anchor-graph.py graphit FILE  (gpu-check graphit: GraphIt's .graphit_bin)
  anchor-graph.py emogi PREFIX  (gpu-check emogi: EMOGI's PREFIX.col, .dst)
"""
import struct
import sys


def fail(message):
    sys.exit("anchor-graph.py: " + message)


def graphit(path):
    data = open(path, "rb").read()
    n, m = struct.unpack_from("<ii", data)
    # The weights: int32 (a weighted edge set) or char (GraphT<char>).
    size = (len(data) - 8 - 4 * (2 * m + n + 1)) // m
    if size not in (1, 4) or len(data) != 8 + 4 * (2 * m + n + 1) + size * m:
        fail(f"{path}: {len(data)} bytes for {n} vertices and {m} arcs")
    source = struct.unpack_from(f"<{m}i", data, 8)
    dest = struct.unpack_from(f"<{m}i", data, 8 + 4 * m)
    weight = struct.unpack_from(f"<{m}{'b' if size == 1 else 'i'}", data, 8 + 8 * m)
    offset = struct.unpack_from(f"<{n + 1}i", data, 8 + (8 + size) * m)
    if offset[0] != 0 or offset[n] != m:
        fail(f"{path}: offsets from {offset[0]} to {offset[n]}")
    for v in range(n):
        for i in range(offset[v], offset[v + 1]):
            if source[i] != v:
                fail(f"{path}: arc {i} has source {source[i]}, not {v}")
    for i in range(m):
        print(source[i], dest[i], weight[i])


def emogi(prefix):
    col = open(prefix + ".col", "rb").read()
    dst = open(prefix + ".dst", "rb").read()
    count, _ = struct.unpack_from("<QQ", col)
    m, _ = struct.unpack_from("<QQ", dst)
    if len(col) != 16 + 8 * count or len(dst) != 16 + 8 * m:
        fail(f"{prefix}: {len(col)} and {len(dst)} bytes for {count} and {m}")
    offset = struct.unpack_from(f"<{count}Q", col, 16)
    dest = struct.unpack_from(f"<{m}Q", dst, 16)
    if offset[0] != 0 or offset[-1] != m:
        fail(f"{prefix}: offsets from {offset[0]} to {offset[-1]}")
    for v in range(count - 1):
        for i in range(offset[v], offset[v + 1]):
            print(v, dest[i])


{"graphit": graphit, "emogi": emogi}[sys.argv[1]](sys.argv[2])
