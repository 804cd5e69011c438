/* Calls export_pq_errors.gt's delta-stepping library on a two-level tree (the
 * root, 1000 children, 100 leaves under each), with reallocation failing above
 * 32 KB while `fail_large` is set: the priority queue's buckets then cannot
 * grow inside the traversal's parallel region. That call returns 1 with the
 * message; the process goes on and the next call answers. */
#include "libexport_pq_errors.h"

#include <stdio.h>
#include <stdlib.h>

void *__libc_realloc(void *p, size_t bytes);

static volatile int fail_large;

void *realloc(void *p, size_t bytes) {
  if (fail_large && bytes > 32768)
    return NULL;
  return __libc_realloc(p, bytes);
}

enum { MID = 1000, LEAVES = 100, N = 1 + MID + MID * LEAVES };

int main(void) {
  static int64_t offsets[N + 1];
  static int32_t neighbors[N - 1], weights[N - 1];
  int64_t e = 0;
  for (int v = 0; v < N; v++) {
    if (v == 0)
      for (int c = 1; c <= MID; c++)
        neighbors[e] = c, weights[e++] = 1;
    else if (v <= MID)
      for (int l = 0; l < LEAVES; l++)
        neighbors[e] = 1 + MID + (v - 1) * LEAVES + l, weights[e++] = 1;
    offsets[v + 1] = e;
  }
  graphrt_graph *g = graphrt_graph_from_csr(N, offsets, neighbors, weights);
  static int32_t dist[N];
  for (int round = 0; round < 2; round++) {
    fail_large = 1;
    int status = sssp(g, 0, dist);
    fail_large = 0;
    printf("failing: %d '%s'\n", status, graphrt_last_error());
    status = sssp(g, 0, dist);
    printf("normal: %d %d %d %d '%s'\n", status, dist[0], dist[MID],
           dist[N - 1], graphrt_last_error());
  }
  printf("still running\n");
  return 0;
}
