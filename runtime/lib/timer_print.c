/* timer_print.c - wall-clock timer and GraphIt-compatible printing. */
#include "internal.h"

#include <inttypes.h>
#include <time.h>

static struct timespec rt_timer_t0;

static double rt_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void graphrt_timer_start(void) {
  if (rt_gpu_mode)
    rt_gpu_trial_start();
  clock_gettime(CLOCK_MONOTONIC, &rt_timer_t0);
}

double graphrt_timer_stop(void) {
  double seconds =
      rt_now() - ((double)rt_timer_t0.tv_sec + 1e-9 * rt_timer_t0.tv_nsec);
  if (rt_gpu_mode)
    rt_gpu_trial_stop(seconds);
  return seconds;
}

double graphrt_time_now(void) { return rt_now(); }

void graphrt_print_i64(int64_t v) { printf("%" PRId64 "\n", v); }
void graphrt_print_u64(uint64_t v) { printf("%" PRIu64 "\n", v); }
/* std::ostream's default floatfield formats with "%.*g" and precision 6, so
 * %g gives the same text, including "inf", "-inf" and "nan"/"-nan". */
void graphrt_print_f64(double v) { printf("%g\n", v); }
void graphrt_print_bool(int32_t v) { printf("%d\n", v ? 1 : 0); }
void graphrt_print_str(const char *s) { printf("%s\n", s ? s : ""); }
