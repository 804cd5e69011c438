# awk -v owned_vectors=A -v mirrored_vectors=B [-v elem_bytes=E]
#   [-v degree_vectors=D]
#   -f check-vertex-data.awk -f recount-mirrors.awk STATS EDGES: STATS holds
# the sorted `graphrt-mpi-mirrors:` and `graphrt-mpi-vertex-data:` lines of
# a run of a program (other lines are skipped) with A partitioned E-byte vectors (default 8) read only
# at owned vertices, B read at sources too, D 4-byte out-degree vectors
# read only at owned vertices (default 0), and no whole ones; EDGES its
# edge list. Prints "wrong: ..." for each rank whose partitioned bytes are
# not E per owned vertex per vector plus E per mirror per vector read at
# sources, with the mirrors recounted from the edges
# (the other ranks' vertices with an edge into the rank), or that allocated
# whole vectors; else "vertex data match".
BEGIN {
  if (elem_bytes == "")
    elem_bytes = 8
}
FNR == NR {
  rank = $3 + 0
  if ($1 == "graphrt-mpi-mirrors:") {
    owned[rank] = $6
  } else if ($1 == "graphrt-mpi-vertex-data:") {
    bytes[rank] = $4
    vectors[rank] = $8
    whole[rank] = $10
  }
  ranks = rank + 1 > ranks ? rank + 1 : ranks
  next
}
END {
  recount()
  bad = 0
  for (r = 0; r < ranks; r++) {
    want = elem_bytes * (owned[r] * (owned_vectors + mirrored_vectors) + \
                mirrors[r] * mirrored_vectors) + 4 * owned[r] * degree_vectors
    count = owned_vectors + mirrored_vectors + degree_vectors
    if (bytes[r] != want || vectors[r] != count) {
      print "wrong: rank " r " allocated " bytes[r] " bytes in " vectors[r] \
            " partitioned vectors, expected " want " in " count
      bad = 1
    }
    if (whole[r] != 0) {
      print "wrong: rank " r " allocated " whole[r] " bytes of whole vectors"
      bad = 1
    }
  }
  if (!bad)
    print "vertex data match"
}
