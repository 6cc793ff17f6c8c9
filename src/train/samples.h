// What the trainers share (trainer.cpp for draughts, mill_trainer.cpp for mill): the lines of a
// selfplay file, the logistic model's functions and the fitting of its scale.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "common/result.h"

namespace doska::train {

inline double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

// Cross-entropy of target t against probability p, kept finite.
inline double cross_entropy(double t, double p) {
  p = std::clamp(p, 1e-9, 1 - 1e-9);
  return -(t * std::log(p) + (1 - t) * std::log(1 - p));
}

// One line of a selfplay file: "<FEN> <result for White: 1, 0.5 or 0> <score for White>".
struct SampleLine {
  std::string fen;
  float result = 0;
  float score = 0;
};

// Calls `take` for each line of `path`; a malformed line, or an error from `take`, stops the
// reading with the file and line named.
Status read_sample_lines(const std::string& path,
                         const std::function<Status(const SampleLine&)>& take);

// The scale k that best predicts the results from the search scores, sigmoid(score / k), by
// cross-entropy (golden-section search over 10..2000 centipawns).
double fit_scale(const std::vector<float>& scores, const std::vector<float>& results);

// What a trainer logs after each epoch: "epoch E train L held-out H", and " (best)" when the
// held-out loss is the lowest yet.
std::string epoch_line(int epoch, double train_loss, double held_loss, bool best);

}  // namespace doska::train
