"""Writes a GAPBS .sg/.wsg file from adjacency lists given on the command
line, independently of libgraphrt (for malformed-input tests).

usage: write_sg.py OUT [--undirected] [--n N] [--m M] --out LISTS [--in LISTS]

LISTS has one list per vertex, separated by '|'; entries are 'v' (.sg) or
'v:w' (.wsg), separated by ','. --n / --m override the header counts.
"""
import argparse
import struct


def parse(lists):
    off, nbr = [0], []
    for part in lists.split("|"):
        for item in filter(None, part.split(",")):
            nbr.append(tuple(int(x) for x in item.split(":")))
        off.append(len(nbr))
    return off, nbr


def pack(off, nbr):
    data = struct.pack("<%dq" % len(off), *off)
    for entry in nbr:
        data += struct.pack("<%di" % len(entry), *entry)
    return data


ap = argparse.ArgumentParser()
ap.add_argument("path")
ap.add_argument("--undirected", action="store_true")
ap.add_argument("--n", type=int)
ap.add_argument("--m", type=int)
ap.add_argument("--out", required=True)
ap.add_argument("--in", dest="inl")
a = ap.parse_args()
out_off, out_nbr = parse(a.out)
n = len(out_off) - 1 if a.n is None else a.n
m = len(out_nbr) if a.m is None else a.m
data = struct.pack("<?qq", not a.undirected, m, n) + pack(out_off, out_nbr)
if not a.undirected:
    data += pack(*parse(a.inl))
with open(a.path, "wb") as f:
    f.write(data)
