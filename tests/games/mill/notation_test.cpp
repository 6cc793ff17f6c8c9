// FEN and move text of RULINGS §3.1: start position, round trips, the forms a reader accepts,
// and errors that name the problem.
#include <gtest/gtest.h>

#include <string>

#include "games/mill/notation.h"
#include "games/mill/variant.h"

namespace doska::mill {
namespace {

std::string error_of(const Rules& rules, const std::string& fen_text) {
  auto pos = parse_fen(rules, fen_text);
  return pos.ok() ? std::string("(accepted)") : pos.error();
}

std::string move_error(const Rules& rules, const std::string& fen_text, const std::string& move) {
  auto pos = parse_fen(rules, fen_text);
  EXPECT_TRUE(pos.ok()) << fen_text;
  if (!pos.ok()) return "";
  auto m = parse_move(rules, *pos, move);
  return m.ok() ? std::string("(accepted)") : m.error();
}

std::string read_move(const Rules& rules, const std::string& fen_text, const std::string& move) {
  auto pos = parse_fen(rules, fen_text);
  EXPECT_TRUE(pos.ok()) << fen_text;
  if (!pos.ok()) return "";
  auto m = parse_move(rules, *pos, move);
  return m.ok() ? move_text(*m) : "error: " + m.error();
}

// §3.1: the start is W:W:B:H9,9 in every variant.
TEST(MillFen, Rulings3_1_Start) {
  for (const Rules* rules : kAllRules) {
    EXPECT_EQ(to_fen(start_position(*rules)), "W:W:B:H9,9") << rules->id;
    auto pos = parse_fen(*rules, "W:W:B:H9,9");
    ASSERT_TRUE(pos.ok());
    EXPECT_EQ(*pos, start_position(*rules));
  }
}

// §3.1: points in any order and case when read, in the canonical order when written.
TEST(MillFen, Rulings3_1_CanonicalOrderWhenWritten) {
  auto pos = parse_fen(kMill, " b : wD6, A1 ,c4 : bg7,B2 : h 3 , 4 ");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(to_fen(*pos), "B:Wa1,d6,c4:Bg7,b2:H3,4");
  EXPECT_EQ(pos->side, Side::black);
  EXPECT_EQ(pos->in_hand(Side::white), 3);
  EXPECT_EQ(pos->key(), pos->compute_key());
  // The fields after the side in any order.
  auto again = parse_fen(kMill, "B:H3,4:Bb2,g7:Wc4,d6,a1");
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(*again, *pos);
}

TEST(MillFen, ErrorsNameTheProblem) {
  EXPECT_EQ(error_of(kMill, ""), "empty FEN");
  EXPECT_EQ(error_of(kMill, "W:W:B"),
            "FEN 'W:W:B': expected <side>:W<points>:B<points>:H<white in hand>,<black in hand>");
  EXPECT_EQ(error_of(kMill, "X:W:B:H9,9"),
            "FEN 'X:W:B:H9,9': side to move must be W or B, not 'X'");
  EXPECT_EQ(error_of(kMill, "W:Wb1:B:H8,9"),
            "FEN 'W:Wb1:B:H8,9': 'b1' is not a point of the mill board");
  EXPECT_EQ(error_of(kMill, "W:Wa1,a1:B:H7,9"), "FEN 'W:Wa1,a1:B:H7,9': point a1 is given twice");
  EXPECT_EQ(error_of(kMill, "W:Wa1:Ba1:H8,8"), "FEN 'W:Wa1:Ba1:H8,8': point a1 is given twice");
  EXPECT_EQ(error_of(kMill, "W:W:W:H9,9"), "FEN 'W:W:W:H9,9': the white pieces are listed twice");
  EXPECT_EQ(error_of(kMill, "W:W:B:H10,9"),
            "FEN 'W:W:B:H10,9': bad number of pieces in hand '10': 0 to 9");
  EXPECT_EQ(error_of(kMill, "W:W:B:H9"),
            "FEN 'W:W:B:H9': the hands must be written H<white>,<black>, not 'H9'");
  EXPECT_EQ(error_of(kMill, "W:Wa1:B:H9,9"),
            "FEN 'W:Wa1:B:H9,9': White has 10 pieces on the board and in hand; mill gives 9");
  EXPECT_EQ(error_of(kMill, "W:Wa1:B:X9,9"),
            "FEN 'W:Wa1:B:X9,9': field 'X9,9' must start with W, B or H (<side>:W<points>:B<points>"
            ":H<white in hand>,<black in hand>)");
}

// §3.1: "d6", "a1-a4", "d6xd5", "a1-a4xd5"; also "a1a4", upper case, ':' and spaces before the
// removal.
TEST(MillMoveText, Rulings3_1_FormsRead) {
  const std::string moving = "W:Wa1,d1,g4,b6:Bd6,f6,c5,e5:H0,0";
  EXPECT_EQ(read_move(kMill, moving, "b6-b4"), "b6-b4");
  EXPECT_EQ(read_move(kMill, moving, "b6b4"), "b6-b4");
  EXPECT_EQ(read_move(kMill, moving, "B6-B4"), "b6-b4");
  EXPECT_EQ(read_move(kMill, moving, "g4-g1xd6"), "g4-g1xd6");
  EXPECT_EQ(read_move(kMill, moving, "g4g1xd6"), "g4-g1xd6");
  EXPECT_EQ(read_move(kMill, moving, "g4-g1:d6"), "g4-g1xd6");
  EXPECT_EQ(read_move(kMill, moving, "g4-g1 xd6"), "g4-g1xd6");
  EXPECT_EQ(read_move(kMill, moving, " G4-G1 X D6 "), "g4-g1xd6");
  const std::string placing = "W:Wa1,d1:Bd6,f6:H5,5";
  EXPECT_EQ(read_move(kMill, placing, "d5"), "d5");
  EXPECT_EQ(read_move(kMill, placing, "D5"), "d5");
  EXPECT_EQ(read_move(kMill, placing, "g1xf6"), "g1xf6");
  EXPECT_EQ(read_move(kMill, placing, "g1:f6"), "g1xf6");
}

TEST(MillMoveText, ErrorsNameTheProblem) {
  const std::string moving = "W:Wa1,d1,g4,b6:Bd6,f6,c5,e5:H0,0";
  const std::string placing = "W:Wa1,d1:Ba7,d7,g7,b6:H5,5";
  EXPECT_EQ(move_error(kMill, moving, ""), "empty move");
  EXPECT_EQ(move_error(kMill, moving, "h9"),
            "'h9' is not a point of the mill board (a1 d1 g1, b2 d2 f2, c3 d3 e3, a4 b4 c4 e4 f4 "
            "g4, c5 d5 e5, b6 d6 f6, a7 d7 g7)");
  EXPECT_EQ(move_error(kMill, moving, "b6-b4-b2"),
            "'b6-b4-b2' is not a mill move (write a placement (d6), a move (a1-a4), and a removal "
            "after x (d6xd5, a1-a4xd5))");
  EXPECT_EQ(move_error(kMill, moving, "a1-"),
            "'a1-' is not a mill move (write a placement (d6), a move (a1-a4), and a removal after "
            "x (d6xd5, a1-a4xd5))");
  EXPECT_EQ(move_error(kMill, moving, "d5"),
            "White has no pieces in hand: move a piece on the board (from-to, e.g. a1-a4)");
  EXPECT_EQ(move_error(kMill, placing, "a1-a4"),
            "White still has 5 pieces in hand and must place one (e.g. a4)");
  EXPECT_EQ(move_error(kMill, placing, "d7"), "d7 is occupied");
  EXPECT_EQ(move_error(kMill, moving, "d6-d5"), "there is no white piece on d6");
  EXPECT_EQ(move_error(kMill, moving, "b6-d6"), "d6 is occupied");
  EXPECT_EQ(move_error(kMill, moving, "b6-b2"),
            "b6 and b2 are not adjacent (a piece flies only when its side has 3 pieces on the "
            "board and none in hand)");
  EXPECT_EQ(move_error(kMill, moving, "b6-b4xd6"), "b6-b4 closes no mill, so it removes nothing");
  EXPECT_EQ(move_error(kMill, moving, "g4-g1"),
            "g4-g1 closes a mill: add the piece to remove, e.g. g4-g1xf6");
  EXPECT_EQ(move_error(kMill, moving, "g4-g1xa7"), "there is no black piece on a7 to remove");
  EXPECT_EQ(move_error(kMill, moving, "g4-g1xb6"), "there is no black piece on b6 to remove");
  EXPECT_EQ(move_error(kMill, placing, "g1xd7"),
            "d7 stands in a mill and may not be removed while Black has pieces outside mills");
  EXPECT_EQ(move_error(kMillCeylon, "W:Wa1,d1:Bd6,f6:H5,5", "g1xd6"),
            "in Ceylon mill a mill closed by a placement removes nothing: White plays again");
  EXPECT_EQ(move_error(kMill, "W:Wa1,d1,g1:Bd6,f6:H0,0", "a1-a4"),
            "the game is over: Black has only 2 pieces left");
}

// Every legal move's text reads back as that move, in every variant, from a few positions.
TEST(MillMoveText, EveryMoveReadsBack) {
  for (const Rules* rules : kAllRules) {
    for (const char* text : {"W:W:B:H9,9", "W:Wa1,d1,g4,b6:Bd6,f6,c5,e5:H0,0",
                             "W:Wa1,d1:Ba7,d7,g7,b6:H5,5", "B:Wa1,g1,a7,g7:Bd6,f6:H0,1",
                             "W:Wa1,d1,g4:Bd6,f6,c5:H5,5", "W:Wg1,g7,a7:Bf6,d6,b6:H0,0"}) {
      auto pos = parse_fen(*rules, text);
      ASSERT_TRUE(pos.ok());
      for (const Move& m : legal_moves(*rules, *pos)) {
        auto back = parse_move(*rules, *pos, move_text(m));
        ASSERT_TRUE(back.ok()) << rules->id << " " << text << " " << move_text(m) << ": "
                               << back.error();
        EXPECT_EQ(*back, m);
      }
    }
  }
}

}  // namespace
}  // namespace doska::mill
