/* What a bulk-synchronous round pays for its team (issue 34): a round as
 * graphc lowers it (omp.parallel around a dynamically scheduled
 * omp.wsloop: a fork and a join per round) against the same round in a team
 * started once for the whole loop (one thread decides, a barrier, the
 * shared loop, a barrier: GAPBS's delta-stepping), and both with the loop's
 * chunks claimed by an atomic counter instead of libomp's dynamic schedule.
 * Each figure is the minimum over REPS batches of 200 rounds, in
 * microseconds per round, so that a loaded machine's preemptions drop out.
 * usage: clang-22 -O2 -fopenmp=libomp bench/team_cost.c -o team_cost &&
 *        OMP_NUM_THREADS=2 ./team_cost [ITERATIONS] [CHUNK] [REPS]
 *        (default 2048 256 2000: a round of 2048 vertices in 8 chunks) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { BATCH = 200, KINDS = 6 };
static volatile long sink[64 * 16];
static long next_chunk, decided;

/* The round's work: one store per iteration, on the thread's own line. */
static void work(long first, long last) {
  for (long j = first; j < last; ++j)
    sink[omp_get_thread_num() * 16] += j;
}

static void atomic_chunks(long n, long chunk) {
  for (long c;
       (c = __atomic_fetch_add(&next_chunk, chunk, __ATOMIC_RELAXED)) < n;)
    work(c, c + chunk < n ? c + chunk : n);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2048;
  long chunk = argc > 2 ? atol(argv[2]) : 256;
  int reps = argc > 3 ? atoi(argv[3]) : 2000;
  if (n < 0 || chunk < 1 || reps < 1) {
    fprintf(stderr, "usage: team_cost [ITERATIONS] [CHUNK>0] [REPS>0]\n");
    return 1;
  }
  double best[KINDS];
  for (int k = 0; k < KINDS; ++k)
    best[k] = 1e30;
  for (int rep = 0; rep < reps; ++rep) {
    double t[KINDS + 1];
    t[0] = omp_get_wtime();
    /* 0: an empty team, forked and joined per round. */
    for (int i = 0; i < BATCH; ++i) {
#pragma omp parallel
      work(0, 1);
    }
    t[1] = omp_get_wtime();
    /* 1: a barrier of a team started once. */
#pragma omp parallel
    for (int i = 0; i < BATCH; ++i) {
      work(0, 1);
#pragma omp barrier
    }
    t[2] = omp_get_wtime();
    /* 2: graphc's round: fork, dynamic wsloop (nowait), join. */
    for (int i = 0; i < BATCH; ++i) {
#pragma omp parallel
      {
#pragma omp for schedule(dynamic, chunk) nowait
        for (long j = 0; j < n; ++j)
          work(j, j + 1);
      }
    }
    t[3] = omp_get_wtime();
    /* 3: the persistent team's round: one thread decides, barrier, the
     * dynamic wsloop, barrier. */
#pragma omp parallel
    for (int i = 0; i < BATCH; ++i) {
#pragma omp masked
      decided++;
#pragma omp barrier
#pragma omp for schedule(dynamic, chunk) nowait
      for (long j = 0; j < n; ++j)
        work(j, j + 1);
#pragma omp barrier
    }
    t[4] = omp_get_wtime();
    /* 4: fork, chunks claimed from an atomic counter, join. */
    for (int i = 0; i < BATCH; ++i) {
      next_chunk = 0;
#pragma omp parallel
      atomic_chunks(n, chunk);
    }
    t[5] = omp_get_wtime();
    /* 5: persistent team, atomic chunks. */
#pragma omp parallel
    for (int i = 0; i < BATCH; ++i) {
#pragma omp masked
      next_chunk = 0;
#pragma omp barrier
      atomic_chunks(n, chunk);
#pragma omp barrier
    }
    t[6] = omp_get_wtime();
    for (int k = 0; k < KINDS; ++k)
      if (t[k + 1] - t[k] < best[k])
        best[k] = t[k + 1] - t[k];
  }
  static const char *names[KINDS] = {
      "fork+join (empty)",
      "barrier",
      "round: fork + dynamic wsloop + join",
      "round: persistent team, masked + barrier + dynamic wsloop + barrier",
      "round: fork + atomic chunks + join",
      "round: persistent team, masked + barrier + atomic chunks + barrier"};
  printf("%d threads, %ld iterations, chunk %ld (us per round, min over %d "
         "batches of %d)\n",
         omp_get_max_threads(), n, chunk, reps, BATCH);
  for (int k = 0; k < KINDS; ++k)
    printf("%8.3f  %s\n", best[k] / BATCH * 1e6, names[k]);
  return 0;
}
