// The moves of wolf and sheep (RULINGS §2; 004 "Волк и овцы"), one test per rule: each test is a
// position (FEN) and the exact list of legal moves; then the perft table of REFERENCE.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/wolf_sheep/notation.h"
#include "games/wolf_sheep/position.h"

namespace doska::wolf_sheep {
namespace {

using MoveTexts = std::vector<std::string>;

Position position_of(std::string_view fen) {
  Result<Position> pos = parse_fen(fen);
  if (!pos) {
    ADD_FAILURE() << pos.error();
    return start_position();
  }
  return *pos;
}

MoveTexts sorted(MoveTexts texts) {
  std::sort(texts.begin(), texts.end());
  return texts;
}

MoveTexts legal_move_texts(std::string_view fen) {
  MoveTexts texts;
  for (const Move& m : legal_moves(position_of(fen))) texts.push_back(move_text(m));
  return sorted(texts);
}

// Every dark square but those listed, as placements.
MoveTexts placements_except(const MoveTexts& taken) {
  MoveTexts texts;
  for (int s = 0; s < kSquares; ++s)
    if (std::find(taken.begin(), taken.end(), square_name(s)) == taken.end())
      texts.push_back(square_name(s));
  return sorted(texts);
}

// RULINGS §2: four sheep on a1, c1, e1, g1; the wolf's placement is the first move.
TEST(WolfSheepMoves, StartHasSheepOnTheFirstRowAndTheWolfToPlace) {
  const Position start = start_position();
  EXPECT_EQ(to_fen(start), "B:Wa1,c1,e1,g1:B");
  EXPECT_FALSE(start.wolf_placed());
  EXPECT_EQ(start.side, Side::wolf);
}

// 004: "at the start the wolf may be placed on any free dark square".
TEST(WolfSheepMoves, WolfIsPlacedOnAnyFreeDarkSquare) {
  const MoveTexts moves = legal_move_texts("B:Wa1,c1,e1,g1:B");
  EXPECT_EQ(moves.size(), 28u);
  EXPECT_EQ(moves, placements_except({"a1", "c1", "e1", "g1"}));
}

TEST(WolfSheepMoves, PlacementAvoidsSheepAnywhere) {
  EXPECT_EQ(legal_move_texts("B:Wb4,d6,f2,h8:B"), placements_except({"b4", "d6", "f2", "h8"}));
}

// 004: "the sheep may move one square diagonally forward".
TEST(WolfSheepMoves, SheepStepDiagonallyForward) {
  EXPECT_EQ(legal_move_texts("W:Wa1,c1,e1,g1:Bd8"),
            sorted({"a1-b2", "c1-b2", "c1-d2", "e1-d2", "e1-f2", "g1-f2", "g1-h2"}));
}

// A sheep never steps backwards or sideways, and not onto the wolf or another sheep.
TEST(WolfSheepMoves, SheepDoNotStepBackNorOntoAnotherPiece) {
  // c3 is blocked forward by the wolf on d4 and the sheep on b4; b4 may go to a5 or c5.
  EXPECT_EQ(legal_move_texts("W:Wc3,b4,g5,h8:Bd4"), sorted({"b4-a5", "b4-c5", "g5-f6", "g5-h6"}));
}

// A sheep on the last row has no move.
TEST(WolfSheepMoves, SheepOnTheLastRowStayThere) {
  EXPECT_EQ(legal_move_texts("W:Wa1,b8,d8,f8:Bh2"), sorted({"a1-b2"}));
}

// 004: "the wolf may move forward and backward": one square diagonally in any direction.
TEST(WolfSheepMoves, WolfStepsDiagonallyInAnyDirection) {
  EXPECT_EQ(legal_move_texts("B:Wa1,c1,e1,g1:Bd4"), sorted({"d4-c3", "d4-e3", "d4-c5", "d4-e5"}));
}

// No captures (RULINGS §2): the wolf cannot jump a sheep, it is only blocked by it.
TEST(WolfSheepMoves, WolfDoesNotCaptureSheep) {
  EXPECT_EQ(legal_move_texts("B:Wc3,e3,a1,g1:Bd4"), sorted({"d4-c5", "d4-e5"}));
}

TEST(WolfSheepMoves, WolfOnTheEdgeHasFewerSteps) {
  EXPECT_EQ(legal_move_texts("B:Wa1,c1,e1,g1:Bh6"), sorted({"h6-g5", "h6-g7"}));
  EXPECT_EQ(legal_move_texts("B:Wa1,c1,e1,g1:Bb8"), sorted({"b8-a7", "b8-c7"}));
}

// A finished game has no moves: the wolf past the sheep (level with the rearmost one here).
TEST(WolfSheepMoves, NoMovesOnceTheWolfIsPastTheSheep) {
  EXPECT_TRUE(legal_move_texts("W:Wa3,c5,e5,g5:Bd2").empty());
  EXPECT_TRUE(legal_move_texts("B:Wa3,c5,e5,g5:Bb2").empty());
}

// REFERENCE.md, after the wolf's placement d8 (sheep to move).
TEST(WolfSheepPerft, AfterPlacementD8) {
  const std::vector<std::uint64_t> table = {7, 14, 86, 344, 2088, 6264};
  const Position pos = position_of("W:Wa1,c1,e1,g1:Bd8");
  for (int depth = 1; depth <= static_cast<int>(table.size()); ++depth)
    EXPECT_EQ(perft(pos, depth), table[depth - 1]) << "depth " << depth;
}

// From the start, the first ply is one of 28 placements, then the sheep's 7 moves.
TEST(WolfSheepPerft, FromTheStartThePlacementIsTheFirstPly) {
  const Position start = start_position();
  EXPECT_EQ(perft(start, 1), 28u);
  std::uint64_t sum = 0;
  for (const Move& m : legal_moves(start)) {
    Position next = start;
    play(next, m);
    sum += perft(next, 2);
  }
  EXPECT_EQ(perft(start, 3), sum);
  // A wolf on b2, d2 or f2 takes two of the sheep's seven first steps, on h2 one.
  EXPECT_EQ(perft(start, 2), 24u * 7u + 3u * 5u + 6u);
}

// REFERENCE.md: a finished position contributes 0. A sheep move that leaves the wolf level with
// the rearmost sheep ends the game, so it is a leaf at depth 1 and has no children.
TEST(WolfSheepPerft, FinishedPositionsContributeNothing) {
  const Position pos = position_of("W:Wa3,c5,e5,g5:Bh4");
  EXPECT_EQ(perft(pos, 1), 7u);
  std::uint64_t expected = 0;
  for (const Move& m : legal_moves(pos)) {
    Position next = pos;
    play(next, m);
    expected += legal_moves(next).size();
    EXPECT_EQ(legal_moves(next).empty(), move_text(m) == "a3-b4") << move_text(m);
  }
  EXPECT_EQ(perft(pos, 2), expected);
}

}  // namespace
}  // namespace doska::wolf_sheep
