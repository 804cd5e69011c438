/* Calls export_parallel_errors.gt's library on a 1000-vertex cycle, with
 * shifts that put indices out of range inside parallel regions: each such
 * call returns 1 with the message, and the next good call works. */
#include "libexport_parallel_errors.h"

#include <stdio.h>

enum { N = 1000 };

int main(void) {
  static int64_t offsets[N + 1];
  static int32_t neighbors[N];
  for (int i = 0; i < N; i++) {
    offsets[i + 1] = i + 1;
    neighbors[i] = (i + 1) % N;
  }
  graphrt_graph *g = graphrt_graph_from_csr(N, offsets, neighbors, NULL);
  static int32_t out[N];
  for (int round = 0; round < 3; round++) {
    int status = in_hits(g, 0, out);
    long sum = 0;
    for (int i = 0; i < N; i++)
      sum += out[i];
    printf("in_hits 0: %d sum %ld '%s'\n", status, sum, graphrt_last_error());
    status = in_hits(g, 5, out);
    printf("in_hits 5: %d '%s'\n", status, graphrt_last_error());
    status = shifted(g, -1, out);
    printf("shifted -1: %d '%s'\n", status, graphrt_last_error());
    status = shifted(g, 0, out);
    printf("shifted 0: %d %d %d '%s'\n", status, out[0], out[N - 1],
           graphrt_last_error());
  }
  printf("still running\n");
  return 0;
}
