#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

using namespace doska::draughts;

int main(int argc, char** argv) {
  const Rules* rules = find_rules(argv[1]);
  int depth = std::atoi(argv[2]);
  Position pos = start_position(*rules);
  if (argc > 3) pos = *parse_fen(*rules, argv[3]);
  for (int d = 1; d <= depth; ++d) {
    auto t0 = std::chrono::steady_clock::now();
    auto n = perft(*rules, pos, d);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("depth %d nodes %llu time %.3f\n", d, (unsigned long long)n, s);
  }
}
