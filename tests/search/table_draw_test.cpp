// Table draws in the generic search (src/search/search.h, Limits::table_draw_eval): a position an
// endgame database calls drawn is worth 0, or the part of its static evaluation the limits keep
// (at most kTableDrawCap), so that the side standing better chooses the drawn ending where it has
// more to play for (docs/egdb.md). A toy game small enough to know every value: from the root,
// "poor" leads to a drawn position the evaluation rates 20 for the root side, "rich" to one it
// rates 200; both are in the toy's tables. The root is in them too when `root_in_tables`.
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <string>

#include "common/move_list.h"
#include "search/search.h"

namespace doska::search {
namespace {

struct DrawToyPosition {
  int node = 0;  // 0 the root, 1 after "poor", 2 after "rich"
  int side = 0;
  bool root_in_tables = false;
};

struct DrawToyMove {
  int to = 0;
};

struct DrawToyTraits {
  using Position = DrawToyPosition;
  using Move = DrawToyMove;
  using MoveList = FixedMoveList<DrawToyMove, 4>;
  static constexpr int kReversibleLimit = 0;
  static constexpr bool kLateMoveReductions = false;

  static void generate(const Position& p, MoveList& list) {
    list.clear();
    if (p.node == 0) {
      list.push({1});
      list.push({2});
    }
  }
  static void generate_noisy(const Position&, MoveList& list) { list.clear(); }
  static bool stand_pat_allowed(const Position&) { return true; }
  static Position after(const Position& p, const Move& m) {
    return {m.to, 1 - p.side, p.root_in_tables};
  }
  static std::uint64_t key(const Position& p) {
    return 0x1000 + static_cast<std::uint64_t>(p.node);
  }
  // For the side to move: after the root's move it is the root side's opponent.
  static Value evaluate(const Position& p) {
    if (p.node == 0) return 0;
    return p.node == 1 ? -20 : -200;
  }
  static Value no_moves_value(const Position&) { return 0; }
  static bool irreversible(const Position&, const Move&) { return false; }
  static std::uint32_t move_id(const Move& m) { return 1 + static_cast<std::uint32_t>(m.to); }
  static int history_index(const Move& m) { return m.to; }
  static bool is_quiet(const Position&, const Move&) { return true; }
  static int order_noisy(const Position&, const Move&) { return 0; }
  static std::string move_text(const Position&, const Move& m) {
    return m.to == 1 ? "poor" : "rich";
  }
  static int side_index(const Position& p) { return p.side; }
  static bool in_tables(const Position& p) { return p.node != 0 || p.root_in_tables; }
  static std::optional<TableValue> probe_table(const Position& p) {
    if (!in_tables(p)) return std::nullopt;
    return TableValue{0, 0};  // every position of the toy's tables is drawn
  }
};

SearchResult best_with_draws(int table_draw_eval, bool root_in_tables = false) {
  TranspositionTable tt(1);
  std::atomic<bool> stop{false};
  Search<DrawToyTraits> search(tt, stop);
  Limits limits;
  limits.depth = 4;
  limits.table_draw_eval = table_draw_eval;
  return search.run(DrawToyPosition{0, 0, root_in_tables}, {}, 0, limits, {});
}

// With 0, or left to a game whose traits keep nothing (the toy sets no kTableDrawEval), every
// table draw is worth 0: the first move searched keeps its place.
TEST(TableDraw, KeepingNothingEveryDrawIsWorthTheSame) {
  for (const int part : {0, -1}) {
    const SearchResult r = best_with_draws(part);
    EXPECT_EQ(r.best, "poor") << part;
    EXPECT_EQ(r.value, kDraw) << part;
  }
}

// Keeping a tenth of the evaluation, the drawn ending the root side stands better in is chosen.
TEST(TableDraw, APartOfTheEvaluationChoosesTheRicherDraw) {
  const SearchResult r = best_with_draws(10);
  EXPECT_EQ(r.best, "rich");
  EXPECT_EQ(r.value, 20);
}

// However much of the evaluation is kept, a table draw stays below kTableDrawCap.
TEST(TableDraw, ATableDrawIsWorthAtMostTheCap) {
  const SearchResult r = best_with_draws(50);
  EXPECT_EQ(r.best, "rich");
  EXPECT_EQ(r.value, kTableDrawCap);
}

// A root the tables call drawn is reported as an exact draw whatever part its successors keep.
TEST(TableDraw, ADrawnRootStaysAnExactDraw) {
  EXPECT_TRUE(best_with_draws(0, true).exact_draw);
  const SearchResult r = best_with_draws(10, true);
  EXPECT_EQ(r.best, "rich");
  EXPECT_TRUE(r.exact_draw);
  EXPECT_FALSE(best_with_draws(10, false).exact_draw);
}

}  // namespace
}  // namespace doska::search
