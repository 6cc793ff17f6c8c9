// FEN and move text of wolf and sheep (RULINGS §2): "B:Wa1,c1,e1,g1:B" before the placement,
// "W:Wa1,c1,e1,g1:Bd8" after; placement "d8", moves "c1-d2"; errors that name the problem.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "games/wolf_sheep/notation.h"
#include "games/wolf_sheep/position.h"

namespace doska::wolf_sheep {
namespace {

// `fen` reads and is written back exactly as `written`.
void expect_round_trip(std::string_view fen, std::string_view written) {
  Result<Position> pos = parse_fen(fen);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(to_fen(*pos), written);
  Result<Position> again = parse_fen(written);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(*again, *pos);
}

template <typename T>
void expect_error_mentions(const Result<T>& result, std::string_view input,
                           std::initializer_list<std::string_view> fragments) {
  ASSERT_FALSE(result.ok()) << input << " was accepted";
  for (std::string_view fragment : fragments)
    EXPECT_NE(result.error().find(fragment), std::string::npos)
        << "the error for " << input << " should mention " << fragment << ": " << result.error();
}

void expect_fen_error(std::string_view fen, std::initializer_list<std::string_view> fragments) {
  expect_error_mentions(parse_fen(fen), fen, fragments);
}

Position position_of(std::string_view fen) {
  Result<Position> pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << pos.error();
  return pos.ok() ? *pos : start_position();
}

// The squares are those of russian draughts (002 §1.6.1): index 0 is b8, 31 is g1.
TEST(WolfSheepNotation, SquaresHaveRussianNames) {
  EXPECT_EQ(square_name(0), "b8");
  EXPECT_EQ(square_name(1), "d8");
  EXPECT_EQ(square_name(28), "a1");
  EXPECT_EQ(square_name(31), "g1");
  for (int s = 0; s < kSquares; ++s) EXPECT_EQ(parse_square(square_name(s)), s);
  EXPECT_EQ(parse_square("D8"), 1);
  EXPECT_FALSE(parse_square("a2").has_value());  // a light square
  EXPECT_FALSE(parse_square("i1").has_value());
  EXPECT_FALSE(parse_square("a9").has_value());
}

TEST(WolfSheepFen, BeforeAndAfterThePlacement) {
  expect_round_trip("B:Wa1,c1,e1,g1:B", "B:Wa1,c1,e1,g1:B");
  expect_round_trip("W:Wa1,c1,e1,g1:Bd8", "W:Wa1,c1,e1,g1:Bd8");
  EXPECT_EQ(position_of("B:Wa1,c1,e1,g1:B"), start_position());
  EXPECT_EQ(position_of("W:Wa1,c1,e1,g1:Bd8").wolf, *parse_square("d8"));
}

// Sheep are written by rank, then file; any order, case, spacing and a final '.' are read.
TEST(WolfSheepFen, LenientReadingCanonicalWriting) {
  expect_round_trip("w:Bd4:WH8,b2, c3 ,a1.", "W:Wa1,b2,c3,h8:Bd4");
  expect_round_trip("B:Wg1,e1,c1,a1", "B:Wa1,c1,e1,g1:B");
}

TEST(WolfSheepFen, ErrorsNameTheProblem) {
  expect_fen_error("", {"empty"});
  expect_fen_error("X:Wa1,c1,e1,g1:B", {"side to move", "'X'"});
  expect_fen_error("W:Wa1,c1,e1:Bd8", {"exactly four sheep", "not 3"});
  expect_fen_error("W:Wa1,c1,e1,g1,b2:Bd8", {"exactly four sheep", "not 5"});
  expect_fen_error("W:Wa1,c1,e1,g1:Bd8,f8", {"only one wolf"});
  expect_fen_error("W:Wa1,c1,e1,g1:Bc1", {"c1", "twice"});
  expect_fen_error("W:Wa1,a1,e1,g1:Bd8", {"a1", "twice"});
  expect_fen_error("W:Wa1,c1,e1,g2:Bd8", {"'g2'", "not a dark square"});
  expect_fen_error("W:Wa1,c1,e1,g1:Bd8:Bf8", {"too many fields"});
  expect_fen_error("W:Wa1,c1,e1,g1:Wd8", {"sheep are listed twice"});
  expect_fen_error("W:Wa1,c1,e1,g1:Xd8", {"must start with W or B"});
  expect_fen_error("W:Wa1,c1,e1,g1:", {"empty field"});
  expect_fen_error("W:Wa1,c1,e1,Kg1:Bd8", {"'Kg1'", "not a dark square"});
  // RULINGS §2: the wolf's placement is the first move, so the sheep never move before it.
  expect_fen_error("W:Wa1,c1,e1,g1:B", {"before the wolf is placed"});
}

TEST(WolfSheepMoveText, PlacementIsASquareAndAMoveHasADash) {
  const Position start = start_position();
  Result<Move> placement = parse_move(start, "d8");
  ASSERT_TRUE(placement.ok()) << placement.error();
  EXPECT_TRUE(placement->is_placement());
  EXPECT_EQ(move_text(*placement), "d8");

  const Position placed = position_of("W:Wa1,c1,e1,g1:Bd8");
  for (std::string_view text : {"c1-d2", "C1-D2", " c1 - d2 ", "c1d2"}) {
    Result<Move> move = parse_move(placed, text);
    ASSERT_TRUE(move.ok()) << text << ": " << move.error();
    EXPECT_EQ(move_text(*move), "c1-d2");
  }
}

TEST(WolfSheepMoveText, ErrorsNameTheProblem) {
  const Position start = start_position();
  const Position placed = position_of("W:Wa1,c1,e1,g1:Bd8");
  const Position wolf_to_move = position_of("B:Wa1,c1,e1,g1:Bd8");
  expect_error_mentions(parse_move(start, ""), "''", {"empty"});
  expect_error_mentions(parse_move(start, "a1"), "a1", {"illegal", "wolf"});
  expect_error_mentions(parse_move(start, "zz"), "zz", {"'zz'", "not a dark square"});
  expect_error_mentions(parse_move(start, "d8-c7"), "d8-c7", {"must first be placed"});
  expect_error_mentions(parse_move(wolf_to_move, "c7"), "c7", {"already placed", "d8-c7"});
  expect_error_mentions(parse_move(placed, "c1-c2"), "c1-c2", {"'c2'", "not a dark square"});
  expect_error_mentions(parse_move(placed, "c1-c3"), "c1-c3", {"illegal", "sheep"});
  expect_error_mentions(parse_move(placed, "d2-e3"), "d2-e3", {"illegal", "sheep"});
  expect_error_mentions(parse_move(placed, "c1-b2-a3"), "c1-b2-a3", {"not a dark square"});
  expect_error_mentions(parse_move(wolf_to_move, "d8-e9"), "d8-e9", {"'e9'"});
  expect_error_mentions(parse_move(position_of("W:Wa3,c5,e5,g5:Bd2"), "c5-d6"), "c5-d6",
                        {"game is over"});
}

// The key is the position packed and mixed invertibly: different positions, different keys.
TEST(WolfSheepKey, DiffersForPlacementAndSideToMove) {
  const Position a = position_of("W:Wa1,c1,e1,g1:Bd8");
  const Position b = position_of("B:Wa1,c1,e1,g1:Bd8");
  const Position c = position_of("W:Wa1,c1,e1,g1:Bf8");
  const Position d = position_of("B:Wa1,c1,e1,g1:B");
  EXPECT_NE(a.key(), b.key());
  EXPECT_NE(a.key(), c.key());
  EXPECT_NE(b.key(), d.key());
  EXPECT_EQ(a.key(), position_of("W:Wg1,e1,c1,a1:Bd8").key());
}

}  // namespace
}  // namespace doska::wolf_sheep
