// The mill games through the facade every front end uses (games/session.h): registry, moves,
// errors, record and diagram.
#include <gtest/gtest.h>

#include <numeric>
#include <string>

#include "games/session.h"

namespace doska {
namespace {

std::unique_ptr<GameSession> open(const std::string& id,
                                  std::optional<std::string_view> fen = std::nullopt) {
  auto session = new_session(id, fen);
  EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error());
  return session.ok() ? std::move(*session) : nullptr;
}

TEST(MillSession, TheThreeGamesAreRegistered) {
  for (const char* id : {"mill", "mill-mixed", "mill-ceylon"}) {
    const GameInfo* info = find_game(id);
    ASSERT_NE(info, nullptr) << id;
    EXPECT_EQ(info->family, "mill");
    auto game = open(id);
    ASSERT_TRUE(game);
    EXPECT_EQ(game->fen(), "W:W:B:H9,9");
    EXPECT_EQ(game->legal_moves().size(), 24u);
    EXPECT_EQ(game->perft(2), 552u);
  }
  EXPECT_EQ(find_game("mill")->name, "Nine men's morris");
}

TEST(MillSession, PlayUndoAndErrors) {
  auto game = open("mill", "W:Wa1,d1:Bd6,f6:H3,1");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->play("g1").error(), "g1 closes a mill: add the piece to remove, e.g. g1xf6");
  ASSERT_TRUE(game->play("G1xD6").ok());
  EXPECT_EQ(game->moves_played(), std::vector<std::string>{"g1xd6"});
  const GameEnd end = game->end();
  EXPECT_EQ(end.outcome, Outcome::white_wins);
  EXPECT_EQ(end.rule, "004 «Конец игры»; RULINGS §3.2");
  EXPECT_EQ(game->result_text(), "1-0");
  EXPECT_TRUE(game->legal_moves().empty());
  EXPECT_EQ(game->play("a4").error(), "the game is over: Black has only 2 pieces left");
  ASSERT_TRUE(game->undo());
  EXPECT_EQ(game->result_text(), "*");
  EXPECT_EQ(game->to_move(), Player::white);
}

TEST(MillSession, BadFenIsAnError) {
  auto session = new_session("mill", std::string_view("W:W:B"));
  ASSERT_FALSE(session.ok());
  EXPECT_EQ(session.error(),
            "FEN 'W:W:B': expected <side>:W<points>:B<points>:H<white in hand>,<black in hand>");
  EXPECT_FALSE(new_session("mill", std::nullopt, SessionOptions{true, true}).ok());
}

TEST(MillSession, DivideSumsToPerft) {
  auto game = open("mill-ceylon", "W:Wa1,d1,g4,b6:Bd6,f6,c5,e5:H0,0");
  ASSERT_TRUE(game);
  const auto rows = game->divide(3);
  const std::uint64_t sum =
      std::accumulate(rows.begin(), rows.end(), std::uint64_t{0},
                      [](std::uint64_t total, const auto& row) { return total + row.second; });
  EXPECT_EQ(sum, game->perft(3));
  EXPECT_EQ(rows.size(), game->legal_moves().size());
}

// The record: tags in PDN style with the game and the start FEN, numbered turns, a Ceylon extra
// turn joined to the turn with a comma, the ending as a comment and the result.
TEST(MillSession, RecordOfACeylonGame) {
  auto game = open("mill-ceylon", "W:Wa1,d1,a4:Bd6,f6:H5,5");
  ASSERT_TRUE(game);
  for (const char* m : {"g1", "a7", "b2", "d5", "c3"}) ASSERT_TRUE(game->play(m).ok()) << m;
  EXPECT_EQ(game->record({{"Event", "test"}}),
            "[Event \"test\"]\n"
            "[Game \"mill-ceylon\"]\n"
            "[FEN \"W:Wa1,d1,a4:Bf6,d6:H5,5\"]\n"
            "[Result \"*\"]\n"
            "\n"
            "1. g1,a7,b2 d5 2. c3 *\n");
}

TEST(MillSession, RecordStartingWithBlackAndEnding) {
  auto game = open("mill", "B:Wa1,d1,g1,a4:Bd2,g4,a7:H0,1");
  ASSERT_TRUE(game);
  ASSERT_TRUE(game->play("b4").ok());
  EXPECT_EQ(game->record({}),
            "[Game \"mill\"]\n"
            "[FEN \"B:Wa1,d1,g1,a4:Bg4,a7,d2:H0,1\"]\n"
            "[Result \"0-1\"]\n"
            "\n"
            "1... b4 {White cannot move (004 «Конец игры»; RULINGS §3.2)} 0-1\n");
}

TEST(MillSession, DiagramShowsTheThreeSquares) {
  auto game = open("mill", "W:Wa1,d6:Bg7,e4:H7,7");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->diagram(false),
            " 7  .-----------.-----------B\n"
            "    |           |           |\n"
            " 6  |   .-------W-------.   |\n"
            "    |   |       |       |   |\n"
            " 5  |   |   .---.---.   |   |\n"
            "    |   |   |       |   |   |\n"
            " 4  .---.---.       B---.---.\n"
            "    |   |   |       |   |   |\n"
            " 3  |   |   .---.---.   |   |\n"
            "    |   |       |       |   |\n"
            " 2  |   .-------.-------.   |\n"
            "    |           |           |\n"
            " 1  W-----------.-----------.\n"
            "    a   b   c   d   e   f   g\n");
  EXPECT_EQ(game->diagram(true),
            " 1  .-----------.-----------W\n"
            "    |           |           |\n"
            " 2  |   .-------.-------.   |\n"
            "    |   |       |       |   |\n"
            " 3  |   |   .---.---.   |   |\n"
            "    |   |   |       |   |   |\n"
            " 4  .---.---B       .---.---.\n"
            "    |   |   |       |   |   |\n"
            " 5  |   |   .---.---.   |   |\n"
            "    |   |       |       |   |\n"
            " 6  |   .-------W-------.   |\n"
            "    |           |           |\n"
            " 7  B-----------.-----------.\n"
            "    g   f   e   d   c   b   a\n");
}

}  // namespace
}  // namespace doska
