// `doska train <game> --net H,H2`: fits a draughts evaluation network (net_eval.h) to the
// positions of selfplay files, alone or added to the built-in pattern weights (`--on-patterns`),
// by the same target as the pattern trainer (trainer.h): the probability that the side to move
// scores is sigmoid(value / scale), fitted to a mix of the game's result and the search score,
// with Adam over mini-batches; a share of the positions (the last games) is held out and the
// parameters of the epoch with the lowest held-out loss are kept.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"
#include "games/draughts/net_eval.h"
#include "games/draughts/position.h"
#include "train/trainer.h"

namespace doska::train {

struct NetTrainOptions {
  std::string game;
  std::vector<std::string> data;  // selfplay files
  std::string out;                // the network file
  std::string init;               // a network to go on from (its sizes are kept)
  int hidden = 64;
  int hidden2 = 16;
  bool on_patterns = false;  // the network adds to the built-in pattern weights
  bool diamonds = false;     // the diamonds' inputs too (a network without them gets them, at 0)
  int epochs = 10;
  double result_weight = 0.7;  // target = w * result + (1 - w) * sigmoid(score / scale)
  double scale = 0;            // 0: fitted to the data's search scores
  double learning_rate = 1e-3;
  int batch = 512;
  double holdout = 0.05;
  int threads = 1;
  std::uint64_t seed = 1;
};

// The training positions, each seen by its side to move.
struct NetSamples {
  int board_size = 10;
  bool diamonds = false;
  std::vector<std::uint16_t> inputs;  // every position's inputs, one after the other
  std::vector<std::uint32_t> first;   // where each position's inputs start (one more at the end)
  std::vector<float> result;          // for the side to move: 1, 0.5, 0
  std::vector<float> score;           // the search score for the side to move, centipawns
  std::vector<float> base;            // the patterns' value for the side to move (or 0)
  std::size_t size() const { return result.size(); }
};

// Adds one position; `result` and `score` are White's, as in a selfplay file. `base_white` is the
// value the network adds to, for White.
void add_net_sample(NetSamples& set, const draughts::Position& pos, float result, float score,
                    float base_white);

struct NetTrainReport {
  std::uint64_t positions = 0;
  double scale = 0;
  double initial_loss = 0;  // held out, before training
  double final_loss = 0;    // held out, the parameters kept
  int best_epoch = 0;
};

// Fits `net` (its sizes set, its parameters initialised) to `set` with `options.scale` set.
Status fit_network(const NetSamples& set, const NetTrainOptions& options,
                   draughts::net::Network& net, NetTrainReport& report, const TrainLog& log);

// A network of the given sizes with its starting parameters (seeded; the output layer zero when it
// adds to the patterns, so that it starts as they are).
draughts::net::Network initial_network(const std::string& game, int board_size, int hidden,
                                       int hidden2, bool on_patterns, std::uint64_t seed,
                                       bool diamonds = false);

// The whole command: read, fit the scale if asked, fit, write.
Result<NetTrainReport> train_net(const NetTrainOptions& options, const TrainLog& log);

}  // namespace doska::train
