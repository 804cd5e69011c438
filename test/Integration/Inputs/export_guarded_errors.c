/* Calls export_guarded_errors.gt's library on a 100000-vertex cycle with
 * allocations of 256 KB and more failing inside OpenMP regions while
 * `fail_large` is set: each `scratch` vector (400 KB) then cannot be
 * allocated in the parallel loop. That call returns 1 with the message; the
 * process goes on and the next call answers. */
#include "libexport_guarded_errors.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

void *__libc_malloc(size_t bytes);

static volatile int fail_large;

void *malloc(size_t bytes) {
  if (fail_large && bytes >= 262144 && omp_in_parallel())
    return NULL;
  return __libc_malloc(bytes);
}

enum { N = 100000, K = 64 };

int main(void) {
  static int64_t offsets[N + 1];
  static int32_t neighbors[N];
  for (int i = 0; i < N; i++) {
    offsets[i + 1] = i + 1;
    neighbors[i] = (i + 1) % N;
  }
  graphrt_graph *g = graphrt_graph_from_csr(N, offsets, neighbors, NULL);
  static int32_t out[N];
  for (int round = 0; round < 2; round++) {
    fail_large = 1;
    int status = spread(g, K, out);
    fail_large = 0;
    printf("failing: %d '%s'\n", status, graphrt_last_error());
    status = spread(g, K, out);
    long sum = 0;
    for (int i = 0; i < N; i++)
      sum += out[i];
    printf("normal: %d %d %d %ld '%s'\n", status, out[0], out[K - 1], sum,
           graphrt_last_error());
  }
  printf("still running\n");
  return 0;
}
