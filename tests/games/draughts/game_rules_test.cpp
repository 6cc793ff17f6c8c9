// The end and draw rules of RULINGS §1.3-1.7, as applied by the game record. Each test names the
// article it checks; draw-rule tests count moves up to the limit and check one ply short of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/draughts/game.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::draughts {
namespace {

Position fen(const Rules& rules, const std::string& text) {
  auto pos = parse_fen(rules, text);
  EXPECT_TRUE(pos.ok()) << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : Position{};
}

void play_all(Game& game, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) {
    auto played = game.play_text(m);
    ASSERT_TRUE(played.ok()) << m << ": " << (played.ok() ? "" : played.error());
  }
}

// Finds `plies` non-capturing moves from `start`, each to a position not seen before and leaving
// the opponent no capture, searching depth first with the draw rules off; the caller replays them
// under the rules. Only kings move, unless `man_every` > 0: then men may move too (never onto the
// promotion row), first choice at every man_every-th ply.
std::vector<Move> fresh_quiet_moves(const Rules& rules, const Position& start, int plies,
                                    int man_every = 0) {
  std::vector<Position> seen{start};
  std::vector<Move> line;
  auto search = [&](auto&& self, const Position& pos) -> bool {
    const int ply = static_cast<int>(line.size());
    if (ply == plies) return true;
    std::vector<Move> candidates;
    for (const Move& m : legal_moves(rules, pos)) {
      if (m.is_capture() || m.promotes) continue;
      const bool king = pos.kings & (Bitboard{1} << m.from);
      if (!king && man_every == 0) continue;
      candidates.push_back(m);
    }
    const bool men_first = man_every > 0 && ply % man_every == man_every - 1;
    std::stable_partition(candidates.begin(), candidates.end(), [&](const Move& m) {
      const bool king = pos.kings & (Bitboard{1} << m.from);
      return men_first ? !king : king;
    });
    for (const Move& m : candidates) {
      Position next = pos;
      play(next, m);
      if (std::find(seen.begin(), seen.end(), next) != seen.end()) continue;
      MoveList replies;
      generate_moves(rules, next, replies);
      if (replies.empty() || replies[0].is_capture()) continue;
      seen.push_back(next);
      line.push_back(m);
      if (self(self, next)) return true;
      line.pop_back();
      seen.pop_back();
    }
    return false;
  };
  EXPECT_TRUE(search(search, start)) << "no line of " << plies << " fresh plies";
  return line;
}

// Plays the line and checks that the game is still on before ply `limit` and ends at it.
void expect_draw_at(Game& game, const std::vector<Move>& line, int limit,
                    const std::string& article) {
  ASSERT_GE(static_cast<int>(line.size()), limit);
  for (int ply = 1; ply <= limit; ++ply) {
    ASSERT_FALSE(game.over()) << "ended early at ply " << ply - 1 << ": " << game.ending().reason;
    ASSERT_TRUE(game.play(line[ply - 1]).ok()) << "ply " << ply;
  }
  EXPECT_TRUE(game.over()) << "not a draw at ply " << limit;
  EXPECT_EQ(game.ending().outcome, Outcome::draw);
  EXPECT_EQ(game.ending().article, article) << game.ending().reason;
}

// --- RULINGS §1.3: the end of the game -------------------------------------------------------

TEST(International, Art000_4_2_2_NoMoveLoses) {
  // The white man on 46 is blocked by 41 and cannot take it (37 is occupied).
  Game game(kInternational, fen(kInternational, "W:W46:B37,41"));
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().article, "000 §4.2.2-4.2.3");
  EXPECT_EQ(game.ending().reason, "White cannot move");
}

TEST(International, Art000_4_2_3_NoPieceLoses) {
  Game game(kInternational, fen(kInternational, "W:W28:B23"));
  ASSERT_FALSE(game.over());
  play_all(game, {"28x19"});
  EXPECT_EQ(game.ending().outcome, Outcome::white_wins);
  EXPECT_EQ(game.ending().reason, "Black has no pieces");
}

TEST(Russian, Art002_1_8_1_NoMoveLoses) {
  // Black's man on a1... White to move with its only man on h2 blocked by g3 and f4.
  Game game(kRussian, fen(kRussian, "W:Wh2:Bg3,f4"));
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().article, "002 §1.8.1");
}

TEST(English, Rulings1_3_NoPieceLoses) {
  Game game(kEnglish, fen(kEnglish, "B:W18:B14"));
  play_all(game, {"14x23"});
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
}

TEST(InternationalGiveaway, Rulings1_7_NoPieceWins) {
  Game game(kInternationalGiveaway, fen(kInternationalGiveaway, "W:W28:B23"));
  play_all(game, {"28x19"});
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().reason, "Black has no pieces");
}

TEST(RussianGiveaway, Rulings1_7_NoMoveWins) {
  Game game(kRussianGiveaway, fen(kRussianGiveaway, "W:Wh2:Bg3,f4"));
  EXPECT_EQ(game.ending().outcome, Outcome::white_wins);
}

TEST(International, Art000_4_2_1_Resignation) {
  Game game(kInternational);
  ASSERT_TRUE(game.resign(Side::white).ok());
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().article, "000 §4.2.1");
  EXPECT_FALSE(game.play_text("32-28").ok());
}

TEST(International, Art000_5_1_DrawOfferOnlyAfter40Moves) {
  Game game(kInternational, fen(kInternational, "W:WK46,K50,30:BK1,K5,21"));
  const auto line = fresh_quiet_moves(kInternational, game.position(), 80, 20);
  for (int ply = 0; ply < 79; ++ply) ASSERT_TRUE(game.play(line[ply]).ok());
  EXPECT_FALSE(game.offer_draw(game.position().side).ok());
  ASSERT_TRUE(game.play(line[79]).ok());
  ASSERT_FALSE(game.over());
  ASSERT_TRUE(game.offer_draw(Side::white).ok());
  EXPECT_FALSE(game.accept_draw(Side::white).ok());  // not one's own offer
  ASSERT_TRUE(game.accept_draw(Side::black).ok());
  EXPECT_EQ(game.ending().outcome, Outcome::draw);
  EXPECT_EQ(game.ending().article, "000 §4.3.1, §5.1");
}

TEST(Russian, Art002_1_9_1_1_DrawByAgreement) {
  Game game(kRussian);
  ASSERT_TRUE(game.offer_draw(Side::white).ok());
  play_all(game, {"c3-d4"});  // the offer stands through the offering player's move
  ASSERT_TRUE(game.accept_draw(Side::black).ok());
  EXPECT_EQ(game.ending().article, "002 §1.9.1.1");
}

TEST(Russian, DrawOfferLapsesWhenTheOpponentMoves) {
  Game game(kRussian);
  ASSERT_TRUE(game.offer_draw(Side::white).ok());
  play_all(game, {"c3-d4", "f6-g5"});
  EXPECT_FALSE(game.accept_draw(Side::black).ok());
}

// --- Threefold repetition ---------------------------------------------------------------------

TEST(International, Art000_5_6_ThreefoldRepetition) {
  Game game(kInternational, fen(kInternational, "W:WK46,K50,36:BK1,K5,15"));
  const std::vector<std::string> cycle = {"50-44", "1-7", "44-50", "7-1"};
  play_all(game, cycle);  // second occurrence of the start
  play_all(game, {"50-44", "1-7", "44-50"});
  ASSERT_FALSE(game.over());
  play_all(game, {"7-1"});  // third occurrence, same side to move
  EXPECT_EQ(game.ending().outcome, Outcome::draw);
  EXPECT_EQ(game.ending().article, "000 §5.6");
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.over());
}

TEST(Russian, Art002_1_9_1_7_ThreefoldRepetition) {
  Game game(kRussian, fen(kRussian, "W:WKa1,Kc1,e3:BKh8,Kf8,d6"));
  for (int i = 0; i < 2; ++i) play_all(game, {"c1-d2", "f8-e7", "d2-c1", "e7-f8"});
  EXPECT_EQ(game.ending().article, "002 §1.9.1.7");
}

TEST(English, Rulings1_6_ThreefoldRepetition) {
  Game game(kEnglish, fen(kEnglish, "B:WK29,K32,22:BK1,K4,11"));
  for (int i = 0; i < 2; ++i) play_all(game, {"1-5", "29-25", "5-1", "25-29"});
  EXPECT_EQ(game.ending().article, "RULINGS §1.6");
}

// --- Kings only ----------------------------------------------------------------------------

TEST(International, Art000_5_5_TwentyFiveKingMovesEach) {
  const Position start = fen(kInternational, "W:WK46,K50,36:BK1,K5,15");
  const auto line = fresh_quiet_moves(kInternational, start, 50);
  Game game(kInternational, start);
  expect_draw_at(game, line, 50, "000 §5.5");
}

TEST(International, Art000_5_5_ManMoveRestartsTheCount) {
  const Position start = fen(kInternational, "W:WK46,K50,36:BK1,K5,15");
  auto line = fresh_quiet_moves(kInternational, start, 49);
  Game game(kInternational, start);
  for (const Move& m : line) ASSERT_TRUE(game.play(m).ok());
  ASSERT_FALSE(game.over());
  ASSERT_EQ(game.records().back().draw.quiet_king_plies, 49);
  ASSERT_TRUE(game.play_text("15-20").ok());  // a man moves: the count starts again
  EXPECT_EQ(game.records().back().draw.quiet_king_plies, 0);
  EXPECT_FALSE(game.over());
}

TEST(Russian, Art002_1_9_1_6_FifteenKingMovesEach) {
  const Position start = fen(kRussian, "W:WKa1,Kc1,Ke1,a3,c3,e3:BKh8,Kf8,Kd8,h6,f6,d6");
  const auto line = fresh_quiet_moves(kRussian, start, 30);
  Game game(kRussian, start);
  expect_draw_at(game, line, 30, "002 §1.9.1.6");
}

TEST(English, Rulings1_6_FortyMovesWithoutCaptureOrManMove) {
  const Position start = fen(kEnglish, "B:WK29,K30,K31,K32,21:BK1,K2,K3,K4,12");
  const auto line = fresh_quiet_moves(kEnglish, start, 80);
  Game game(kEnglish, start);
  expect_draw_at(game, line, 80, "RULINGS §1.6");
}

TEST(EnglishGiveaway, Rulings1_7_KingsOnlyRuleApplies) {
  const Position start = fen(kEnglishGiveaway, "B:WK29,K30,K31,K32,21:BK1,K2,K3,K4,12");
  const auto line = fresh_quiet_moves(kEnglishGiveaway, start, 80);
  Game game(kEnglishGiveaway, start);
  expect_draw_at(game, line, 80, "RULINGS §1.6");
}

// --- International endings (000 §5.3-5.4, RULINGS §1.4) ----------------------------------------

TEST(International, Art000_5_3_4_KingAgainstKingFiveMoves) {
  const Position start = fen(kInternational, "W:WK48:BK3");
  const auto line = fresh_quiet_moves(kInternational, start, 10);
  Game game(kInternational, start);
  expect_draw_at(game, line, 10, "000 §5.3.4");
}

TEST(International, Art000_5_3_3_TwoKingsAgainstKingFiveMoves) {
  const Position start = fen(kInternational, "W:WK48,K49:BK3");
  const auto line = fresh_quiet_moves(kInternational, start, 10);
  Game game(kInternational, start);
  expect_draw_at(game, line, 10, "000 §5.3.3");
}

TEST(International, Art000_5_3_1_ThreeKingsAgainstKingOnLongDiagonal) {
  const Position start = fen(kInternational, "W:WK47,K48,K49:BK28");  // 28 lies on 46-5
  const auto line = fresh_quiet_moves(kInternational, start, 10);
  Game game(kInternational, start);
  expect_draw_at(game, line, 10, "000 §5.3.1");
}

TEST(International, Art000_5_3_2_KingAndTwoMenAgainstKingOnLongDiagonal) {
  const Position start = fen(kInternational, "W:WK47,48,49:BK23");  // 23 lies on 46-5
  const auto line = fresh_quiet_moves(kInternational, start, 10);
  Game game(kInternational, start);
  expect_draw_at(game, line, 10, "000 §5.3.2");
}

TEST(International, Art000_5_4_ThreeKingsAgainstKingSixteenMoves) {
  // Not on the long diagonal: White has 16 of its own moves; White moves first, so its 16th
  // move is ply 31.
  const Position start = fen(kInternational, "W:WK47,K48,K49:BK3");
  const auto line = fresh_quiet_moves(kInternational, start, 31);
  Game game(kInternational, start);
  expect_draw_at(game, line, 31, "000 §5.4");
}

TEST(International, Rulings1_4_KingAndTwoMenOffDiagonalSixteenMoves) {
  const Position start = fen(kInternational, "B:WK47,38,39:BK3");  // Black moves first
  const auto line = fresh_quiet_moves(kInternational, start, 32);
  Game game(kInternational, start);
  // White's 16th move is ply 32 when Black moves first.
  expect_draw_at(game, line, 32, "RULINGS §1.4 (as 000 §5.4)");
}

TEST(International, Art000_5_4_CountStartsWhenTheBalanceIsEstablished) {
  // White takes the fourth black piece: from then on, 3 kings against 1 (16 White moves).
  Game game(kInternational, fen(kInternational, "W:WK47,K48,K44:BK3,39"));
  play_all(game, {"44x33"});
  ASSERT_EQ(game.records().back().draw.counters[0].since, 1);
  // Black to move after the capture: White's 16th move is the 32nd ply after it.
  const auto line = fresh_quiet_moves(kInternational, game.position(), 32);
  expect_draw_at(game, line, 32, "000 §5.4");
  EXPECT_EQ(game.plies(), 33);
}

TEST(InternationalGiveaway, Rulings1_7_NoEndingRules) {
  const Position start = fen(kInternationalGiveaway, "W:WK48:BK3");
  const auto line = fresh_quiet_moves(kInternationalGiveaway, start, 12);
  Game game(kInternationalGiveaway, start);
  for (const Move& m : line) ASSERT_TRUE(game.play(m).ok());
  EXPECT_FALSE(game.over());
}

// --- Russian endings (002 §1.9.1.3-1.9.1.5) --------------------------------------------------

TEST(Russian, Art002_1_9_1_3_ThreeKingsAgainstKingFifteenMoves) {
  // The lone king is off the long diagonal a1-h8; White's 15th move is ply 29.
  const Position start = fen(kRussian, "W:WKa1,Kc1,Ke1:BKh6");
  const auto line = fresh_quiet_moves(kRussian, start, 29);
  Game game(kRussian, start);
  expect_draw_at(game, line, 29, "002 §1.9.1.3");
}

TEST(Russian, Art002_1_9_1_5_LoneKingOnLongDiagonalFiveMoves) {
  // Three men against a king on the long diagonal a1-h8: White's 5th move (ply 9) draws unless
  // the king has been taken or has left the diagonal (RULINGS §1.5).
  Game game(kRussian, fen(kRussian, "W:Wa3,c1,e1:BKh8"));
  play_all(game, {"a3-b4", "h8-g7", "e1-f2", "g7-h8", "c1-d2", "h8-g7", "b4-a5", "g7-h8"});
  ASSERT_FALSE(game.over()) << game.ending().reason;
  play_all(game, {"f2-g3"});
  EXPECT_EQ(game.ending().article, "002 §1.9.1.5");
}

TEST(Russian, Art002_1_9_1_5_LeavingTheDiagonalRestartsTheCount) {
  Game game(kRussian, fen(kRussian, "W:Wa3,c1,e1:BKh8"));
  play_all(game, {"e1-f2", "h8-g7", "c1-d2", "g7-f8", "f2-g3", "f8-g7"});  // off, and back
  EXPECT_EQ(game.records().back().draw.counters[2].since, 6);
  play_all(game, {"d2-e3", "g7-h8", "g3-h4", "h8-g7", "e3-f4", "g7-h8", "a3-b4", "h8-g7"});
  ASSERT_FALSE(game.over()) << game.ending().reason;
  play_all(game, {"b4-c5"});  // White's 5th move since the king came back
  EXPECT_EQ(game.ending().article, "002 §1.9.1.5");
}

TEST(Russian, Art002_1_9_1_4_BalanceUnchangedWithTwoToThreePieces) {
  // Kings on both sides, 3 pieces, no capture and no promotion: 5 moves of each.
  const Position start = fen(kRussian, "W:WKa1,Kc1:BKh6");
  const auto line = fresh_quiet_moves(kRussian, start, 10);
  Game game(kRussian, start);
  expect_draw_at(game, line, 10, "002 §1.9.1.4");
}

TEST(Russian, Art002_1_9_1_4_FourToFivePiecesThirtyMoves) {
  const Position start = fen(kRussian, "W:WKc1,Ke1,a1:BKf8,h8");
  const auto line = fresh_quiet_moves(kRussian, start, 60, 8);
  Game game(kRussian, start);
  // Men may move: only a capture or a promotion changes the balance.
  expect_draw_at(game, line, 60, "002 §1.9.1.4");
}

// --- Huffing (english option, RULINGS §1.2) ----------------------------------------------------

TEST(English, Rulings1_2_HuffingOffEnforcesCaptures) {
  Game game(kEnglish, fen(kEnglish, "B:W18,30:B14,1"));
  EXPECT_FALSE(game.play_text("1-6").ok());
}

TEST(English, Rulings1_2_HuffingLetsTheOpponentRemoveThePiece) {
  Game game(kEnglish, fen(kEnglish, "B:W18,30:B14,1"), GameOptions{.huffing = true});
  ASSERT_TRUE(game.play_text("1-6").ok());  // Black ignores 14x23
  EXPECT_EQ(game.huffable(), square_mask(kEnglish, 13));
  EXPECT_FALSE(game.huff(5).ok());  // 6 did not fail to capture
  ASSERT_TRUE(game.huff(13).ok());  // White huffs 14
  EXPECT_FALSE(game.position().black & square_mask(kEnglish, 13));
  EXPECT_EQ(game.position().side, Side::white);  // a huff is not a turn
  ASSERT_TRUE(game.undo());
  EXPECT_TRUE(game.position().black & square_mask(kEnglish, 13));
}

}  // namespace
}  // namespace doska::draughts

namespace doska::draughts {
namespace {

// Random games through the record, then every ply taken back: each position is restored exactly,
// with its draw counters (RULINGS §1.3-1.7 state must survive undo).
TEST(GameRecord, RandomPlayoutsUndoRestoresEveryPly) {
  std::uint64_t state = 12345;
  auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  for (const Rules* rules : kAllRules) {
    for (int round = 0; round < 20; ++round) {
      Game game(*rules);
      std::vector<Position> positions{game.position()};
      std::vector<DrawState> counters{game.records().back().draw};
      while (!game.over() && game.plies() < 300) {
        const auto moves = game.legal_moves();
        ASSERT_TRUE(game.play(moves[next() % moves.size()]).ok());
        positions.push_back(game.position());
        counters.push_back(game.records().back().draw);
      }
      while (game.plies() > 0) {
        ASSERT_TRUE(game.undo());
        positions.pop_back();
        counters.pop_back();
        ASSERT_EQ(game.position(), positions.back());
        ASSERT_EQ(game.records().back().draw.quiet_king_plies, counters.back().quiet_king_plies);
        ASSERT_FALSE(game.over() && game.ending().outcome == Outcome::ongoing);
      }
      EXPECT_FALSE(game.undo());
      EXPECT_EQ(game.position(), start_position(*rules));
    }
  }
}

}  // namespace
}  // namespace doska::draughts
