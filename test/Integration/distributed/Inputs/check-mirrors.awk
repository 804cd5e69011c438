# awk -f check-mirrors.awk -f recount-mirrors.awk MIRRORS EDGES: MIRRORS holds the sorted
# `graphrt-mpi-mirrors: rank R: N vertices, O owned, M mirrors; by need B
# bytes in K messages, C mirrors` lines of a run of a program that mirrors
# one 8-byte vector by need; EDGES its edge list. Prints "wrong: ..." for
# each rank whose mirror count is not the number of distinct other ranks'
# vertices with an edge into it, or "wrong: bytes" when the bytes sent are
# not 8 per mirror per call; else "mirrors match".
FNR == NR {
  rank = $3 + 0
  owned[rank] = $6
  reported[rank] = $8
  bytes += $12
  calls = $17
  ranks = rank + 1
  next
}
END {
  recount()
  bad = 0
  for (r = 0; r < ranks; r++) {
    total += reported[r]
    if (mirrors[r] + 0 != reported[r]) {
      print "wrong: rank " r " has " reported[r] " mirrors, expected " mirrors[r] + 0
      bad = 1
    }
  }
  if (bytes != 8 * calls * total) {
    print "wrong: bytes " bytes ", expected " 8 * calls * total
    bad = 1
  }
  if (!bad)
    print "mirrors match"
}
