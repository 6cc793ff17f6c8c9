// Draw contempt in the generic search (src/search/search.h, draw_contempt: no draw by
// repetition accepted when the engine stands better), on a toy game small enough to know every
// value: from the root, move "repeat" returns to a position of the game's history (a draw by
// repetition), move "play-on" leads to a line whose every position the evaluation rates 10 below
// zero for the root side. The root itself is rated `root_eval` for its side to move.
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <string>

#include "common/move_list.h"
#include "search/search.h"

namespace doska::search {
namespace {

struct ToyPosition {
  int node = 0;  // 0 the root, 1 the repetition, 2.. the line after "play-on"
  int side = 0;
  int root_eval = 0;
};

struct ToyMove {
  int to = 0;
};

constexpr std::uint64_t kRepeatedKey = 0xabcdef;

template <int Contempt>
struct ToyTraits {
  using Position = ToyPosition;
  using Move = ToyMove;
  using MoveList = FixedMoveList<ToyMove, 4>;
  static constexpr int kReversibleLimit = 0;
  static constexpr int kDrawContempt = Contempt;
  static constexpr bool kLateMoveReductions = false;

  static void generate(const Position& p, MoveList& list) {
    list.clear();
    if (p.node == 0) {
      list.push({1});
      list.push({2});
    } else if (p.node < 60) {
      list.push({p.node == 1 ? 1 : p.node + 1});
    }
  }
  static void generate_noisy(const Position&, MoveList& list) { list.clear(); }
  static bool stand_pat_allowed(const Position&) { return true; }
  static Position after(const Position& p, const Move& m) {
    return {m.to, 1 - p.side, p.root_eval};
  }
  static std::uint64_t key(const Position& p) {
    return p.node == 1 ? kRepeatedKey : 0x1000 + static_cast<std::uint64_t>(p.node);
  }
  static Value evaluate(const Position& p) {
    if (p.node == 0) return p.root_eval;
    return p.side == 0 ? -10 : 10;  // the root side (0) stands 10 below zero after "play-on"
  }
  static Value no_moves_value(const Position&) { return 0; }
  static bool irreversible(const Position&, const Move&) { return false; }
  static std::uint32_t move_id(const Move& m) { return 1 + static_cast<std::uint32_t>(m.to); }
  static int history_index(const Move& m) { return m.to % 4096; }
  static bool is_quiet(const Position&, const Move&) { return true; }
  static int order_noisy(const Position&, const Move&) { return 0; }
  static std::string move_text(const Position&, const Move& m) {
    return m.to == 1 ? "repeat" : m.to == 2 ? "play-on" : "on";
  }
  static int side_index(const Position& p) { return p.side; }
};

template <int Contempt>
SearchResult best_at_root(int root_eval) {
  TranspositionTable tt(1);
  std::atomic<bool> stop{false};
  Search<ToyTraits<Contempt>> search(tt, stop);
  Limits limits;
  limits.depth = 8;
  // The repeated position stood two plies before the root; every ply since was reversible.
  return search.run(ToyPosition{0, 0, root_eval}, {kRepeatedKey, 0x99}, 2, limits, {});
}

// Without contempt the draw (0) beats a line rated -10.
TEST(DrawContempt, WithoutItTheDrawIsTaken) {
  EXPECT_EQ(best_at_root<0>(200).best, "repeat");
}

// Standing better at the root (+200: contempt min(100, 50) = 50), the draw counts -50 for the
// root side, so the engine plays on into the line rated -10.
TEST(DrawContempt, StandingBetterItPlaysOn) {
  const SearchResult r = best_at_root<50>(200);
  EXPECT_EQ(r.best, "play-on");
  EXPECT_EQ(r.value, -10);
}

// Standing worse (or equal), the draw is worth 0 as before, and taken.
TEST(DrawContempt, StandingWorseItTakesTheDraw) {
  EXPECT_EQ(best_at_root<50>(-200).best, "repeat");
  EXPECT_EQ(best_at_root<50>(0).best, "repeat");
}

// Half the advantage: +16 gives a contempt of 8, less than the 10 that playing on costs.
TEST(DrawContempt, ASmallAdvantageWeighsLittle) {
  EXPECT_EQ(best_at_root<50>(16).best, "repeat");
  EXPECT_EQ(best_at_root<50>(30).best, "play-on");
}

// A contempt floor (Limits::contempt, a game's kContemptFloor): a draw costs the root side that
// much even when the game is level, an endgame database's draws too. The toy: from the root,
// "simplify" leads to a position the tables call drawn, "play-on" to a line outside them that the
// evaluation rates 10 below zero for the root side. The game's own draw contempt is 25, as
// russian's.
struct TableToyTraits : ToyTraits<25> {
  static void generate(const Position& p, MoveList& list) {
    list.clear();
    if (p.node == 0) {
      list.push({1});
      list.push({2});
    } else if (p.node >= 2 && p.node < 60) {
      list.push({p.node + 1});
    }
  }
  static std::uint64_t key(const Position& p) {
    return 0x2000 + static_cast<std::uint64_t>(p.node) * 2 + static_cast<std::uint64_t>(p.side);
  }
  static std::string move_text(const Position&, const Move& m) {
    return m.to == 1 ? "simplify" : m.to == 2 ? "play-on" : "on";
  }
  static bool in_tables(const Position& p) { return p.node == 1; }
  static std::optional<TableValue> probe_table(const Position& p) {
    if (!in_tables(p)) return std::nullopt;
    return TableValue{0, 0};
  }
};

// The same toy with the root and both moves' positions in the tables, all drawn.
struct DrawnRootTraits : TableToyTraits {
  static bool in_tables(const Position& p) { return p.node <= 2; }
  static std::optional<TableValue> probe_table(const Position& p) {
    if (!in_tables(p)) return std::nullopt;
    return TableValue{0, 0};
  }
};

template <class Traits = TableToyTraits>
SearchResult with_floor(int floor, int root_eval, TranspositionTable* shared = nullptr) {
  TranspositionTable own(1);
  std::atomic<bool> stop{false};
  Search<Traits> search(shared ? *shared : own, stop);
  Limits limits;
  limits.depth = 8;
  limits.contempt = floor;
  return search.run(ToyPosition{0, 0, root_eval}, {}, 0, limits, {});
}

// Without a floor (the default, -1, or 0) a table draw is worth 0 whatever the draw contempt:
// the drawn ending beats the line rated -10, even standing better at the root.
TEST(ContemptFloor, WithoutItATableDrawIsWorthZero) {
  for (const int floor : {-1, 0}) {
    const SearchResult r = with_floor(floor, 0);
    EXPECT_EQ(r.best, "simplify") << floor;
    EXPECT_EQ(r.value, kDraw) << floor;
    EXPECT_EQ(with_floor(floor, 200).best, "simplify") << floor;
  }
}

// With a floor of 15, in a level game, the table draw counts -15 for the root side: it plays on.
TEST(ContemptFloor, ALevelGameIsPlayedOn) {
  const SearchResult r = with_floor(15, 0);
  EXPECT_EQ(r.best, "play-on");
  EXPECT_EQ(r.value, -10);
  // A floor below what playing on costs leaves the draw the better.
  EXPECT_EQ(with_floor(5, 0).best, "simplify");
}

// Standing worse, half the disadvantage takes the floor back: -40 at the root leaves no contempt.
TEST(ContemptFloor, StandingWorseTheDrawIsTaken) {
  const SearchResult r = with_floor(15, -40);
  EXPECT_EQ(r.best, "simplify");
  EXPECT_EQ(r.value, kDraw);
}

// The transposition table keeps a table draw without the contempt of the search that stored it:
// a search without a floor after one with it still finds the draw worth 0.
TEST(ContemptFloor, TheTableKeepsTheDrawWithoutContempt) {
  TranspositionTable tt(1);
  EXPECT_EQ(with_floor(15, 0, &tt).best, "play-on");
  const SearchResult r = with_floor(0, 0, &tt);
  EXPECT_EQ(r.best, "simplify");
  EXPECT_EQ(r.value, kDraw);
}

// A root the tables call drawn is still reported as an exact draw when every move scores the
// most contempt can make of a draw (+100 at the root: min(50 + 40, 25 + 40) = 65 below zero).
TEST(ContemptFloor, ADrawnRootStaysAnExactDraw) {
  const SearchResult r = with_floor<DrawnRootTraits>(40, 100);
  EXPECT_EQ(r.value, -65);
  EXPECT_TRUE(r.exact_draw);
}

}  // namespace
}  // namespace doska::search
