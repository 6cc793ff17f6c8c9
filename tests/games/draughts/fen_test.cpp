// PDN FEN of the draughts family (RULINGS §1.1): start positions, kings, ranges, round trips, and
// errors that name the problem.
#include <gtest/gtest.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "games/draughts/notation.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"
#include "games/draughts/variant.h"

namespace doska::draughts {
namespace {

constexpr std::string_view kRussianStart =
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

Bitboard squares(const Rules& rules, std::initializer_list<std::string_view> names) {
  Bitboard mask = 0;
  for (std::string_view name : names) {
    const std::optional<int> square = parse_square(rules, name);
    EXPECT_TRUE(square.has_value()) << name;
    if (square) mask |= square_mask(rules, *square);
  }
  return mask;
}

// `fen` reads and is written back exactly as `written`.
void expect_round_trip(const Rules& rules, std::string_view fen, std::string_view written) {
  Result<Position> pos = parse_fen(rules, fen);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(to_fen(rules, *pos), written);
  Result<Position> again = parse_fen(rules, written);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(*again, *pos);
}

// `fen` is refused with a message that contains every one of `fragments`.
void expect_error(const Rules& rules, std::string_view fen,
                  std::initializer_list<std::string_view> fragments) {
  Result<Position> pos = parse_fen(rules, fen);
  ASSERT_FALSE(pos.ok()) << fen << " was read as " << to_fen(rules, *pos);
  for (std::string_view fragment : fragments)
    EXPECT_NE(pos.error().find(fragment), std::string::npos)
        << "the error for " << fen << " should mention " << fragment << ": " << pos.error();
}

TEST(Fen, InternationalStartPosition) {
  EXPECT_EQ(to_fen(kInternational, start_position(kInternational)), "W:W31-50:B1-20");
  Result<Position> pos = parse_fen(kInternational, "W:W31-50:B1-20");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(*pos, start_position(kInternational));
}

// Algebraic squares, listed rank by rank and along each rank by file.
TEST(Fen, RussianStartPosition) {
  EXPECT_EQ(to_fen(kRussian, start_position(kRussian)), kRussianStart);
  Result<Position> pos = parse_fen(kRussian, kRussianStart);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(*pos, start_position(kRussian));
  EXPECT_EQ(pos->white, squares(kRussian, {"a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3",
                                           "c3", "e3", "g3"}));
}

// Black moves first (004).
TEST(Fen, EnglishStartPosition) {
  EXPECT_EQ(to_fen(kEnglish, start_position(kEnglish)), "B:W21-32:B1-12");
  Result<Position> pos = parse_fen(kEnglish, "B:W21-32:B1-12");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(*pos, start_position(kEnglish));
  EXPECT_EQ(pos->side, Side::black);
}

TEST(Fen, GiveawayStartPositionsAsTheBaseGame) {
  EXPECT_EQ(to_fen(kInternationalGiveaway, start_position(kInternationalGiveaway)),
            "W:W31-50:B1-20");
  EXPECT_EQ(to_fen(kRussianGiveaway, start_position(kRussianGiveaway)), kRussianStart);
  EXPECT_EQ(to_fen(kEnglishGiveaway, start_position(kEnglishGiveaway)), "B:W21-32:B1-12");
}

TEST(Fen, KingsArePrefixedK) {
  Result<Position> pos = parse_fen(kInternational, "B:WK4,28:BK47,K50,12");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(pos->side, Side::black);
  EXPECT_EQ(pos->white, squares(kInternational, {"4", "28"}));
  EXPECT_EQ(pos->black, squares(kInternational, {"12", "47", "50"}));
  EXPECT_EQ(pos->kings, squares(kInternational, {"4", "47", "50"}));
  EXPECT_EQ(to_fen(kInternational, *pos), "B:WK4,28:B12,K47,K50");

  Result<Position> russian = parse_fen(kRussian, "W:WKh8,c3:BKa1,d6");
  ASSERT_TRUE(russian.ok()) << russian.error();
  EXPECT_EQ(russian->kings, squares(kRussian, {"h8", "a1"}));
  EXPECT_EQ(to_fen(kRussian, *russian), "W:Wc3,Kh8:BKa1,d6");
}

// Runs of three or more men on consecutive numbers are written as a range; a king breaks a run.
TEST(Fen, NumericRanges) {
  expect_round_trip(kInternational, "W:W31-35,40:B1-3,5", "W:W31-35,40:B1-3,5");
  expect_round_trip(kInternational, "W:W31,32,33,34:B8,9", "W:W31-34:B8,9");
  expect_round_trip(kInternational, "W:W31-33,K34,35-37:B10", "W:W31-33,K34,35-37:B10");
  expect_round_trip(kEnglish, "B:W29-32,K1:B5-8,K26", "B:WK1,29-32:B5-8,K26");
}

TEST(Fen, RoundTrips) {
  expect_round_trip(kInternational, "W:W26,44,K45:B6,8,11,12,21,22,27,39,K23",
                    "W:W26,44,K45:B6,8,11,12,21,22,K23,27,39");
  expect_round_trip(kRussian, "B:Wf2,c3,e3,d4,f4:BKa5,d6,e7", "B:Wf2,c3,e3,d4,f4:BKa5,d6,e7");
  expect_round_trip(kRussian, "B:Wd4,f4,c3,e3,f2:Be7,d6,Ka5", "B:Wf2,c3,e3,d4,f4:BKa5,d6,e7");
  expect_round_trip(kEnglish, "W:WK27:B15,16,23,24", "W:WK27:B15,16,23,24");
  // Sides with no piece at all.
  expect_round_trip(kInternational, "W:W:B", "W:W:B");
  expect_round_trip(kRussian, "B:WKe3:B", "B:WKe3:B");
}

TEST(Fen, ErrorEmpty) {
  expect_error(kInternational, "", {"empty"});
  expect_error(kRussian, "   ", {"empty"});
}

TEST(Fen, ErrorBadSideToMove) {
  expect_error(kInternational, "X:W31-50:B1-20", {"side to move", "'X'"});
  expect_error(kEnglish, "31-50", {"side to move"});
}

TEST(Fen, ErrorBadSquare) {
  expect_error(kInternational, "W:W31-50,51:B1-20", {"'51'", "not a square", "international"});
  expect_error(kEnglish, "B:W21-33:B1-12", {"range", "21-33"});
  expect_error(kRussian, "W:Wa1,b1:Bh8", {"'b1'", "not a square", "russian"});
  expect_error(kRussian, "W:Wi1:Bh8", {"'i1'", "not a square"});
  // Russian squares are named, not numbered, so there are no ranges.
  expect_error(kRussian, "W:Wa1-c1:Bh8", {"'a1-c1'", "not a square"});
  expect_error(kInternational, "W:W40-31:B1", {"range", "40-31"});
}

TEST(Fen, ErrorSquareGivenTwice) {
  expect_error(kInternational, "W:W31,31:B1", {"square 31", "twice"});
  expect_error(kInternational, "W:W31-35:B1,K33", {"square 33", "twice"});
  expect_error(kRussian, "W:Wc3:Bc3", {"square c3", "twice"});
}

// A man on its promotion row would already be a king (000 §2.4; 002 §1.4.4).
TEST(Fen, ErrorManOnItsPromotionRow) {
  expect_error(kInternational, "W:W3:B20", {"white man on 3", "K3"});
  expect_error(kInternational, "W:W30:B46", {"black man on 46", "K46"});
  expect_error(kRussian, "W:Wd8:Ba5", {"white man on d8", "Kd8"});
  expect_error(kEnglish, "B:W21:B32", {"black man on 32", "K32"});
  // The opponent's promotion row is the man's own first row: allowed.
  EXPECT_TRUE(parse_fen(kInternational, "W:W46:B5").ok());
}

TEST(Fen, ErrorJunk) {
  expect_error(kInternational, "W:W31:B1:X", {"'X'", "must start with W or B"});
  expect_error(kInternational, "W:W31:B1:W32", {"listed twice"});
  expect_error(kInternational, "W:W31::B1", {"empty field"});
  expect_error(kInternational, "W:W31,,32:B1", {"empty square"});
  expect_error(kInternational, "W:Wabc:B1", {"'abc'", "not a square"});
  expect_error(kInternational, "hello", {"side to move"});
}

}  // namespace
}  // namespace doska::draughts
