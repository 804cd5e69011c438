// The extern functions of extern_pagerank.gt, with C++ linkage as GraphIt
// gives them; the vectors are the program's globals.
extern double *contrib, *new_rank;

void add_contribution(int src, int dst) { new_rank[dst] += contrib[src]; }

double damped(double sum, int count) {
  return (1.0 - 0.85) / count + 0.85 * sum;
}
