/* Calls export_sssp_float.gt's shortest_paths (built with WEIGHT float or
 * double, FROM_CSR its CSR entry point) from C on a graph made from CSR
 * arrays of WEIGHT weights, then on an int32 graph (whose weights the
 * program reads converted), then makes the entry point reject bad
 * arguments through graphrt_last_error. */
#include "libexport_sssp_float.h"

#include <math.h>
#include <stdio.h>

static void print_distances(const graphrt_graph *g, const WEIGHT *d) {
  for (int64_t v = 0; v < graphrt_num_vertices(g); v++)
    printf("%g ", (double)d[v]);
  printf("\n");
}

static void expect_null(graphrt_graph *g) {
  printf("%s: %s\n", g ? "accepted" : "rejected", graphrt_last_error());
  graphrt_graph_free(g);
}

int main(void) {
  /* 0 -> 1 (0.5), 0 -> 2 (2.25), 1 -> 2 (0.125), 2 -> 3 (-0.375); vertex 4
   * has no edges */
  int64_t offsets[] = {0, 2, 3, 4, 4, 4};
  int32_t neighbors[] = {1, 2, 2, 3};
  WEIGHT weights[] = {0.5, 2.25, 0.125, -0.375};
  WEIGHT distances[5];
  graphrt_graph *g = FROM_CSR(5, offsets, neighbors, weights);
  if (!g || shortest_paths(g, 0, distances) != 0) {
    printf("error: %s\n", graphrt_last_error());
    return 1;
  }
  print_distances(g, distances);
  graphrt_graph_free(g);
  int32_t int_weights[] = {1, 4, 2, -1};
  g = graphrt_graph_from_csr(5, offsets, neighbors, int_weights);
  if (!g || shortest_paths(g, 1, distances) != 0) {
    printf("error: %s\n", graphrt_last_error());
    return 1;
  }
  print_distances(g, distances);
  graphrt_graph_free(g);
  weights[1] = NAN;
  expect_null(FROM_CSR(5, offsets, neighbors, weights));
  weights[1] = -INFINITY;
  expect_null(FROM_CSR(5, offsets, neighbors, weights));
  weights[1] = 2.25;
  neighbors[3] = 5;
  expect_null(FROM_CSR(5, offsets, neighbors, weights));
  expect_null(FROM_CSR(5, NULL, neighbors, weights));
  offsets[2] = 1;
  expect_null(FROM_CSR(5, offsets, neighbors, weights));
  expect_null(FROM_CSR(-1, offsets, neighbors, weights));
  return 0;
}
