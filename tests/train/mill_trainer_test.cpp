// `doska selfplay` and `doska train` for the mill games: self-play writes quiet
// positions that read back, the trainer recovers known weights from a generated set, and bad data
// is refused with the file and line.
#include "train/mill_trainer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>

#include "games/mill/eval.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"
#include "support/scratch_dir.h"
#include "train/samples.h"
#include "train/selfplay.h"

namespace doska::train {
namespace {

std::string scratch(const std::string& name) {
  return test::scratch_dir() + "mill_" + name;
}

// Positions of random mill games, with the features the evaluation sees.
std::vector<MillSample> random_samples(int games) {
  std::vector<MillSample> out;
  std::mt19937_64 rng(7);
  for (int g = 0; g < games; ++g) {
    mill::Position pos = mill::start_position(mill::kMill);
    for (int ply = 0; ply < 60; ++ply) {
      mill::MoveList list;
      mill::generate_moves(mill::kMill, pos, list);
      if (list.size() == 0) break;
      mill::play(pos, list[rng() % list.size()]);
      const auto v = mill::features<mill::kMill>(pos);
      MillSample s;
      for (int f = 0; f < mill::feature::count; ++f)
        s.diff[f] = static_cast<std::int8_t>(v.diff[f]);
      s.phase = static_cast<std::uint8_t>(v.phase);
      out.push_back(s);
    }
  }
  return out;
}

TEST(MillTrainer, RecoversKnownWeights) {
  // The truth: a piece 100 (200 while placing), a step of mobility 10, a mill 40; nothing else.
  mill::EvalWeights truth;
  truth.game = "mill";
  truth.w[mill::kPlacement][mill::feature::piece] = 200;
  truth.w[mill::kMoving][mill::feature::piece] = 100;
  truth.w[mill::kMoving][mill::feature::mobility] = 10;
  truth.w[mill::kPlacement][mill::feature::mill] = 40;
  truth.w[mill::kMoving][mill::feature::mill] = 40;
  auto samples = random_samples(1500);
  for (MillSample& s : samples) {
    const auto& row = truth.w[s.phase];
    double v = 0;
    for (int f = 0; f < mill::feature::count; ++f) v += row[f] * s.diff[f];
    s.score = static_cast<float>(v);
  }
  TrainOptions o;
  o.game = "mill";
  o.scale = 150;
  o.result_weight = 0;  // the target is the score alone
  o.l2 = 0;
  o.epochs = 30;
  o.learning_rate = 1.0;
  mill::EvalWeights init;
  init.game = "mill";
  init.w[mill::kPlacement][mill::feature::piece] = 100;
  init.w[mill::kMoving][mill::feature::piece] = 100;
  auto report = fit_mill(samples, init, o, {});
  ASSERT_TRUE(report) << report.error();
  EXPECT_LT(report->final_loss, report->initial_loss);
  const auto& w = report->weights.w;
  EXPECT_EQ(w[mill::kMoving][mill::feature::piece], 100);  // normalised
  EXPECT_NEAR(w[mill::kPlacement][mill::feature::piece], 200, 15);
  EXPECT_NEAR(w[mill::kMoving][mill::feature::mobility], 10, 3);
  EXPECT_NEAR(w[mill::kMoving][mill::feature::mill], 40, 8);
  EXPECT_NEAR(w[mill::kMoving][mill::feature::blocking], 0, 5);
  EXPECT_EQ(report->weights.game, "mill");
}

// Self-play in mill keeps positions where the side to move removes nothing, with the game's
// result and the search's score, and they read back for training.
TEST(MillTrainer, SelfplayWritesQuietPositionsThatReadBack) {
  SelfplayOptions o;
  o.game = "mill-ceylon";
  o.games = 4;
  o.nodes = 300;
  o.threads = 1;
  o.out = scratch("selfplay.txt");
  auto done = selfplay(o, {});
  ASSERT_TRUE(done) << done.error();
  EXPECT_EQ(done->games_done, 4);
  EXPECT_GT(done->positions, 20u);
  int lines = 0;
  Status s = read_sample_lines(o.out, [&](const SampleLine& line) -> Status {
    ++lines;
    auto pos = mill::parse_fen(mill::kMillCeylon, line.fen);
    EXPECT_TRUE(pos) << line.fen;
    if (!pos) return Ok{};
    mill::MoveList moves;
    mill::generate_moves(mill::kMillCeylon, *pos, moves);
    for (const mill::Move& m : moves) EXPECT_FALSE(m.is_removal()) << line.fen;
    return Ok{};
  });
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(static_cast<std::uint64_t>(lines), done->positions);
  std::vector<MillSample> samples;
  ASSERT_TRUE(read_mill_samples(o.out, "mill-ceylon", samples));
  EXPECT_EQ(samples.size(), done->positions);
  std::remove(o.out.c_str());
}

TEST(MillTrainer, BadDataNamesTheFileAndLine) {
  const std::string path = scratch("bad.txt");
  {
    std::ofstream out(path);
    out << "W:W:B:H9,9 0.5 0\n";
    out << "W:Wz9:B:H9,9 1 0\n";
  }
  std::vector<MillSample> samples;
  Status s = read_mill_samples(path, "mill", samples);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("line 2"), std::string::npos) << s.error();
  EXPECT_NE(s.error().find("z9"), std::string::npos) << s.error();
  EXPECT_FALSE(read_mill_samples(path, "russian", samples));
  TrainOptions o;
  o.game = "mill";
  o.data = {path};
  o.out = scratch("w.txt");
  auto report = train_mill(o, {});
  ASSERT_FALSE(report);
  EXPECT_NE(report.error().find("line 2"), std::string::npos) << report.error();
  std::remove(path.c_str());
}

// --beyond-tables N leaves out the moving positions with at most N pieces a side (the tables
// of a user hold them; the search never evaluates them) and keeps the placement and the bigger
// moving positions; --keep-placement fits the moving column only and gives the placement column
// back as it was.
TEST(MillTrainer, BeyondTheTablesAndOnlyTheMovingPhase) {
  const std::string data = scratch("beyond.txt");
  {
    std::ofstream out(data);
    out << "W:Wa1,d1:Bg7:H5,6 1 40\n";                               // placement
    out << "W:Wa1,d1,g1,a4:Ba7,b4,d2,g4:H0,0 0 -120\n";              // 4 a side
    out << "B:Wa1,d1,g1,a4,b2,f2:Ba7,b4,d2,g4,d6:H0,0 0.5 0\n";      // 6 against 5
    out << "W:Wa1,d1,g1,a4,b2,f2:Ba7,b4,d2,g4,d6,f6:H0,0 0.5 10\n";  // 6 a side
    for (int i = 0; i < 20; ++i) out << "W:Wa1,d1,g1,a4,b6,c5:Ba7,b4,d2,g4,d6,f6:H0,0 1 90\n";
    for (int i = 0; i < 20; ++i) out << "B:Wa1,d1,g1,a4,b6,c5:Ba7,b4,d2,g4,d6,f4:H0,0 0 -90\n";
  }
  std::vector<MillSample> all, beyond5, beyond6;
  ASSERT_TRUE(read_mill_samples(data, "mill", all));
  ASSERT_TRUE(read_mill_samples(data, "mill", beyond5, 5));
  ASSERT_TRUE(read_mill_samples(data, "mill", beyond6, 6));
  EXPECT_EQ(all.size(), 44u);
  EXPECT_EQ(beyond5.size(), 43u);  // the 4-a-side position left out
  EXPECT_EQ(beyond6.size(), 1u);   // the placement alone
  EXPECT_EQ(beyond6[0].phase, mill::kPlacement);

  TrainOptions o;
  o.game = "mill";
  o.data = {data};
  o.out = scratch("beyond-w.txt");
  o.scale = 150;
  o.epochs = 3;
  o.beyond_tables = 5;
  o.keep_placement = true;
  auto report = train_mill(o, {});
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->positions, 43u);
  const mill::EvalWeights& builtin = **mill::builtin_weights("mill");
  EXPECT_EQ(report->weights.w[mill::kPlacement], builtin.w[mill::kPlacement]);
  EXPECT_NE(report->weights.w[mill::kMoving], builtin.w[mill::kMoving]);
  std::remove(data.c_str());
  std::remove(o.out.c_str());
}

// The fitted weights are written to --out and read back; an --out that cannot be written is
// named in the error.
TEST(MillTrainer, WritesTheWeightsOrNamesTheFileItCannotWrite) {
  const std::string data = scratch("start.txt");
  {
    std::ofstream out(data);
    for (int i = 0; i < 20; ++i) out << "W:W:B:H9,9 " << (i % 3 == 0 ? "1" : "0.5") << " 0\n";
  }
  TrainOptions o;
  o.game = "mill";
  o.data = {data};
  o.out = scratch("trained/weights.txt");  // the folder is made
  o.scale = 150;
  o.epochs = 2;
  auto report = train_mill(o, {});
  ASSERT_TRUE(report) << report.error();
  auto read = mill::load_weights(o.out);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->game, "mill");
  EXPECT_EQ(mill::format_weights(*read, ""), mill::format_weights(report->weights, ""));

  o.out = data + "/weights.txt";  // under a file, not a folder
  report = train_mill(o, {});
  ASSERT_FALSE(report);
  EXPECT_NE(report.error().find(o.out), std::string::npos) << report.error();
  std::remove(data.c_str());
}

}  // namespace
}  // namespace doska::train
