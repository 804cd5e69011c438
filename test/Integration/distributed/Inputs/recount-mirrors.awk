# Included after a checker (awk -f CHECKER -f recount-mirrors.awk STATS
# EDGES) that reads its STATS file first and sets ranks and owned[r]: from
# the edge list, recount() sets mirrors[r] to the number of other ranks'
# vertices with an edge into rank r, the owned ranges ascending with the
# rank.
!ranges {
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
function recount(  key, part) {
  for (key in seen) {
    split(key, part, SUBSEP)
    mirrors[part[1]]++
  }
}
