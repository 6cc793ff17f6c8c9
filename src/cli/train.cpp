// `doska selfplay` and `doska train`: the data and the fitting of the learned draughts evaluation
// (docs/engine.md, "The learned evaluation").
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "games/mill/rules.h"
#include "train/mill_trainer.h"
#include "train/net_trainer.h"
#include "train/selfplay.h"
#include "train/trainer.h"

namespace doska::cli {

namespace {

// A number in [lo, hi] from option `name`, if given.
bool number_option(const Args& args, const std::string& name, double lo, double hi, double& out,
                   std::string& error) {
  auto v = args.value(name);
  if (!v) return true;
  char* end = nullptr;
  const double x = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || !(x >= lo && x <= hi)) {
    error = "bad --" + name + " " + quoted(*v) + ": give a number from " + decimal_text(lo, 6) +
            " to " + decimal_text(hi, 0);
    return false;
  }
  out = x;
  return true;
}

}  // namespace

int run_selfplay(const std::vector<std::string>& words) {
  auto args = parse_args(words,
                         {"games", "nodes", "threads", "random-plies", "max-plies", "seed", "eval",
                          "out", "pdn", "egdb", "egdb-memory", "fen"},
                         {"quiet"});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("selfplay needs <game>");
  train::SelfplayOptions o;
  o.game = args->positional[0];
  std::string error;
  long long games = o.games, nodes = static_cast<long long>(o.nodes), threads = o.threads,
            max_plies = o.max_plies, seed = static_cast<long long>(o.seed);
  if (!int_option(*args, "games", 1, 10'000'000, games, error) ||
      !int_option(*args, "nodes", 1, 1'000'000'000, nodes, error) ||
      !int_option(*args, "threads", 1, 64, threads, error) ||
      !int_option(*args, "max-plies", 10, 10'000, max_plies, error) ||
      !int_option(*args, "seed", 0, 1LL << 62, seed, error))
    return fail(error);
  if (auto v = args->value("random-plies")) {
    const auto parts = split(*v, '-');
    auto lo = parts.size() == 2 ? parse_int(parts[0]) : parse_int(*v);
    auto hi = parts.size() == 2 ? parse_int(parts[1]) : lo;
    if (!lo || !hi || *lo > *hi || *hi > 40)
      return fail("bad --random-plies " + quoted(*v) + ": give K or LO-HI, at most 40");
    o.min_random_plies = *lo;
    o.max_random_plies = *hi;
  }
  o.games = static_cast<int>(games);
  o.nodes = static_cast<std::uint64_t>(nodes);
  o.threads = static_cast<int>(threads);
  o.max_plies = static_cast<int>(max_plies);
  o.seed = static_cast<std::uint64_t>(seed);
  if (auto v = args->value("eval")) o.eval = *v;
  if (auto v = args->value("out"))
    o.out = *v;
  else
    return fail("selfplay needs --out FILE (the positions)");
  if (auto v = args->value("pdn")) o.pdn = *v;
  if (auto v = args->value("egdb"); v && *v != "none") o.egdb = *v;
  {
    long long gb = 0;
    std::string error;
    if (!int_option(*args, "egdb-memory", 0, 4096, gb, error)) return fail(error);
    o.egdb_memory = static_cast<std::uint64_t>(gb) << 30;
  }
  if (auto v = args->value("fen")) o.start_fen = *v;
  const bool quiet = args->flag("quiet");
  bool printed = false;  // a progress line to end before the last line
  auto report = train::selfplay(o, [&](const train::SelfplayProgress& p) {
    if (quiet) return;
    printed = true;
    const double per_game = p.seconds / p.games_done;
    std::fprintf(stderr, "\rgames %d/%d  positions %llu  +%d -%d =%d  %.1f s, about %.0f s left   ",
                 p.games_done, p.games_total, static_cast<unsigned long long>(p.positions),
                 p.white_wins, p.black_wins, p.draws, p.seconds,
                 per_game * (p.games_total - p.games_done));
  });
  if (printed) std::fprintf(stderr, "\n");
  if (!report) return fail(report.error());
  std::printf("games %d positions %llu white %d black %d draws %d seconds %.1f\n",
              report->games_done, static_cast<unsigned long long>(report->positions),
              report->white_wins, report->black_wins, report->draws, report->seconds);
  return 0;
}

int run_rescore(const std::vector<std::string>& words) {
  auto args = parse_args(
      words,
      {"data", "out", "nodes", "threads", "every", "offset", "seed", "eval", "egdb", "egdb-memory"},
      {"quiet", "resume"});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("rescore needs <game>");
  train::RescoreOptions o;
  o.game = args->positional[0];
  if (auto v = args->value("data"))
    for (std::string_view f : split(*v, ',')) o.data.emplace_back(f);
  else
    return fail("rescore needs --data FILE[,FILE...] (selfplay files)");
  if (auto v = args->value("out"))
    o.out = *v;
  else
    return fail("rescore needs --out FILE");
  std::string error;
  long long nodes = static_cast<long long>(o.nodes), threads = o.threads, every = o.every,
            offset = o.offset, seed = static_cast<long long>(o.seed), gb = 0;
  if (!int_option(*args, "nodes", 1, 1'000'000'000, nodes, error) ||
      !int_option(*args, "threads", 1, 64, threads, error) ||
      !int_option(*args, "every", 1, 1'000'000, every, error) ||
      !int_option(*args, "offset", 0, 999'999, offset, error) ||
      !int_option(*args, "seed", 0, 1LL << 62, seed, error) ||
      !int_option(*args, "egdb-memory", 0, 4096, gb, error))
    return fail(error);
  o.nodes = static_cast<std::uint64_t>(nodes);
  o.threads = static_cast<int>(threads);
  o.every = static_cast<int>(every);
  o.offset = static_cast<int>(offset);
  o.seed = static_cast<std::uint64_t>(seed);
  o.egdb_memory = static_cast<std::uint64_t>(gb) << 30;
  if (auto v = args->value("eval")) o.eval = *v;
  if (auto v = args->value("egdb"); v && *v != "none") o.egdb = *v;
  o.resume = args->flag("resume");
  const bool quiet = args->flag("quiet");
  bool printed = false;  // a progress line to end before the last line
  auto report = train::rescore(o, [&](const train::RescoreProgress& p) {
    if (quiet) return;
    printed = true;
    const double rate = static_cast<double>(p.done - p.resumed) / std::max(p.seconds, 1e-9);
    std::fprintf(stderr, "\rpositions %llu/%llu  mean change %.0f  %.1f s, about %.0f s left   ",
                 static_cast<unsigned long long>(p.done), static_cast<unsigned long long>(p.total),
                 p.mean_change, p.seconds, (p.total - p.done) / std::max(rate, 1e-9));
  });
  if (printed) std::fprintf(stderr, "\n");
  if (!report) return fail(report.error());
  std::printf("positions %llu (%llu kept from before) mean change %.1f seconds %.1f\n",
              static_cast<unsigned long long>(report->done),
              static_cast<unsigned long long>(report->resumed), report->mean_change,
              report->seconds);
  return 0;
}

// `doska train <game> --net H,H2 [--on-patterns] [--threads T]`: a network (net_trainer.h).
template <class Args, class Log>
int run_train_net(const Args& args, const train::TrainOptions& o, const Log& log) {
  if (mill::find_rules(o.game)) return fail("--net is for the draughts games");
  if (o.keep_material || o.only_king_windows)
    return fail("--keep-material and --only-king-windows are for the pattern weights");
  train::NetTrainOptions n;
  n.game = o.game;
  n.data = o.data;
  n.out = o.out;
  n.init = o.init;
  n.epochs = o.epochs;
  n.result_weight = o.result_weight;
  n.scale = o.scale;
  n.batch = o.batch;
  n.holdout = o.holdout;
  n.seed = o.seed;
  n.on_patterns = args.flag("on-patterns");
  n.diamonds = args.flag("diamonds");
  n.learning_rate = args.value("rate") ? o.learning_rate : 1e-3;
  if (auto v = args.value("net")) {
    const auto sizes = split(*v, ',');
    const std::optional<int> h = sizes.empty() ? std::nullopt : parse_int(sizes[0]);
    const std::optional<int> h2 = sizes.size() == 2 ? parse_int(sizes[1]) : std::optional<int>(16);
    if (sizes.size() > 2 || !h || !h2)
      return fail("--net takes the hidden layers' sizes, e.g. --net 64,16");
    const auto& a = draughts::net::kHiddenSizes;
    const auto& b = draughts::net::kHidden2Sizes;
    if (std::find(a.begin(), a.end(), *h) == a.end() ||
        std::find(b.begin(), b.end(), *h2) == b.end())
      return fail("--net sizes: the first layer 32, 64, 128 or 256, the second 8, 16 or 32");
    n.hidden = *h;
    n.hidden2 = *h2;
  }
  std::string error;
  long long threads = 1;
  if (!int_option(args, "threads", 1, 64, threads, error)) return fail(error);
  n.threads = static_cast<int>(threads);
  auto report = train::train_net(n, log);
  if (!report) return fail(report.error());
  std::printf("positions %llu scale %.1f loss %.6f -> %.6f (epoch %d) written %s\n",
              static_cast<unsigned long long>(report->positions), report->scale,
              report->initial_loss, report->final_loss, report->best_epoch, n.out.c_str());
  return 0;
}

int run_train(const std::vector<std::string>& words) {
  auto args = parse_args(
      words,
      {"data", "out", "init", "epochs", "result-weight", "scale", "l2", "rate", "batch", "holdout",
       "seed", "net", "threads", "beyond-tables"},
      {"keep-material", "only-king-windows", "on-patterns", "diamonds", "keep-placement"});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("train needs <game>");
  train::TrainOptions o;
  o.game = args->positional[0];
  if (mill::find_rules(o.game)) {
    // A few dozen weights (docs/mill.md): no L2, smaller steps, more epochs than the draughts
    // defaults made for 100 000 pattern weights.
    o.l2 = 0;
    o.learning_rate = 0.3;
    o.epochs = 30;
  }
  if (auto v = args->value("data"))
    for (std::string_view f : split(*v, ',')) o.data.emplace_back(f);
  if (auto v = args->value("out")) o.out = *v;
  if (auto v = args->value("init")) o.init = *v;
  std::string error;
  long long epochs = o.epochs, batch = o.batch, seed = static_cast<long long>(o.seed);
  long long beyond = 0;
  if (!int_option(*args, "epochs", 1, 1000, epochs, error) ||
      !int_option(*args, "beyond-tables", 3, 9, beyond, error) ||
      !int_option(*args, "batch", 1, 1'000'000, batch, error) ||
      !int_option(*args, "seed", 0, 1LL << 62, seed, error) ||
      !number_option(*args, "result-weight", 0, 1, o.result_weight, error) ||
      !number_option(*args, "scale", 1, 100000, o.scale, error) ||
      !number_option(*args, "l2", 0, 10, o.l2, error) ||
      !number_option(*args, "rate", 1e-6, 1000, o.learning_rate, error) ||
      !number_option(*args, "holdout", 0.001, 0.5, o.holdout, error))
    return fail(error);
  o.keep_material = args->flag("keep-material");
  o.only_king_windows = args->flag("only-king-windows");
  o.beyond_tables = static_cast<int>(beyond);
  o.keep_placement = args->flag("keep-placement");
  if (!mill::find_rules(o.game) && (o.beyond_tables > 0 || o.keep_placement))
    return fail(std::string("--") + (o.keep_placement ? "keep-placement" : "beyond-tables") +
                " is for the mill games");
  o.epochs = static_cast<int>(epochs);
  o.batch = static_cast<int>(batch);
  o.seed = static_cast<std::uint64_t>(seed);
  const auto log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  if (args->value("net") || args->flag("on-patterns") || args->flag("diamonds"))
    return run_train_net(*args, o, log);
  if (args->value("threads")) return fail("--threads is for a network's training (--net)");
  if (mill::find_rules(o.game)) {
    if (o.keep_material || o.only_king_windows)
      return fail(std::string("--") + (o.keep_material ? "keep-material" : "only-king-windows") +
                  " is for the draughts games");
    auto report = train::train_mill(o, log);
    if (!report) return fail(report.error());
    std::printf(
        "positions %llu scale %.1f loss %.6f -> %.6f (epoch %d) rescaled x%.3f written %s\n",
        static_cast<unsigned long long>(report->positions), report->scale, report->initial_loss,
        report->final_loss, report->best_epoch, report->rescale, o.out.c_str());
    return 0;
  }
  auto report = train::train(o, log);
  if (!report) return fail(report.error());
  std::printf(
      "positions %llu scale %.1f loss %.6f -> %.6f (epoch %d) rescaled x%.3f man %.1f king %.1f "
      "written %s\n",
      static_cast<unsigned long long>(report->positions), report->scale, report->initial_loss,
      report->final_loss, report->best_epoch, report->rescale, report->man, report->king,
      o.out.c_str());
  return 0;
}

}  // namespace doska::cli
