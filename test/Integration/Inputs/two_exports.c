/* Includes the headers of two export libraries together (each has its own
 * include guard) and calls a function of each. */
#include "libexport_rows.h"
#include "libexport_sssp.h"

#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  graphrt_graph *graph = graphrt_load(argv[1], 1, 0);
  int32_t n;
  int32_t output[3 * 2];
  if (!graph || vertex_count(graph, &n) != 0 || multiples(5, output) != 0) {
    fprintf(stderr, "two_exports: %s\n", graphrt_last_error());
    return 1;
  }
  printf("vertices %d, multiples %d %d %d %d %d %d\n", n, output[0], output[1],
         output[2], output[3], output[4], output[5]);
  graphrt_graph_free(graph);
  return 0;
}
