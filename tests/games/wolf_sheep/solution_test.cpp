// The complete solution of wolf and sheep (solution.h): the sheep win from every placement of the
// wolf (REFERENCE.md; Berlekamp, Conway and Guy, "Winning Ways"); wins at once; every position has
// a value that agrees with its moves; and a plain search from the start agrees with the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "games/wolf_sheep/game.h"
#include "games/wolf_sheep/notation.h"
#include "games/wolf_sheep/solution.h"

namespace doska::wolf_sheep {
namespace {

class WolfSheepSolution : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { solution_ = new Solution(); }
  static void TearDownTestSuite() {
    delete solution_;
    solution_ = nullptr;
  }
  static const Solution& solution() { return *solution_; }

  static Position position_of(std::string_view fen) {
    Result<Position> pos = parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << pos.error();
    return pos.ok() ? *pos : start_position();
  }

 private:
  static inline const Solution* solution_ = nullptr;
};

Position after(Position pos, Move move) {
  play(pos, move);
  return pos;
}

// The value a position must have from the rules and its successors' values: the game's end rules
// give 0 plies; otherwise a win if some move leaves the opponent lost (the fastest such), else a
// loss (the slowest).
Value value_by_the_rules(const Position& pos, const Solution& solution) {
  switch (end_of(pos)) {
    case End::wolf_past_sheep:
      return {pos.side == Side::wolf, 0};
    case End::wolf_trapped:
    case End::sheep_blocked:
      return {false, 0};
    case End::none:
      break;
  }
  std::optional<int> fastest_win, slowest_loss;
  for (const Move& m : legal_moves(pos)) {
    const Value v = solution.value(after(pos, m));
    if (!v.win && (!fastest_win || v.plies + 1 < *fastest_win)) fastest_win = v.plies + 1;
    if (v.win && (!slowest_loss || v.plies + 1 > *slowest_loss)) slowest_loss = v.plies + 1;
  }
  if (fastest_win) return {true, *fastest_win};
  return {false, *slowest_loss};
}

TEST_F(WolfSheepSolution, EveryPositionHasAValue) {
  EXPECT_EQ(solution().positions(), 35960u * 28u * 2u);
  EXPECT_EQ(solution().positions_without_value(), 0u);
}

// REFERENCE.md: "the game is a win for the sheep from every placement of the wolf".
TEST_F(WolfSheepSolution, SheepWinFromEveryPlacementOfTheWolf) {
  const Position start = start_position();
  int placements = 0;
  for (const Move& placement : legal_moves(start)) {
    const Value v = solution().value(after(start, placement));
    EXPECT_TRUE(v.win) << "the sheep do not win after the placement " << move_text(placement);
    EXPECT_GT(v.plies, 0);
    ++placements;
  }
  EXPECT_EQ(placements, 28);
  const Value start_value = solution().value(start);
  EXPECT_FALSE(start_value.win);
  // This program's figures, confirmed by AgreesWithAPlainSearchFromTheStartDeep: the wolf's slowest
  // loss is the placement b8, lost in 44 plies; after d8 the sheep win in 43.
  EXPECT_EQ(start_value, (Value{false, 44}));
  EXPECT_EQ(move_text(*solution().best_move(start)), "b8");
  EXPECT_EQ(solution().value(position_of("W:Wa1,c1,e1,g1:Bd8")), (Value{true, 43}));
}

// The wolf to move wins at once by stepping level with the rearmost sheep.
TEST_F(WolfSheepSolution, WolfWinsInOnePlyBySteppingLevel) {
  const Position pos = position_of("B:Wa3,c5,e5,g5:Bd4");
  EXPECT_EQ(solution().value(pos), (Value{true, 1}));
  const auto best = solution().best_move(pos);
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(move_text(*best), "d4-c3");  // d4-e3 wins as fast; c3 comes first in square order
}

// Before the placement: a placement level with or behind the sheep wins at once.
TEST_F(WolfSheepSolution, WolfWinsInOnePlyByItsPlacement) {
  const Position pos = position_of("B:Wa3,c3,e3,g3:B");
  EXPECT_EQ(solution().value(pos), (Value{true, 1}));
  const Position best = after(pos, *solution().best_move(pos));
  EXPECT_EQ(end_of(best), End::wolf_past_sheep);
}

// The sheep to move may have only moves that let the wolf through.
TEST_F(WolfSheepSolution, SheepWhoseEveryMoveLetsTheWolfThroughLoseInOnePly) {
  // Only a3 can move, to b4, level with the wolf on h4; the others stand on the last row.
  const Position pos = position_of("W:Wa3,b8,d8,f8:Bh4");
  EXPECT_EQ(legal_moves(pos).size(), 1u);
  EXPECT_EQ(solution().value(pos), (Value{false, 1}));
}

// A finished position: 0 plies, no best move.
TEST_F(WolfSheepSolution, FinishedPositionsHaveNoBestMove) {
  const Position passed_wolf_to_move = position_of("B:Wb4,d4,f4,h4:Bc3");
  EXPECT_EQ(solution().value(passed_wolf_to_move), (Value{true, 0}));
  EXPECT_FALSE(solution().best_move(passed_wolf_to_move).has_value());
  const Position passed_sheep_to_move = position_of("W:Wa3,c5,e5,g5:Bd2");
  EXPECT_EQ(solution().value(passed_sheep_to_move), (Value{false, 0}));
  const Position trapped = position_of("B:Wb6,b8,a1,c1:Ba7");
  EXPECT_EQ(solution().value(trapped), (Value{false, 0}));
  EXPECT_FALSE(solution().best_move(trapped).has_value());
  const Position blocked = position_of("W:Wb6,b8,d8,c7:Ba7");
  EXPECT_EQ(solution().value(blocked), (Value{false, 0}));
}

// Every position of the table: a win has a move to a loss of the opponent (the fastest), a loss
// has only moves to wins of the opponent (and lasts as long as the slowest), and the best move
// leads to the successor that gives the value.
TEST_F(WolfSheepSolution, EveryValueAgreesWithTheMovesOfItsPosition) {
  std::size_t checked = 0, wins = 0;
  for (int a = 0; a < kSquares; ++a)
    for (int b = a + 1; b < kSquares; ++b)
      for (int c = b + 1; c < kSquares; ++c)
        for (int d = c + 1; d < kSquares; ++d) {
          Position pos;
          pos.sheep = Board::mask_of(a) | Board::mask_of(b) | Board::mask_of(c) | Board::mask_of(d);
          for (int wolf = 0; wolf < kSquares; ++wolf) {
            if (pos.has_sheep(wolf)) continue;
            pos.wolf = static_cast<std::int8_t>(wolf);
            for (Side side : {Side::sheep, Side::wolf}) {
              pos.side = side;
              const Value v = solution().value(pos);
              const Value expected = value_by_the_rules(pos, solution());
              if (v != expected) {
                ADD_FAILURE() << to_fen(pos) << ": " << v.text() << ", by its moves "
                              << expected.text();
                return;
              }
              if (auto best = solution().best_move(pos)) {
                const Value next = solution().value(after(pos, *best));
                if (next.win == v.win || next.plies + 1 != v.plies) {
                  ADD_FAILURE() << to_fen(pos) << " " << v.text() << ": best move "
                                << move_text(*best) << " leads to " << next.text();
                  return;
                }
              }
              ++checked;
              wins += v.win;
            }
          }
        }
  EXPECT_EQ(checked, solution().positions());
  EXPECT_GT(wins, 0u);
  EXPECT_LT(wins, checked);
}

// An independent solver: a plain depth-first search, remembering each position's value by its
// key. It must agree with the table at every position it reaches; returns how many it reached.
std::size_t expect_plain_search_agrees(const Position& root, const Solution& solution) {
  std::unordered_map<std::uint64_t, Value> seen;
  std::size_t disagreements = 0;
  auto search = [&](auto&& self, const Position& pos) -> Value {
    if (auto it = seen.find(pos.key()); it != seen.end()) return it->second;
    Value v;
    if (const End end = end_of(pos); end != End::none) {
      v = {end == End::wolf_past_sheep && pos.side == Side::wolf, 0};
    } else {
      int fastest_win = 1000, slowest_loss = -1;
      for (const Move& m : legal_moves(pos)) {
        const Value next = self(self, after(pos, m));
        if (!next.win) fastest_win = std::min(fastest_win, next.plies + 1);
        if (next.win) slowest_loss = std::max(slowest_loss, next.plies + 1);
      }
      v = fastest_win < 1000 ? Value{true, fastest_win} : Value{false, slowest_loss};
    }
    seen.emplace(pos.key(), v);
    if (v != solution.value(pos) && ++disagreements <= 5)
      ADD_FAILURE() << to_fen(pos) << ": the plain search gives " << v.text() << ", the solution "
                    << solution.value(pos).text();
    return v;
  };
  search(search, root);
  return seen.size();
}

// A middle game: a quarter of a million positions.
TEST_F(WolfSheepSolution, AgreesWithAPlainSearchFromAMiddleGame) {
  EXPECT_GT(expect_plain_search_agrees(position_of("W:Wa3,c3,e3,g1:Bd6"), solution()), 200000u);
}

// From the start: a second solution of the game, 1.57 million positions.
TEST_F(WolfSheepSolution, AgreesWithAPlainSearchFromTheStartDeep) {
  EXPECT_GT(expect_plain_search_agrees(start_position(), solution()), 1000000u);
}

// Best play from the start, replayed by the game record: the sheep trap the wolf, in exactly the
// number of plies the solution gives.
TEST_F(WolfSheepSolution, BestLineFromTheStartIsLegalAndEndsAsForetold) {
  const Position start = start_position();
  const auto line = solution().best_line(start);
  EXPECT_EQ(static_cast<int>(line.size()), solution().value(start).plies);
  Game game;
  for (const Move& m : line) ASSERT_TRUE(game.play(m).ok()) << move_text(m);
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::sheep_win);
  EXPECT_EQ(game.ending().rule, End::wolf_trapped);
}

// Against any wolf, the sheep following the solution win: from every placement, every wolf move
// at every ply is tried (each line to its end) against the sheep's best move.
TEST_F(WolfSheepSolution, SheepFollowingTheSolutionBeatEveryWolf) {
  std::unordered_map<std::uint64_t, bool> won;
  auto sheep_win = [&](auto&& self, const Position& pos) -> bool {
    if (auto it = won.find(pos.key()); it != won.end()) return it->second;
    bool result;
    if (const Ending e = ending_of(pos); e.over()) {
      result = e.outcome == Outcome::sheep_win;
    } else if (pos.side == Side::sheep) {
      result = self(self, after(pos, *solution().best_move(pos)));
    } else {
      result = true;
      for (const Move& m : legal_moves(pos)) result = result && self(self, after(pos, m));
    }
    won.emplace(pos.key(), result);
    return result;
  };
  EXPECT_TRUE(sheep_win(sheep_win, start_position()));
}

TEST(WolfSheepLazySolution, IsBuiltOnceAndShared) {
  LazySolution lazy;
  const Solution& first = lazy.get();
  EXPECT_EQ(&first, &lazy.get());
  EXPECT_EQ(first.value(start_position()), (Value{false, 44}));
}

}  // namespace
}  // namespace doska::wolf_sheep
