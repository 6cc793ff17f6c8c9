// `doska train <mill game>`: fits the mill evaluation's weights (games/mill/eval.h) to self-play
// positions by logistic regression, as the draughts trainer does (trainer.h): the probability that
// White scores is sigmoid(eval / scale), fitted to a mix of the game's result and the search
// score, by Adam over mini-batches; the weights of the epoch with the lowest held-out loss are
// kept, rescaled so that a piece of the moving phase is worth 100.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "common/result.h"
#include "games/mill/eval.h"
#include "train/trainer.h"

namespace doska::train {

struct MillSample {
  std::array<std::int8_t, mill::feature::count> diff{};
  std::uint8_t phase = 0;
  float result = 0;
  float score = 0;
};

struct MillTrainReport {
  std::uint64_t positions = 0;
  double scale = 0;
  double initial_loss = 0;  // held out, with the initial weights
  double final_loss = 0;    // held out, the weights kept
  int best_epoch = 0;
  double rescale = 1;
  mill::EvalWeights weights;
};

// Reads a selfplay file of a mill game into `samples`; an error names the file and line. With
// `beyond_tables` > 0 the moving positions with at most that many pieces a side are left out.
Status read_mill_samples(const std::string& path, const std::string& game,
                         std::vector<MillSample>& samples, int beyond_tables = 0);

// Fits weights to `samples`, starting from `init`; `options.scale` must be set.
Result<MillTrainReport> fit_mill(const std::vector<MillSample>& samples,
                                 const mill::EvalWeights& init, const TrainOptions& options,
                                 const TrainLog& log);

// The whole command: read, fit the scale if asked, fit, write the text file.
Result<MillTrainReport> train_mill(const TrainOptions& options, const TrainLog& log);

}  // namespace doska::train
