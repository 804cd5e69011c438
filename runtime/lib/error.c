/* error.c - one-line error reporting. */
#include "internal.h"

#include <stdlib.h>
#include <unistd.h>

void rt_err_set(rt_err *e, const char *fmt, ...) {
  if (e->set)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
  va_end(ap);
  e->set = 1;
}

int rt_fatal_rank;

_Noreturn void rt_fatal(const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  fflush(stdout);
  if (rt_fatal_rank > 0) {
    sleep(3);
    fprintf(stderr, "graphrt: rank %d: %s\n", rt_fatal_rank, msg);
  } else {
    fprintf(stderr, "graphrt: %s\n", msg);
  }
  exit(1);
}

_Noreturn void rt_fatal_err(const rt_err *e) { rt_fatal("%s", e->msg); }

void graphrt_state_check(const void *p, const char *name) {
  if (!p)
    rt_fatal("export state: '%s' is used before an export function set it",
             name);
}
