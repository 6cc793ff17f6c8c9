// `doska analyze` and `doska bench`: the engine from the command line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "engine/engine.h"
#include "games/session.h"

namespace doska::cli {

namespace {

std::vector<std::string> move_list(const Args& args) {
  std::vector<std::string> moves;
  if (auto text = args.value("moves"))
    for (std::string_view m : split_words(*text)) moves.emplace_back(m);
  return moves;
}

void print_info(const search::Info& info) {
  const double nps = info.seconds > 0 ? static_cast<double>(info.nodes) / info.seconds : 0;
  std::string pv;
  for (const std::string& m : info.pv) pv += " " + m;
  // "egdb N": positions whose value came from the endgame databases.
  const std::string hits =
      info.table_hits ? " egdb " + std::to_string(info.table_hits) : std::string();
  std::printf("info depth %d seldepth %d score %s nodes %llu nps %.0f time %.3f%s pv%s\n",
              info.depth, info.seldepth, info.score.text().c_str(),
              static_cast<unsigned long long>(info.nodes), nps, info.seconds, hits.c_str(),
              pv.c_str());
  std::fflush(stdout);
}

// The search switches of analyze and bench: --reductions, --null-move, --probcut, --futility (on
// or off).
Status read_switches(const Args& args, search::Limits& limits) {
  const std::pair<const char*, bool search::Limits::*> switches[] = {
      {"reductions", &search::Limits::reductions},
      {"null-move", &search::Limits::null_move},
      {"probcut", &search::Limits::probcut},
      {"futility", &search::Limits::futility}};
  for (const auto& [name, flag] : switches) {
    if (auto v = args.value(name)) {
      if (*v != "on" && *v != "off")
        return make_error("bad --" + std::string(name) + " " + quoted(*v) + ": give on or off");
      limits.*flag = *v == "on";
    }
  }
  return Ok{};
}

}  // namespace

// Reads --depth, --time, --nodes, --threads, --level into limits.
Result<search::Limits> limits_from(const Args& args) {
  search::Limits limits;
  limits.contempt = 0;  // an analysis reports values, not a player's choice
  if (auto v = args.value("depth")) {
    auto d = parse_int(*v);
    if (!d || *d < 1 || *d > 100) return make_error("bad depth " + quoted(*v) + ": give 1 to 100");
    limits.depth = *d;
  }
  if (auto v = args.value("nodes")) {
    auto n = parse_long(*v);
    if (!n || *n < 1) return make_error("bad node count " + quoted(*v));
    limits.nodes = static_cast<std::uint64_t>(*n);
  }
  if (auto v = args.value("time")) {
    char* end = nullptr;
    const double t = std::strtod(v->c_str(), &end);
    if (v->empty() || *end != '\0' || !(t > 0) || t > 1e6)
      return make_error("bad time " + quoted(*v) + ": give seconds, e.g. 2.5");
    limits.move_time = t;
  }
  if (auto v = args.value("threads")) {
    auto t = parse_int(*v);
    if (!t || *t < 1 || *t > 64)
      return make_error("bad thread count " + quoted(*v) + ": give 1 to 64");
    limits.threads = *t;
  }
  if (auto v = args.value("level")) {
    auto l = parse_int(*v);
    if (!l || *l < 1 || *l > 10) return make_error("bad level " + quoted(*v) + ": give 1 to 10");
    limits.level = *l;
  }
  if (Status s = read_switches(args, limits); !s) return make_error(s.error());
  // Analysis searches; --book on shows the opening book's move, where the game has one, instead.
  limits.book = false;
  if (auto v = args.value("book")) {
    if (*v != "on" && *v != "off")
      return make_error("bad --book " + quoted(*v) + ": give on or off");
    limits.book = *v == "on";
  }
  if (!limits.depth && !limits.nodes && limits.move_time == 0) limits.move_time = 3;
  return limits;
}

int run_analyze(const std::vector<std::string>& words) {
  auto args = parse_args(
      words,
      {"fen", "moves", "depth", "time", "nodes", "threads", "level", "hash", "reductions",
       "null-move", "probcut", "futility", "book", "eval", "egdb", "egdb-memory"},
      {});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("analyze needs <game>");
  auto limits = limits_from(*args);
  if (!limits) return fail(limits.error());
  std::size_t hash = 64;
  if (auto v = args->value("hash")) {
    auto h = parse_int(*v);
    if (!h || *h < 1 || *h > 4096)
      return fail("bad hash size " + quoted(*v) + ": give 1 to 4096 MB");
    hash = static_cast<std::size_t>(*h);
  }
  engine::Engine engine(hash);
  auto tables = egdb_option(*args);
  if (!tables) return fail(tables.error());
  engine.set_tables(*tables);
  if (auto e = args->value("eval"))
    if (Status s = engine.set_eval(*e); !s) return fail(s.error());
  std::optional<std::string> fen = args->value("fen");
  Status status = engine.set_position(args->positional[0],
                                      fen ? std::optional<std::string_view>(*fen) : std::nullopt,
                                      move_list(*args));
  if (!status) return fail(status.error());
  const engine::BestMove best = engine.search(*limits, print_info);
  std::printf("bestmove %s score %s\n", best.move.empty() ? "(none)" : best.move.c_str(),
              best.score.text().c_str());
  return 0;
}

namespace {

struct BenchPosition {
  const char* game;
  const char* fen;  // nullptr: the start
  int depth;
};

// A fixed set: the node total is a signature of the search; it changes only when the search does.
constexpr BenchPosition kBench[] = {
    {"international", nullptr, 14},
    {"international",
     "W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,8,9,10,11,12,13,"
     "14,16,17,19,21,22,23",
     13},
    {"international", "W:WK47,31,32,33,38:BK5,12,13,18,19", 14},
    {"russian", nullptr, 15},
    {"russian", "W:Wa1,c1,e1,b2,f2,h2,c3,g3,d4:Bb6,d6,f6,h6,a7,c7,g7,d8,f8", 15},
    {"english", nullptr, 15},
    {"english", "B:W18,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14", 15},
    {"international-giveaway", nullptr, 13},
    {"russian-giveaway", nullptr, 14},
    {"english-giveaway", nullptr, 15},
    {"chess100", nullptr, 9},
    {"chess100",
     "r1bpkq2r1/pp1pjp2Np/4g2p2/2p1n1b3/6p3/4n5/P2NB1P3/4P2Q2/1PPPJP1PPP/R1B1K1G2R w AJa - 1 16 Ee",
     7},
    {"chess100",
     "r1bpkq1b1r/pp1pjp2pp/4g2p2/2p1n1p3/6n3/5NN3/6P3/4P2Q2/PPPPJP1PPP/R1B1K1GB1R w AJaj - 2 11 Ee",
     7},
};

}  // namespace

int run_bench(const std::vector<std::string>& words) {
  auto args = parse_args(
      words, {"threads", "reductions", "null-move", "probcut", "futility", "game", "eval"}, {});
  if (!args) return fail(args.error());
  int threads = 1;
  if (auto v = args->value("threads")) {
    auto t = parse_int(*v);
    if (!t || *t < 1 || *t > 64) return fail("bad thread count " + quoted(*v));
    threads = *t;
  }
  search::Limits switches;
  if (Status s = read_switches(*args, switches); !s) return fail(s.error());
  // --game G: only the positions of one game (to measure a change made for that game).
  const std::optional<std::string> only = args->value("game");
  if (only && std::none_of(std::begin(kBench), std::end(kBench),
                           [&](const BenchPosition& b) { return *only == b.game; }))
    return fail("no bench position for game " + quoted(*only));
  std::uint64_t total = 0;
  double seconds = 0;
  for (const BenchPosition& b : kBench) {
    if (only && *only != b.game) continue;
    engine::Engine engine(16);
    engine.set_tables(nullptr);  // the signature does not depend on the databases at hand
    // --eval is for the draughts games; the others keep their one evaluation.
    if (auto e = args->value("eval"); e && find_game(b.game)->family == "draughts")
      if (Status s = engine.set_eval(*e); !s) return fail(s.error());
    Status status = engine.set_position(
        b.game, b.fen ? std::optional<std::string_view>(b.fen) : std::nullopt, {});
    if (!status) return fail(std::string(b.game) + ": " + status.error());
    search::Limits limits;
    limits.depth = b.depth;
    limits.contempt = 0;  // fixed searches, the same whatever a game's contempt
    limits.threads = threads;
    limits.reductions = switches.reductions;
    limits.null_move = switches.null_move;
    limits.probcut = switches.probcut;
    limits.futility = switches.futility;
    limits.book = false;  // nor on the opening books
    const engine::BestMove best = engine.search(limits);
    std::printf("%-24s depth %2d nodes %10llu time %6.3f bestmove %s score %s\n", b.game, b.depth,
                static_cast<unsigned long long>(best.nodes), best.seconds, best.move.c_str(),
                best.score.text().c_str());
    total += best.nodes;
    seconds += best.seconds;
  }
  std::printf("nodes %llu\nnps %.0f\ntime %.3f\n", static_cast<unsigned long long>(total),
              seconds > 0 ? static_cast<double>(total) / seconds : 0.0, seconds);
  return 0;
}

}  // namespace doska::cli
