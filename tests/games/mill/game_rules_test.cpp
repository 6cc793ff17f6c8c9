// The end and draw rules of RULINGS §3.2-3.4 as applied by the game record. Each test names the
// article it checks; draw-rule tests count moves up to the limit and check one ply short of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include "games/mill/game.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"
#include "support/mill_fen.h"

namespace doska::mill {
namespace {

using test::mill_fen;

void play_all(Game& game, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) {
    auto played = game.play_text(m);
    ASSERT_TRUE(played.ok()) << m << ": " << (played.ok() ? "" : played.error());
  }
}

// Finds `plies` moves from `start` that remove nothing, each to a position not seen before and
// leaving the game on, searching depth first; the caller replays them under the rules.
std::vector<Move> fresh_moves_without_removal(const Rules& rules, const Position& start,
                                              int plies) {
  std::set<std::uint64_t> seen{start.key()};
  std::vector<Move> line;
  auto search = [&](auto&& self, const Position& pos) -> bool {
    if (static_cast<int>(line.size()) == plies) return true;
    for (const Move& m : legal_moves(rules, pos)) {
      if (m.is_removal()) continue;
      Position next = pos;
      play(next, m);
      if (seen.count(next.key()) || count_moves(rules, next) == 0) continue;
      seen.insert(next.key());
      line.push_back(m);
      if (self(self, next)) return true;
      line.pop_back();
    }
    return false;
  };
  EXPECT_TRUE(search(search, start)) << "no line of " << plies << " fresh plies";
  return line;
}

// §3.2 (004 "Конец игры"): a player reduced to two pieces loses at once.
TEST(MillGame, Rulings3_2_TwoPiecesLeftLoses) {
  Game game(kMill, mill_fen(kMill, "W:Wa1,g1,d2,f4:Bd7,a7,g7:H0,0"));
  play_all(game, {"d2-d1xd7"});
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::white_wins);
  EXPECT_EQ(game.ending().article, "004 «Конец игры»; RULINGS §3.2");
  EXPECT_EQ(game.ending().reason, "Black has only 2 pieces left");
  EXPECT_TRUE(game.legal_moves().empty());
}

// §3.2: the count is of pieces on the board and in hand together, so the loss comes during the
// placement too: Black keeps a piece in hand but has two pieces in all.
TEST(MillGame, Rulings3_2_TwoPiecesLeftLosesDuringPlacement) {
  Game game(kMill, mill_fen(kMill, "W:Wa1,d1:Bd6,f6:H3,1"));
  EXPECT_FALSE(game.over());
  play_all(game, {"g1xd6"});
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::white_wins);
  EXPECT_EQ(game.ending().reason, "Black has only 2 pieces left");
  EXPECT_EQ(to_fen(game.position()), "B:Wa1,d1,g1:Bf6:H2,1");
  // Three pieces in all (one on the board, two in hand) is not yet lost.
  EXPECT_FALSE(Game(kMill, mill_fen(kMill, "B:Wa1,d1,g1:Bf6:H2,2")).over());
}

// §3.2 (004): a player who cannot move on their turn loses.
TEST(MillGame, Rulings3_2_BlockedPlayerLoses) {
  Game game(kMill, mill_fen(kMill, "W:Wa1,d1,g1,a4:Bd2,g4,a7,b4,c4:H0,0"));
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().article, "004 «Конец игры»; RULINGS §3.2");
  EXPECT_EQ(game.ending().reason, "White cannot move");
}

// §3.2 edge case: the block comes at the first turn of the moving phase: Black's last placement
// shuts in all four white pieces, and White loses before moving at all.
TEST(MillGame, Rulings3_2_BlockedAtTheFirstTurnOfTheMovingPhase) {
  Game game(kMill, mill_fen(kMill, "B:Wa1,d1,g1,a4:Bd2,g4,a7:H0,1"));
  EXPECT_FALSE(game.over());
  play_all(game, {"b4"});
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().reason, "White cannot move");
  EXPECT_EQ(perft(kMill, game.position(), 1), 0u);
}

// §3.2: with three pieces a blocked player is not blocked: it flies.
TEST(MillGame, Rulings3_2_ThreePiecesAreNeverBlocked) {
  Game game(kMill, mill_fen(kMill, "W:Wa1,d1,a4:Bd2,g1,a7,b4:H0,0"));
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.legal_moves().size(), 3u * 17);
}

// §3.2 ruling: draw by threefold repetition of the same position, hands and side to move.
TEST(MillGame, Rulings3_2_ThreefoldRepetition) {
  Game game(kMill, mill_fen(kMill, "W:Wa1,b2,c3,e5:Bg7,d7,f6,e4:H0,0"));
  const std::vector<std::string> cycle = {"a1-a4", "g7-g4", "a4-a1", "g4-g7"};
  play_all(game, cycle);
  EXPECT_EQ(game.repetitions(), 2);
  play_all(game, {"a1-a4", "g7-g4", "a4-a1"});
  EXPECT_FALSE(game.over());
  play_all(game, {"g4-g7"});
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::draw);
  EXPECT_EQ(game.ending().article, "RULINGS §3.2");
  EXPECT_EQ(game.ending().reason, "threefold repetition (same position, hands and side to move)");
  EXPECT_TRUE(game.undo());
  EXPECT_FALSE(game.over());
}

// §3.2 ruling: the same pieces with different hands are a different position.
TEST(MillGame, Rulings3_2_RepetitionNeedsTheSameHands) {
  Game a(kMill, mill_fen(kMill, "W:Wa1,b2,c3,e5:Bg7,d7,f6,e4:H0,0"));
  Game b(kMill, mill_fen(kMill, "W:Wa1,b2,c3,e5:Bg7,d7,f6,e4:H0,1"));
  EXPECT_NE(a.position().key(), b.position().key());
  EXPECT_NE(a.position(), b.position());
}

// §3.2 ruling: 50 moves of each player (100 plies) without a removal draw. The header of
// RULINGS: one move is one turn; the counter starts at the ply that removed a piece.
TEST(MillGame, Rulings3_2_FiftyMovesWithoutRemoval) {
  const Position start = mill_fen(kMill, "W:Wa1,b2,c3,e5:Bg7,d7,f6,e4:H0,0");
  const auto line = fresh_moves_without_removal(kMill, start, 100);
  ASSERT_EQ(line.size(), 100u);
  Game game(kMill, start);
  for (int ply = 1; ply <= 100; ++ply) {
    ASSERT_FALSE(game.over()) << "ended early at ply " << ply - 1 << ": " << game.ending().reason;
    ASSERT_TRUE(game.play(line[ply - 1]).ok()) << ply;
  }
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::draw);
  EXPECT_EQ(game.ending().article, "RULINGS §3.2");
  EXPECT_EQ(game.ending().reason, "50 moves of each player without a removal");
}

// §3.2 and the header of RULINGS: a removal restarts the count, which then runs 100 plies again.
TEST(MillGame, Rulings3_2_ARemovalRestartsTheCount) {
  Game game(kMill, mill_fen(kMill, "W:Wa1,g1,d2,c3:Bd7,f6,e4,b6:H0,0"));
  play_all(game, {"c3-c4", "e4-e5", "c4-c3", "e5-e4"});
  EXPECT_EQ(game.records().back().turns_without_removal, (std::array<int, 2>{2, 2}));
  play_all(game, {"d2-d1xb6"});
  EXPECT_EQ(game.records().back().turns_without_removal, (std::array<int, 2>{0, 0}));
  const auto line = fresh_moves_without_removal(kMill, game.position(), 100);
  ASSERT_EQ(line.size(), 100u);
  for (int ply = 1; ply <= 100; ++ply) {
    ASSERT_FALSE(game.over()) << "ended early at ply " << ply - 1 << ": " << game.ending().reason;
    ASSERT_TRUE(game.play(line[ply - 1]).ok()) << ply;
  }
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.ending().reason, "50 moves of each player without a removal");
}

// §3.4 with the header of RULINGS: the count is of the turns of each player, and a Ceylon extra
// turn is a turn. White's placement mill gives White one turn more: the draw comes when Black,
// too, has made 50 moves, at ply 101.
TEST(MillGame, Rulings3_4_CeylonCountsTheTurnsOfEachPlayer) {
  Game game(kMillCeylon, mill_fen(kMillCeylon, "W:Wa1,d1,b4,e5:Bd7,f6,c5,g4:H1,0"));
  play_all(game, {"g1"});
  ASSERT_EQ(game.position().side, Side::white);
  const auto line = fresh_moves_without_removal(kMillCeylon, game.position(), 100);
  ASSERT_EQ(line.size(), 100u);
  for (int ply = 2; ply <= 101; ++ply) {
    ASSERT_FALSE(game.over()) << "ended early at ply " << ply - 1 << ": " << game.ending().reason;
    ASSERT_TRUE(game.play(line[ply - 2]).ok()) << ply;
  }
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.records().back().turns_without_removal[0], 51);
  EXPECT_EQ(game.records().back().turns_without_removal[1], 50);
  EXPECT_EQ(game.ending().reason, "50 moves of each player without a removal");
}

// Without draw rules (perft-like use) only the losses end the game.
TEST(MillGame, DrawRulesOff) {
  Game game(kMill, mill_fen(kMill, "W:Wa1,b2,c3,e5:Bg7,d7,f6,e4:H0,0"), GameOptions{false});
  for (int i = 0; i < 5; ++i) play_all(game, {"a1-a4", "g7-g4", "a4-a1", "g4-g7"});
  EXPECT_FALSE(game.over());
}

// Resignation and agreement end the game; a finished game takes no more moves.
TEST(MillGame, ResignationAndAgreedDraw) {
  Game game(kMill);
  ASSERT_TRUE(game.resign(Side::white).ok());
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_FALSE(game.play_text("d6").ok());
  Game other(kMill);
  ASSERT_TRUE(other.offer_draw(Side::white).ok());
  EXPECT_FALSE(other.accept_draw(Side::white).ok());
  ASSERT_TRUE(other.accept_draw(Side::black).ok());
  EXPECT_EQ(other.ending().outcome, Outcome::draw);
}

// The record takes back every ply and recomputes the ending.
TEST(MillGame, UndoReopensAFinishedGame) {
  Game game(kMill, mill_fen(kMill, "W:Wa1,d1:Bd6,f6:H3,1"));
  play_all(game, {"g1xd6"});
  ASSERT_TRUE(game.over());
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.over());
  EXPECT_EQ(to_fen(game.position()), "W:Wa1,d1:Bf6,d6:H3,1");
  EXPECT_FALSE(game.undo());
}

}  // namespace
}  // namespace doska::mill
