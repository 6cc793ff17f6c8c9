// `doska match`: games between two engines, alternating colours, adjudicated by our rules, with
// the score, its 95% error margin and the Elo difference.
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "engine/engine.h"
#include "games/session.h"

namespace doska::cli {

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "error: %s\n", message.c_str());
  return 2;
}

// A player of the match: our engine with its limits ("level=5", "nodes=20000", "depth=8",
// "time=0.5", comma separated).
struct Player {
  std::string name;
  search::Limits limits;
};

Result<Player> parse_player(const std::string& spec) {
  Player player;
  player.name = spec;
  player.limits.level = 10;
  std::string_view text = spec;
  if (text.rfind("ours", 0) == 0) {
    text.remove_prefix(4);
    if (!text.empty() && text.front() == ':') text.remove_prefix(1);
  }
  for (std::string_view item : split(text, ',')) {
    item = trim(item);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string_view::npos)
      return make_error("player option " + quoted(item) + " needs name=value");
    const std::string_view name = item.substr(0, eq), value = item.substr(eq + 1);
    if (name == "level") {
      auto v = parse_int(value);
      if (!v || *v < 1 || *v > 10) return make_error("bad level " + quoted(value));
      player.limits.level = *v;
    } else if (name == "nodes") {
      auto v = parse_long(value);
      if (!v || *v < 1) return make_error("bad node count " + quoted(value));
      player.limits.nodes = static_cast<std::uint64_t>(*v);
    } else if (name == "depth") {
      auto v = parse_int(value);
      if (!v || *v < 1 || *v > 100) return make_error("bad depth " + quoted(value));
      player.limits.depth = *v;
    } else if (name == "time") {
      const double t = std::atof(std::string(value).c_str());
      if (!(t > 0)) return make_error("bad time " + quoted(value));
      player.limits.move_time = t;
    } else if (name == "reductions") {
      if (value != "on" && value != "off")
        return make_error("bad reductions " + quoted(value) + ": give on or off");
      player.limits.reductions = value == "on";
    } else if (name == "null-move") {
      if (value != "on" && value != "off")
        return make_error("bad null-move " + quoted(value) + ": give on or off");
      player.limits.null_move = value == "on";
    } else {
      return make_error("unknown player option " + quoted(name) +
                        " (level, nodes, depth, time, reductions, null-move)");
    }
  }
  if (!player.limits.nodes && !player.limits.depth && player.limits.move_time == 0)
    player.limits.move_time = 0.2;
  return player;
}

struct GameRecord {
  int index = 0;
  bool a_white = true;
  Outcome outcome = Outcome::ongoing;
  std::string reason;
  std::string pdn;
};

}  // namespace

int run_match(const std::vector<std::string>& words) {
  auto args = parse_args(
      words, {"games", "a", "b", "pdn", "seed", "opening-plies", "max-plies", "concurrency"}, {});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("match needs <game>");
  const std::string game = args->positional[0];
  if (!find_game(game)) {
    auto s = new_session(game);
    return fail(s ? "unknown game" : s.error());
  }
  auto number = [&](const char* name, int fallback, int lo, int hi) -> Result<int> {
    auto v = args->value(name);
    if (!v) return fallback;
    auto n = parse_int(*v);
    if (!n || *n < lo || *n > hi)
      return make_error("bad --" + std::string(name) + " " + quoted(*v) + ": give " +
                        std::to_string(lo) + " to " + std::to_string(hi));
    return *n;
  };
  auto games = number("games", 20, 1, 100000);
  auto opening_plies = number("opening-plies", 4, 0, 40);
  auto max_plies = number("max-plies", 400, 10, 10000);
  auto concurrency = number("concurrency", 1, 1, 64);
  auto seed = number("seed", 1, 0, 2147483647);
  for (auto* r : {&games, &opening_plies, &max_plies, &concurrency, &seed})
    if (!*r) return fail(r->error());
  auto a = parse_player(args->value("a").value_or("level=10"));
  if (!a) return fail("--a: " + a.error());
  auto b = parse_player(args->value("b").value_or("level=5"));
  if (!b) return fail("--b: " + b.error());

  std::vector<GameRecord> records(*games);
  std::atomic<int> next{0};
  std::mutex print;
  auto worker = [&] {
    engine::Engine engine_a(16), engine_b(16);
    for (;;) {
      const int i = next.fetch_add(1);
      if (i >= *games) return;
      GameRecord& record = records[i];
      record.index = i;
      record.a_white = i % 2 == 0;
      // Each opening is played twice, once with each colour.
      std::mt19937_64 rng(static_cast<std::uint64_t>(*seed) * 1000003 + i / 2);
      auto session = new_session(game);
      if (!session) return;
      GameSession& g = **session;
      for (int p = 0; p < *opening_plies && !g.end().over(); ++p) {
        auto moves = g.legal_moves();
        if (moves.empty()) break;
        (void)g.play(moves[rng() % moves.size()]);
      }
      const std::string start = g.start_fen();
      std::string reason;
      while (!g.end().over() && static_cast<int>(g.moves_played().size()) < *max_plies) {
        const bool a_to_move = (g.to_move() == doska::Player::white) == record.a_white;
        engine::Engine& engine = a_to_move ? engine_a : engine_b;
        search::Limits limits = a_to_move ? a->limits : b->limits;
        limits.seed = rng();
        if (!engine.set_position(game, start, g.moves_played()).ok()) break;
        const engine::BestMove best = engine.search(limits);
        if (best.move.empty() || !g.play(best.move).ok()) break;
      }
      const GameEnd end = g.end();
      record.outcome = end.over() ? end.outcome : Outcome::draw;
      record.reason = end.over() ? end.reason + " (" + end.rule + ")" : "adjudicated: move cap";
      record.pdn = g.record({{"Event", "doska match"},
                             {"Round", std::to_string(i + 1)},
                             {"White", record.a_white ? a->name : b->name},
                             {"Black", record.a_white ? b->name : a->name}});
      std::lock_guard<std::mutex> lock(print);
      const char* result = record.outcome == Outcome::white_wins   ? "1-0"
                           : record.outcome == Outcome::black_wins ? "0-1"
                                                                   : "1/2";
      std::printf("game %d: %s (White) vs %s (Black): %s, %s\n", i + 1,
                  (record.a_white ? a->name : b->name).c_str(),
                  (record.a_white ? b->name : a->name).c_str(), result, record.reason.c_str());
      std::fflush(stdout);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < *concurrency; ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();

  int wins = 0, losses = 0, draws = 0;
  std::string pdn;
  for (const GameRecord& r : records) {
    const bool white_won = r.outcome == Outcome::white_wins;
    const bool black_won = r.outcome == Outcome::black_wins;
    if (!white_won && !black_won)
      ++draws;
    else if (white_won == r.a_white)
      ++wins;
    else
      ++losses;
    pdn += r.pdn + "\n";
  }
  if (auto path = args->value("pdn")) {
    std::ofstream out(*path, std::ios::binary);
    out << pdn;
    if (!out) return fail("cannot write " + *path);
  }
  const double n = wins + losses + draws;
  const double score = (wins + 0.5 * draws) / n;
  // Per-game variance of the score, for the 95% margin.
  const double variance =
      (wins * std::pow(1 - score, 2) + draws * std::pow(0.5 - score, 2) + losses * score * score) /
      n;
  const double margin = 1.96 * std::sqrt(variance / n);
  auto elo = [](double p) {
    p = std::clamp(p, 1e-6, 1 - 1e-6);
    return -400.0 * std::log10(1.0 / p - 1.0);
  };
  std::printf("score %s vs %s: +%d -%d =%d, %.1f%% +- %.1f%% (95%%), Elo %+.0f [%+.0f, %+.0f]\n",
              a->name.c_str(), b->name.c_str(), wins, losses, draws, 100 * score, 100 * margin,
              elo(score), elo(score - margin), elo(score + margin));
  return 0;
}

}  // namespace doska::cli
