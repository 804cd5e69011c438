/* io_mtx_save.c - writing Matrix Market coordinate files (.mtx), which
 * SuiteSparse, SciPy (scipy.io.mmread) and networkx read. */
#include "internal.h"

#include <inttypes.h>

/* Entry (i, j) is the edge i-1 -> j-1, as rt_load_mtx reads it. A graph of
 * int32 weights gives an `integer` matrix, of float or double weights a
 * `real` one, an unweighted one a `pattern` matrix. A
 * symmetric graph (every edge with its reverse) gives a `symmetric` matrix
 * of the entries on and below the diagonal, each undirected edge once;
 * others a `general` one. Reading the file back gives the same graph. */
int rt_save_mtx(const graphrt_graph *g, const char *path, rt_err *err) {
  FILE *fp = rt_create(path, "w", err);
  if (!fp)
    return -1;
  int symmetric = g->symmetric;
  int64_t entries = 0;
  for (int64_t u = 0; u < g->n; u++)
    for (int64_t j = g->out_off[u]; j < g->out_off[u + 1]; j++)
      entries += !symmetric || g->out_nbr[j] <= u;
  int ok =
      fprintf(fp,
              "%%%%MatrixMarket matrix coordinate %s %s\n"
              "%% written by libgraphrt: entry (i, j) is the edge "
              "i-1 -> j-1\n"
              "%" PRId64 " %" PRId64 " %" PRId64 "\n",
              !g->weighted                         ? "pattern"
              : g->weighted == GRAPHRT_WEIGHTS_I32 ? "integer"
                                                   : "real",
              symmetric ? "symmetric" : "general", g->n, g->n, entries) > 0;
  for (int64_t u = 0; u < g->n && ok; u++)
    for (int64_t j = g->out_off[u]; j < g->out_off[u + 1] && ok; j++) {
      if (symmetric && g->out_nbr[j] > u)
        continue;
      char w[RT_WEIGHT_TEXT] = "";
      if (g->weighted)
        rt_format_weight(w, g, j);
      ok = fprintf(fp, "%" PRId64 " %d%s%s\n", u + 1, g->out_nbr[j] + 1,
                   g->weighted ? " " : "", w) > 0;
    }
  return rt_finish_write(fp, ok, path, err);
}
