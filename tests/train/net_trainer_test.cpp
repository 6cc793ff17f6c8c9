// `doska train --net`: the network learns what a generated toy set teaches, one that adds to the
// patterns starts exactly at their loss, one given the diamonds' inputs starts where it was, and
// the whole command writes a file that `eval=FILE` reads, refusing bad data with the file and
// line.
#include "train/net_trainer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>

#include "games/draughts/notation.h"
#include "games/draughts/pattern_eval.h"
#include "games/draughts/variant.h"
#include "support/scratch_dir.h"
#include "train/samples.h"

namespace doska::train {
namespace {

namespace net = draughts::net;

std::vector<draughts::Position> toy_positions(const draughts::Rules& rules, int games) {
  std::vector<draughts::Position> out;
  std::mt19937_64 rng(5);
  for (int g = 0; g < games; ++g) {
    draughts::Position pos = draughts::start_position(rules);
    for (int ply = 0; ply < 80; ++ply) {
      draughts::MoveList list;
      draughts::generate_moves(rules, pos, list);
      if (list.size() == 0) break;
      draughts::play(pos, list[rng() % list.size()]);
      if (ply % 3 == 0) out.push_back(pos);
    }
  }
  return out;
}

// White's material in men, a king counting three.
int material(const draughts::Position& pos) {
  const auto worth = [&](draughts::Bitboard side) {
    return draughts::count(side & ~pos.kings) + 3 * draughts::count(side & pos.kings);
  };
  return worth(pos.white) - worth(pos.black);
}

TEST(NetTrainer, LearnsTheMaterialThatTheScoresFollow) {
  NetSamples set;
  set.board_size = 8;
  const auto positions = toy_positions(draughts::kRussian, 1500);
  for (const auto& pos : positions)
    add_net_sample(set, pos, 0.5f, static_cast<float>(100 * material(pos)), 0.0f);
  ASSERT_GT(set.size(), 10000u);
  NetTrainOptions o;
  o.scale = 100;
  o.result_weight = 0;  // the target is the score alone
  o.epochs = 6;
  o.batch = 64;
  o.learning_rate = 3e-3;
  net::Network n = initial_network("russian", 8, 32, 8, false, 1);
  NetTrainReport report;
  ASSERT_TRUE(fit_network(set, o, n, report, nullptr));
  EXPECT_LT(report.final_loss, report.initial_loss - 0.05)
      << report.initial_loss << " -> " << report.final_loss;
  // The trained network calls the side with more material better, nearly always.
  int agree = 0, unequal = 0;
  for (const auto& pos : positions) {
    const int m = material(pos);
    if (std::abs(m) < 2) continue;
    ++unequal;
    const int white_value = (pos.side == draughts::Side::white ? 1 : -1) * net::value<8>(n, pos);
    if ((white_value > 0) == (m > 0)) ++agree;
  }
  ASSERT_GT(unequal, 500);
  EXPECT_GT(agree, unequal * 9 / 10) << agree << " of " << unequal;
}

// With the output layer at zero, a network that adds to the patterns is the patterns: its loss
// before training is theirs.
TEST(NetTrainer, OneThatAddsToThePatternsStartsAtTheirLoss) {
  NetSamples set;
  set.board_size = 8;
  double expected = 0;
  std::mt19937_64 rng(3);
  const auto positions = toy_positions(draughts::kEnglish, 100);
  for (const auto& pos : positions) {
    const float base = static_cast<float>(static_cast<int>(rng() % 400) - 200);
    const float result = static_cast<float>(rng() % 3) / 2;
    add_net_sample(set, pos, result, 0.0f, base);
  }
  NetTrainOptions o;
  o.scale = 80;
  o.result_weight = 1;
  o.epochs = 1;
  o.holdout = 0.2;
  const std::size_t held = static_cast<std::size_t>(set.size() * o.holdout);
  for (std::size_t i = set.size() - held; i < set.size(); ++i)
    expected += cross_entropy(set.result[i], sigmoid(set.base[i] / o.scale));
  expected /= static_cast<double>(held);
  net::Network n = initial_network("english", 8, 32, 8, true, 2);
  NetTrainReport report;
  ASSERT_TRUE(fit_network(set, o, n, report, nullptr));
  EXPECT_NEAR(report.initial_loss, expected, 1e-9);
}

TEST(NetTrainer, TheCommandWritesANetworkThatEvalReads) {
  const std::string dir = test::scratch_dir();
  const std::string data = dir + "net_data.txt", out = dir + "eng.net";
  {
    std::ofstream f(data);
    std::mt19937_64 rng(9);
    for (const auto& pos : toy_positions(draughts::kEnglish, 60)) {
      const int m = material(pos);
      f << draughts::to_fen(draughts::kEnglish, pos) << ' '
        << (m > 0   ? "1"
            : m < 0 ? "0"
                    : "0.5")
        << ' ' << 100 * m << '\n';
    }
  }
  NetTrainOptions o;
  o.game = "english";
  o.data = {data};
  o.out = out;
  o.hidden = 32;
  o.hidden2 = 8;
  o.epochs = 2;
  o.threads = 2;
  auto report = train_net(o, nullptr);
  ASSERT_TRUE(report) << report.error();
  EXPECT_GT(report->scale, 0);
  auto w = draughts::pattern::load(out);
  ASSERT_TRUE(w) << w.error();
  ASSERT_TRUE(w->net);
  EXPECT_EQ(w->net->hidden, 32);
  EXPECT_EQ(w->net->base_checksum, 0u);
  // On top of the built-in patterns, going on from the first network: refused without
  // --on-patterns, taken with it.
  o.init = out;
  o.on_patterns = true;
  o.out = dir + "eng2.net";
  auto refused = train_net(o, nullptr);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("whole evaluation"), std::string::npos) << refused.error();
  o.init.clear();
  auto added = train_net(o, nullptr);
  ASSERT_TRUE(added) << added.error();
  auto w2 = draughts::pattern::load(o.out);
  ASSERT_TRUE(w2) << w2.error();
  EXPECT_NE(w2->net->base_checksum, 0u);
  EXPECT_GT(w2->features, 0);

  // Going on from the first network with the diamonds' inputs added: their rows start at zero,
  // so the network starts where it was (the same loss before training), and the file says so.
  o.on_patterns = false;
  o.init = out;
  o.out = dir + "eng3.net";
  o.epochs = 1;
  auto plain = train_net(o, nullptr);
  ASSERT_TRUE(plain) << plain.error();
  o.diamonds = true;
  o.out = dir + "eng4.net";
  auto widened = train_net(o, nullptr);
  ASSERT_TRUE(widened) << widened.error();
  EXPECT_NEAR(widened->initial_loss, plain->initial_loss, 1e-9);
  EXPECT_LT(widened->final_loss, widened->initial_loss);
  auto w4 = draughts::pattern::load(o.out);
  ASSERT_TRUE(w4) << w4.error();
  EXPECT_EQ(w4->net->diamonds, 1);
  EXPECT_EQ(w4->net->inputs(), 128 + 9 * 81);
  o.diamonds = false;
  o.on_patterns = true;
  o.init.clear();
  o.out = dir + "eng2.net";

  std::ofstream(data, std::ios::app) << "W:W21,22:B1 1\n";
  auto bad = train_net(o, nullptr);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("net_data.txt"), std::string::npos) << bad.error();
}

}  // namespace
}  // namespace doska::train
