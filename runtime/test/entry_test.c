/* entry_test - a stand-in for a generated program: it defines only
 * graphrt_user_main; main() comes from libgraphrt.a (entry.c).
 *   graphrt-entry-test print        the print helpers
 *   graphrt-entry-test args A 42    argc/argv/atoi
 *   graphrt-entry-test missing      argv out of range (error)
 *   graphrt-entry-test badint X     atoi error
 *   graphrt-entry-test load FILE    graphrt_load (errors exit)
 *   graphrt-entry-test weights FILE out_weights on the loaded graph
 *   graphrt-entry-test alloc N      compiled code's allocation of N bytes
 *   graphrt-entry-test alloc64 N    the same, 64-byte aligned */
#include "graph_rt.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void graphrt_user_main(void) {
  const char *cmd = graphrt_argv(1);
  if (!strcmp(cmd, "print")) {
    double vals[] = {0.15,    1e-07,  100000, 1234567,  0.0,       -2.5,
                     1.0 / 3, 123456, 1e21,   INFINITY, -INFINITY, NAN};
    for (unsigned i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
      graphrt_print_f64(vals[i]);
    graphrt_print_i64(-42);
    graphrt_print_i64(INT64_MIN);
    graphrt_print_u64(UINT64_MAX);
    graphrt_print_bool(7);
    graphrt_print_bool(0);
    graphrt_print_str("hello world");
    graphrt_timer_start();
    double t = graphrt_timer_stop();
    graphrt_print_bool(t >= 0 && t < 1);
  } else if (!strcmp(cmd, "args")) {
    graphrt_print_i64(graphrt_argc());
    graphrt_print_str(graphrt_argv(2));
    graphrt_print_i64(graphrt_atoi(graphrt_argv(3)) + 1);
  } else if (!strcmp(cmd, "missing")) {
    graphrt_argv(5);
  } else if (!strcmp(cmd, "badint")) {
    graphrt_atoi(graphrt_argv(2));
  } else if (!strcmp(cmd, "load") || !strcmp(cmd, "weights")) {
    graphrt_graph *g = graphrt_load(graphrt_argv(2), 0, 0);
    graphrt_print_i64(graphrt_num_vertices(g));
    graphrt_print_i64(graphrt_num_edges(g));
    if (!strcmp(cmd, "weights")) {
      graphrt_memref_i32 w;
      _mlir_ciface_graphrt_out_weights(&w, g);
    }
    graphrt_graph_free(g);
  } else if (!strcmp(cmd, "alloc") || !strcmp(cmd, "alloc64")) {
    size_t bytes = (size_t)strtoull(graphrt_argv(2), NULL, 10);
    void *p = !strcmp(cmd, "alloc")
                  ? _mlir_memref_to_llvm_alloc(bytes)
                  : _mlir_memref_to_llvm_aligned_alloc(64, bytes);
    graphrt_print_bool(p != NULL);
    _mlir_memref_to_llvm_free(p);
  } else {
    graphrt_print_str("unknown command");
  }
}
