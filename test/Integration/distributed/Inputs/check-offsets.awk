# awk -f check-offsets.awk STATS: STATS holds the sorted
# `graphrt-mpi-mirrors:` and `graphrt-mpi-graph:` lines of a run (other
# lines are skipped). Prints "wrong: ..." for each rank whose in-offsets
# or global out-offsets are not 8 bytes per owned vertex plus 8 (the rank
# pulls only into its own vertices, and keeps the global degrees of its own
# vertices only), whose CSR's offsets are not 8 bytes per owned vertex and
# per mirror plus 16 (rows by slot: its edges' sources are its own vertices
# and its mirrors), whose slot map is not 16 bytes per word of 64 vertices
# (a bit per vertex and each word's first mirror slot), or whose total is
# not their sum; else "offsets match".
$1 == "graphrt-mpi-mirrors:" {
  rank = $3 + 0
  n[rank] = $4
  owned[rank] = $6
  mirrors[rank] = $8
  ranks = rank + 1 > ranks ? rank + 1 : ranks
}
$1 == "graphrt-mpi-graph:" {
  rank = $3 + 0
  total[rank] = $4
  in_off[rank] = $9
  out_off[rank] = $11
  global[rank] = $13
  slots[rank] = $16
  seen[rank] = 1
}
END {
  bad = 0
  for (r = 0; r < ranks; r++) {
    if (!seen[r]) {
      printf "wrong: rank %d printed no graphrt-mpi-graph line\n", r
      bad = 1
      continue
    }
    want_in = 8 * (owned[r] + 1)
    want_out = 8 * (owned[r] + mirrors[r] + 2)
    want_slots = 16 * (n[r] > 0 ? int((n[r] + 63) / 64) : 1)
    if (in_off[r] != want_in || out_off[r] != want_out ||
        global[r] != want_in || slots[r] != want_slots ||
        total[r] != in_off[r] + out_off[r] + global[r] + slots[r]) {
      printf "wrong: rank %d: %d bytes (%d in-offsets, %d out-offsets, %d global, %d slots); want %d in-offsets and global, %d out-offsets, %d slots\n", \
        r, total[r], in_off[r], out_off[r], global[r], slots[r], want_in, \
        want_out, want_slots
      bad = 1
    }
  }
  if (ranks == 0) {
    print "wrong: no graphrt-mpi-mirrors lines"
    bad = 1
  }
  if (!bad)
    printf "offsets match at %d ranks\n", ranks
}
