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
#include "support/scratch_dir.h"

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

// Weights of the russian board, all zero.
pattern::Weights zero_weights() {
  pattern::Weights w;
  w.game = "russian";
  w.board_size = 8;
  w.features = pattern::feature_count(8);
  w.values.assign(2 * static_cast<std::size_t>(w.features), 0);
  return w;
}

// A scalar weight, the same in both phases.
void set_both(pattern::Weights& w, int scalar, int value) {
  using L = pattern::Layout<8>;
  for (int half = 0; half < 2; ++half)
    w.values[2 * (L::kScalarBase + scalar) + half] =
        static_cast<std::int16_t>(value * pattern::kUnit);
}

// The toy positions, each labelled with the score `truth` gives it (for White), result 0.5.
TrainingSet scored_set(const pattern::Weights& truth, int games) {
  TrainingSet set;
  set.game = "russian";
  set.board_size = 8;
  set.max_pieces = pattern::Layout<8>::kMaxPieces;
  for (const auto& pos : toy_positions(games)) {
    const int value = pattern::evaluate(truth, pos);
    add_sample(set, pos, 0.5f,
               static_cast<float>(pos.side == draughts::Side::white ? value : -value));
  }
  return set;
}

// Options that fit the scores alone, on a scale wide enough that few positions saturate.
TrainOptions score_options(int epochs) {
  TrainOptions o;
  o.game = "russian";
  o.result_weight = 0;
  o.scale = 600;
  o.l2 = 0;
  o.epochs = epochs;
  o.learning_rate = 2.0;
  o.batch = 16;
  o.normalise = false;
  return o;
}

TEST(Trainer, RecoversKnownMaterialWeightsFromAToySet) {
  // The truth: a man 100, a king 400, the side to move 30, nothing else.
  using L = pattern::Layout<8>;
  pattern::Weights truth = zero_weights();
  set_both(truth, pattern::kMan, 100);
  set_both(truth, pattern::kKing, 400);
  set_both(truth, pattern::kToMove, 30);
  const TrainingSet set = scored_set(truth, 300);
  ASSERT_GT(set.samples.size(), 4000u);
  const TrainOptions o = score_options(20);
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

// Fine-tuning with the material kept: the man and king weights stay the initial ones (both
// phases) while the rest moves; without initial weights it is refused.
TEST(Trainer, KeepMaterialLeavesTheManAndKingWeightsAsInitialised) {
  using L = pattern::Layout<8>;
  pattern::Weights init = zero_weights();
  set_both(init, pattern::kMan, 80);  // not 100: no rescaling may touch it either
  set_both(init, pattern::kKing, 200);
  // The data say a king is worth far more than 200 and the move 40.
  pattern::Weights truth = init;
  set_both(truth, pattern::kKing, 500);
  set_both(truth, pattern::kToMove, 40);
  const TrainingSet set = scored_set(truth, 200);
  const std::size_t man = 2 * (L::kScalarBase + pattern::kMan);
  const std::size_t king = 2 * (L::kScalarBase + pattern::kKing);
  const std::size_t to_move = 2 * (L::kScalarBase + pattern::kToMove);
  TrainOptions o = score_options(5);
  o.keep_material = true;
  o.normalise = true;
  TrainReport report;
  auto fitted = fit(set, o, &init, report, {});
  ASSERT_TRUE(fitted) << fitted.error();
  EXPECT_LT(report.final_loss, report.initial_loss);
  for (std::size_t i : {man, man + 1, king, king + 1}) EXPECT_EQ(fitted->values[i], init.values[i]);
  EXPECT_GT(fitted->values[to_move] + fitted->values[to_move + 1], 40 * pattern::kUnit);
  auto refused = fit(set, o, nullptr, report, {});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("--init"), std::string::npos) << refused.error();
}

TEST(Trainer, BadDataNamesTheFileAndLine) {
  const std::string path = test::scratch_dir() + "bad_selfplay.txt";
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
