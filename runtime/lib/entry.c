/* entry.c - main() of a generated program. In its own archive member so that
 * tools defining main() themselves still link against libgraphrt.a. */
#include "graph_rt.h"

int main(int argc, char **argv) {
  graphrt_set_args(argc, argv);
  graphrt_user_main();
  graphrt_vset_free_all();
  graphrt_pq_free_all();
  graphrt_graph_free_kept();
  return 0;
}
