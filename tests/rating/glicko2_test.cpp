#include "rating/glicko2.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace doska::rating {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

void expect_finite(const Rating& r) {
  EXPECT_TRUE(std::isfinite(r.rating)) << r.rating;
  EXPECT_TRUE(std::isfinite(r.rd)) << r.rd;
  EXPECT_TRUE(std::isfinite(r.volatility)) << r.volatility;
  EXPECT_GE(r.rd, kMinRd);
  EXPECT_LE(r.rd, kMaxRd);
  EXPECT_GT(r.volatility, 0);
}

// Glickman, "Example of the Glicko-2 system": the paper rounds its intermediate values and prints
// 1464.06; computed without rounding the rating is 1464.05 (docs: REFERENCE.md).
TEST(Glicko2, GlickmansWorkedExample) {
  const Rating player{1500, 200, 0.06};
  const std::array<GameResult, 3> games{{
      {{1400, 30, 0.06}, 1},
      {{1550, 100, 0.06}, 0},
      {{1700, 300, 0.06}, 0},
  }};
  const Rating after = update(player, games, 0.5);
  EXPECT_NEAR(after.rating, 1464.05, 0.01);
  EXPECT_NEAR(after.rd, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, NoGamesOnlyTheRdGrows) {
  const Rating player{1620, 80, 0.06};
  const Rating after = update(player, {});
  EXPECT_EQ(after.rating, 1620);
  EXPECT_EQ(after.volatility, 0.06);
  EXPECT_GT(after.rd, 80);
  // Step 6: phi* = sqrt(phi^2 + sigma^2), on the Glicko-2 scale (RD / 173.7178).
  const double phi = 80 / 173.7178;
  EXPECT_NEAR(after.rd, 173.7178 * std::sqrt(phi * phi + 0.06 * 0.06), 1e-9);
}

TEST(Glicko2, NoGamesIsOneIdlePeriod) {
  const Rating player{1450, 120, 0.07};
  const Rating after = update(player, {});
  const Rating idled = idle(player, 1);
  EXPECT_EQ(after.rating, idled.rating);
  EXPECT_EQ(after.rd, idled.rd);
  EXPECT_EQ(after.volatility, idled.volatility);
}

TEST(Glicko2, IdlePeriodsGrowTheRdUpToTheMaximum) {
  const Rating player{1800, 60, 0.06};
  double previous = player.rd;
  for (int periods = 1; periods <= 10; ++periods) {
    const Rating after = idle(player, periods);
    EXPECT_GT(after.rd, previous) << periods;
    EXPECT_EQ(after.rating, 1800);
    previous = after.rd;
  }
  EXPECT_EQ(idle(player, 100000).rd, kMaxRd);
  EXPECT_DOUBLE_EQ(idle(player, 0).rd, 60);
  EXPECT_DOUBLE_EQ(idle(player, -5).rd, 60);
}

TEST(Glicko2, RdAfterAnUpdateStaysInBounds) {
  // Many games against certain opponents would take the RD below the minimum.
  const std::vector<GameResult> games(200, GameResult{{1500, 45, 0.06}, 0.5});
  EXPECT_EQ(update(Rating{1500, 50, 0.06}, games).rd, kMinRd);
  EXPECT_EQ(update(Rating{1500, 1000, 0.06}, {}).rd, kMaxRd);
}

TEST(Glicko2, AWinRaisesAndALossLowers) {
  const Rating player{1500, 200, 0.06};
  const Rating opponent{1500, 200, 0.06};
  const std::array<GameResult, 1> win{{{opponent, 1}}};
  const std::array<GameResult, 1> loss{{{opponent, 0}}};
  EXPECT_GT(update(player, win).rating, player.rating);
  EXPECT_LT(update(player, loss).rating, player.rating);
  // A game is information: the RD shrinks either way.
  EXPECT_LT(update(player, win).rd, player.rd);
  EXPECT_LT(update(player, loss).rd, player.rd);
}

TEST(Glicko2, ADrawAgainstAStrongerPlayerRaises) {
  const std::array<GameResult, 1> draw{{{{1800, 100, 0.06}, 0.5}}};
  EXPECT_GT(update(Rating{1500, 200, 0.06}, draw).rating, 1500);
}

TEST(Glicko2, AGameBetweenEqualPlayersGivesOppositeChanges) {
  const Rating a{1700, 150, 0.06};
  const Rating b{1700, 150, 0.06};
  const std::array<GameResult, 1> a_won{{{b, 1}}};
  const std::array<GameResult, 1> b_lost{{{a, 0}}};
  const Rating a_after = update(a, a_won);
  const Rating b_after = update(b, b_lost);
  EXPECT_GT(a_after.rating, a.rating);
  EXPECT_NEAR(a_after.rating - a.rating, -(b_after.rating - b.rating), 1e-9);
  EXPECT_NEAR(a_after.rd, b_after.rd, 1e-9);
  EXPECT_NEAR(a_after.volatility, b_after.volatility, 1e-12);
}

TEST(Glicko2, ExtremeInputsGiveFiniteResults) {
  const std::array<Rating, 8> strange{{
      {kNaN, kNaN, kNaN},
      {kInf, kInf, kInf},
      {-kInf, -kInf, -kInf},
      {1e300, 1e300, 1e300},
      {-1e300, 0, 0},
      {1500, -200, -0.06},
      {1e6, 1e-300, 1e-300},
      {0, 350, 10},
  }};
  const std::array<double, 6> scores{{kNaN, kInf, -kInf, 2, -1, 0.5}};
  const std::array<double, 5> taus{{kNaN, kInf, 0, -1, 1e9}};
  for (const Rating& player : strange) {
    expect_finite(update(player, {}));
    expect_finite(idle(player, 1000000));
    for (const Rating& opponent : strange) {
      for (double score : scores) {
        for (double tau : taus) {
          const std::array<GameResult, 1> game{{{opponent, score}}};
          expect_finite(update(player, game, tau));
        }
      }
    }
  }
}

TEST(Glicko2, NotFiniteInputsReadAsTheDefaults) {
  const Rating after = update(Rating{kNaN, kNaN, kNaN}, {});
  EXPECT_EQ(after.rating, 1500);
  EXPECT_EQ(after.rd, kMaxRd);
  EXPECT_EQ(after.volatility, 0.06);
}

TEST(Glicko2, ANewPlayerIsProvisionalUntilTheRdFallsBelow110) {
  EXPECT_TRUE(provisional(Rating{}));
  EXPECT_TRUE(provisional(Rating{1500, 110, 0.06}));
  EXPECT_FALSE(provisional(Rating{1500, 109.99, 0.06}));
  EXPECT_FALSE(provisional(Rating{1500, kMinRd, 0.06}));
  EXPECT_TRUE(provisional(Rating{1500, kNaN, 0.06}));
}

TEST(Glicko2, ANewPlayerLeavesProvisionalAfterEnoughGames) {
  Rating player;
  const std::array<GameResult, 5> period{{
      {{1500, 60, 0.06}, 1},
      {{1500, 60, 0.06}, 0},
      {{1500, 60, 0.06}, 0.5},
      {{1500, 60, 0.06}, 1},
      {{1500, 60, 0.06}, 0},
  }};
  int periods = 0;
  while (provisional(player) && periods < 50) {
    player = update(player, period);
    ++periods;
  }
  EXPECT_FALSE(provisional(player));
  EXPECT_GT(periods, 1);
}

}  // namespace
}  // namespace doska::rating
