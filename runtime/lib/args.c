/* args.c - the program's arguments, as recorded by main() (entry.c). */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>

static int rt_argc;
static char **rt_argv;

/* Kept out of entry.c so that tools with their own main() never pull in
 * libgraphrt's main(). */
void graphrt_set_args(int argc, char **argv) {
  rt_argc = argc;
  rt_argv = argv;
}

int64_t graphrt_argc(void) { return rt_argc; }

const char *graphrt_argv(int64_t i) {
  if (i < 0 || i >= rt_argc)
    rt_fatal("argument %lld is missing (the program got %d argument%s)",
             (long long)i, rt_argc > 0 ? rt_argc - 1 : 0,
             rt_argc == 2 ? "" : "s");
  return rt_argv[i];
}

int64_t graphrt_atoi(const char *s) {
  if (!s)
    rt_fatal("missing integer");
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (end == s || *end != '\0')
    rt_fatal("'%s' is not an integer", s);
  if (errno == ERANGE)
    rt_fatal("integer '%s' does not fit in 64 bits", s);
  return v;
}
