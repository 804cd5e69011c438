/* entry.c - main() of a generated program. In its own archive member so that
 * tools defining main() themselves still link against libgraphrt.a. */
#include "internal.h"

#include <string.h>

int main(int argc, char **argv) {
  if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    rt_print_usage(stdout, argv[0]);
    return 0;
  }
  graphrt_program_start(argc, argv);
  graphrt_user_main();
  graphrt_program_end();
  return 0;
}
