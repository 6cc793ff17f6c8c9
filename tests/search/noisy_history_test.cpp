// History for noisy moves (search/traits.h, kNoisyHistory), on a toy game shaped like a draughts
// capture due: every move is noisy and all have the same order_noisy, so without history they
// are tried in the generator's order. At each of the second player's turns the last of its
// kFanOut moves refutes (10 for it), the others lose 10; the first player's moves are all alike.
// The same search with the history learning which noisy move cuts tries the refutation first in
// the positions met later, and so reaches the same value in fewer nodes.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <string>

#include "common/move_list.h"
#include "search/search.h"

namespace doska::search {
namespace {

constexpr int kFanOut = 5;

struct FanPosition {
  std::uint64_t path = 1;  // the moves that led here, as digits of base kFanOut + 1
  int ply = 0;
  int score = 0;  // for the first player
};

struct FanMove {
  int index = 0;
};

template <bool History>
struct FanTraits {
  using Position = FanPosition;
  using Move = FanMove;
  using MoveList = FixedMoveList<FanMove, kFanOut>;
  static constexpr int kReversibleLimit = 0;
  static constexpr bool kLateMoveReductions = false;
  static constexpr bool kNoisyHistory = History;

  static void generate(const Position& p, MoveList& list) {
    list.clear();
    if (p.ply >= 20) return;
    for (int i = 0; i < kFanOut; ++i) list.push({i});
  }
  static void generate_noisy(const Position&, MoveList& list) { list.clear(); }
  static bool stand_pat_allowed(const Position&) { return true; }
  static Position after(const Position& p, const Move& m) {
    int score = p.score;
    if (p.ply % 2 == 1) score += m.index == kFanOut - 1 ? -10 : 10;
    return {p.path * (kFanOut + 1) + static_cast<std::uint64_t>(m.index) + 1, p.ply + 1, score};
  }
  static std::uint64_t key(const Position& p) { return p.path * 0x9e3779b97f4a7c15ULL; }
  static Value evaluate(const Position& p) { return p.ply % 2 == 0 ? p.score : -p.score; }
  static Value no_moves_value(const Position&) { return 0; }
  static bool irreversible(const Position&, const Move&) { return true; }
  static std::uint32_t move_id(const Move& m) { return 1 + static_cast<std::uint32_t>(m.index); }
  static int history_index(const Move& m) { return m.index; }
  static bool is_quiet(const Position&, const Move&) { return false; }
  static int order_noisy(const Position&, const Move&) { return 0; }
  static std::string move_text(const Position&, const Move& m) { return std::to_string(m.index); }
  static int side_index(const Position& p) { return p.ply % 2; }
};

template <bool History>
SearchResult search_fan(int depth) {
  TranspositionTable tt(16);
  std::atomic<bool> stop{false};
  Search<FanTraits<History>> search(tt, stop);
  Limits limits;
  limits.depth = depth;
  return search.run(FanPosition{}, {}, 0, limits, {});
}

TEST(NoisyHistory, TheSameValueInFewerNodes) {
  for (int depth : {4, 6}) {
    const SearchResult with = search_fan<true>(depth);
    const SearchResult without = search_fan<false>(depth);
    // Each pair of plies, the second player refutes: 10 for it each time.
    EXPECT_EQ(with.value, -10 * (depth / 2)) << "depth " << depth;
    EXPECT_EQ(without.value, with.value) << "depth " << depth;
    EXPECT_LT(with.nodes, without.nodes) << "depth " << depth;
  }
}

}  // namespace
}  // namespace doska::search
