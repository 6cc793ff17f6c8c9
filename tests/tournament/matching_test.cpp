// The matching under both pairers, against every matching of small graphs.
#include "tournament/matching.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace doska::tournament::matching_test {
namespace {

// The largest total weight of any matching, by trying each edge of the first free vertex or none.
MatchWeight best_total(int vertices, const std::vector<std::vector<MatchWeight>>& w,
                       std::vector<bool>& used, int from) {
  while (from < vertices && used[from]) ++from;
  if (from >= vertices) return 0;
  used[from] = true;
  MatchWeight best = best_total(vertices, w, used, from + 1);
  for (int v = from + 1; v < vertices; ++v) {
    if (used[v] || w[from][v] == 0) continue;
    used[v] = true;
    best = std::max(best, w[from][v] + best_total(vertices, w, used, from + 1));
    used[v] = false;
  }
  used[from] = false;
  return best;
}

TEST(Matching, MaximumWeightOnRandomSmallGraphs) {
  unsigned state = 7;
  auto next = [&state] {
    state = state * 1103515245u + 12345u;
    return (state >> 16) & 0x7fff;
  };
  for (int trial = 0; trial < 300; ++trial) {
    const int vertices = 2 + static_cast<int>(next() % 9);
    std::vector<std::vector<MatchWeight>> w(vertices, std::vector<MatchWeight>(vertices, 0));
    std::vector<WeightedEdge> edges;
    for (int a = 0; a < vertices; ++a) {
      for (int b = a + 1; b < vertices; ++b) {
        if (next() % 3 == 0) continue;
        const MatchWeight weight = 1 + next() % 50;
        w[a][b] = w[b][a] = weight;
        edges.push_back({a, b, weight});
      }
    }
    const std::vector<int> mate = max_weight_matching(vertices, edges);
    MatchWeight total = 0;
    for (int v = 0; v < vertices; ++v) {
      if (mate[v] < 0) continue;
      ASSERT_EQ(mate[mate[v]], v);
      ASSERT_GT(w[v][mate[v]], 0);
      if (v < mate[v]) total += w[v][mate[v]];
    }
    std::vector<bool> used(vertices, false);
    EXPECT_TRUE(total == best_total(vertices, w, used, 0)) << "trial " << trial;
  }
}

// More pairs first, then the first criterion, then the second.
TEST(Matching, CriteriaInPriorityOrder) {
  // 0-1 and 2-3 make two pairs; 1-2 alone has no penalty but leaves 0 and 3 out.
  const std::vector<CandidatePair> candidates{
      {0, 1, {1, 0}}, {2, 3, {0, 5}}, {1, 2, {0, 0}}, {0, 3, {0, 9}}};
  const std::vector<int> mate = match_by_criteria(4, candidates);
  // {0-1, 2-3} costs (1, 5); {1-2, 0-3} costs (0, 9): the first criterion decides.
  EXPECT_EQ(mate, (std::vector<int>{3, 2, 1, 0}));
}

}  // namespace
}  // namespace doska::tournament::matching_test
