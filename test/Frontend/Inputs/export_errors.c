/* Calls export_errors.gt's library (and libgraphrt through its header) with
 * bad arguments: each call must return its error status, with the message in
 * graphrt_last_error(), and the process goes on. Prints one line per call:
 * "<case>: <status> <message>". */
#include "libexport_errors.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static void report(const char *what, int failed) {
  printf("%s: %s %s\n", what, failed ? "error" : "ok", graphrt_last_error());
}

/* Two threads call at once, one failing: each sees its own status and
 * message (graphrt_last_error is per thread; the calls take turns). */
typedef struct {
  graphrt_graph *g;
  int32_t source, count;
  int status;
  char error[256];
} call;

static void *call_reach(void *arg) {
  call *c = arg;
  for (int i = 0; i < 100; i++) {
    c->status = reach(c->g, c->source, &c->count);
    snprintf(c->error, sizeof(c->error), "%s", graphrt_last_error());
  }
  return NULL;
}

int main(void) {
  /* Bad CSR arrays. */
  int64_t off[] = {0, 1, 2, 3};
  int32_t bad_nbr[] = {1, 2, 7};
  report("neighbor", !graphrt_graph_from_csr(3, off, bad_nbr, NULL));
  int64_t decreasing[] = {0, 2, 1, 3};
  int32_t nbr[] = {1, 2, 0};
  report("decreasing", !graphrt_graph_from_csr(3, decreasing, nbr, NULL));
  int64_t from_one[] = {1, 1, 2, 3};
  report("start", !graphrt_graph_from_csr(3, from_one, nbr, NULL));
  int64_t huge[] = {0, ((int64_t)1 << 62) + 1};
  report("huge", !graphrt_graph_from_csr(1, huge, nbr, NULL));
  report("negative", !graphrt_graph_from_csr(-1, off, nbr, NULL));
  report("null offsets", !graphrt_graph_from_csr(3, NULL, nbr, NULL));
  report("null neighbors", !graphrt_graph_from_csr(3, off, NULL, NULL));
  report("null path", !graphrt_load(NULL, 0, 0));
  report("missing file", !graphrt_load("no-such-graph.el", 0, 0));
  report("null graph", graphrt_num_vertices(NULL) != -1 ? 0 : 1);

  /* Export functions: NULL pointers, a freed graph, an error of the
   * program's own code; then a good call. */
  int64_t good_off[] = {0, 2, 2, 3}; /* 0 -> 1, 0 -> 2, 2 -> 0 */
  graphrt_graph *g = graphrt_graph_from_csr(3, good_off, nbr, NULL);
  report("good graph", !g);
  int32_t count = -1;
  report("reach null graph", reach(NULL, 0, &count));
  report("reach null result", reach(g, 0, NULL));
  report("reach bad source", reach(g, 7, &count));
  report("reach", reach(g, 2, &count));
  printf("count %d\n", count);
  int32_t degrees[3] = {-1, -1, -1};
  report("set_graph null", set_graph(NULL));
  report("get_degrees null", get_degrees(NULL));

  /* State read before it is set: a graph, a vector, a number. */
  report("get_degrees unset", get_degrees(degrees));
  double sum = -1;
  report("weight_sum unset", weight_sum(&sum));
  report("get_total unset", get_total(&count));
  report("set_weights null", set_weights(NULL));
  double w[3] = {0.5, 1.25, 2};
  report("set_weights", set_weights(w));
  report("weight_sum", weight_sum(&sum));
  report("set_total", set_total(41));
  report("get_total", get_total(&count));
  printf("sum %g total %d\n", sum, count);
  report("set_graph", set_graph(g));
  report("get_degrees", get_degrees(degrees));
  printf("degrees %d %d %d\n", degrees[0], degrees[1], degrees[2]);

  call good = {g, 0, -1, -1, ""}, bad = {g, 3, -1, -1, ""};
  pthread_t a, b;
  pthread_create(&a, NULL, call_reach, &good);
  pthread_create(&b, NULL, call_reach, &bad);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("thread good: %d %d '%s'\n", good.status, good.count, good.error);
  printf("thread bad: %d '%s'\n", bad.status, bad.error);

  /* A freed graph: as an argument, as the kept state, freed again. */
  report("free", graphrt_graph_free(g));
  report("reach freed", reach(g, 0, &count));
  report("get_degrees freed", get_degrees(degrees));
  report("num_vertices freed", graphrt_num_vertices(g) != -1 ? 0 : 1);
  report("free again", graphrt_graph_free(g));
  report("free null", graphrt_graph_free(NULL));
  printf("still running\n");
  return 0;
}
