// `doska train`: fits the learned draughts evaluation (games/draughts/pattern_eval.h) to
// positions with known outcomes, by logistic regression: the probability that White scores is
// sigmoid(eval / scale), fitted to a target that mixes the game's result and the search score,
// with L2 regularisation of the pattern weights, by Adam over mini-batches. A share of the
// positions is held out, and the weights of the epoch with the lowest held-out loss are kept.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/result.h"
#include "games/draughts/pattern_eval.h"

namespace doska::train {

// One training position: its features, phase (pieces, capped), the game's result for White (1,
// 0.5, 0) and the search score for White (centipawns).
struct Sample {
  std::uint32_t first = 0;  // into TrainingSet::features / counts
  std::uint16_t size = 0;
  std::uint8_t phase = 0;
  float result = 0;
  float score = 0;
};

struct TrainingSet {
  std::string game;
  int board_size = 10;
  int max_pieces = 40;
  std::vector<std::uint32_t> features;
  std::vector<std::int8_t> counts;
  std::vector<Sample> samples;
};

struct TrainOptions {
  std::string game;
  std::vector<std::string> data;  // selfplay files
  std::string out;                // weights file
  std::string init;               // weights to start from (else material only)
  int epochs = 12;
  double result_weight = 0.7;  // target = w * result + (1 - w) * sigmoid(score / scale)
  double scale = 0;            // 0: fitted to the data's search scores
  double l2 = 1e-4;            // on the pattern and square weights
  double learning_rate = 2.0;  // Adam, in centipawns
  int batch = 512;
  double holdout = 0.05;
  bool normalise = true;  // rescale the result so that a man is worth 100
  // The man's and the king's material weights stay those of the initial weights (fine-tuning
  // the rest only); needs initial weights.
  bool keep_material = false;
  // Only the king windows of 8x8 are fitted; every other weight stays that of the initial
  // weights (needs initial weights, and an 8x8 game).
  bool only_king_windows = false;
  // Mill: leave out the moving positions with at most this many pieces a side, which tables of
  // that size hold (the search reads them there and never evaluates them); 0: keep every one.
  int beyond_tables = 0;
  // Mill: the placement column stays that of the initial weights (fitting the moving phase only).
  bool keep_placement = false;
  std::uint64_t seed = 1;
};

struct TrainReport {
  std::uint64_t positions = 0;
  double scale = 0;
  double initial_loss = 0;  // held out, before training
  double final_loss = 0;    // held out, the weights kept
  int best_epoch = 0;
  double rescale = 1;        // the factor applied to the fitted weights (normalise)
  double man = 0, king = 0;  // the material weights written (centipawns, middle of the phases)
};

using TrainLog = std::function<void(const std::string&)>;

// Reads selfplay lines ("<FEN> <result> <score>") into `set`; an error names the file and line.
Status read_samples(const std::string& path, TrainingSet& set);
// Adds one position.
void add_sample(TrainingSet& set, const draughts::Position& pos, float result, float score);
// The scale that best predicts the results from the search scores (cross-entropy).
double fit_scale(const TrainingSet& set);

// Fits weights to `set` (already read); `scale` must be set.
Result<draughts::pattern::Weights> fit(const TrainingSet& set, const TrainOptions& options,
                                       const draughts::pattern::Weights* init, TrainReport& report,
                                       const TrainLog& log);

// The whole command: read, fit the scale if asked, fit, write.
Result<TrainReport> train(const TrainOptions& options, const TrainLog& log);

}  // namespace doska::train
