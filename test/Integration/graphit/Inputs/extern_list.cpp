// The extern functions of extern_list.gt, written as for GraphIt: lists of
// numbers arrive as std::vector pointers.
#include <vector>

int sum_list(std::vector<int> *values) {
  int total = 0;
  for (int value : *values)
    total += value;
  return total;
}

void append_halves(std::vector<double> *values, int count) {
  for (int i = 1; i <= count; i++)
    values->push_back(i / 2.0);
}
