// The lower levels (engine::level_setting): settings that rise with the level, a level 1 that
// varies its moves from one game to the next, and never a move that loses by force while a move
// that does not is within its margin.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/engine.h"

namespace doska::engine {
namespace {

// Levels 1..7 score the root moves at a fixed depth; 8 and 9 run the full search to a node
// limit; 10 without one.
TEST(Levels, AHigherLevelSearchesMoreOrStraysLess) {
  // The common table, and the games with rows of their own.
  for (const std::string game :
       {"international-giveaway", "international", "english", "mill", "russian"}) {
    SCOPED_TRACE(game);
    for (int level = 1; level < 10; ++level) {
      const LevelSetting lower = level_setting(game, level);
      const LevelSetting higher = level_setting(game, level + 1);
      if (lower.depth > 0 && higher.depth > 0) {
        EXPECT_LE(lower.depth, higher.depth) << level;
        // At the same depth, a higher level keeps closer to the best move.
        if (lower.depth == higher.depth) {
          EXPECT_GE(lower.margin, higher.margin) << level;
          EXPECT_GE(lower.spread, higher.spread) << level;
          EXPECT_TRUE(lower.margin > higher.margin || lower.spread > higher.spread) << level;
        }
      } else {
        EXPECT_EQ(higher.depth, 0) << "a full search is never followed by a shallow one: " << level;
        if (lower.depth == 0) {
          EXPECT_GT(lower.nodes, 0u) << level;
          EXPECT_TRUE(higher.nodes == 0 || higher.nodes > lower.nodes) << level;
        }
      }
    }
    EXPECT_GE(level_setting(game, 1).depth, 1);
    EXPECT_EQ(level_setting(game, 10).depth, 0);  // the full search, without a node limit
    EXPECT_EQ(level_setting(game, 10).nodes, 0u);
    // Out of range: the nearest level.
    EXPECT_EQ(level_setting(game, 0).depth, level_setting(game, 1).depth);
    EXPECT_EQ(level_setting(game, 11).nodes, 0u);
  }
}

// International, english, russian and mill have rows of their own (their steps under the common
// table were uneven; docs/measurements.md, "Levels"); a game without one (the giveaway games)
// reads the common table.
TEST(Levels, InternationalEnglishRussianAndMillHaveTheirOwnRows) {
  EXPECT_NE(level_setting("english", 8).nodes, level_setting("international", 8).nodes);
  EXPECT_NE(level_setting("mill", 3).margin, level_setting("international", 3).margin);
  EXPECT_NE(level_setting("russian", 3).margin, level_setting("international", 3).margin);
  // Russian: level 7 a ply deeper than the common table's, levels 8 and 9 fewer nodes (with the
  // common table 7-8 was a step of 354 Elo against 151 for 6-7).
  EXPECT_GT(level_setting("russian", 7).depth, level_setting("russian-giveaway", 7).depth);
  EXPECT_LT(level_setting("russian", 8).nodes, level_setting("russian-giveaway", 8).nodes);
  EXPECT_LT(level_setting("russian", 9).nodes, level_setting("russian-giveaway", 9).nodes);
  for (int level = 1; level <= 10; ++level) {
    SCOPED_TRACE(level);
    EXPECT_EQ(level_setting("russian-giveaway", level).nodes,
              level_setting("international-giveaway", level).nodes);
    EXPECT_EQ(level_setting("english-giveaway", level).margin,
              level_setting("international-giveaway", level).margin);
    EXPECT_EQ(level_setting("russian-giveaway", level).depth,
              level_setting("english-giveaway", level).depth);
  }
}

// Unseeded, as the server and `play --vs-computer` search: level 1 must not play the same game
// twice. The opening position of international draughts has nine moves within a few centipawns
// of one another at level 1's depth, each drawn with a probability of at least 1/20 (its weight
// exp(-behind / spread) is above 0.5 for all of them), so 30 searches that all chose one move
// would happen by chance with probability below 9 * 0.6^29 (about 3e-6) even if one move were
// as likely as all the others together; without randomness they always would.
TEST(Levels, LevelOneVariesItsMoveFromSearchToSearch) {
  std::set<std::string> chosen;
  for (int i = 0; i < 30; ++i) {
    Engine engine(4);
    ASSERT_TRUE(engine.set_position("international").ok());
    search::Limits limits;
    limits.level = 1;
    chosen.insert(engine.search(limits).move);
  }
  EXPECT_GE(chosen.size(), 2u);
}

// White's last man on c3 and Black's on e5: c3-d4 is taken at once and loses the game; c3-b4
// plays on. Level 1 searches deep enough (two plies and the captures) to see the loss, and a
// move that loses by force is never among those it draws from while another move holds.
TEST(Levels, LevelOneNeverChoosesAForcedLossWhenAnotherMoveHolds) {
  for (int i = 0; i < 30; ++i) {
    Engine engine(4);
    ASSERT_TRUE(engine.set_position("russian", "W:Wc3:Be5").ok());
    search::Limits limits;
    limits.level = 1;
    EXPECT_EQ(engine.search(limits).move, "c3-b4");
  }
}

}  // namespace
}  // namespace doska::engine
