// The move rules of RULINGS.md §1.1-1.2, one test per article: each test is a position (PDN FEN)
// and the exact list of legal moves the article gives it, as move texts. Positions from the seeds
// (000 §3.5 diagrams 8-12, whose pictures are lost, and 002 §1.6.2-1.6.3) are rebuilt from their
// descriptions so that exactly the moves the seed names are legal.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "games/draughts/notation.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"
#include "games/draughts/variant.h"

namespace doska::draughts {
namespace {

using MoveTexts = std::vector<std::string>;

MoveTexts sorted(MoveTexts texts) {
  std::sort(texts.begin(), texts.end());
  return texts;
}

Position position_of(const Rules& rules, std::string_view fen) {
  Result<Position> pos = parse_fen(rules, fen);
  if (!pos) {
    ADD_FAILURE() << pos.error();
    return Position{};
  }
  return *pos;
}

// The legal moves of the position as move texts, sorted.
MoveTexts legal_move_texts(const Rules& rules, const Position& pos) {
  MoveTexts texts;
  for (const Move& move : legal_moves(rules, pos)) texts.push_back(move_text(rules, pos, move));
  return sorted(texts);
}
MoveTexts legal_move_texts(const Rules& rules, std::string_view fen) {
  return legal_move_texts(rules, position_of(rules, fen));
}

// The legal move written `text` (any form parse_move reads).
Move move_of(const Rules& rules, const Position& pos, std::string_view text) {
  Result<Move> move = parse_move(rules, pos, text);
  if (!move) {
    ADD_FAILURE() << move.error();
    return Move{};
  }
  return *move;
}

int count_of(const std::vector<int>& squares, int square) {
  return static_cast<int>(std::count(squares.begin(), squares.end(), square));
}

// ---------------------------------------------------------------------------------------------
// International draughts (seed 000)

TEST(International, Rulings1_1_SquaresNumbered1To50WhiteOn31To50MovesFirst) {
  EXPECT_EQ(
      legal_move_texts(kInternational, "W:W31-50:B1-20"),
      sorted({"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}));
}

TEST(International, Rulings1_1_CaptureWrittenFromXTo) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:W28:B23"), sorted({"28x19"}));
}

// Two captures 32x6 take different pieces, so both are written with their turning squares.
TEST(International, Rulings1_1_IntermediateSquaresOnlyWhenTwoMovesReadAlike) {
  const Position pos = position_of(kInternational, "W:WK32:B9,11,12,13,23");
  EXPECT_EQ(legal_move_texts(kInternational, pos), sorted({"32x14x3x17x6", "32x19x8x17x6"}));
  Result<Move> short_form = parse_move(kInternational, pos, "32x6");
  ASSERT_FALSE(short_form.ok());
  EXPECT_NE(short_form.error().find("ambiguous"), std::string::npos) << short_form.error();
}

TEST(International, Art000_2_3_ManMovesOneSquareForwardOnly) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:W28:B3"), sorted({"28-22", "28-23"}));
  EXPECT_EQ(legal_move_texts(kInternational, "B:W48:B23"), sorted({"23-28", "23-29"}));
}

TEST(International, Art000_2_4_ManReachingLastRowPromotes) {
  const Position pos = position_of(kInternational, "W:W7:B45");
  EXPECT_EQ(legal_move_texts(kInternational, pos), sorted({"7-1", "7-2"}));
  for (const Move& move : legal_moves(kInternational, pos)) EXPECT_TRUE(move.promotes);
}

// Any distance on any diagonal, but not over its own man on 39.
TEST(International, Art000_2_5_FlyingKing) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:WK28,39:B3"),
            sorted({"28-22", "28-17", "28-11", "28-6", "28-23", "28-19", "28-14", "28-10", "28-5",
                    "28-32", "28-37", "28-41", "28-46", "28-33", "39-33", "39-34"}));
}

TEST(International, Art000_3_1_CaptureIsCompulsory) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:W32,45:B27"), sorted({"32x21"}));
}

TEST(International, Art000_3_1_MenCaptureBackward) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:W28:B33"), sorted({"28x39"}));
}

TEST(International, Art000_3_3_KingMayStopOnAnyFreeSquareBeyond) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:WK46:B28"),
            sorted({"46x23", "46x19", "46x14", "46x10", "46x5"}));
}

// From 19, and only from 19, the king can go on to take 13, so it must land there.
TEST(International, Art000_3_3_KingMustLandWhereItCanContinue) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:WK46:B13,28"), sorted({"46x8", "46x2"}));
}

TEST(International, Art000_3_4_5_NoJumpingOverOwnPieces) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:WK46,19:B28"), sorted({"46x23"}));
}

// Diagram 8: the man 26x17x28x19 and the king 45x18x7x16 each take three pieces, a king (23) and
// two men; the man 44 could take only one (39) and may not.
TEST(International, Art000_3_4_3_MajorityCaptureDiagram8) {
  const Position pos = position_of(kInternational, "W:W26,44,K45:B6,8,11,12,21,22,27,39,K23");
  EXPECT_EQ(legal_move_texts(kInternational, pos), sorted({"26x19", "45x16"}));
  EXPECT_EQ(move_of(kInternational, pos, "26x17x28x19"), move_of(kInternational, pos, "26x19"));
  EXPECT_EQ(move_of(kInternational, pos, "45x18x7x16"), move_of(kInternational, pos, "45x16"));
}

// Diagram 9: the man takes either two kings (28, 17) or two men (29, 20), as it likes; the man 38
// could take a king (32) alone and may not.
TEST(International, Art000_3_4_3_KingsAndMenCountAlikeDiagram9) {
  EXPECT_EQ(legal_move_texts(kInternational, "W:W33,38:BK28,K17,K32,29,20"),
            sorted({"33x11", "33x15"}));
}

// Diagram 10: the man passes 2 on the last row and goes on capturing as a man to 11.
TEST(International, Art000_3_4_4_ManPassingLastRowContinuesAsManDiagram10) {
  const Position pos = position_of(kInternational, "W:W35:B7,8,19,30");
  EXPECT_EQ(legal_move_texts(kInternational, pos), sorted({"35x11"}));
  const Move move = move_of(kInternational, pos, "35x24x13x2x11");
  EXPECT_EQ(count(move.captured), 4);
  EXPECT_FALSE(move.promotes);
}

// Diagram 11: the capture ends on 2, a king; the man on 11 it could take as a king waits for the
// next move.
TEST(International, Art000_3_4_2_ManEndingOnLastRowPromotesDiagram11) {
  const Position pos = position_of(kInternational, "W:W35:B8,11,19,30");
  EXPECT_EQ(legal_move_texts(kInternational, pos), sorted({"35x2"}));
  const Move move = move_of(kInternational, pos, "35x24x13x2");
  EXPECT_EQ(count(move.captured), 3);
  EXPECT_TRUE(move.promotes);
}

// Diagram 12: the black king takes four and must stop on 23: 28, taken first, is still on the
// board and may not be jumped again (were it removed, the king could go on over 37).
TEST(International, Art000_3_4_7_TurkishStrikeDiagram12) {
  const Position pos = position_of(kInternational, "B:W19,20,28,34,37:B24,K22");
  EXPECT_EQ(legal_move_texts(kInternational, pos), sorted({"22x23"}));
  EXPECT_EQ(count(move_of(kInternational, pos, "22x39x25x14x23").captured), 4);
}

// The king crosses 28 twice: 46x19 passes it, and 17x39 passes it again.
TEST(International, Art000_3_4_6_EmptySquarePassedTwice) {
  const Rules& rules = kInternational;
  const Position pos = position_of(rules, "W:WK46:B12,13,32,33");
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"46x39", "46x44", "46x50"}));
  const std::vector<CapturePath> paths = capture_paths(rules, pos);
  ASSERT_FALSE(paths.empty());
  for (const CapturePath& path : paths)
    EXPECT_EQ(count_of(path.walk, *parse_square(rules, "28")), 2);
}

// Four men around 23: the man goes round them either way and is back on 33. Two routes, same
// start, end and captured set: one move.
TEST(International, Rulings1_2_DistinctMovesManGoingRoundEitherWay) {
  const Position pos = position_of(kInternational, "W:W33:BK28,K18,19,29");
  EXPECT_EQ(capture_paths(kInternational, pos).size(), 2u);
  EXPECT_EQ(legal_move_texts(kInternational, pos), sorted({"33x33"}));
  Position after = pos;
  play(after, move_of(kInternational, pos, "33x33"));
  EXPECT_EQ(to_fen(kInternational, after), "B:W33:B");
}

// A full path lists every landing square, turning or not (RULINGS §1.1: "intermediate landing
// squares"; 000 §3.5 "45x18x7x16", "35x24x13x2x11"; 002 §1.6.3 "a5:c3:e1:g3:e5:c3").
TEST(International, Rulings1_1_FullPathListsEveryLandingSquare) {
  const Rules& rules = kInternational;
  const Position diagram8 = position_of(rules, "W:W26,44,K45:B6,8,11,12,21,22,27,39,K23");
  EXPECT_EQ(full_path_text(rules, diagram8, move_of(rules, diagram8, "45x16")), "45x18x7x16");
  const Position diagram10 = position_of(rules, "W:W35:B7,8,19,30");
  EXPECT_EQ(full_path_text(rules, diagram10, move_of(rules, diagram10, "35x11")), "35x24x13x2x11");
}

// ---------------------------------------------------------------------------------------------
// Russian draughts (seed 002)

TEST(Russian, Rulings1_1_AlgebraicSquaresWhiteOnRanks1To3MovesFirst) {
  EXPECT_EQ(legal_move_texts(kRussian,
                             "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:"
                             "Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"),
            sorted({"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}));
}

TEST(Russian, Rulings1_1_CaptureWrittenFromColonTo) {
  EXPECT_EQ(legal_move_texts(kRussian, "W:Wc3:Bd4"), sorted({"c3:e5"}));
}

// 002 §1.6.2: "three directions of capture, written d2:h6:f8:c5:a7, d2:g5:e7:c5:a7, d2:g5:d8:a5".
// The two captures d2:a7 would read alike and are written with their turning squares; d2:a5 is
// the only capture to a5 and is written short.
TEST(Russian, Art002_1_6_2_TurningSquaresWrittenWhenNeeded) {
  const Rules& rules = kRussian;
  const Position pos = position_of(rules, "W:WKd2:Bf4,b6,d6,f6,g7");
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"d2:h6:f8:c5:a7", "d2:g5:e7:c5:a7", "d2:a5"}));
  MoveTexts full_paths;
  for (const Move& move : legal_moves(rules, pos))
    full_paths.push_back(full_path_text(rules, pos, move));
  EXPECT_EQ(sorted(full_paths), sorted({"d2:h6:f8:c5:a7", "d2:g5:e7:c5:a7", "d2:g5:d8:a5"}));
  Result<Move> short_form = parse_move(rules, pos, "d2:a7");
  ASSERT_FALSE(short_form.ok());
  EXPECT_NE(short_form.error().find("ambiguous"), std::string::npos) << short_form.error();
}

TEST(Russian, Art002_1_4_3_ManMovesOneSquareForwardOnly) {
  EXPECT_EQ(legal_move_texts(kRussian, "W:Wd4:Bh8"), sorted({"d4-c5", "d4-e5"}));
  EXPECT_EQ(legal_move_texts(kRussian, "B:Wa1:Be5"), sorted({"e5-d4", "e5-f4"}));
}

TEST(Russian, Art002_1_4_4_ManReachingLastRowPromotes) {
  const Position pos = position_of(kRussian, "W:Wc7:Ba5,f6");
  EXPECT_EQ(legal_move_texts(kRussian, pos), sorted({"c7-b8", "c7-d8"}));
  for (const Move& move : legal_moves(kRussian, pos)) EXPECT_TRUE(move.promotes);
}

TEST(Russian, Art002_1_4_5_FlyingKing) {
  EXPECT_EQ(legal_move_texts(kRussian, "W:WKd4,f6:Bh8"),
            sorted({"d4-c5", "d4-b6", "d4-a7", "d4-c3", "d4-b2", "d4-a1", "d4-e3", "d4-f2", "d4-g1",
                    "d4-e5", "f6-e7", "f6-g7"}));
}

TEST(Russian, Art002_1_5_2_KingMayStopOnAnyFreeSquareBeyond) {
  EXPECT_EQ(legal_move_texts(kRussian, "W:WKa1:Bc3"),
            sorted({"a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"}));
}

TEST(Russian, Art002_1_5_6_KingMustLandWhereItCanContinue) {
  EXPECT_EQ(legal_move_texts(kRussian, "W:WKa1:Bc3,f4"), sorted({"a1:g3", "a1:h2"}));
}

TEST(Russian, Art002_1_5_3_CaptureIsCompulsory) {
  EXPECT_EQ(legal_move_texts(kRussian, "W:Wc3,h2:Bd4"), sorted({"c3:e5"}));
}

TEST(Russian, Art002_1_5_3_MenCaptureBackward) {
  EXPECT_EQ(legal_move_texts(kRussian, "W:Wd4:Bc3"), sorted({"d4:b2"}));
}

// The man may take one piece (c3:a5) or two (c3:g7); it may not stop on e5 halfway.
TEST(Russian, Art002_1_5_14_FreeChoiceOfCapture) {
  EXPECT_EQ(legal_move_texts(kRussian, "W:Wc3:Bb4,d4,f6"), sorted({"c3:a5", "c3:g7"}));
}

// The king crosses c3 twice: a1:e5 passes it, and a5:e1 passes it again.
TEST(Russian, Art002_1_5_9_EmptySquarePassedTwice) {
  const Rules& rules = kRussian;
  const Position pos = position_of(rules, "W:WKa1:Bd2,d4,b6,d6");
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"a1:e1"}));
  const std::vector<CapturePath> paths = capture_paths(rules, pos);
  ASSERT_EQ(paths.size(), 1u);
  EXPECT_EQ(count_of(paths[0].walk, *parse_square(rules, "c3")), 2);
}

// 002 §1.6.3, first example: the king takes c3, f2, f4 and stops on e5; it cannot take d4
// because c3, still on the board, stands behind it. White then plays d4:d8.
TEST(Russian, Art002_1_5_12_TurkishStrikeFirstExample) {
  const Rules& rules = kRussian;
  Position pos = position_of(rules, "B:Wc3,d4,e3,f2,f4:BKa5,d6,e7");
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"a5:e5"}));
  const Move move = move_of(rules, pos, "a5:e1:g3:e5");
  EXPECT_EQ(full_path_text(rules, pos, move), "a5:e1:g3:e5");
  EXPECT_EQ(count(move.captured), 3);
  play(pos, move);
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"d4:d8"}));
}

// Second example: e1:a5:d8:f6:d4; on d4 the king must stop: c3 may not be jumped twice, and c5
// has b6, taken but still on the board, behind it.
TEST(Russian, Art002_1_5_12_TurkishStrikeSecondExample) {
  const Rules& rules = kRussian;
  const Position pos = position_of(rules, "W:WKe1:Bb6,c3,c5,d6,e5,e7");
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"e1:d4"}));
  const Move move = move_of(rules, pos, "e1:a5:d8:f6:d4");
  EXPECT_EQ(full_path_text(rules, pos, move), "e1:a5:d8:f6:d4");
  EXPECT_EQ(count(move.captured), 4);
}

// Third example: after c3-d4 the man a5 takes five and, crowned on e1, stops on c3 whichever way
// it goes round (a5:c3:e1:g3:e5:c3 or a5:c3:e5:g3:e1:c3: one move). White answers
// b2:d4:b6:d8:f6:h8, crowned on d8 and going on as a king.
TEST(Russian, Art002_1_5_12_TurkishStrikeThirdExample) {
  const Rules& rules = kRussian;
  Position pos = position_of(rules, "B:Wa1,a3,b2,d2,e3,b4,d4,f2,f4:Ba5,c5,c7,e7,g7");
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"a5:c3"}));
  const Move move = move_of(rules, pos, "a5:c3:e1:g3:e5:c3");
  EXPECT_EQ(move_of(rules, pos, "a5:c3:e5:g3:e1:c3"), move);
  EXPECT_EQ(count(move.captured), 5);
  EXPECT_TRUE(move.promotes);
  play(pos, move);
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"b2:h8"}));
  const Move answer = move_of(rules, pos, "b2:h8");
  EXPECT_EQ(full_path_text(rules, pos, answer), "b2:d4:b6:d8:f6:h8");
  EXPECT_EQ(count(answer.captured), 5);
  EXPECT_TRUE(answer.promotes);
}

// Crowned on d8 by taking c7, the piece goes on as a king and takes f6 at a distance.
TEST(Russian, Art002_1_5_15_PromotionDuringCaptureContinuesAsKing) {
  const Position pos = position_of(kRussian, "W:Wb6:Bc7,f6");
  EXPECT_EQ(legal_move_texts(kRussian, pos), sorted({"b6:g5", "b6:h4"}));
  for (const Move& move : legal_moves(kRussian, pos)) {
    EXPECT_TRUE(move.promotes);
    EXPECT_EQ(count(move.captured), 2);
  }
}

// Crowned by a plain move, the new king takes f6 only on its next move.
TEST(Russian, Art002_1_5_16_PromotionWithoutCaptureTakesNextMove) {
  const Rules& rules = kRussian;
  Position pos = position_of(rules, "W:Wc7:Ba5,f6");
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"c7-b8", "c7-d8"}));
  play(pos, move_of(rules, pos, "c7-d8"));
  play(pos, move_of(rules, pos, "a5-b4"));
  EXPECT_EQ(legal_move_texts(rules, pos), sorted({"d8:g5", "d8:h4"}));
}

// From this position of a random game, the man d4 takes e5 and g7 in one straight line to h8, or
// c5, c7 and, crowned on d8, e7 and g7 to h8 as well: both are written with their landing squares.
TEST(Russian, Rulings1_1_StraightCaptureWrittenWithItsLandingSquares) {
  const Rules& rules = kRussian;
  const Position pos =
      position_of(rules, "W:Wa1,c1,e1,g1,h2,a3,c3,g3,d4:Bc5,e5,g5,a7,c7,e7,g7,b8,f8");
  EXPECT_EQ(legal_move_texts(rules, pos),
            sorted({"d4:b6:d8:f6:h8", "d4:f6:h8", "d4:b6:d8:f6:h4", "d4:f6:h4", "d4:d4", "d4:h6"}));
  for (const Move& move : legal_moves(rules, pos)) {
    Result<Move> read = parse_move(rules, pos, move_text(rules, pos, move));
    ASSERT_TRUE(read.ok()) << read.error();
    EXPECT_EQ(*read, move);
  }
}

// A king going round four men: back on e3 either way (one move), or on past it.
TEST(Russian, Rulings1_2_DistinctMovesKingGoingRoundEitherWay) {
  const Position pos = position_of(kRussian, "W:WKe3:Bd4,f4,d6,f6");
  EXPECT_EQ(legal_move_texts(kRussian, pos), sorted({"e3:e3", "e3:d2", "e3:c1", "e3:f2", "e3:g1"}));
}

// ---------------------------------------------------------------------------------------------
// English checkers (seed 004, RULINGS §1.2 where it is silent)

TEST(English, Rulings1_1_SquaresNumbered1To32BlackOn1To12MovesFirst) {
  EXPECT_EQ(legal_move_texts(kEnglish, "B:W21-32:B1-12"),
            sorted({"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}));
}

TEST(English, Rulings1_1_CaptureWrittenFromXTo) {
  EXPECT_EQ(legal_move_texts(kEnglish, "B:W19:B15"), sorted({"15x24"}));
}

TEST(English, Rulings1_2_ManMovesOneSquareForwardOnly) {
  EXPECT_EQ(legal_move_texts(kEnglish, "W:W18:B1"), sorted({"18-14", "18-15"}));
  EXPECT_EQ(legal_move_texts(kEnglish, "B:W32:B14"), sorted({"14-17", "14-18"}));
}

// 004: "you cannot move or jump backwards"; the man on 22 behind 18 is safe.
TEST(English, Rulings1_2_MenCaptureForwardOnly) {
  EXPECT_EQ(legal_move_texts(kEnglish, "W:W18:B22"), sorted({"18-14", "18-15"}));
}

TEST(English, Rulings1_2_KingMovesOneSquare) {
  EXPECT_EQ(legal_move_texts(kEnglish, "W:WK27:B18"), sorted({"27-23", "27-24", "27-31", "27-32"}));
}

// The king takes only an adjacent piece and lands just behind it; from 18 it may not jump 23 back.
TEST(English, Rulings1_2_KingCapturesShortAndNotTwiceOverOnePiece) {
  EXPECT_EQ(legal_move_texts(kEnglish, "W:WK27:B23"), sorted({"27x18"}));
}

TEST(English, Rulings1_2_CaptureIsCompulsory) {
  EXPECT_EQ(legal_move_texts(kEnglish, "B:W19:B1,15"), sorted({"15x24"}));
}

// One piece (10x17) or two (10x28) as Black likes; the jump to 19 must go on to 28.
TEST(English, Rulings1_2_FreeChoiceButSequenceFinished) {
  EXPECT_EQ(legal_move_texts(kEnglish, "B:W14,15,24:B10"), sorted({"10x17", "10x28"}));
}

// Crowned on 2, the new king could jump 6 but the move ends there.
TEST(English, Rulings1_2_MoveEndsOnCrowning) {
  const Position pos = position_of(kEnglish, "W:W11:B6,7");
  EXPECT_EQ(legal_move_texts(kEnglish, pos), sorted({"11x2"}));
  EXPECT_TRUE(move_of(kEnglish, pos, "11x2").promotes);
}

// The king goes round four men and is back on 27, passing it twice; either way it is one move.
TEST(English, Rulings1_2_DistinctMovesKingGoingRoundEitherWay) {
  const Position pos = position_of(kEnglish, "W:WK27:B15,16,23,24");
  EXPECT_EQ(capture_paths(kEnglish, pos).size(), 2u);
  EXPECT_EQ(legal_move_texts(kEnglish, pos), sorted({"27x27"}));
}

// With huffing off (the default) the capture is enforced; the plain moves a huffing game would
// also allow are still there to be listed.
TEST(English, Rulings1_2_HuffingOffCaptureEnforced) {
  const Position pos = position_of(kEnglish, "B:W19:B1,15");
  MoveList quiet;
  generate_quiet(kEnglish, pos, quiet);
  MoveTexts texts;
  for (const Move& move : quiet) texts.push_back(move_text(kEnglish, pos, move));
  EXPECT_EQ(sorted(texts), sorted({"1-5", "1-6", "15-18"}));
  EXPECT_EQ(legal_move_texts(kEnglish, pos), sorted({"15x24"}));
}

// ---------------------------------------------------------------------------------------------
// Giveaway (004 "Поддавки"): moves exactly as the base game (RULINGS §1.7).

TEST(Giveaway, Rulings1_7_MovesAsTheBaseGame) {
  struct Case {
    const Rules& giveaway;
    const Rules& base;
    std::string_view fen;
  };
  const Case cases[] = {
      {kInternationalGiveaway, kInternational, "W:W26,44,K45:B6,8,11,12,21,22,27,39,K23"},
      {kInternationalGiveaway, kInternational, "W:W35:B7,8,19,30"},
      {kRussianGiveaway, kRussian, "B:Wa1,a3,b2,d2,e3,b4,d4,f2,f4:Ba5,c5,c7,e7,g7"},
      {kRussianGiveaway, kRussian, "W:WKd2:Bf4,b6,d6,f6,g7"},
      {kEnglishGiveaway, kEnglish, "B:W14,15,24:B10"},
      {kEnglishGiveaway, kEnglish, "W:W11:B6,7"},
  };
  for (const Case& c : cases)
    EXPECT_EQ(legal_move_texts(c.giveaway, c.fen), legal_move_texts(c.base, c.fen)) << c.fen;
}

}  // namespace
}  // namespace doska::draughts
