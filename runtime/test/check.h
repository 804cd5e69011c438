/* check.h - a tiny assertion harness for libgraphrt's unit tests. */
#ifndef GRAPHRT_TEST_CHECK_H
#define GRAPHRT_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures, check_count;

#define CHECK(c)                                                               \
  do {                                                                         \
    check_count++;                                                             \
    if (!(c)) {                                                                \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c);    \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

#define CHECK_EQ(a, b)                                                         \
  do {                                                                         \
    long long check_a_ = (long long)(a), check_b_ = (long long)(b);            \
    check_count++;                                                             \
    if (check_a_ != check_b_) {                                                \
      fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (%lld vs %lld)\n",     \
              __FILE__, __LINE__, #a, #b, check_a_, check_b_);                 \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

/* s contains sub */
#define CHECK_STR(s, sub)                                                      \
  do {                                                                         \
    check_count++;                                                             \
    if (!strstr((s), (sub))) {                                                 \
      fprintf(stderr, "%s:%d: CHECK_STR failed: '%s' does not contain '%s'\n", \
              __FILE__, __LINE__, (s), (sub));                                 \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

/* Prints "<name>: N checks passed" or the failure count; the exit status. */
static int check_report(const char *name) {
  if (check_failures) {
    fprintf(stderr, "%s: %d of %d checks FAILED\n", name, check_failures,
            check_count);
    return 1;
  }
  printf("%s: all %d checks passed\n", name, check_count);
  return 0;
}

#endif
