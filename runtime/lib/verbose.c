/* verbose.c - GRAPHRT_VERBOSE=1: a program reports on stderr the graphs it
 * loads (with the load time) and one line per round of its traversals, so
 * that a long run shows its progress. A round ends where the program's
 * compiled code seals a vertex set (the frontier a traversal or a filter
 * produced) or takes the next bucket of a priority queue; its time is the
 * time since the previous round's line was written (or since the program
 * started). */
#include "internal.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static atomic_int rt_verbose_flag = -1;
static pthread_mutex_t rt_verbose_lock = PTHREAD_MUTEX_INITIALIZER;
static int64_t rt_rounds;
static double rt_start, rt_last;

int rt_verbose(void) {
  int flag = atomic_load_explicit(&rt_verbose_flag, memory_order_relaxed);
  if (flag < 0) {
    const char *value = getenv("GRAPHRT_VERBOSE");
    flag = value && *value && strcmp(value, "0") != 0;
    atomic_store(&rt_verbose_flag, flag);
  }
  return flag;
}

void rt_verbose_start(void) {
  if (!rt_verbose())
    return;
  pthread_mutex_lock(&rt_verbose_lock);
  rt_start = rt_last = graphrt_time_now();
  pthread_mutex_unlock(&rt_verbose_lock);
}

void rt_verbose_loaded(const char *path, const graphrt_graph *g,
                       double seconds) {
  if (!rt_verbose())
    return;
  pthread_mutex_lock(&rt_verbose_lock);
  fprintf(stderr,
          "graphrt: loaded %s: %" PRId64 " vertices, %" PRId64
          " edges (%s, %s) in %.6f s\n",
          path, graphrt_num_vertices(g), graphrt_num_edges(g),
          graphrt_is_symmetric(g) ? "symmetric" : "directed",
          graphrt_is_weighted(g) ? "weighted" : "unweighted", seconds);
  rt_last = graphrt_time_now();
  pthread_mutex_unlock(&rt_verbose_lock);
}

/* One round's line: `what` is "frontier" or "bucket B:". */
static void round_line(const char *what, int64_t active, int64_t n) {
  pthread_mutex_lock(&rt_verbose_lock);
  double now = graphrt_time_now();
  if (rt_last == 0)
    rt_start = rt_last = now;
  fprintf(stderr,
          "graphrt: round %" PRId64 ": %s %" PRId64 " of %" PRId64
          " vertices (%.1f%%) in %.6f s\n",
          ++rt_rounds, what, active, n, n > 0 ? 100.0 * active / n : 0.0,
          now - rt_last);
  fflush(stderr);
  // The next round's time starts after this line is written, so that a
  // round's time is its own, not its own plus the printing of the last.
  rt_last = graphrt_time_now();
  pthread_mutex_unlock(&rt_verbose_lock);
}

void rt_verbose_frontier(int64_t active, int64_t n) {
  if (rt_verbose())
    round_line("frontier", active, n);
}

void rt_verbose_bucket(int64_t bucket, int64_t active, int64_t n) {
  if (!rt_verbose())
    return;
  char what[64];
  snprintf(what, sizeof(what), "bucket %" PRId64 ":", bucket);
  round_line(what, active, n);
}

void rt_verbose_finish(void) {
  if (!rt_verbose())
    return;
  pthread_mutex_lock(&rt_verbose_lock);
  fprintf(stderr, "graphrt: finished: %" PRId64 " rounds in %.6f s\n",
          rt_rounds, graphrt_time_now() - rt_start);
  pthread_mutex_unlock(&rt_verbose_lock);
}
