#include "train/net_trainer.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <thread>

#include "common/files.h"
#include "games/draughts/notation.h"
#include "games/draughts/pattern_eval.h"
#include "games/draughts/rules.h"
#include "train/samples.h"

namespace doska::train {

namespace net = draughts::net;
namespace pattern = draughts::pattern;

void add_net_sample(NetSamples& set, const draughts::Position& pos, float result, float score,
                    float base_white) {
  const bool white = pos.side == draughts::Side::white;
  if (set.first.empty()) set.first.push_back(0);
  const auto add = [&](int input) { set.inputs.push_back(static_cast<std::uint16_t>(input)); };
  if (set.board_size == 10) {
    net::visit_inputs<10>(pos, add);
    if (set.diamonds) net::visit_diamonds<10>(pos, add);
  } else {
    net::visit_inputs<8>(pos, add);
    if (set.diamonds) net::visit_diamonds<8>(pos, add);
  }
  set.first.push_back(static_cast<std::uint32_t>(set.inputs.size()));
  set.result.push_back(white ? result : 1 - result);
  set.score.push_back(white ? score : -score);
  set.base.push_back(white ? base_white : -base_white);
}

namespace {

// Where each layer's parameters sit in one flat vector: w1, b1, w2, b2, w3, b3.
struct Offsets {
  std::size_t w1 = 0, b1, w2, b2, w3, b3, total;
  Offsets(int inputs, int h, int h2) {
    b1 = w1 + static_cast<std::size_t>(inputs) * h;
    w2 = b1 + h;
    b2 = w2 + static_cast<std::size_t>(h) * h2;
    w3 = b2 + h2;
    b3 = w3 + h2;
    total = b3 + 1;
  }
};

std::vector<float> flatten(const net::Network& n) {
  std::vector<float> p;
  for (const auto* part : {&n.w1, &n.b1, &n.w2, &n.b2, &n.w3})
    p.insert(p.end(), part->begin(), part->end());
  p.push_back(n.b3);
  return p;
}

void unflatten(const std::vector<float>& p, const Offsets& at, net::Network& n) {
  n.w1.assign(p.begin() + at.w1, p.begin() + at.b1);
  n.b1.assign(p.begin() + at.b1, p.begin() + at.w2);
  n.w2.assign(p.begin() + at.w2, p.begin() + at.b2);
  n.b2.assign(p.begin() + at.b2, p.begin() + at.w3);
  n.w3.assign(p.begin() + at.w3, p.begin() + at.b3);
  n.b3 = p[at.b3];
}

// One position through the network; with `grad`, its gradient (of the cross-entropy) added there.
// Returns the loss.
template <int H, int H2>
double step(const NetSamples& set, std::size_t i, const float* p, const Offsets& at, double scale,
            double result_weight, float* grad) {
  alignas(64) float z1[H], h1[H], dh1[H];
  for (int j = 0; j < H; ++j) z1[j] = p[at.b1 + j];
  for (std::uint32_t k = set.first[i]; k < set.first[i + 1]; ++k) {
    const float* row = p + at.w1 + static_cast<std::size_t>(set.inputs[k]) * H;
    for (int j = 0; j < H; ++j) z1[j] += row[j];
  }
  for (int j = 0; j < H; ++j) h1[j] = net::clipped(z1[j]);
  alignas(64) float z2[H2], h2[H2], dz2[H2];
  for (int k = 0; k < H2; ++k) z2[k] = p[at.b2 + k];
  for (int j = 0; j < H; ++j) {
    const float* row = p + at.w2 + static_cast<std::size_t>(j) * H2;
    for (int k = 0; k < H2; ++k) z2[k] += h1[j] * row[k];
  }
  float out = p[at.b3];
  for (int k = 0; k < H2; ++k) {
    h2[k] = net::clipped(z2[k]);
    out += p[at.w3 + k] * h2[k];
  }
  const double value = set.base[i] + static_cast<double>(out) * net::kOutputScale;
  const double prob = sigmoid(value / scale);
  const double target =
      result_weight * set.result[i] + (1 - result_weight) * sigmoid(set.score[i] / scale);
  const double loss = cross_entropy(target, prob);
  if (!grad) return loss;
  const float g = static_cast<float>((prob - target) * net::kOutputScale / scale);
  grad[at.b3] += g;
  for (int k = 0; k < H2; ++k) {
    grad[at.w3 + k] += g * h2[k];
    dz2[k] = z2[k] > 0 && z2[k] < 1 ? g * p[at.w3 + k] : 0.0f;
    grad[at.b2 + k] += dz2[k];
  }
  for (int j = 0; j < H; ++j) {
    float* grow = grad + at.w2 + static_cast<std::size_t>(j) * H2;
    const float* row = p + at.w2 + static_cast<std::size_t>(j) * H2;
    float d = 0;
    for (int k = 0; k < H2; ++k) {
      grow[k] += dz2[k] * h1[j];
      d += dz2[k] * row[k];
    }
    dh1[j] = d;
  }
  for (int j = 0; j < H; ++j) dh1[j] = z1[j] > 0 && z1[j] < 1 ? dh1[j] : 0;
  for (int j = 0; j < H; ++j) grad[at.b1 + j] += dh1[j];
  // A diamond's weights feed the first kDiamondUnits units only (net_eval.h).
  const int pieces = net::piece_inputs(set.board_size);
  for (std::uint32_t k = set.first[i]; k < set.first[i + 1]; ++k) {
    float* grow = grad + at.w1 + static_cast<std::size_t>(set.inputs[k]) * H;
    const int width = set.inputs[k] < pieces ? H : std::min(H, net::kDiamondUnits);
    for (int j = 0; j < width; ++j) grow[j] += dh1[j];
  }
  return loss;
}

using StepFn = double (*)(const NetSamples&, std::size_t, const float*, const Offsets&, double,
                          double, float*);

template <int H>
StepFn step_for(int h2) {
  switch (h2) {
    case 8:
      return &step<H, 8>;
    case 16:
      return &step<H, 16>;
    default:
      return &step<H, 32>;
  }
}

StepFn step_for(int h, int h2) {
  switch (h) {
    case 32:
      return step_for<32>(h2);
    case 64:
      return step_for<64>(h2);
    case 128:
      return step_for<128>(h2);
    default:
      return step_for<256>(h2);
  }
}

}  // namespace

net::Network initial_network(const std::string& game, int board_size, int hidden, int hidden2,
                             bool on_patterns, std::uint64_t seed, bool diamonds) {
  net::Network n;
  n.game = game;
  n.diamonds = diamonds ? 1 : 0;
  n.board_size = board_size;
  n.hidden = hidden;
  n.hidden2 = hidden2;
  std::mt19937_64 rng(seed);
  auto uniform = [&](float r) { return std::uniform_real_distribution<float>(-r, r)(rng); };
  n.w1.resize(static_cast<std::size_t>(n.inputs()) * hidden);
  const std::size_t pieces = static_cast<std::size_t>(net::piece_inputs(board_size));
  for (std::size_t i = 0; i < n.w1.size(); ++i) {
    // A diamond feeds the first units only, and its empty content is never an input.
    const bool fed = net::fed_weight(n, i) &&
                     (i < pieces * hidden || (i / hidden - pieces) % net::kDiamondContents != 0);
    n.w1[i] = fed ? uniform(0.1f) : 0.0f;
  }
  n.b1.assign(hidden, 0.5f);
  n.w2.resize(static_cast<std::size_t>(hidden) * hidden2);
  for (float& w : n.w2) w = uniform(1.0f / std::sqrt(static_cast<float>(hidden)));
  n.b2.assign(hidden2, 0.5f);
  n.w3.resize(hidden2);
  for (float& w : n.w3) w = on_patterns ? 0.0f : uniform(0.1f);
  n.b3 = 0;
  net::prepare(n);
  return n;
}

Status fit_network(const NetSamples& set, const NetTrainOptions& o, net::Network& n,
                   NetTrainReport& report, const TrainLog& log) {
  if (set.size() < 10) return make_error("too few positions to train on");
  if (o.scale <= 0) return make_error("the scale must be positive");
  const Offsets at(n.inputs(), n.hidden, n.hidden2);
  std::vector<float> p = flatten(n);
  if (p.size() != at.total) return make_error("the network's parameters do not fit its sizes");
  const StepFn one = step_for(n.hidden, n.hidden2);
  const std::size_t count = set.size();
  const std::size_t held =
      std::clamp<std::size_t>(static_cast<std::size_t>(count * o.holdout), 1, count / 2);
  const std::size_t trained = count - held;  // the last positions (the last games) are held out
  auto held_loss = [&] {
    double total = 0;
    for (std::size_t i = trained; i < count; ++i)
      total += one(set, i, p.data(), at, o.scale, o.result_weight, nullptr);
    return total / static_cast<double>(held);
  };
  report.positions = count;
  report.scale = o.scale;
  report.initial_loss = held_loss();
  double best_loss = report.initial_loss;
  std::vector<float> best = p;
  const int threads = std::max(1, o.threads);
  std::vector<std::vector<float>> grads(threads, std::vector<float>(at.total, 0.0f));
  std::vector<double> losses(threads, 0.0);
  std::vector<float> m(at.total, 0.0f), v(at.total, 0.0f);
  std::vector<std::size_t> order(trained);
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng(o.seed);
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  std::uint64_t steps = 0;
  double lr = o.learning_rate;
  const std::size_t batch = static_cast<std::size_t>(std::max(1, o.batch));
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    std::shuffle(order.begin(), order.end(), rng);
    double train_loss = 0;
    for (std::size_t start = 0; start < trained; start += batch) {
      const std::size_t stop = std::min(trained, start + batch);
      auto work = [&](int t) {
        float* g = grads[t].data();
        double loss = 0;
        for (std::size_t k = start + t; k < stop; k += threads)
          loss += one(set, order[k], p.data(), at, o.scale, o.result_weight, g);
        losses[t] = loss;
      };
      if (threads == 1) {
        work(0);
      } else {
        std::vector<std::thread> pool;
        for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
        work(0);
        for (auto& th : pool) th.join();
      }
      ++steps;
      const double c1 = 1 - std::pow(beta1, static_cast<double>(steps));
      const double c2 = 1 - std::pow(beta2, static_cast<double>(steps));
      const float scale_step = static_cast<float>(lr * std::sqrt(c2) / c1);
      const float inv = 1.0f / static_cast<float>(stop - start);
      for (int t = 0; t < threads; ++t) train_loss += losses[t];
      for (std::size_t j = 0; j < at.total; ++j) {
        float g = 0;
        for (int t = 0; t < threads; ++t) {
          g += grads[t][j];
          grads[t][j] = 0;
        }
        g *= inv;
        m[j] = static_cast<float>(beta1) * m[j] + static_cast<float>(1 - beta1) * g;
        v[j] = static_cast<float>(beta2) * v[j] + static_cast<float>(1 - beta2) * g * g;
        p[j] -= scale_step * m[j] / (std::sqrt(v[j]) + static_cast<float>(eps));
      }
    }
    const double loss = held_loss();
    if (log)
      log(epoch_line(epoch, train_loss / static_cast<double>(trained), loss, loss < best_loss));
    if (loss < best_loss) {
      best_loss = loss;
      best = p;
      report.best_epoch = epoch;
    }
    lr *= 0.8;
  }
  report.final_loss = best_loss;
  unflatten(best, at, n);
  if (!net::prepare(n)) return make_error("the fitted first layer is too large for 16-bit sums");
  return Ok{};
}

Result<NetTrainReport> train_net(const NetTrainOptions& o, const TrainLog& log) {
  const draughts::Rules* rules = draughts::find_rules(o.game);
  if (!rules) return make_error("training is for the draughts games, not '" + o.game + "'");
  if (o.data.empty()) return make_error("no data: give --data FILE");
  if (o.out.empty()) return make_error("no output: give --out FILE");
  const pattern::Weights* base = nullptr;
  if (o.on_patterns) {
    base = pattern::builtin_patterns(o.game);
    if (!base) return make_error(o.game + " has no built-in pattern weights to add to");
  }
  net::Network n;
  if (!o.init.empty()) {
    auto bytes = read_whole_file(o.init, "network");
    if (!bytes) return make_error(bytes.error());
    auto loaded = net::parse(*bytes, o.init);
    if (!loaded) return make_error(loaded.error());
    if (loaded->game != o.game)
      return make_error(o.init + " is a network for " + loaded->game + ", not " + o.game);
    if ((loaded->base_checksum != 0) != o.on_patterns)
      return make_error(o.init + (o.on_patterns ? " is a whole evaluation, not one that adds to "
                                                  "the patterns (--on-patterns)"
                                                : " adds to the patterns: give --on-patterns"));
    n = std::move(*loaded);
    if (o.diamonds && !n.diamonds) {
      // The diamonds' rows start at 0: the network starts as it was.
      const std::size_t before = n.w1.size();
      n.diamonds = 1;
      n.w1.resize(static_cast<std::size_t>(n.inputs()) * n.hidden, 0.0f);
      if (n.w1.size() <= before) return make_error("no diamonds to add");
    }
  } else {
    n = initial_network(o.game, rules->board_size, o.hidden, o.hidden2, o.on_patterns, o.seed,
                        o.diamonds);
  }
  n.lone_king_divisor = draughts::lone_king_divisor(*rules);
  if (o.on_patterns) {
    auto checksum = pattern::builtin_checksum(o.game);
    if (!checksum) return make_error(checksum.error());
    n.base_checksum = *checksum;
  } else {
    n.base_checksum = 0;
  }
  NetSamples set;
  set.board_size = rules->board_size;
  set.diamonds = n.diamonds != 0;
  for (const std::string& path : o.data) {
    const Status read = read_sample_lines(path, [&](const SampleLine& line) -> Status {
      auto pos = draughts::parse_fen(*rules, line.fen);
      if (!pos) return make_error(pos.error());
      // Where the evaluation divides a lone king's value, such positions teach nothing.
      if (n.lone_king_divisor > 1 && pattern::lone_king(*pos)) return Ok{};
      const float b = !base ? 0.0f
                      : rules->board_size == 10
                          ? static_cast<float>(pattern::pattern_value<10>(*base, *pos))
                          : static_cast<float>(pattern::pattern_value<8>(*base, *pos));
      add_net_sample(set, *pos, line.result, line.score, b);
      return Ok{};
    });
    if (!read) return make_error(read.error());
    if (log) log("read " + path + ": " + std::to_string(set.size()) + " positions in all");
  }
  NetTrainOptions options = o;
  if (options.scale <= 0) {
    options.scale = fit_scale(set.score, set.result);
    if (log) log("scale fitted to the search scores: " + std::to_string(options.scale));
  }
  NetTrainReport report;
  if (Status s = fit_network(set, options, n, report, log); !s) return make_error(s.error());
  if (Status s = replace_file(o.out, net::serialize(n)); !s) return make_error(s.error());
  return report;
}

}  // namespace doska::train
