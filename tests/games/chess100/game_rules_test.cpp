// The end of the game, RULINGS.md §4.4: each test plays moves from a position and checks the
// result and the rule the record names.
#include "games/chess100/game.h"
#include "games/chess100/pgn.h"
#include "setup.h"

namespace doska::chess100 {
namespace {

using namespace testing;

void play_all(Game& game, std::initializer_list<std::string_view> moves) {
  for (std::string_view m : moves) {
    auto played = game.play_text(m);
    ASSERT_TRUE(played) << m << ": " << played.error();
  }
}

// §4.4: a move that leaves the own king attacked is legal in play, though not among the safe
// moves; the opponent may then capture the king, which wins at once.
TEST(Chess100End, Section44KingCaptureWins) {
  const Position pos = setup("Ke5 kj10 rf8", 'w');
  Game game(pos);
  const MoveTexts safe = safe_moves(pos);
  EXPECT_EQ(std::find(safe.begin(), safe.end(), "e5f5"), safe.end());
  EXPECT_NE(std::find(safe.begin(), safe.end(), "e5g5"), safe.end());
  const auto moves = game.moves();
  EXPECT_NE(std::find(moves.begin(), moves.end(), move_of(pos, "e5f5")), moves.end());
  play_all(game, {"e5f5"});
  EXPECT_FALSE(game.over());
  const auto replies = game.safe_moves();
  EXPECT_NE(std::find(replies.begin(), replies.end(), move_of(game.position(), "f8f5")),
            replies.end());
  play_all(game, {"Rxf5"});
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().article, "RULINGS §4.4 (king capture)");
  EXPECT_EQ(result_text(game.ending().outcome), "0-1");
}

// §4.4: checkmate wins.
TEST(Chess100End, Section44CheckmateWins) {
  Game game(setup("Kj1 Rc1 Rb2 ka10", 'w'));
  play_all(game, {"c1a1"});
  EXPECT_EQ(game.ending().outcome, Outcome::white_wins);
  EXPECT_EQ(game.ending().article, "RULINGS §4.4 (checkmate)");
  EXPECT_EQ(game.records().back().san, "Ra1#");
}

// §4.4: stalemate (not in check, every move leaves the king capturable) is a draw.
TEST(Chess100End, Section44StalemateDraws) {
  Game game(setup("Kj1 Qc5 ka10", 'w'));
  play_all(game, {"c5c9"});
  EXPECT_EQ(game.ending().outcome, Outcome::draw);
  EXPECT_EQ(game.ending().article, "RULINGS §4.4 (stalemate)");
}

// §4.4: threefold repetition of the position, side to move and rights.
TEST(Chess100End, Section44ThreefoldRepetition) {
  Game game;
  play_all(game, {"b1c3", "b10c8", "c3b1", "c8b10", "b1c3", "b10c8", "c3b1"});
  EXPECT_FALSE(game.over());
  play_all(game, {"c8b10"});
  EXPECT_EQ(game.ending().outcome, Outcome::draw);
  EXPECT_EQ(game.ending().article, "RULINGS §4.4 (threefold repetition)");
}

// §4.4: a royal pawn stepping back makes a repetition across a pawn move.
TEST(Chess100End, Section44RepetitionAcrossRoyalPawnSteps) {
  Game game(setup("Ka1 kj10 Pe4 pe7", 'w'));
  play_all(game, {"e4e5", "e7e6", "e5e4", "e6e7", "e4e5", "e7e6", "e5e4"});
  EXPECT_FALSE(game.over());
  play_all(game, {"e6e7"});
  EXPECT_EQ(game.ending().article, "RULINGS §4.4 (threefold repetition)");
}

// §4.4: 50 moves of each player without a capture or a pawn move.
TEST(Chess100End, Section44FiftyMoveRule) {
  Game game(setup("Ka1 kj10 Rc5", 'w', "- - 99 80 -"));
  play_all(game, {"c5c6"});
  EXPECT_EQ(game.ending().outcome, Outcome::draw);
  EXPECT_EQ(game.ending().article, "RULINGS §4.4 (50-move rule)");
  Game pawn_move(setup("Ka1 kj10 Rc5 Pb3", 'w', "- - 99 80 -"));
  play_all(pawn_move, {"b3b4"});
  EXPECT_FALSE(pawn_move.over());
}

// §4.4: insufficient material: bare kings, or a king with one knight, bishop or jester against a
// bare king, once neither side keeps the extra pawn right.
TEST(Chess100End, Section44InsufficientMaterial) {
  for (const char* pieces : {"Ka1 kj10", "Ka1 kj10 Nc3", "Ka1 kj10 bc3", "Ka1 kj10 Jc3"}) {
    Game game(setup(pieces, 'w', "- - 0 1 -"));
    EXPECT_EQ(game.ending().article, "RULINGS §4.4 (insufficient material)") << pieces;
  }
  EXPECT_FALSE(Game(setup("Ka1 kj10 Gc3", 'w', "- - 0 1 -")).over());
  EXPECT_FALSE(Game(setup("Ka1 kj10 Nc3 Nd3", 'w', "- - 0 1 -")).over());
  // A bare king that can still reach the enemy king's square gets a pawn (§4.3).
  EXPECT_FALSE(Game(setup("Ka1 kj10", 'w', "- - 0 1 E")).over());
  // A capture that leaves the bare kings ends the game.
  Game game(setup("Ka1 kj10 Nb1 qc3", 'w', "- - 0 1 -"));
  play_all(game, {"b1c3"});
  EXPECT_EQ(game.ending().article, "RULINGS §4.4 (insufficient material)");
}

// §4.4: a draw by agreement; an offer lapses when the opponent moves.
TEST(Chess100End, Section44DrawByAgreement) {
  Game game;
  ASSERT_TRUE(game.offer_draw(Color::white));
  play_all(game, {"e2e4"});
  EXPECT_FALSE(game.accept_draw(Color::white));
  ASSERT_TRUE(game.accept_draw(Color::black));
  EXPECT_EQ(game.ending().article, "RULINGS §4.4 (agreement)");
  Game declined;
  ASSERT_TRUE(declined.offer_draw(Color::white));
  play_all(declined, {"e2e4", "e9e7"});
  EXPECT_FALSE(declined.accept_draw(Color::black));
}

// §4.3 with §4.4: castling across an attacked square loses at once.
TEST(Chess100End, Section43CastlingLossIsRecorded) {
  Game game(setup("Ke1 Ra1 kb10 rc8", 'w', "A - 0 1 -"));
  play_all(game, {"O-O"});
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().article, "RULINGS §4.3 (royal castling)");
}

// Undo takes back the move and the ending.
TEST(Chess100End, UndoReopensTheGame) {
  Game game(setup("Kj1 Rc1 Rb2 ka10", 'w'));
  play_all(game, {"c1a1"});
  ASSERT_TRUE(game.over());
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.over());
  EXPECT_FALSE(game.play_text("a1a2").ok());
}

// The record as PGN with the Variant tag and the FEN of a set-up start.
TEST(Chess100Pgn, RecordHasVariantTagAndSan) {
  Game game;
  play_all(game, {"e2e4", "e9e7", "b1c3"});
  const std::string pgn = write_pgn(game, {{"White", "A"}, {"Black", "B"}});
  EXPECT_NE(pgn.find("[Variant \"chess100\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[White \"A\"]"), std::string::npos);
  EXPECT_NE(pgn.find("1. e4 e7 2. Nc3 *"), std::string::npos) << pgn;
  EXPECT_EQ(pgn.find("[FEN"), std::string::npos);
  Game from_fen(setup("Kj1 Rc1 Rb2 ka10", 'w'));
  play_all(from_fen, {"c1a1"});
  const std::string mate = write_pgn(from_fen, {});
  EXPECT_NE(mate.find("[SetUp \"1\"]"), std::string::npos);
  EXPECT_NE(mate.find("1. Ra1# {Black is checkmated, RULINGS §4.4 (checkmate)} 1-0"),
            std::string::npos)
      << mate;
}

}  // namespace
}  // namespace doska::chess100
