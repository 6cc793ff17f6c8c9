// The end rules of wolf and sheep (RULINGS §2), as applied by the game record after every ply:
// the sheep win when the wolf cannot move on its turn; the wolf wins when it is level with or past
// the rearmost sheep, whoever is to move; the sheep lose when they cannot move on their turn.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "games/wolf_sheep/game.h"
#include "games/wolf_sheep/notation.h"

namespace doska::wolf_sheep {
namespace {

Game game_from(std::string_view fen) {
  Result<Position> pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << pos.error();
  return Game(pos.ok() ? *pos : start_position());
}

void play_all(Game& game, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) {
    auto played = game.play_text(m);
    ASSERT_TRUE(played.ok()) << m << ": " << played.error();
  }
}

void expect_ending(const Game& game, Outcome outcome, End rule, std::string_view article) {
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, outcome);
  EXPECT_EQ(game.ending().rule, rule);
  EXPECT_EQ(game.ending().article, article);
  EXPECT_TRUE(game.legal_moves().empty());
}

// 004: "the sheep try to surround the wolf so that it cannot move".
TEST(WolfSheepEnd, SheepWinWhenTheWolfCannotMove) {
  Game game = game_from("W:Wb6,c7,a1,c1:Ba7");  // the wolf on a7 can still go to b8
  EXPECT_FALSE(game.over());
  play_all(game, {"c7-b8"});
  expect_ending(game, Outcome::sheep_win, End::wolf_trapped, "004 Волк и овцы; RULINGS §2");
  EXPECT_EQ(game.ending().reason, "the wolf cannot move");
  expect_ending(game_from("B:Wb6,b8,a1,c1:Ba7"), Outcome::sheep_win, End::wolf_trapped,
                "004 Волк и овцы; RULINGS §2");
}

TEST(WolfSheepEnd, TheWolfCanBeTrappedInTheMiddleOfTheBoard) {
  Game game = game_from("W:Wc3,e3,c5,f4:Bd4");
  EXPECT_FALSE(game.over());
  play_all(game, {"f4-e5"});
  expect_ending(game, Outcome::sheep_win, End::wolf_trapped, "004 Волк и овцы; RULINGS §2");
}

// 004: "if the wolf gets past the sheep, it wins": level with the rearmost sheep is enough, since
// no sheep can ever get behind it again. Judged after the wolf's own move...
TEST(WolfSheepEnd, WolfWinsByMovingLevelWithTheRearmostSheep) {
  Game game = game_from("B:Wa3,c5,e5,g5:Bd4");
  EXPECT_FALSE(game.over());
  play_all(game, {"d4-c3"});
  expect_ending(game, Outcome::wolf_wins, End::wolf_past_sheep, "004 Волк и овцы; RULINGS §2");
  EXPECT_EQ(game.ending().reason, "the wolf is past the sheep");
}

// ...and after the sheep's move: the rearmost sheep stepping level with the wolf lets it pass.
TEST(WolfSheepEnd, WolfWinsWhenTheRearmostSheepStepsLevelWithIt) {
  Game game = game_from("W:Wa3,c5,e5,g5:Bh4");
  play_all(game, {"a3-b4"});
  expect_ending(game, Outcome::wolf_wins, End::wolf_past_sheep, "004 Волк и овцы; RULINGS §2");
  EXPECT_EQ(game.position().side, Side::wolf);
}

// A given position may already be over.
TEST(WolfSheepEnd, APositionWithTheWolfPastTheSheepIsOver) {
  expect_ending(game_from("W:Wa3,c5,e5,g5:Bd2"), Outcome::wolf_wins, End::wolf_past_sheep,
                "004 Волк и овцы; RULINGS §2");
  expect_ending(game_from("B:Wb4,d4,f4,h4:Bc3"), Outcome::wolf_wins, End::wolf_past_sheep,
                "004 Волк и овцы; RULINGS §2");
}

// The wolf one row in front of the rearmost sheep has not passed it.
TEST(WolfSheepEnd, WolfOneRowAheadOfTheRearmostSheepHasNotPassed) {
  EXPECT_FALSE(game_from("W:Wa3,c5,e5,g5:Bb4").over());
  EXPECT_FALSE(game_from("B:Wa3,c5,e5,g5:Bd4").over());
}

// A placement level with or behind the sheep wins at once (from a set-up position; one step of
// the wolf can only bring it level).
TEST(WolfSheepEnd, PlacementLevelWithOrBehindTheSheepWinsAtOnce) {
  for (const char* square : {"g3", "b2", "a1"}) {
    Game game = game_from("B:Wa3,c3,e3,h4:B");
    play_all(game, {square});
    expect_ending(game, Outcome::wolf_wins, End::wolf_past_sheep, "004 Волк и овцы; RULINGS §2");
  }
  Game ahead = game_from("B:Wa3,c3,e3,h4:B");
  play_all(ahead, {"d4"});
  EXPECT_FALSE(ahead.over());
}

// Ruling: sheep that cannot move on their turn lose.
TEST(WolfSheepEnd, SheepThatCannotMoveLose) {
  // b6 is blocked by the wolf on a7 and the sheep on c7; the others stand on the last row.
  Game game = game_from("W:Wb6,b8,d8,c7:Ba7");
  expect_ending(game, Outcome::wolf_wins, End::sheep_blocked, "RULINGS §2 (ruling)");
  EXPECT_EQ(game.ending().reason, "the sheep cannot move");
}

// The wolf's placement is always possible: the game never ends before it.
TEST(WolfSheepEnd, TheStartIsNotOver) {
  Game game;
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.legal_moves().size(), 28u);
}

TEST(WolfSheepGame, RecordKeepsTheMovesAndUndoTakesThemBack) {
  Game game;
  play_all(game, {"d8", "c1-d2", "d8-e7"});
  ASSERT_EQ(game.plies(), 3);
  EXPECT_EQ(game.records()[1].text, "d8");
  EXPECT_EQ(game.records()[2].text, "c1-d2");
  EXPECT_EQ(to_fen(game.position()), "W:Wa1,e1,g1,d2:Be7");
  EXPECT_TRUE(game.undo());
  EXPECT_TRUE(game.undo());
  EXPECT_TRUE(game.undo());
  EXPECT_FALSE(game.undo());
  EXPECT_EQ(game.position(), start_position());
}

TEST(WolfSheepGame, IllegalMovesAndMovesAfterTheEndAreRefused) {
  Game game;
  EXPECT_FALSE(game.play_text("a1").ok());
  EXPECT_FALSE(game.play(Move{Move::kPlacement, 28}).ok());  // a1 holds a sheep
  Game over = game_from("W:Wa3,c5,e5,g5:Bd2");
  auto played = over.play_text("c5-d6");
  ASSERT_FALSE(played.ok());
  EXPECT_NE(played.error().find("over"), std::string::npos) << played.error();
}

TEST(WolfSheepGame, ResignationEndsTheGameAndUndoTakesItBack) {
  Game game;
  play_all(game, {"d8"});
  ASSERT_TRUE(game.resign(Side::wolf).ok());
  EXPECT_EQ(game.ending().outcome, Outcome::sheep_win);
  EXPECT_EQ(game.ending().rule, End::none);
  EXPECT_FALSE(game.resign(Side::sheep).ok());
  EXPECT_TRUE(game.undo());
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.plies(), 1);
}

}  // namespace
}  // namespace doska::wolf_sheep
