/* error.c - one-line error reporting, and the error channel of export
 * libraries (graphrt_last_error, the recovery point of an export call). */
#include "internal.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
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
int rt_library;
_Thread_local jmp_buf *rt_recovery;
_Thread_local int rt_recovery_level;

/* The message of the last call that failed on this thread. */
static _Thread_local char last_error[1024];

const char *graphrt_last_error(void) { return last_error; }

void rt_clear_error(void) { last_error[0] = '\0'; }

/* Whether rt_fatal on this thread makes a call return the error (rather
 * than ending the process). */
static int fatal_returns(void) {
  return rt_recovery && omp_get_level() == rt_recovery_level;
}

/* The guards of the iterations this thread runs of guarded parallel loops
 * (graphrt_iteration_guard), innermost last, each with the omp_get_level()
 * of its loop. Guards deeper than kMaxGuards are not kept (their errors end
 * the process). */
enum { kMaxGuards = 8 };
static _Thread_local jmp_buf guards[kMaxGuards], unkept_guard;
static _Thread_local int guard_levels[kMaxGuards];
static _Thread_local int guard_depth;

jmp_buf *graphrt_iteration_guard(void) {
  int at = guard_depth++;
  if (at >= kMaxGuards)
    return &unkept_guard;
  guard_levels[at] = omp_get_level();
  return &guards[at];
}

void graphrt_iteration_done(void) { --guard_depth; }

/* The guard of the iteration this thread runs at its current OpenMP level,
 * or NULL. */
static jmp_buf *current_guard(void) {
  int top = guard_depth - 1;
  if (top < 0 || top >= kMaxGuards || guard_levels[top] != omp_get_level())
    return NULL;
  return &guards[top];
}

_Noreturn void rt_fatal(const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  /* In a guarded iteration of a parallel loop of an export call: the
   * iteration ends, and the call fails after the loop. */
  jmp_buf *guard = current_guard();
  if (guard && rt_defer_error("%s", msg))
    longjmp(*guard, 1);
  /* Under an export call or a client's call, outside any OpenMP region the
   * call did not start: the call returns the error. A longjmp out of an
   * OpenMP region (or from another of its threads) would leave the region's
   * team waiting forever, so an error there still ends the process. */
  if (fatal_returns()) {
    jmp_buf *env = rt_recovery;
    rt_recovery = NULL;
    snprintf(last_error, sizeof(last_error), "%s", msg);
    longjmp(*env, 1);
  }
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

/* Set while an export call runs (calls are serialized): its compiled code's
 * blocks are tracked then, and errors of the threads of its OpenMP regions
 * are deferred. */
static int export_active;

/* The first error a thread of an OpenMP region of an export call raised
 * (pending_set nonzero). Such a thread cannot longjmp to the call's
 * recovery point: the generated code goes on with a safe value to the end
 * of the region, and the call fails at its next graphrt_export_poll. */
static char pending_error[1024];
static int pending_set;
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;

int rt_defer_error(const char *fmt, ...) {
  if (!rt_library || !__atomic_load_n(&export_active, __ATOMIC_ACQUIRE) ||
      fatal_returns())
    return 0;
  pthread_mutex_lock(&pending_lock);
  if (!pending_set) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pending_error, sizeof(pending_error), fmt, ap);
    va_end(ap);
    __atomic_store_n(&pending_set, 1, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&pending_lock);
  return 1;
}

void rt_fail_or_defer(const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  if (rt_defer_error("%s", msg))
    return;
  /* Threads of a parallel region may fail at once: the first reports and
   * exits, the others wait for the exit, so that the error is one line. */
  static atomic_flag reported = ATOMIC_FLAG_INIT;
  if (!fatal_returns() && atomic_flag_test_and_set(&reported))
    for (;;)
      pause();
  rt_fatal("%s", msg);
}

void graphrt_export_poll(void) {
  if (!__atomic_load_n(&pending_set, __ATOMIC_ACQUIRE))
    return;
  char msg[sizeof(pending_error)];
  memcpy(msg, pending_error, sizeof(msg));
  __atomic_store_n(&pending_set, 0, __ATOMIC_RELAXED);
  rt_fatal("%s", msg);
}

void graphrt_state_check(const void *p, const char *name) {
  graphrt_export_check_state(p != NULL, name);
}

void graphrt_export_check_array(const void *p, const char *func,
                                const char *param) {
  if (!p)
    rt_fatal("%s: argument '%s' is NULL", func, param);
}

void graphrt_export_check_state(int32_t set, const char *name) {
  if (!set)
    rt_fatal("export state: '%s' is used before an export function set it",
             name);
}

static rt_ptrset call_blocks = RT_PTRSET_INIT;

void *rt_export_track(void *p) {
  if (p && __atomic_load_n(&export_active, __ATOMIC_RELAXED))
    rt_ptrset_add(&call_blocks, p);
  return p;
}

void rt_export_untrack(void *p) {
  if (p && __atomic_load_n(&export_active, __ATOMIC_RELAXED))
    rt_ptrset_remove(&call_blocks, p);
}

/* Export calls run one at a time: they share the program's state and the
 * set of vertex sets graphrt_vset_free_all frees. */
static pthread_mutex_t export_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether this thread is inside an export call. */
static _Thread_local int in_export;

void graphrt_export_begin(jmp_buf *env) {
  /* A call from inside another (an extern function the program calls,
   * calling back) would wait for itself: it fails the outer call instead. */
  if (in_export)
    rt_fatal("an export function was called during another export call");
  pthread_mutex_lock(&export_lock);
  in_export = 1;
  rt_clear_error();
  rt_recovery = env;
  rt_recovery_level = omp_get_level();
  __atomic_store_n(&pending_set, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&export_active, 1, __ATOMIC_RELEASE);
}

/* Frees what every call leaves behind: its vertex sets and the graphs it
 * made. Returns 1 when that fails (the message is then the error), else 0. */
static int export_cleanup(int failed_call) {
  /* A failed call stored nothing (state is stored as a call returns): the
   * blocks it still held are garbage. A good one's are the caller's now. */
  __atomic_store_n(&export_active, 0, __ATOMIC_RELAXED);
  rt_ptrset_clear(&call_blocks, failed_call ? free : NULL);
  volatile int status = 1;
  jmp_buf env;
  if (setjmp(env) == 0) {
    rt_recovery = &env;
    graphrt_vset_free_all();
    graphrt_graph_free_kept();
    status = 0;
  }
  rt_recovery = NULL;
  in_export = 0;
  pthread_mutex_unlock(&export_lock);
  return status;
}

int32_t graphrt_export_end(void) { return export_cleanup(0); }

int32_t graphrt_export_failed(void) {
  /* rt_fatal recorded the message; keep it over any error of the cleanup. */
  char msg[sizeof(last_error)];
  memcpy(msg, last_error, sizeof(msg));
  export_cleanup(1);
  memcpy(last_error, msg, sizeof(msg));
  return 1;
}

void graphrt_export_library(void) { rt_library = 1; }

void rt_client_enter(jmp_buf *env) {
  rt_clear_error();
  rt_recovery = env;
  rt_recovery_level = omp_get_level();
}
