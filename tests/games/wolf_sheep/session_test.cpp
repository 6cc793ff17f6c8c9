// Wolf and sheep through the facade (games/session.h), as the CLI and the generic tests see it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/session.h"

namespace doska {
namespace {

std::unique_ptr<GameSession> open(std::optional<std::string_view> fen = std::nullopt) {
  auto session = new_session("wolf-sheep", fen);
  EXPECT_TRUE(session.ok()) << session.error();
  return session.ok() ? std::move(*session) : nullptr;
}

TEST(WolfSheepSession, IsRegisteredInItsOwnFamily) {
  const GameInfo* info = find_game("wolf-sheep");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->family, "wolf-sheep");
  EXPECT_EQ(info->name, "Wolf and sheep");
}

// RULINGS §2: the wolf (Black) places itself first; the sheep play White.
TEST(WolfSheepSession, StartsWithTheWolfToPlace) {
  auto game = open();
  ASSERT_TRUE(game);
  EXPECT_EQ(game->fen(), "B:Wa1,c1,e1,g1:B");
  EXPECT_EQ(game->start_fen(), "B:Wa1,c1,e1,g1:B");
  EXPECT_EQ(game->to_move(), Player::black);
  EXPECT_EQ(game->legal_moves().size(), 28u);
  EXPECT_EQ(game->legal_moves(), game->legal_moves_full());
  EXPECT_FALSE(game->status_lines().empty());
}

TEST(WolfSheepSession, PlaysUndoesAndCountsPerft) {
  auto game = open();
  ASSERT_TRUE(game);
  ASSERT_TRUE(game->play("d8").ok());
  EXPECT_EQ(game->fen(), "W:Wa1,c1,e1,g1:Bd8");
  EXPECT_EQ(game->to_move(), Player::white);
  EXPECT_EQ(game->perft(3), 86u);  // REFERENCE.md
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : game->divide(3)) total += nodes;
  EXPECT_EQ(total, 86u);
  EXPECT_FALSE(game->play("c1-c2").ok());
  ASSERT_TRUE(game->play("c1-d2").ok());
  EXPECT_EQ(game->moves_played(), (std::vector<std::string>{"d8", "c1-d2"}));
  EXPECT_TRUE(game->undo());
  EXPECT_EQ(game->fen(), "W:Wa1,c1,e1,g1:Bd8");
  EXPECT_EQ(game->result_text(), "*");
}

TEST(WolfSheepSession, EndAndResultText) {
  auto trapped = open("W:Wb6,c7,a1,c1:Ba7");
  ASSERT_TRUE(trapped);
  ASSERT_TRUE(trapped->play("c7-b8").ok());
  EXPECT_EQ(trapped->end().outcome, Outcome::white_wins);
  EXPECT_EQ(trapped->end().rule, "004 Волк и овцы; RULINGS §2");
  EXPECT_EQ(trapped->result_text(), "1-0");

  auto passed = open("B:Wa3,c5,e5,g5:Bd4");
  ASSERT_TRUE(passed);
  ASSERT_TRUE(passed->play("d4-c3").ok());
  EXPECT_EQ(passed->end().outcome, Outcome::black_wins);
  EXPECT_EQ(passed->result_text(), "0-1");
  EXPECT_TRUE(passed->legal_moves().empty());
  EXPECT_EQ(passed->perft(1), 0u);  // REFERENCE.md: a finished position contributes 0
}

// RULINGS §2 has no draw.
TEST(WolfSheepSession, HasNoDraws) {
  auto game = open();
  ASSERT_TRUE(game);
  EXPECT_FALSE(game->offer_draw(Player::white).ok());
  EXPECT_FALSE(game->accept_draw(Player::black).ok());
  EXPECT_FALSE(game->draw_offer().has_value());
  ASSERT_TRUE(game->resign(Player::black).ok());
  EXPECT_EQ(game->end().outcome, Outcome::white_wins);
}

TEST(WolfSheepSession, RecordIsPdnWithItsVariantAndStart) {
  auto game = open();
  ASSERT_TRUE(game);
  ASSERT_TRUE(game->play("d8").ok());
  ASSERT_TRUE(game->play("c1-d2").ok());
  const std::string record = game->record({{"Event", "test"}});
  EXPECT_NE(record.find("[Variant \"wolf-sheep\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[FEN \"B:Wa1,c1,e1,g1:B\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("1... d8 2. c1-d2"), std::string::npos) << record;
}

TEST(WolfSheepSession, BadFenAndOptionsAreRefused) {
  EXPECT_FALSE(new_session("wolf-sheep", "W:Wa1:B").ok());
  EXPECT_FALSE(new_session("wolf-sheep", std::nullopt, SessionOptions{true, true}).ok());
}

}  // namespace
}  // namespace doska
