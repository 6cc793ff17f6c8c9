// The move rules of RULINGS §3.1-3.4, one test per article or edge case: the position, and the
// exact list of legal moves or the position after a move.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/mill/game.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"

#include "extra_variants.h"
#include "support/mill_fen.h"

namespace doska::mill {
namespace {

using test::mill_fen;

std::vector<std::string> moves(const Rules& rules, const std::string& text) {
  std::vector<std::string> out;
  for (const Move& m : legal_moves(rules, mill_fen(rules, text))) out.push_back(move_text(m));
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Every empty point of the position, as placements, except those listed.
std::vector<std::string> placements(const Rules& rules, const std::string& text,
                                    const std::vector<std::string>& except = {}) {
  std::vector<std::string> out;
  const Position pos = mill_fen(rules, text);
  for (int p = 0; p < kPoints; ++p) {
    const std::string name(point_name(p));
    if (!(pos.occupied() & bit(p)) && std::find(except.begin(), except.end(), name) == except.end())
      out.push_back(name);
  }
  return out;
}

std::vector<std::string> plus(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return sorted(a);
}

// Plays the moves on a game of `rules` from `start` and returns the FEN after them.
std::string after(const Rules& rules, const std::string& start,
                  const std::vector<std::string>& line) {
  Game game(rules, mill_fen(rules, start));
  for (const std::string& m : line) {
    auto played = game.play_text(m);
    EXPECT_TRUE(played.ok()) << m << ": " << (played.ok() ? "" : played.error());
  }
  return to_fen(game.position());
}

// §3.1: 24 points on three squares, named like chess squares, in the canonical order; 16 lines.
TEST(MillBoard, Rulings3_1_PointsLinesAndSteps) {
  const char* canonical[] = {"a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4",
                             "b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4",
                             "c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4"};
  for (int p = 0; p < kPoints; ++p) {
    EXPECT_EQ(point_name(p), canonical[p]);
    EXPECT_EQ(parse_point(canonical[p]), p);
  }
  EXPECT_EQ(kStandardBoard.line_count, 16);
  int steps = 0;
  for (int p = 0; p < kPoints; ++p) steps += count(kStandardBoard.adjacent[p]);
  EXPECT_EQ(steps, 2 * 32);  // 32 segments, each walked both ways
  // The lines as the diagram shows them: 8 along the sides of the squares, 8 across.
  const char* lines[16][3] = {
      {"a1", "d1", "g1"}, {"g1", "g4", "g7"}, {"g7", "d7", "a7"}, {"a7", "a4", "a1"},
      {"b2", "d2", "f2"}, {"f2", "f4", "f6"}, {"f6", "d6", "b6"}, {"b6", "b4", "b2"},
      {"c3", "d3", "e3"}, {"e3", "e4", "e5"}, {"e5", "d5", "c5"}, {"c5", "c4", "c3"},
      {"d1", "d2", "d3"}, {"g4", "f4", "e4"}, {"d7", "d6", "d5"}, {"a4", "b4", "c4"}};
  for (const auto& line : lines) {
    const Bitboard mask =
        bit(*parse_point(line[0])) | bit(*parse_point(line[1])) | bit(*parse_point(line[2]));
    EXPECT_EQ(std::count(kStandardBoard.lines.begin(),
                         kStandardBoard.lines.begin() + kStandardBoard.line_count, mask),
              1)
        << line[0] << line[1] << line[2];
  }
}

// §3.2: White places first, on any empty point.
TEST(MillMoves, Rulings3_2_WhitePlacesFirstOnAnyPoint) {
  EXPECT_EQ(moves(kMill, "W:W:B:H9,9"), sorted(placements(kMill, "W:W:B:H9,9")));
  EXPECT_EQ(moves(kMill, "W:W:B:H9,9").size(), 24u);
  EXPECT_EQ(after(kMill, "W:W:B:H9,9", {"d6", "a1"}), "W:Wd6:Ba1:H8,8");
}

// §3.2 (ruling: the phase is per player): while a player has pieces in hand they place, even
// though their pieces on the board could move; with an empty hand they move along the lines.
TEST(MillMoves, Rulings3_2_PlaceWhileTheHandIsNotEmptyThenStep) {
  const std::string placing = "W:Wa1,d1,b4,e4:Bd7,f6,c5,g4:H1,0";
  EXPECT_EQ(moves(kMill, placing),
            plus(placements(kMill, placing, {"g1"}), {"g1xd7", "g1xf6", "g1xc5", "g1xg4"}));
  const std::string moving = "W:Wa1,d1,b4,e4:Bd7,f6,c5,g4:H0,1";
  EXPECT_EQ(moves(kMill, moving), sorted({"a1-a4", "d1-g1", "d1-d2", "b4-a4", "b4-b2", "b4-b6",
                                          "b4-c4", "e4-e3", "e4-e5", "e4-f4"}));
}

// §3.2: a piece moves along a line to an adjacent empty point; a corner has two neighbours, a
// midpoint of the middle square four.
TEST(MillMoves, Rulings3_2_StepsAlongTheLines) {
  EXPECT_EQ(
      moves(kMill, "W:Wa1,d2,g7,b6:Bd7,f6,c5,e3:H0,0"),
      sorted({"a1-a4", "a1-d1", "d2-b2", "d2-d1", "d2-d3", "d2-f2", "g7-g4", "b6-b4", "b6-d6"}));
}

// §3.2 (004: "всего три фишки"): a player with exactly three pieces and an empty hand moves a
// piece to any empty point.
TEST(MillMoves, Rulings3_2_FlyingWithThreePiecesAndAnEmptyHand) {
  const std::string three = "W:Wa1,g7,c4:Bd7,f6,c5,e3:H0,0";
  std::vector<std::string> expected;
  for (const char* from : {"a1", "g7", "c4"})
    for (const std::string& to : placements(kMill, three)) expected.push_back(from + ("-" + to));
  EXPECT_EQ(moves(kMill, three), sorted(expected));
  EXPECT_EQ(expected.size(), 3u * 17);
}

// §3.2: flying starts exactly at three pieces; with four only steps are allowed.
TEST(MillMoves, Rulings3_2_NoFlyingWithFourPieces) {
  EXPECT_EQ(moves(kMill, "W:Wa1,g7,c4,e5:Bd7,f6,c5,e3:H0,0"),
            sorted({"a1-a4", "a1-d1", "g7-g4", "c4-b4", "c4-c3", "e5-d5", "e5-e4"}));
}

// §3.3: flying needs an empty hand: in mixed mill three pieces on the board and one in hand only
// step (or place).
TEST(MillMoves, Rulings3_3_NoFlyingWithAPieceInHand) {
  const std::string position = "W:Wa1,g7,c4:Bd7,f6,c5,e3:H1,0";
  EXPECT_EQ(moves(kMillMixed, position),
            plus(placements(kMillMixed, position), {"a1-a4", "a1-d1", "g7-g4", "c4-b4", "c4-c3"}));
}

// §3.2 (004): closing a mill removes one opposing piece that is not in a mill; every choice is a
// move of its own, written with its removal.
TEST(MillMoves, Rulings3_2_AMillRemovesAPieceOutsideMills) {
  // Black's a7 d7 g7 stand in a mill; b6 does not.
  const std::string position = "W:Wa1,d1:Ba7,d7,g7,b6:H5,5";
  EXPECT_EQ(moves(kMill, position), plus(placements(kMill, position, {"g1"}), {"g1xb6"}));
}

// §3.2 (004): if every opposing piece stands in a mill, any of them may be removed.
TEST(MillMoves, Rulings3_2_AllInMillsAnyMayBeRemoved) {
  const std::string position = "W:Wa1,d1:Ba7,d7,g7:H6,6";
  EXPECT_EQ(moves(kMill, position),
            plus(placements(kMill, position, {"g1"}), {"g1xa7", "g1xd7", "g1xg7"}));
  // The same by a move: d2-d1 closes a1 d1 g1.
  EXPECT_EQ(after(kMill, "W:Wa1,g1,d2,f4:Ba7,d7,g7:H0,0", {"d2-d1xd7"}),
            "B:Wa1,d1,g1,f4:Bg7,a7:H0,0");
}

// §3.2 ruling: closing two mills at once removes one piece.
TEST(MillMoves, Rulings3_2_TwoMillsAtOnceRemoveOnePiece) {
  const std::string position = "W:Wa1,d1,g4,g7:Bb6,d6,c5:H4,5";
  EXPECT_EQ(moves(kMill, position),
            plus(placements(kMill, position, {"g1"}), {"g1xb6", "g1xd6", "g1xc5"}));
  EXPECT_EQ(after(kMill, position, {"g1xd6"}), "B:Wa1,d1,g1,g4,g7:Bb6,c5:H3,5");
}

// §3.2 edge case: the last placement closes a mill; the player who closed it removes a piece,
// then the other player, with an empty hand, moves (here flies, with three pieces).
TEST(MillMoves, Rulings3_2_LastPlacementClosesAMill) {
  const std::string position = "B:Wa1,g1,a7,g7:Bd6,f6:H0,1";
  EXPECT_EQ(moves(kMill, position),
            plus(placements(kMill, position, {"b6"}), {"b6xa1", "b6xg1", "b6xa7", "b6xg7"}));
  EXPECT_EQ(after(kMill, position, {"b6xa1"}), "W:Wg1,g7,a7:Bf6,d6,b6:H0,0");
  // White flies: 3 pieces to 18 points, and a7-g4 or g1-d7 close a mill with 3 removal choices
  // each (Black's three pieces all stand in a mill).
  EXPECT_EQ(moves(kMill, "W:Wg1,g7,a7:Bf6,d6,b6:H0,0").size(), 3u * 18 + 2 * 2);
}

// §3.2: a move out of a mill and back closes it again ("открыть" and close, 004).
TEST(MillMoves, Rulings3_2_ReopenedMillClosesAgain) {
  EXPECT_EQ(after(kMill, "W:Wa1,d1,g1,b4:Bd7,f6,c5,e3:H0,0", {"d1-d2", "f6-f4", "d2-d1xc5"}),
            "B:Wa1,d1,g1,b4:Bd7,f4,e3:H0,0");
}

// §3.2: a mill is newly formed by the turn: a move that leaves an existing mill standing and
// closes nothing else removes nothing.
TEST(MillMoves, Rulings3_2_AStandingMillRemovesNothing) {
  EXPECT_EQ(moves(kMill, "W:Wa1,d1,g1,b4:Bd7,f6,c5,e3:H0,0"),
            sorted({"a1-a4", "d1-d2", "g1-g4", "b4-a4", "b4-b2", "b4-b6", "b4-c4"}));
}

// §3.3 (004 "Смешанная мельница"): with pieces in hand a player may place or move.
TEST(MillMoves, Rulings3_3_MixedPlaceOrMove) {
  const std::string position = "W:Wa1,d1:Bd6,f6:H7,7";
  EXPECT_EQ(moves(kMillMixed, position), plus(placements(kMillMixed, position, {"g1"}),
                                              {"g1xd6", "g1xf6", "a1-a4", "d1-d2", "d1-g1"}));
  // The plain game only places here.
  EXPECT_EQ(moves(kMill, position), plus(placements(kMill, position, {"g1"}), {"g1xd6", "g1xf6"}));
  // A move in mixed mill closes a mill and removes as in the plain game.
  EXPECT_EQ(after(kMillMixed, "W:Wa1,d1,g4:Bd6,f6,c5:H5,5", {"g4-g1xc5"}),
            "B:Wa1,d1,g1:Bf6,d6:H5,5");
}

// §3.4 (004 "Цейлонская мельница"): a mill closed by a placement removes nothing, and the same
// player places again.
TEST(MillMoves, Rulings3_4_CeylonPlacementMillGivesAnExtraTurn) {
  const std::string position = "W:Wa1,d1:Bd6,f6:H5,5";
  EXPECT_EQ(moves(kMillCeylon, position), sorted(placements(kMillCeylon, position)));
  EXPECT_EQ(after(kMillCeylon, position, {"g1"}), "W:Wa1,d1,g1:Bf6,d6:H4,5");
  EXPECT_EQ(moves(kMillCeylon, "W:Wa1,d1,g1:Bf6,d6:H4,5"),
            sorted(placements(kMillCeylon, "W:Wa1,d1,g1:Bf6,d6:H4,5")));
}

// §3.4: a mill closed by a move removes a piece (same protection) and the same player moves again.
TEST(MillMoves, Rulings3_4_CeylonMoveMillRemovesAndGivesAnExtraTurn) {
  const std::string position = "W:Wa1,d1,g4,b6:Bd6,f6,c5,e5:H0,0";
  const auto list = moves(kMillCeylon, position);
  for (const char* m : {"g4-g1xd6", "g4-g1xf6", "g4-g1xc5", "g4-g1xe5"})
    EXPECT_NE(std::find(list.begin(), list.end(), m), list.end()) << m;
  EXPECT_EQ(std::count_if(list.begin(), list.end(),
                          [](const std::string& m) { return m.rfind("g4-g1", 0) == 0; }),
            4);
  EXPECT_EQ(after(kMillCeylon, position, {"g4-g1xd6"}), "W:Wa1,d1,g1,b6:Bf6,e5,c5:H0,0");
}

// §3.4: extra turns chain; a turn that closes no mill passes the move.
TEST(MillMoves, Rulings3_4_CeylonExtraTurnsChain) {
  const std::string start = "W:Wa1,d1,a4:Bd6,f6:H5,5";
  EXPECT_EQ(after(kMillCeylon, start, {"g1"}), "W:Wa1,d1,g1,a4:Bf6,d6:H4,5");
  EXPECT_EQ(after(kMillCeylon, start, {"g1", "a7"}), "W:Wa1,d1,g1,a7,a4:Bf6,d6:H3,5");
  EXPECT_EQ(after(kMillCeylon, start, {"g1", "a7", "b2"}), "B:Wa1,d1,g1,a7,a4,b2:Bf6,d6:H2,5");
}

// §3.4 ruling: the phase is per player. White, whose mill gave an extra placement, runs out of
// pieces first and moves while Black still places.
TEST(MillMoves, Rulings3_4_CeylonOneMovesWhileTheOtherPlaces) {
  Game game(kMillCeylon);
  for (const char* m : {"a1", "b2", "d1", "d2", "g1", "c3", "d3", "e3", "f4", "c5", "b6", "e5",
                        "d6", "a7", "d5", "g7", "a4"}) {
    auto played = game.play_text(m);
    ASSERT_TRUE(played.ok()) << m << ": " << (played.ok() ? "" : played.error());
  }
  EXPECT_EQ(to_fen(game.position()), "W:Wa1,d1,g1,g7,a7,c3,e3,e5,c5:Ba4,b2,d2,f4,d6,b6,d3,d5:H0,1");
  // White moves (no placement), Black still places.
  for (const Move& m : game.legal_moves()) EXPECT_FALSE(m.is_placement()) << move_text(m);
  ASSERT_TRUE(game.play_text("c5-c4").ok());
  EXPECT_EQ(game.position().side, Side::black);
  for (const Move& m : game.legal_moves()) EXPECT_TRUE(m.is_placement()) << move_text(m);
  ASSERT_TRUE(game.play_text("g4").ok());
  EXPECT_EQ(to_fen(game.position()),
            "W:Wa1,d1,g1,g7,a7,c3,e3,e5,c4:Bg4,a4,b2,d2,f4,d6,b6,d3,d5:H0,0");
  EXPECT_FALSE(game.over());
}

// A further variant is a few lines of data (extra_variants.h): twelve men's morris on the board
// with diagonals, and Lasker's variant.

TEST(MillVariants, AFurtherVariantIsAFewLinesOfData) {
  EXPECT_EQ(kDiagonalBoard.line_count, 20);
  EXPECT_EQ(count(kDiagonalBoard.adjacent[*parse_point("b2")]), 4);  // a1 c3 b4 d2
  Position start;
  start.hand = {12, 12};
  start.refresh_key();
  // Depth 5: 20 lines instead of 16 in REFERENCE.md's hand check.
  EXPECT_EQ(Generator<kTwelveMen>::perft(start, 5),
            24ull * 23 * 22 * 21 * 20 + 20ull * 6 * 21 * 20);
  start.hand = {10, 10};
  start.refresh_key();
  EXPECT_EQ(Generator<kLasker>::perft(start, 3), Generator<kMillMixed>::perft(start, 3));
}

}  // namespace
}  // namespace doska::mill
