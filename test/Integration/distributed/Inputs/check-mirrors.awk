# awk -f check-mirrors.awk MIRRORS EDGES: MIRRORS holds the sorted
# `graphrt-mpi-mirrors: rank R: N vertices, O owned, M mirrors; by need B
# bytes in K messages, C mirrors` lines of a run of a program that mirrors
# one 8-byte vector by need; EDGES its edge list. Prints "wrong: ..." for
# each rank whose mirror count is not the number of distinct other ranks'
# vertices with an edge into it, or "wrong: bytes" when the bytes sent are
# not 8 per mirror per call; else "mirrors match".
FNR == NR {
  rank = $3 + 0
  owned[rank] = $6
  mirrors[rank] = $8
  bytes += $12
  calls = $17
  ranks = rank + 1
  next
}
!ranges {
  # The owned ranges, ascending with the rank, from the counts.
  for (r = 0; r < ranks; r++) {
    lo[r] = r ? hi[r - 1] : 0
    hi[r] = lo[r] + owned[r]
  }
  ranges = 1
}
!/^[#%]/ && NF {
  for (r = 0; r < ranks; r++)
    if ($2 < hi[r])
      break
  if ($1 < lo[r] || $1 >= hi[r])
    seen[r, $1] = 1
}
END {
  for (key in seen) {
    split(key, part, SUBSEP)
    count[part[1]]++
  }
  bad = 0
  for (r = 0; r < ranks; r++) {
    total += mirrors[r]
    if (count[r] + 0 != mirrors[r]) {
      print "wrong: rank " r " has " mirrors[r] " mirrors, expected " count[r] + 0
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
