#include "train/mill_trainer.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "common/files.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"
#include "train/samples.h"

namespace doska::train {

namespace {

constexpr int kWeights = mill::kPhaseCount * mill::feature::count;

double evaluate(const MillSample& s, const std::vector<double>& w) {
  const double* row = &w[static_cast<std::size_t>(s.phase) * mill::feature::count];
  double v = 0;
  for (int f = 0; f < mill::feature::count; ++f) v += row[f] * s.diff[f];
  return v;
}

}  // namespace

Status read_mill_samples(const std::string& path, const std::string& game,
                         std::vector<MillSample>& samples, int beyond_tables) {
  const mill::Rules* rules = mill::find_rules(game);
  if (!rules) return make_error("not a mill game: '" + game + "'");
  return read_sample_lines(path, [&](const SampleLine& line) -> Status {
    auto pos = mill::parse_fen(*rules, line.fen);
    if (!pos) return make_error(pos.error());
    if (beyond_tables > 0 && mill::phase_of(*pos) == mill::kMoving &&
        std::max(pos->on_board(mill::Side::white), pos->on_board(mill::Side::black)) <=
            beyond_tables)
      return Ok{};
    const auto v =
        mill::with_rules(*rules, [&]<const mill::Rules & R>() { return mill::features<R>(*pos); });
    MillSample s;
    for (int f = 0; f < mill::feature::count; ++f)
      s.diff[f] = static_cast<std::int8_t>(std::clamp(v.diff[f], -127, 127));
    s.phase = static_cast<std::uint8_t>(v.phase);
    s.result = line.result;
    s.score = line.score;
    samples.push_back(s);
    return Ok{};
  });
}

Result<MillTrainReport> fit_mill(const std::vector<MillSample>& samples,
                                 const mill::EvalWeights& init, const TrainOptions& o,
                                 const TrainLog& log) {
  if (samples.size() < 10) return make_error("too few positions to train on");
  if (o.scale <= 0) return make_error("the scale must be positive");
  std::vector<double> w(kWeights);
  for (int p = 0; p < mill::kPhaseCount; ++p)
    for (int f = 0; f < mill::feature::count; ++f)
      w[static_cast<std::size_t>(p * mill::feature::count + f)] = init.w[p][f];

  std::vector<std::size_t> order(samples.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::mt19937_64 rng(o.seed);
  std::shuffle(order.begin(), order.end(), rng);
  const auto held = std::max<std::size_t>(
      1, static_cast<std::size_t>(o.holdout * static_cast<double>(samples.size())));
  const std::vector<std::size_t> holdout(order.end() - static_cast<std::ptrdiff_t>(held),
                                         order.end());
  order.resize(order.size() - held);

  auto target = [&](const MillSample& s) {
    return o.result_weight * s.result + (1 - o.result_weight) * sigmoid(s.score / o.scale);
  };
  auto held_loss = [&](const std::vector<double>& weights) {
    double total = 0;
    for (std::size_t i : holdout)
      total += cross_entropy(target(samples[i]), sigmoid(evaluate(samples[i], weights) / o.scale));
    return total / static_cast<double>(holdout.size());
  };

  MillTrainReport report;
  report.positions = samples.size();
  report.scale = o.scale;
  report.initial_loss = held_loss(w);
  std::vector<double> best = w;
  double best_loss = report.initial_loss;
  std::vector<double> m(kWeights, 0), v(kWeights, 0), grad(kWeights);
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  long long step = 0;
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    std::shuffle(order.begin(), order.end(), rng);
    double train_loss = 0;
    for (std::size_t start = 0; start < order.size(); start += static_cast<std::size_t>(o.batch)) {
      const std::size_t end = std::min(order.size(), start + static_cast<std::size_t>(o.batch));
      std::fill(grad.begin(), grad.end(), 0.0);
      for (std::size_t k = start; k < end; ++k) {
        const MillSample& s = samples[order[k]];
        const double p = sigmoid(evaluate(s, w) / o.scale);
        const double t = target(s);
        train_loss += cross_entropy(t, p);
        const double g = (p - t) / o.scale;
        double* row = &grad[static_cast<std::size_t>(s.phase) * mill::feature::count];
        for (int f = 0; f < mill::feature::count; ++f) row[f] += g * s.diff[f];
      }
      const double n = static_cast<double>(end - start);
      ++step;
      for (int i = 0; i < kWeights; ++i) {
        // L2 on all but the pieces' own worth.
        const bool piece = i % mill::feature::count == mill::feature::piece;
        const double gi = grad[i] / n + (piece ? 0.0 : o.l2 * w[i]);
        m[i] = beta1 * m[i] + (1 - beta1) * gi;
        v[i] = beta2 * v[i] + (1 - beta2) * gi * gi;
        const double mh = m[i] / (1 - std::pow(beta1, static_cast<double>(step)));
        const double vh = v[i] / (1 - std::pow(beta2, static_cast<double>(step)));
        w[i] -= o.learning_rate * mh / (std::sqrt(vh) + eps);
      }
    }
    const double loss = held_loss(w);
    if (log)
      log("epoch " + std::to_string(epoch) + ": train " +
          std::to_string(train_loss / static_cast<double>(order.size())) + ", held out " +
          std::to_string(loss));
    if (loss < best_loss) {
      best_loss = loss;
      best = w;
      report.best_epoch = epoch;
    }
  }
  report.final_loss = best_loss;
  // A moving-phase piece worth 100, as the search's margins expect.
  const double piece = best[int{mill::kMoving} * mill::feature::count + mill::feature::piece];
  report.rescale = o.normalise && piece > 1 ? 100.0 / piece : 1.0;
  report.scale = o.scale * report.rescale;
  report.weights.game = init.game;
  for (int p = 0; p < mill::kPhaseCount; ++p)
    for (int f = 0; f < mill::feature::count; ++f)
      report.weights.w[p][f] = static_cast<int>(std::lround(
          best[static_cast<std::size_t>(p * mill::feature::count + f)] * report.rescale));
  // The placement column is fitted alongside (the held-out loss, and so the epoch kept, are those
  // of the whole fit) and then given back as it was.
  if (o.keep_placement) report.weights.w[mill::kPlacement] = init.w[mill::kPlacement];
  return report;
}

Result<MillTrainReport> train_mill(const TrainOptions& o, const TrainLog& log) {
  if (!mill::find_rules(o.game)) return make_error("not a mill game: '" + o.game + "'");
  if (o.data.empty()) return make_error("no data: give --data FILE");
  if (o.out.empty()) return make_error("no output: give --out FILE");
  mill::EvalWeights init;
  if (!o.init.empty()) {
    auto w = mill::load_weights(o.init);
    if (!w) return make_error(w.error());
    init = std::move(*w);
  } else {
    auto w = mill::builtin_weights(o.game);
    if (!w) return make_error(w.error());
    init = **w;
  }
  if (init.game != o.game)
    return make_error("the initial weights are for " + init.game + ", not " + o.game);
  std::vector<MillSample> samples;
  for (const std::string& path : o.data) {
    if (Status s = read_mill_samples(path, o.game, samples, o.beyond_tables); !s)
      return make_error(s.error());
    if (log) log("read " + path + ": " + std::to_string(samples.size()) + " positions in all");
  }
  TrainOptions options = o;
  if (options.scale <= 0) {
    std::vector<float> scores, results;
    for (const MillSample& s : samples) {
      scores.push_back(s.score);
      results.push_back(s.result);
    }
    options.scale = fit_scale(scores, results);
    if (log) log("scale fitted to the search scores: " + std::to_string(options.scale));
  }
  auto report = fit_mill(samples, init, options, log);
  if (!report) return make_error(report.error());
  std::string files;
  for (const std::string& d : o.data) files += (files.empty() ? "" : ",") + d;
  if (o.beyond_tables > 0)
    files += "; moving positions with more than " + std::to_string(o.beyond_tables) +
             " pieces on a side";
  if (o.keep_placement) files += "; placement column kept from the initial weights";
  const std::string text = mill::format_weights(
      report->weights, "The mill evaluation of " + o.game + ", fitted by `doska train " + o.game +
                           "` to " + std::to_string(report->positions) + " positions (" + files +
                           ");\nheld-out loss " + std::to_string(report->initial_loss) + " -> " +
                           std::to_string(report->final_loss) + ", scale " +
                           std::to_string(report->scale) + ". docs/mill.md, \"The evaluation\".");
  if (Status s = replace_file(o.out, text); !s) return make_error(s.error());
  return report;
}

}  // namespace doska::train
