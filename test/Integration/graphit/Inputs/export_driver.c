/* Calls export_sssp.gt's functions from C: loads argv[1] with libgraphrt,
 * passes argv[2] as the source, prints the distances one per line; an
 * error (a status of 1) is printed with graphrt_last_error(). */
#include "libexport_sssp.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  graphrt_graph *graph = graphrt_load(argv[1], 1, 0);
  int32_t n;
  if (!graph || vertex_count(graph, &n) != 0) {
    fprintf(stderr, "driver: %s\n", graphrt_last_error());
    return 1;
  }
  int32_t *distances = malloc((size_t)n * sizeof(int32_t));
  int32_t scale[1] = {1};
  if (shortest_paths(graph, atoi(argv[2]), scale, distances) != 0) {
    fprintf(stderr, "driver: %s\n", graphrt_last_error());
    return 1;
  }
  for (int64_t v = 0; v < n; v++)
    printf("%d\n", distances[v]);
  free(distances);
  graphrt_graph_free(graph);
  return 0;
}
