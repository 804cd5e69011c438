/* args.c - the program's arguments, as recorded by main() (entry.c). */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rt_argc;
static char **rt_argv;

/* Kept out of entry.c so that tools with their own main() never pull in
 * libgraphrt's main(). */
void graphrt_program_start(int argc, char **argv) {
  rt_argc = argc;
  rt_argv = argv;
  rt_verbose_start();
}

void graphrt_program_end(void) {
  graphrt_vset_free_all();
  graphrt_pq_free_all();
  graphrt_vlist_free_all();
  graphrt_list_free_all();
  graphrt_graph_free_kept();
  rt_verbose_finish();
}

int64_t graphrt_argc(void) { return rt_argc; }

/* The program's name as run, without its directory. */
static const char *program_name(const char *path) {
  const char *slash = path ? strrchr(path, '/') : NULL;
  return slash ? slash + 1 : path ? path : "program";
}

void rt_print_usage(FILE *out, const char *program) {
  fprintf(out,
          "usage: %s <graph file> [arguments...]\n"
          "  <graph file>: .el .wel .mtx .sg or .wsg (runtime/README.md)\n"
          "  GRAPHRT_VERBOSE=1: report each graph's load time and each "
          "round on stderr\n"
          "  OMP_NUM_THREADS=N: run on N threads\n",
          program_name(program));
}

const char *graphrt_argv(int64_t i) {
  /* GraphIt programs load their graph from argv[1]. */
  if (i == 1 && rt_argc <= 1)
    rt_fatal("the graph file (argument 1) is missing; usage: %s <graph file> "
             "[arguments...]",
             program_name(rt_argc > 0 ? rt_argv[0] : NULL));
  if (i < 0 || i >= rt_argc)
    rt_fatal("argument %lld is missing (the program got %d argument%s)",
             (long long)i, rt_argc > 0 ? rt_argc - 1 : 0,
             rt_argc == 2 ? "" : "s");
  return rt_argv[i];
}

/* The argv index whose string is s (generated code parses argv[k] itself),
 * or -1, so errors can name the argument the user gave. */
static int64_t argv_index(const char *s) {
  for (int i = 0; i < rt_argc; ++i)
    if (rt_argv[i] == s)
      return i;
  return -1;
}

/* Integers parsed from argv, so that a bad vertex id can be traced back to
 * the argument it came from. */
enum { RT_MAX_PARSED_ARGS = 16 };
typedef struct parsed_arg {
  int64_t index, value;
} parsed_arg;
static parsed_arg parsed_args[RT_MAX_PARSED_ARGS];
static int num_parsed_args;

int64_t rt_argv_source(int64_t value) {
  for (int i = 0; i < num_parsed_args; ++i)
    if (parsed_args[i].value == value)
      return parsed_args[i].index;
  return -1;
}

/* "argv[k] = " for the argument at `index`, "" for none (-1): how a parse
 * error names the argument it quotes. */
static void argv_label(int64_t index, char *label, size_t size) {
  label[0] = '\0';
  if (index >= 0)
    snprintf(label, size, "argv[%lld] = ", (long long)index);
}

/* Parses s as a signed or unsigned integer of `bits` bits; errors quote the
 * argument it came from. An unsigned value comes back as its bit pattern. */
static int64_t parse_integer(const char *s, int32_t bits, int is_unsigned) {
  if (!s)
    rt_fatal("missing integer");
  int64_t index = argv_index(s);
  char what[32];
  argv_label(index, what, sizeof(what));
  char *end;
  errno = 0;
  /* strtoull accepts "-1" as ULLONG_MAX: an unsigned value has no sign. */
  const char *digits = s;
  while (isspace((unsigned char)*digits))
    ++digits;
  int negative = *digits == '-';
  unsigned long long u = 0;
  long long v = 0;
  if (is_unsigned)
    u = strtoull(s, &end, 10);
  else
    v = strtoll(s, &end, 10);
  if (end == s || *end != '\0')
    rt_fatal("%s'%s' is not an integer", what, s);
  if (is_unsigned) {
    uint64_t max = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if (errno == ERANGE || (negative && u != 0) || u > max)
      rt_fatal("%s'%s' is out of range for a %d-bit unsigned integer [0, "
               "%llu]",
               what, s, bits, (unsigned long long)max);
    v = (long long)u;
  } else {
    int64_t max = bits >= 64 ? INT64_MAX : (INT64_C(1) << (bits - 1)) - 1;
    int64_t min = -max - 1;
    if (errno == ERANGE || v < min || v > max)
      rt_fatal("%s'%s' is out of range for a %d-bit integer [%lld, %lld]", what,
               s, bits, (long long)min, (long long)max);
  }
  if (index >= 0 && num_parsed_args < RT_MAX_PARSED_ARGS)
    parsed_args[num_parsed_args++] = (parsed_arg){index, v};
  return v;
}

int64_t graphrt_atoi_bits(const char *s, int32_t bits) {
  return parse_integer(s, bits, 0);
}

int64_t graphrt_atou_bits(const char *s, int32_t bits) {
  return parse_integer(s, bits, 1);
}

int64_t graphrt_atoi(const char *s) { return graphrt_atoi_bits(s, 64); }

double graphrt_atof(const char *s) {
  if (!s)
    rt_fatal("missing number");
  char what[32];
  argv_label(argv_index(s), what, sizeof(what));
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (end == s || *end != '\0')
    rt_fatal("%s'%s' is not a number", what, s);
  if (errno == ERANGE || isinf(v) || isnan(v))
    rt_fatal("%s'%s' is out of range for a double", what, s);
  return v;
}

/* Generated code calls this when an index it could not prove in range is
 * not (graph.check_index): `where` is the access's file:line:col, `what`
 * what it indexes ("'dist'", "the rows of 'latent'"), `source` where the
 * index came from (empty when the compiler cannot tell). */
void graphrt_index_error(int64_t index, int64_t size, const char *where,
                         const char *what, const char *source) {
  char from[256] = "";
  if (source && *source)
    snprintf(from, sizeof(from), " (index from %s)", source);
  char msg[1024];
  snprintf(msg, sizeof(msg), "%s%sindex %lld of %s is out of range [0, %lld)%s",
           where, where && *where ? ": " : "", (long long)index, what,
           (long long)size, from);
  rt_fail_or_defer("%s", msg);
}
