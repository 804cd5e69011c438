// The extern functions of extern_string.gt: C++ functions taking a
// std::string, which graphc reaches through C wrappers it generates.
#include <fstream>
#include <string>
#include <vector>

static std::vector<int> bonuses;

void load_bonus(std::string path, int count) {
  std::ifstream in(path);
  bonuses.assign(count, 0);
  for (int &value : bonuses)
    in >> value;
}

int bonus(int v) { return bonuses[v]; }
