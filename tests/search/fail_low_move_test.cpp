// The move a node that fails low leaves in the transposition table (search.h: each move's value
// there is only a bound, so the entry keeps the move it had). A toy game of two moves a position,
// searched 3 plies: the first root move holds 0; after the second (1), the opponent's first reply
// (0) leaves the first player only losing moves, worth -50 (move 0) and -30 (move 1), so that
// node ("10") fails low below alpha. Its entry keeps the move it had: none, in a fresh table,
// not move 1 of the highest bound; and from a table whose entry for the node has a move, that
// move.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "common/move_list.h"
#include "search/search.h"

namespace doska::search {
namespace {

struct PathPosition {
  std::string path;  // the moves that led here, one digit each
};

struct PathMove {
  int index = 0;
};

// The value for the first player of a position reached after `path`.
Value first_player_value(const std::string& path) {
  if (path.rfind("100", 0) == 0) return -50;
  if (path.rfind("101", 0) == 0) return -30;
  if (path.rfind("11", 0) == 0) return 20;
  return 0;
}

struct PathTraits {
  using Position = PathPosition;
  using Move = PathMove;
  using MoveList = FixedMoveList<PathMove, 2>;
  static constexpr int kReversibleLimit = 0;
  static constexpr bool kLateMoveReductions = false;

  static void generate(const Position& p, MoveList& list) {
    list.clear();
    if (p.path.size() >= 8) return;
    for (int i = 0; i < 2; ++i) list.push({i});
  }
  static void generate_noisy(const Position&, MoveList& list) { list.clear(); }
  static bool stand_pat_allowed(const Position&) { return true; }
  static Position after(const Position& p, const Move& m) {
    return {p.path + static_cast<char>('0' + m.index)};
  }
  static std::uint64_t key(const Position& p) {
    return std::hash<std::string>{}("key:" + p.path) | 1;
  }
  static Value evaluate(const Position& p) {
    const Value v = first_player_value(p.path);
    return p.path.size() % 2 == 0 ? v : -v;
  }
  static Value no_moves_value(const Position&) { return 0; }
  static bool irreversible(const Position&, const Move&) { return true; }
  static std::uint32_t move_id(const Move& m) { return 1 + static_cast<std::uint32_t>(m.index); }
  static int history_index(const Move& m) { return m.index; }
  static bool is_quiet(const Position&, const Move&) { return true; }
  static int order_noisy(const Position&, const Move&) { return 0; }
  static std::string move_text(const Position&, const Move& m) { return std::to_string(m.index); }
  static int side_index(const Position& p) { return static_cast<int>(p.path.size() % 2); }
};

TTData entry_after_search(TranspositionTable& tt, const std::string& path) {
  std::atomic<bool> stop{false};
  Search<PathTraits> search(tt, stop);
  Limits limits;
  limits.depth = 3;
  const SearchResult result = search.run(PathPosition{}, {}, 0, limits, {});
  EXPECT_EQ(result.value, 0);
  EXPECT_EQ(result.best, "0");
  TTData data;
  EXPECT_TRUE(tt.probe(PathTraits::key(PathPosition{path}), data)) << path;
  return data;
}

TEST(FailLowMove, ANodeBelowAlphaKeepsItsEntrysMove) {
  TranspositionTable tt(16);
  const TTData kept = entry_after_search(tt, "10");
  EXPECT_EQ(kept.bound, Bound::upper);
  EXPECT_EQ(kept.value, -30);
  EXPECT_EQ(kept.move, 0u);  // the fresh table had none, and move 1 (id 2) is only a bound

  // A fresh table but for the node's entry, shallow and with a move (move 0, id 1): the search
  // reaches the node again, tries that move first, fails low and keeps it.
  TranspositionTable other(16);
  other.store(PathTraits::key(PathPosition{"10"}), TTData{1, -40, 0, Bound::upper});
  const TTData again = entry_after_search(other, "10");
  EXPECT_EQ(again.bound, Bound::upper);
  EXPECT_EQ(again.value, -30);
  EXPECT_EQ(again.depth, 1);
  EXPECT_EQ(again.move, 1u);
}

}  // namespace
}  // namespace doska::search
