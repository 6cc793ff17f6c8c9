// `doska egdb build|verify|probe`: the endgame databases (docs/egdb.md).
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "egdb/retrograde.h"
#include "engine/tablebase.h"
#include "games/draughts/egdb.h"
#include "games/draughts/variant.h"
#include "games/mill/egdb.h"

namespace doska::cli {

namespace {

template <typename Options>
Options options_from(const Args& args, int default_pieces, std::string& error) {
  Options o;
  o.pieces = default_pieces;
  if (auto dir = args.value("dir")) o.dir = *dir;
  long long pieces = o.pieces, threads = o.threads;
  if (!int_option(args, "pieces", 2, 9, pieces, error) ||
      !int_option(args, "threads", 1, 64, threads, error))
    return o;
  o.pieces = static_cast<int>(pieces);
  o.threads = static_cast<int>(threads);
  if (!args.flag("quiet"))
    o.progress = [](const std::string& line) {
      std::fprintf(stderr, "%s\n", line.c_str());
      std::fflush(stderr);
    };
  return o;
}

template <typename Report>
int print_build(const std::string& game, const Result<Report>& r) {
  if (!r) return fail(r.error());
  std::printf(
      "%s: %d tables built, %d kept, %llu positions (%llu wins, %llu draws, %llu losses), "
      "%.1f MB on disk, %.1f s; longest %d plies (%s)\n",
      game.c_str(), r->tables_built, r->tables_kept, static_cast<unsigned long long>(r->positions),
      static_cast<unsigned long long>(r->wins), static_cast<unsigned long long>(r->draws),
      static_cast<unsigned long long>(r->losses), static_cast<double>(r->bytes) / 1e6, r->seconds,
      r->longest, r->longest_table.c_str());
  return 0;
}

template <typename Report>
int print_verify(const std::string& game, const std::string& dir, const Result<Report>& r) {
  if (!r) return fail(r.error());
  for (const auto& p : r->problems) std::printf("wrong: %s\n", p.c_str());
  std::printf("%s: %d tables, %llu positions, %llu wrong\n", game.c_str(), r->tables,
              static_cast<unsigned long long>(r->positions),
              static_cast<unsigned long long>(r->wrong));
  if (r->tables == 0) return fail("no tables of " + game + " in " + dir);
  return r->wrong == 0 ? 0 : 1;
}

// `egdb probe`: the explorer's answer (engine/tablebase.h), reading only the tables of the
// position and of its moves' positions.
int print_probe(const std::string& game, const std::string& dir, const Args& args) {
  auto fen = args.value("fen");
  if (!fen) return fail("egdb probe needs --fen FEN");
  const engine::TablebaseLookup lookup = engine::explore_tables(dir, game, *fen);
  if (lookup.miss == engine::TablebaseMiss::outside_tables)
    return fail("no table holds this position (" + std::to_string(lookup.complete_pieces) +
                " pieces complete in " + dir + "; `doska egdb build " + game +
                " --pieces N` makes more)");
  if (!lookup.ok()) return fail(lookup.error);
  std::printf("value %s\n", lookup.value.text().c_str());
  for (const auto& m : lookup.moves)
    std::printf("move %s %s\n", m.move.c_str(), m.value.text().c_str());
  return 0;
}

int draughts_egdb(const std::string& action, const draughts::Rules& rules, const Args& args) {
  namespace dg = draughts::egdb;
  std::string error;
  auto o = options_from<dg::BuildOptions>(args, 4, error);
  if (!error.empty()) return fail(error);
  o.packed = args.flag("packed");
  if (auto gb = args.value("memory")) {
    const auto v = parse_int(*gb);
    if (!v || *v < 1 || *v > 4096)
      return fail("bad --memory " + doska::quoted(*gb) + ": give 1 to 4096 GB");
    o.memory_budget = static_cast<std::uint64_t>(*v) << 30;
  }
  const std::string game(rules.id);
  if (auto from = args.value("from")) {
    if (action != "verify") return fail("--from is for egdb verify (the table to start at)");
    o.from = *from;
  }
  if (action == "build") return print_build(game, dg::build(rules, o));
  if (action == "verify") return print_verify(game, o.dir, dg::verify(rules, o));
  return print_probe(game, o.dir, args);
}

int mill_egdb(const std::string& action, const mill::Rules& rules, const Args& args) {
  namespace me = mill::egdb;
  std::string error;
  auto o = options_from<me::BuildOptions>(args, 4, error);
  if (!error.empty()) return fail(error);
  const std::string game(rules.id);
  if (args.flag("packed") || args.value("memory"))
    return fail(
        "--packed and --memory are for the draughts tables; the mill tables are built and "
        "verified in memory");
  if (auto from = args.value("from")) {
    if (action != "verify") return fail("--from is for egdb verify (the table to start at)");
    o.from = *from;
  }
  if (action == "build") return print_build(game, me::build(rules, o));
  if (action == "verify") return print_verify(game, o.dir, me::verify(rules, o));
  return print_probe(game, o.dir, args);
}

// `--background PID`: the build of a server (`doska serve --egdb-grow`), process PID: at the
// lowest priority, so that the server's engines come first, and ended with its server.
Status go_background(const std::string& parent) {
  auto pid = parse_int(parent);
  if (!pid || *pid < 1) return make_error("bad --background " + doska::quoted(parent) + ": a pid");
  if (setpriority(PRIO_PROCESS, 0, 19) != 0) return make_error("cannot lower the priority");
  if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) return make_error("cannot follow the server");
  // The server may have ended before the line above: then this build is nobody's.
  if (getppid() != static_cast<pid_t>(*pid)) return make_error("the server has ended");
  return Ok{};
}

}  // namespace

int run_egdb(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"pieces", "dir", "threads", "fen", "memory", "from", "background"},
                         {"quiet", "packed"});
  if (!args) return fail(args.error());
  if (auto parent = args->value("background"))
    if (Status s = go_background(*parent); !s) return fail(s.error());
  if (args->positional.size() != 2)
    return fail(
        "usage: doska egdb build|verify|probe <game> [--pieces N] [--dir DIR] [--fen F] "
        "[--packed] [--memory GB] [--from TABLE]");
  const std::string& action = args->positional[0];
  if (action != "build" && action != "verify" && action != "probe")
    return fail("unknown egdb action " + doska::quoted(action) + ": build, verify or probe");
  const std::string& game = args->positional[1];
  if (const draughts::Rules* rules = draughts::find_rules(game))
    return draughts_egdb(action, *rules, *args);
  if (const mill::Rules* rules = mill::find_rules(game)) return mill_egdb(action, *rules, *args);
  return fail("no endgame database for game " + doska::quoted(game) +
              " (draughts games and the mill games have them)");
}

}  // namespace doska::cli
