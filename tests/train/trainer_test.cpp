// `doska train`'s fitting: known weights are recovered from a generated toy set, and bad data is
// refused with the file and line.
#include "train/trainer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>

#include "games/draughts/movegen.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::train {
namespace {

namespace pattern = draughts::pattern;

// Positions with material imbalances: random games on the russian board.
std::vector<draughts::Position> toy_positions(int games) {
  std::vector<draughts::Position> out;
  std::mt19937_64 rng(5);
  for (int g = 0; g < games; ++g) {
    draughts::Position pos = draughts::start_position(draughts::kRussian);
    for (int ply = 0; ply < 80; ++ply) {
      draughts::MoveList list;
      draughts::generate_moves(draughts::kRussian, pos, list);
      if (list.size() == 0) break;
      draughts::play(pos, list[rng() % list.size()]);
      if (ply % 3 == 0) out.push_back(pos);
    }
  }
  return out;
}

TEST(Trainer, RecoversKnownMaterialWeightsFromAToySet) {
  // The truth: a man 100, a king 400, the side to move 30, nothing else.
  pattern::Weights truth;
  truth.game = "russian";
  truth.board_size = 8;
  truth.features = pattern::feature_count(8);
  truth.values.assign(2 * static_cast<std::size_t>(truth.features), 0);
  using L = pattern::Layout<8>;
  auto set_both = [&](int scalar, int value) {
    truth.values[2 * (L::kScalarBase + scalar)] = static_cast<std::int16_t>(value * pattern::kUnit);
    truth.values[2 * (L::kScalarBase + scalar) + 1] =
        static_cast<std::int16_t>(value * pattern::kUnit);
  };
  set_both(pattern::kMan, 100);
  set_both(pattern::kKing, 400);
  set_both(pattern::kToMove, 30);
  TrainingSet set;
  set.game = "russian";
  set.board_size = 8;
  set.max_pieces = L::kMaxPieces;
  for (const auto& pos : toy_positions(300)) {
    const int value = pattern::evaluate(truth, pos);
    const int white = pos.side == draughts::Side::white ? value : -value;
    add_sample(set, pos, 0.5f, static_cast<float>(white));
  }
  ASSERT_GT(set.samples.size(), 4000u);
  TrainOptions o;
  o.game = "russian";
  o.result_weight = 0;  // the target is the score alone
  o.scale = 600;        // wide: few positions saturate the sigmoid
  o.l2 = 0;
  o.epochs = 20;
  o.learning_rate = 2.0;
  o.batch = 16;
  o.normalise = false;
  TrainReport report;
  auto fitted = fit(set, o, nullptr, report, {});
  ASSERT_TRUE(fitted) << fitted.error();
  EXPECT_LT(report.final_loss, report.initial_loss);
  auto weight = [&](int scalar) {
    const std::size_t i = 2 * (L::kScalarBase + scalar);
    return (fitted->values[i] + fitted->values[i + 1]) / 2.0 / pattern::kUnit;
  };
  // The man and the move are recovered; a king's value is shared between the king count, the
  // first king and the king squares, so it is checked through the evaluation as a whole.
  EXPECT_NEAR(weight(pattern::kMan), 100, 10);
  EXPECT_NEAR(weight(pattern::kToMove), 30, 8);
  double error = 0;
  int n = 0;
  for (const auto& pos : toy_positions(20)) {
    error += std::abs(
        static_cast<double>(pattern::evaluate(*fitted, pos) - pattern::evaluate(truth, pos)));
    ++n;
  }
  EXPECT_LT(error / n, 15);
}

TEST(Trainer, BadDataNamesTheFileAndLine) {
  const std::string path = ::testing::TempDir() + "doska_bad_selfplay.txt";
  {
    std::ofstream out(path);
    out << "W:W21-32:B1-12 0.5 0\n";
    out << "W:W21-32:B1-12 2 0\n";
  }
  TrainingSet set;
  set.game = "english";
  set.board_size = 8;
  Status s = read_samples(path, set);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("line 2"), std::string::npos) << s.error();
  EXPECT_NE(s.error().find("result 2"), std::string::npos) << s.error();
  {
    std::ofstream out(path);
    out << "W:W21-99:B1-12 1 0\n";
  }
  TrainingSet again;
  again.game = "english";
  again.board_size = 8;
  s = read_samples(path, again);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("line 1"), std::string::npos) << s.error();
  std::remove(path.c_str());
}

TEST(Trainer, TheScaleFitsTheScoresToTheResults) {
  // Results drawn with probability sigmoid(score / 200): the fitted scale comes out near 200.
  TrainingSet set;
  set.game = "russian";
  set.board_size = 8;
  std::mt19937_64 rng(9);
  for (int i = 0; i < 20000; ++i) {
    const double score = static_cast<double>(static_cast<int>(rng() % 1201) - 600);
    const double p = 1 / (1 + std::exp(-score / 200));
    const float result = std::uniform_real_distribution<double>(0, 1)(rng) < p ? 1.0f : 0.0f;
    Sample s;
    s.result = result;
    s.score = static_cast<float>(score);
    set.samples.push_back(s);
  }
  EXPECT_NEAR(fit_scale(set), 200, 25);
}

}  // namespace
}  // namespace doska::train
