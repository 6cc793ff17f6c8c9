// `doska match`: games between two competitors (our engine, or a Hub, UCI or DXP program) with
// the score, its 95% error margin and the Elo difference. The match itself is src/match/.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/files.h"
#include "common/text.h"
#include "match/match.h"

namespace doska::cli {

int run_match(const std::vector<std::string>& words) {
  auto args = parse_args(words,
                         {"games", "a", "b", "pdn", "seed", "opening-plies", "openings", "balanced",
                          "max-plies", "concurrency", "time", "tc", "grace", "timeout"},
                         {});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("match needs <game>");
  match::MatchOptions options;
  options.game = args->positional[0];
  if (!find_game(options.game)) {
    auto s = new_session(options.game);
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
  auto seconds = [&](const char* name, double& out) -> Status {
    if (auto v = args->value(name)) {
      auto t = parse_seconds(*v);
      if (!t) return make_error("bad --" + std::string(name) + " " + quoted(*v) + ": give seconds");
      out = *t;
    }
    return Ok{};
  };
  auto games = number("games", 20, 1, 100000);
  auto opening_plies = number("opening-plies", 4, 0, 40);
  auto max_plies = number("max-plies", 400, 10, 10000);
  auto concurrency = number("concurrency", 1, 1, 64);
  auto seed = number("seed", 1, 0, 2147483647);
  auto balanced = number("balanced", -1, 0, 10000);
  for (auto* r : {&games, &opening_plies, &max_plies, &concurrency, &seed, &balanced})
    if (!*r) return fail(r->error());
  options.games = *games;
  options.opening_plies = *opening_plies;
  options.max_plies = *max_plies;
  options.concurrency = *concurrency;
  options.seed = static_cast<std::uint64_t>(*seed);
  options.balanced = *balanced;
  for (const char* name : {"grace", "timeout"})
    if (Status s = seconds(name, name[0] == 'g' ? options.grace : options.timeout); !s)
      return fail(s.error());

  if (args->value("time") && args->value("tc"))
    return fail("give --time (seconds per move) or --tc (a clock per game), not both");
  if (args->value("time")) {
    options.time.kind = match::TimeControl::Kind::per_move;
    if (Status s = seconds("time", options.time.move_time); !s) return fail(s.error());
  } else if (auto tc = args->value("tc")) {
    auto clock = match::parse_clock(*tc);
    if (!clock) return fail("--tc: " + clock.error());
    options.time = *clock;
  }

  if (args->value("openings") && args->value("opening-plies"))
    return fail("give --openings (a file) or --opening-plies (random openings), not both");
  if (args->value("openings") && args->value("balanced"))
    return fail("--balanced chooses among random openings (--opening-plies), not a file's");
  if (auto path = args->value("openings")) {
    auto text = read_whole_file(*path, "the openings file");
    if (!text) return fail(text.error());
    auto openings = match::parse_openings(options.game, *text);
    if (!openings) return fail(*path + ": " + openings.error());
    options.openings = std::move(*openings);
  }

  auto a = match::parse_competitor(args->value("a").value_or("level=10"));
  if (!a) return fail("--a: " + a.error());
  auto b = match::parse_competitor(args->value("b").value_or("level=5"));
  if (!b) return fail("--b: " + b.error());
  options.a = *a;
  options.b = *b;
  if (Status s = match::check_match(options); !s) return fail(s.error());

  // The records are written whole when the games are over; the file is made (empty) now, so that
  // a path that cannot be written fails before the games are played.
  const std::optional<std::string> pdn = args->value("pdn");
  if (pdn)
    if (Status s = replace_file(*pdn, ""); !s) return fail(s.error());

  const auto reports = match::play_match(options, [](const match::GameReport& r) {
    if (r.stopped) {
      std::printf("game %d: %s\n", r.round, r.reason.c_str());
      std::fflush(stdout);
      return;
    }
    std::printf("game %d: %s (White) vs %s (Black): %s, %s\n", r.round, r.white.c_str(),
                r.black.c_str(), r.result.c_str(), r.reason.c_str());
    std::fflush(stdout);
  });
  if (pdn) {
    std::string records;
    for (const match::GameReport& r : reports)
      if (!r.stopped) records += r.record + "\n";
    if (Status s = replace_file(*pdn, records); !s) return fail(s.error());
  }
  const match::ScoreSummary s = match::summarize(reports);
  const match::GameReport* first = nullptr;
  for (const match::GameReport& r : reports)
    if (!r.stopped && !first) first = &r;
  // Not one game played (a program that never got ready): no score to give.
  if (!first && !reports.empty()) return fail("no game was played: " + reports.front().reason);
  const std::string name_a = !first ? a->text : first->a_white ? first->white : first->black;
  const std::string name_b = !first ? b->text : first->a_white ? first->black : first->white;
  std::printf("score %s vs %s: +%d -%d =%d, %.1f%% +- %.1f%% (95%%), Elo %+.0f [%+.0f, %+.0f]\n",
              name_a.c_str(), name_b.c_str(), s.wins, s.losses, s.draws, 100 * s.score,
              100 * s.margin, s.elo + 0.0, s.elo_low + 0.0, s.elo_high + 0.0);
  // By pairs of games on one opening (match.h, summarize_pairs): a lopsided opening won by the
  // side it favours both times shows as a split pair.
  const match::PairSummary p = match::summarize_pairs(reports);
  if (p.pairs > 0)
    std::printf(
        "pairs %s: %d on one opening with the colours swapped; %s made 0, 1/2, 1, 3/2, 2 points "
        "in %d, %d, %d (%d of them a win and a loss), %d, %d; %.1f%% +- %.1f%% (95%%, by "
        "pairs)\n",
        name_a.c_str(), p.pairs, name_a.c_str(), p.count[0], p.count[1], p.count[2], p.split,
        p.count[3], p.count[4], 100 * p.score, 100 * p.margin);
  return 0;
}

}  // namespace doska::cli
