// Perft figures of REFERENCE.md and hand checks for the variants. The cheap depths run by default;
// depth 6 carries "Deep" in its name (ctest label deep, `make test-deep`).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "games/mill/notation.h"
#include "games/mill/variant.h"

namespace doska::mill {
namespace {

// REFERENCE.md, nine men's morris from W:W:B:H9,9 (two independent generators).
const std::vector<std::uint64_t> kMillPerft = {24, 552, 12144, 255024, 5140800, 99274176};

void check(const Rules& rules, const std::vector<std::uint64_t>& table, int from, int to) {
  const Position start = start_position(rules);
  for (int depth = from; depth <= to; ++depth)
    EXPECT_EQ(perft(rules, start, depth), table[depth - 1]) << rules.id << " depth " << depth;
}

TEST(MillPerft, ReferenceTable) {
  check(kMill, kMillPerft, 1, 5);
}

TEST(MillPerftDeep, ReferenceTableDepth6) {
  check(kMill, kMillPerft, 6, 6);
}

// REFERENCE.md's hand check of depth 5: 24·23·22·21·20 placements, plus 16 lines × 3! orders of
// White's three placements × 21·20 Black placements, each mill giving 2 removal choices, not 1.
TEST(MillPerft, HandCheckOfDepth5) {
  const std::uint64_t plain = 24ull * 23 * 22 * 21 * 20;
  EXPECT_EQ(perft(kMill, start_position(kMill), 5), plain + 16ull * 6 * 21 * 20);
}

// RULINGS §3.4: in Ceylon mill a mill closed by a placement removes nothing, so each of those
// 40 320 sequences counts once instead of twice.
TEST(MillPerft, CeylonPlacementMillRemovesNothing) {
  const std::uint64_t plain = 24ull * 23 * 22 * 21 * 20;
  EXPECT_EQ(perft(kMillCeylon, start_position(kMillCeylon), 5), plain);
  check(kMillCeylon, kMillPerft, 1, 4);
}

// RULINGS §3.3: in mixed mill a player with pieces in hand may also move a piece on the board,
// so the counts grow from the second turn of each player (depth 3).
TEST(MillPerft, MixedMayMoveWithPiecesInHand) {
  const Position start = start_position(kMillMixed);
  EXPECT_EQ(perft(kMillMixed, start, 1), 24u);
  EXPECT_EQ(perft(kMillMixed, start, 2), 552u);
  // Depth 3: after White's first piece on p and Black's on q, White places on one of 22 points or
  // moves p to a free neighbour: 22 + (neighbours of p) - (1 if q is one of them).
  std::uint64_t expected = 0;
  for (int p = 0; p < kPoints; ++p)
    for (int q = 0; q < kPoints; ++q)
      if (q != p)
        expected += 22 + count(kStandardBoard.adjacent[p]) -
                    ((kStandardBoard.adjacent[p] & bit(q)) ? 1 : 0);
  EXPECT_EQ(perft(kMillMixed, start, 3), expected);
}

// REFERENCE.md: a position where the game is over has no moves. Black is down to two pieces.
TEST(MillPerft, GameOverHasNoMoves) {
  auto pos = parse_fen(kMill, "W:Wa1,d1,g1:Bd6,f6:H0,0");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(perft(kMill, *pos, 1), 0u);
  EXPECT_EQ(perft(kMill, *pos, 3), 0u);
}

// The bulk count of the last ply agrees with the generated moves, for every variant, along the
// first branches of the tree.
TEST(MillPerft, BulkCountingAgreesWithGeneratedMoves) {
  for (const Rules* rules : kAllRules) {
    const Position start = start_position(*rules);
    MoveList list;
    generate_moves(*rules, start, list);
    for (const Move& m : list) {
      Position next = start;
      play(next, m);
      MoveList replies;
      generate_moves(*rules, next, replies);
      std::uint64_t leaves = 0;
      for (const Move& r : replies) {
        Position after = next;
        play(after, r);
        MoveList third;
        generate_moves(*rules, after, third);
        leaves += static_cast<std::uint64_t>(third.size());
        EXPECT_EQ(count_moves(*rules, after), static_cast<std::uint64_t>(third.size()));
      }
      EXPECT_EQ(perft(*rules, next, 2), leaves) << rules->id << " " << move_text(m);
    }
  }
}

}  // namespace
}  // namespace doska::mill
