// Arena scoring and pairing as lichess's arena rules state them (tournament/arena.h).
#include "tournament/arena.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace doska::tournament::arena_test {
namespace {

enum : int { A, B, C, D };
const std::vector<ArenaEntrant> kFour{{A, 1800}, {B, 1700}, {C, 1600}, {D, 1500}};

ArenaGame game(int white, int black, Outcome outcome, int plies = 40, bool white_berserk = false,
               bool black_berserk = false) {
  return {{white, black}, outcome, plies, white_berserk, black_berserk};
}

const ArenaStanding& of(const std::vector<ArenaStanding>& table, int id) {
  for (const ArenaStanding& s : table) {
    if (s.id == id) return s;
  }
  throw std::runtime_error("no such player");
}

std::vector<int> points_of(const ArenaStanding& s) {
  std::vector<int> points;
  for (const ArenaSheetEntry& e : s.sheet) points.push_back(e.points);
  return points;
}

TEST(Arena, WinTwoDrawOneLossNothing) {
  const auto table =
      arena_standings(kFour, {game(A, B, Outcome::white_wins), game(C, D, Outcome::draw)});
  EXPECT_EQ(of(table, A).points, 2);
  EXPECT_EQ(of(table, B).points, 0);
  EXPECT_EQ(of(table, C).points, 1);
  EXPECT_EQ(of(table, D).points, 1);
  // C and D share the second place; B is fourth.
  EXPECT_EQ(table[0].id, A);
  EXPECT_EQ(table[1].rank, 2);
  EXPECT_EQ(table[2].rank, 2);
  EXPECT_EQ(table[3].rank, 4);
}

// Two wins in a row set a player on fire: the third win counts 4, a draw on fire counts 2 and
// puts the fire out, and the next win counts 2 again.
TEST(Arena, StreakDoublesWinsAndDrawsUntilANonWin) {
  const auto table =
      arena_standings(kFour, {game(A, B, Outcome::white_wins), game(C, A, Outcome::black_wins),
                              game(A, D, Outcome::white_wins), game(B, A, Outcome::black_wins),
                              game(A, C, Outcome::draw), game(D, A, Outcome::black_wins),
                              game(A, B, Outcome::white_wins), game(A, C, Outcome::black_wins),
                              game(A, D, Outcome::white_wins)});
  const ArenaStanding& a = of(table, A);
  EXPECT_EQ(points_of(a), (std::vector<int>{2, 2, 4, 4, 2, 2, 2, 0, 2}));
  EXPECT_EQ(a.points, 20);
  EXPECT_FALSE(a.sheet[1].on_fire);
  EXPECT_TRUE(a.sheet[2].on_fire);
  EXPECT_TRUE(a.sheet[4].on_fire);
  EXPECT_FALSE(a.sheet[5].on_fire);
  EXPECT_FALSE(a.on_fire);
}

// A berserk win is worth one more point once the berserk player has made 7 moves; a berserk loss
// is a loss.
TEST(Arena, BerserkWinExtraPoint) {
  const auto table =
      arena_standings(kFour, {game(A, B, Outcome::white_wins, 13, true, true),   // A made 7 moves
                              game(C, D, Outcome::black_wins, 12, false, true),  // D made 6
                              game(B, C, Outcome::black_wins, 30, true, false)});
  EXPECT_EQ(points_of(of(table, A)), (std::vector<int>{3}));
  EXPECT_TRUE(of(table, A).sheet[0].berserk);
  EXPECT_EQ(points_of(of(table, B)), (std::vector<int>{0, 0}));
  EXPECT_EQ(points_of(of(table, D)), (std::vector<int>{2}));
  EXPECT_EQ(points_of(of(table, C)), (std::vector<int>{0, 2}));
}

TEST(Arena, DrawBeforeTenMovesEachEarnsNothing) {
  const auto table =
      arena_standings(kFour, {game(A, B, Outcome::draw, 19), game(C, D, Outcome::draw, 20)});
  EXPECT_EQ(of(table, A).points, 0);
  EXPECT_EQ(of(table, C).points, 1);
}

TEST(Arena, BerserkHalvesTheClockAndDropsTheIncrement) {
  EXPECT_EQ(berserk_clock({180, 2}), (ArenaClock{90, 0}));
  EXPECT_EQ(berserk_clock({45, 0}), (ArenaClock{22, 0}));
}

// Close points meet: 10 against 8, 2 against 0, whatever the ratings.
TEST(Arena, PairsClosePoints) {
  const std::vector<ArenaWaiting> waiting{
      {A, 1800, 2, -1, 0}, {B, 1700, 10, -1, 0}, {C, 1600, 0, -1, 0}, {D, 1500, 8, -1, 0}};
  const std::vector<Pairing> games = pair_arena(waiting, false);
  // Equal colour balance: the lower-rated player has white; the higher-rated pair first.
  EXPECT_EQ(games, (std::vector<Pairing>{{C, A}, {D, B}}));
}

// A and B have just played each other, C and D too: the pairer crosses them, and gives white to
// whoever has had fewer whites.
TEST(Arena, NoImmediateRematch) {
  const std::vector<ArenaWaiting> waiting{
      {A, 1800, 2, B, 1}, {B, 1700, 2, A, -1}, {C, 1600, 2, D, -1}, {D, 1500, 2, C, 1}};
  const std::vector<Pairing> games = pair_arena(waiting, false);
  // Close ratings decide: A-C and B-D (200 and 200 apart, squares 80 000) against A-D and B-C
  // (300 and 100, squares 100 000). C and B have had fewer whites than A and D.
  EXPECT_EQ(games, (std::vector<Pairing>{{C, A}, {B, D}}));
}

TEST(Arena, TwoWhoJustMetWaitUnlessAlone) {
  const std::vector<ArenaWaiting> waiting{{A, 1800, 2, B, 1}, {B, 1700, 0, A, -1}};
  EXPECT_TRUE(pair_arena(waiting, false).empty());
  EXPECT_EQ(pair_arena(waiting, true), (std::vector<Pairing>{{B, A}}));
}

TEST(Arena, OddOneWaits) {
  const std::vector<ArenaWaiting> waiting{
      {A, 1800, 4, -1, 0}, {B, 1700, 4, -1, 0}, {C, 1600, 0, -1, 0}};
  EXPECT_EQ(pair_arena(waiting, false), (std::vector<Pairing>{{B, A}}));
}

}  // namespace
}  // namespace doska::tournament::arena_test
