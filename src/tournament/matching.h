// A maximum-weight matching over players, the one tool both pairers use: Boost.Graph's
// maximum_weighted_matching (Edmonds' blossom algorithm, as Gabow and Galil describe it) on a
// graph whose edge weights the pairer computes from its criteria.
#pragma once

#include <cstdint>
#include <vector>

namespace doska::tournament {

// 128 bits: the pairers stack several criteria, each in its own range of digits, into one weight.
__extension__ typedef __int128 MatchWeight;

struct WeightedEdge {
  int a = 0;
  int b = 0;
  MatchWeight weight = 0;  // positive; larger is better
};

// The mate of each of the `vertices` vertices (-1 for none) in a matching of the largest total
// weight. Weights must be positive and below 2^120 / vertices, so that the dual variables of the
// algorithm do not overflow.
std::vector<int> max_weight_matching(int vertices, const std::vector<WeightedEdge>& edges);

// A pair the pairer may make, with its penalties under the criteria in priority order (0 best, each
// at least 0; every candidate lists the same number).
struct CandidatePair {
  int a = 0;
  int b = 0;
  std::vector<std::int64_t> penalties;
};

// The mates (-1 for none) of a matching with as many pairs as can be made and, among those, the
// smallest penalties lexicographically: the first criterion's sum over the matching as small as
// can be, then the second's, and so on. Each criterion's weight is one more than the largest sum
// the criteria after it can reach, which the 128-bit weights hold for a few hundred players.
std::vector<int> match_by_criteria(int vertices, const std::vector<CandidatePair>& candidates);

}  // namespace doska::tournament
