#include "train/trainer.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "games/draughts/notation.h"
#include "games/draughts/rules.h"
#include "train/samples.h"

namespace doska::train {

namespace pattern = draughts::pattern;

namespace {

template <int N>
void add_features(TrainingSet& set, const draughts::Position& pos, Sample& s) {
  s.first = static_cast<std::uint32_t>(set.features.size());
  const int phase = pattern::visit_features<N>(pos, [&](int f, int n) {
    set.features.push_back(static_cast<std::uint32_t>(f));
    set.counts.push_back(static_cast<std::int8_t>(std::clamp(n, -127, 127)));
  });
  s.size = static_cast<std::uint16_t>(set.features.size() - s.first);
  s.phase = static_cast<std::uint8_t>(phase);
}

}  // namespace

void add_sample(TrainingSet& set, const draughts::Position& pos, float result, float score) {
  Sample s;
  s.result = result;
  s.score = score;
  if (set.board_size == 10)
    add_features<10>(set, pos, s);
  else
    add_features<8>(set, pos, s);
  set.samples.push_back(s);
}

Status read_samples(const std::string& path, TrainingSet& set) {
  const draughts::Rules* rules = draughts::find_rules(set.game);
  if (!rules) return make_error("training is for the draughts games, not '" + set.game + "'");
  return read_sample_lines(path, [&](const SampleLine& line) -> Status {
    auto pos = draughts::parse_fen(*rules, line.fen);
    if (!pos) return make_error(pos.error());
    // Where the evaluation divides a lone king's value, such positions teach nothing.
    if (draughts::lone_king_divisor(*rules) > 1 && pattern::lone_king(*pos)) return Ok{};
    add_sample(set, *pos, line.result, line.score);
    return Ok{};
  });
}

double fit_scale(const TrainingSet& set) {
  std::vector<float> scores, results;
  scores.reserve(set.samples.size());
  results.reserve(set.samples.size());
  for (const Sample& s : set.samples) {
    scores.push_back(s.score);
    results.push_back(s.result);
  }
  return fit_scale(scores, results);
}

Result<pattern::Weights> fit(const TrainingSet& set, const TrainOptions& o,
                             const pattern::Weights* init, TrainReport& report,
                             const TrainLog& log) {
  const int features = pattern::feature_count(set.board_size);
  const int scalar_base = features - pattern::kScalars;
  const int regularised = scalar_base;  // patterns and king squares
  if (set.samples.size() < 10) return make_error("too few positions to train on");
  if (o.scale <= 0) return make_error("the scale must be positive");
  if (o.keep_material && !init) return make_error("keeping the material weights needs --init");
  if (o.only_king_windows && !init) return make_error("fitting only the king windows needs --init");
  if (o.only_king_windows && set.board_size != 8)
    return make_error("only 8x8 has king windows (--only-king-windows)");
  std::vector<double> w(2 * static_cast<std::size_t>(features), 0.0);
  if (init) {
    if (init->features != features) return make_error("the initial weights have another layout");
    for (std::size_t i = 0; i < w.size(); ++i)
      w[i] = static_cast<double>(init->values[i]) / pattern::kUnit;
  } else {
    w[2 * (scalar_base + pattern::kMan)] = w[2 * (scalar_base + pattern::kMan) + 1] = 100;
    w[2 * (scalar_base + pattern::kKing)] = w[2 * (scalar_base + pattern::kKing) + 1] = 250;
  }
  const double max_pieces = set.max_pieces;
  auto evaluate = [&](const Sample& s) {
    const double ph = s.phase / max_pieces;
    double e = 0;
    for (std::uint32_t i = s.first; i < s.first + s.size; ++i) {
      const std::size_t f = set.features[i];
      e += set.counts[i] * (w[2 * f] * ph + w[2 * f + 1] * (1 - ph));
    }
    return e;
  };
  auto target = [&](const Sample& s) {
    return o.result_weight * s.result + (1 - o.result_weight) * sigmoid(s.score / o.scale);
  };
  const std::size_t n = set.samples.size();
  const std::size_t held =
      std::clamp<std::size_t>(static_cast<std::size_t>(n * o.holdout), 1, n / 2);
  const std::size_t trained = n - held;  // the last positions (the last games) are held out
  auto held_loss = [&] {
    double total = 0;
    for (std::size_t i = trained; i < n; ++i) {
      const Sample& s = set.samples[i];
      total += cross_entropy(target(s), sigmoid(evaluate(s) / o.scale));
    }
    return total / static_cast<double>(held);
  };
  report.positions = n;
  report.scale = o.scale;
  report.initial_loss = held_loss();
  double best_loss = report.initial_loss;
  std::vector<double> best = w;
  std::vector<double> m(w.size(), 0.0), v(w.size(), 0.0), g(w.size(), 0.0);
  std::vector<std::uint32_t> touched;
  std::vector<char> is_touched(w.size(), 0);
  std::vector<char> frozen(w.size(), 0);  // weights that keep their initial values
  if (o.keep_material)
    for (int scalar : {pattern::kMan, pattern::kKing})
      for (int half = 0; half < 2; ++half)
        frozen[2 * static_cast<std::size_t>(scalar_base + scalar) + half] = 1;
  if (o.only_king_windows) {
    using L = pattern::Layout<8>;
    for (std::size_t j = 0; j < w.size(); ++j)
      frozen[j] = j < 2 * static_cast<std::size_t>(L::kKingWindowBase) ||
                  j >= 2 * static_cast<std::size_t>(L::kKingBase);
  }
  std::vector<std::size_t> order(trained);
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng(o.seed);
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  std::uint64_t step = 0;
  double lr = o.learning_rate;
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    std::shuffle(order.begin(), order.end(), rng);
    double train_loss = 0;
    for (std::size_t start = 0; start < trained; start += static_cast<std::size_t>(o.batch)) {
      const std::size_t stop = std::min(trained, start + static_cast<std::size_t>(o.batch));
      for (std::size_t k = start; k < stop; ++k) {
        const Sample& s = set.samples[order[k]];
        const double p = sigmoid(evaluate(s) / o.scale);
        const double t = target(s);
        train_loss += cross_entropy(t, p);
        const double d = (p - t) / o.scale;
        const double ph = s.phase / max_pieces;
        for (std::uint32_t i = s.first; i < s.first + s.size; ++i) {
          const std::size_t f = set.features[i];
          const double c = set.counts[i] * d;
          for (int half = 0; half < 2; ++half) {
            const std::size_t j = 2 * f + half;
            double grad = c * (half == 0 ? ph : 1 - ph);
            if (static_cast<int>(f) < regularised) grad += o.l2 * w[j];
            g[j] += grad;
            if (!is_touched[j]) {
              is_touched[j] = 1;
              touched.push_back(static_cast<std::uint32_t>(j));
            }
          }
        }
      }
      ++step;
      const double batch = static_cast<double>(stop - start);
      const double c1 = 1 - std::pow(beta1, static_cast<double>(step));
      const double c2 = 1 - std::pow(beta2, static_cast<double>(step));
      for (std::uint32_t j : touched) {
        if (frozen[j]) {
          g[j] = 0;
          is_touched[j] = 0;
          continue;
        }
        // Scaled so that Adam's epsilon stays negligible (Adam does not see the scale).
        const double grad = g[j] / batch * o.scale * 100;
        m[j] = beta1 * m[j] + (1 - beta1) * grad;
        v[j] = beta2 * v[j] + (1 - beta2) * grad * grad;
        w[j] -= lr * (m[j] / c1) / (std::sqrt(v[j] / c2) + eps);
        g[j] = 0;
        is_touched[j] = 0;
      }
      touched.clear();
    }
    const double loss = held_loss();
    if (log)
      log(epoch_line(epoch, train_loss / static_cast<double>(trained), loss, loss < best_loss));
    if (loss < best_loss) {
      best_loss = loss;
      best = w;
      report.best_epoch = epoch;
    }
    lr *= 0.75;
  }
  report.final_loss = best_loss;
  // The units: the fit is in the scale's units; the weights are rescaled so that a man is worth
  // about 100 in the middle of the phases, the unit the search's margins assume.
  const std::size_t man = 2 * static_cast<std::size_t>(scalar_base + pattern::kMan);
  const std::size_t king = 2 * static_cast<std::size_t>(scalar_base + pattern::kKing);
  // (In giveaway a man counts against its owner: its size is set to 100.)
  const double fitted_man = std::abs((best[man] + best[man + 1]) / 2);
  // (Kept weights are not rescaled: they stay exactly those of the initial set.)
  report.rescale = o.normalise && !o.keep_material && !o.only_king_windows && fitted_man > 10
                       ? 100.0 / fitted_man
                       : 1.0;
  for (double& x : best) x *= report.rescale;
  pattern::Weights out;
  out.game = set.game;
  out.board_size = set.board_size;
  out.features = features;
  // The divisor is the rules' (draughts::lone_king_divisor), whatever the initial weights said.
  const draughts::Rules* rules = draughts::find_rules(set.game);
  if (rules) out.lone_king_divisor = draughts::lone_king_divisor(*rules);
  out.values.resize(best.size());
  for (std::size_t i = 0; i < best.size(); ++i)
    out.values[i] = static_cast<std::int16_t>(
        std::clamp(std::lround(best[i] * pattern::kUnit), -32767L, 32767L));
  out.king_windows = pattern::has_king_windows(out);
  report.man = (best[man] + best[man + 1]) / 2;
  report.king = (best[king] + best[king + 1]) / 2;
  return out;
}

Result<TrainReport> train(const TrainOptions& o, const TrainLog& log) {
  const draughts::Rules* rules = draughts::find_rules(o.game);
  if (!rules) return make_error("training is for the draughts games, not '" + o.game + "'");
  if (o.data.empty()) return make_error("no data: give --data FILE");
  if (o.out.empty()) return make_error("no output: give --out FILE");
  std::optional<pattern::Weights> init;
  if (!o.init.empty()) {
    auto w = pattern::load(o.init);
    if (!w) return make_error(w.error());
    if (w->game != o.game)
      return make_error(o.init + " holds weights for " + w->game + ", not " + o.game);
    init = std::move(*w);
  }
  TrainingSet set;
  set.game = o.game;
  set.board_size = rules->board_size;
  set.max_pieces =
      rules->board_size == 10 ? pattern::Layout<10>::kMaxPieces : pattern::Layout<8>::kMaxPieces;
  for (const std::string& path : o.data) {
    if (Status s = read_samples(path, set); !s) return make_error(s.error());
    if (log) log("read " + path + ": " + std::to_string(set.samples.size()) + " positions in all");
  }
  TrainOptions options = o;
  if (options.scale <= 0) {
    options.scale = fit_scale(set);
    if (log) log("scale fitted to the search scores: " + std::to_string(options.scale));
  }
  TrainReport report;
  auto weights = fit(set, options, init ? &*init : nullptr, report, log);
  if (!weights) return make_error(weights.error());
  if (Status s = pattern::save(*weights, o.out); !s) return make_error(s.error());
  return report;
}

}  // namespace doska::train
