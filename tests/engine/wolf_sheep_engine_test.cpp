// The engine on wolf and sheep answers from the complete solution: exact scores and best lines,
// and at every level the computer never turns a won game into a lost one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/engine.h"
#include "games/session.h"

namespace doska::engine {
namespace {

TEST(WolfSheepEngine, PlaysTheSolutionWithExactScores) {
  Engine engine(1);
  ASSERT_TRUE(engine.set_position("wolf-sheep").ok());
  std::vector<search::Info> infos;
  const BestMove best = engine.search(search::Limits{.depth = 1},
                                      [&](const search::Info& info) { infos.push_back(info); });
  EXPECT_EQ(best.move, "b8");
  EXPECT_EQ(best.score.text(), "loss 44");
  EXPECT_EQ(best.pv.size(), 44u);
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].score.text(), "loss 44");

  ASSERT_TRUE(engine.set_position("wolf-sheep", std::nullopt, {"d8"}).ok());
  const BestMove sheep = engine.search(search::Limits{});
  EXPECT_EQ(sheep.move, "a1-b2");
  EXPECT_EQ(sheep.score.text(), "win 43");
}

TEST(WolfSheepEngine, FinishedPositionsHaveNoMove) {
  Engine engine(1);
  ASSERT_TRUE(engine.set_position("wolf-sheep", "B:Wb6,b8,a1,c1:Ba7").ok());  // wolf trapped
  BestMove best = engine.search(search::Limits{});
  EXPECT_TRUE(best.move.empty());
  EXPECT_EQ(best.score.text(), "loss 0");
  ASSERT_TRUE(engine.set_position("wolf-sheep", "W:Wa3,c5,e5,g5:Bh4", {"a3-b4"}).ok());
  best = engine.search(search::Limits{});
  EXPECT_TRUE(best.move.empty());
  EXPECT_EQ(best.score.text(), "win 0");  // the wolf, to move, is past the sheep
}

TEST(WolfSheepEngine, BadPositionsAreErrors) {
  Engine engine(1);
  EXPECT_FALSE(engine.set_position("wolf-sheep", "W:Wa1:Bd8").ok());
  EXPECT_FALSE(engine.set_position("wolf-sheep", std::nullopt, {"d8", "d8-c7"}).ok());
}

// The sheep at every level against the wolf at levels 1 and 10: the sheep always win.
TEST(WolfSheepEngine, SheepWinAtEveryLevel) {
  for (int sheep_level = 1; sheep_level <= 10; ++sheep_level)
    for (int wolf_level : {1, 10}) {
      auto game = new_session("wolf-sheep");
      ASSERT_TRUE(game.ok()) << game.error();
      Engine engine(1);
      std::uint64_t seed = 1;
      while (!(*game)->end().over()) {
        ASSERT_TRUE(engine.set_position("wolf-sheep", std::nullopt, (*game)->moves_played()).ok());
        search::Limits limits;
        limits.level = (*game)->to_move() == Player::white ? sheep_level : wolf_level;
        limits.seed = seed++;
        const BestMove best = engine.search(limits);
        ASSERT_TRUE((*game)->play(best.move).ok()) << best.move;
      }
      EXPECT_EQ((*game)->end().outcome, Outcome::white_wins)
          << "sheep level " << sheep_level << ", wolf level " << wolf_level;
    }
}

}  // namespace
}  // namespace doska::engine
