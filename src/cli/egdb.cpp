// `doska egdb build|verify|probe`: the endgame databases (docs/egdb.md).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "games/draughts/egdb.h"
#include "games/draughts/movegen.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::cli {

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "error: %s\n", message.c_str());
  return 2;
}

// Progress on one line of stderr when it is a terminal, else a line now and then.
void progress_line(const std::string& line, bool quiet) {
  if (quiet) return;
  std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

int draughts_egdb(const std::string& action, const draughts::Rules& rules, const Args& args) {
  namespace eg = draughts::egdb;
  eg::BuildOptions o;
  if (auto dir = args.value("dir")) o.dir = *dir;
  std::string error;
  long long pieces = o.pieces, threads = o.threads;
  if (!int_option(args, "pieces", 2, eg::kMaxPieces, pieces, error) ||
      !int_option(args, "threads", 1, 64, threads, error))
    return fail(error);
  o.pieces = static_cast<int>(pieces);
  o.threads = static_cast<int>(threads);
  const bool quiet = args.flag("quiet");
  o.progress = [quiet](const std::string& line) { progress_line(line, quiet); };

  if (action == "build") {
    auto r = eg::build(rules, o);
    if (!r) return fail(r.error());
    std::printf(
        "%s: %d tables built, %d kept, %llu positions (%llu wins, %llu draws, %llu losses), "
        "%.1f MB on disk, %.1f s; longest %d plies (%s)\n",
        std::string(rules.id).c_str(), r->tables_built, r->tables_kept,
        static_cast<unsigned long long>(r->positions), static_cast<unsigned long long>(r->wins),
        static_cast<unsigned long long>(r->draws), static_cast<unsigned long long>(r->losses),
        static_cast<double>(r->bytes) / 1e6, r->seconds, r->longest, r->longest_table.c_str());
    return 0;
  }
  if (action == "verify") {
    auto r = eg::verify(rules, o);
    if (!r) return fail(r.error());
    for (const auto& p : r->problems) std::printf("wrong: %s\n", p.c_str());
    std::printf("%s: %d tables, %llu positions, %llu wrong\n", std::string(rules.id).c_str(),
                r->tables, static_cast<unsigned long long>(r->positions),
                static_cast<unsigned long long>(r->wrong));
    if (r->tables == 0) return fail("no tables of " + std::string(rules.id) + " in " + o.dir);
    return r->wrong == 0 ? 0 : 1;
  }
  // probe
  auto fen = args.value("fen");
  if (!fen) return fail("egdb probe needs --fen FEN");
  auto pos = draughts::parse_fen(rules, *fen);
  if (!pos) return fail(pos.error());
  auto db = eg::Database::open(rules, o.dir);
  if (!db) return fail(db.error());
  const auto value = (*db)->probe(*pos);
  if (!value)
    return fail("no table holds this position (tables with at most " +
                std::to_string((*db)->complete_pieces()) + " pieces are complete in " + o.dir +
                "; `doska egdb build " + std::string(rules.id) + " --pieces N` makes more)");
  std::printf("value %s\n", value->text().c_str());
  draughts::MoveList list;
  draughts::generate_moves(rules, *pos, list);
  struct Line {
    std::string move;
    eg::Value value;
  };
  std::vector<Line> lines;
  for (int k = 0; k < list.size(); ++k) {
    draughts::Position next = *pos;
    draughts::play(next, list[k]);
    const auto v = (*db)->probe(next);
    if (!v) continue;
    // The successor's value from the mover's side: one ply more, or 1 when the move converts.
    const int plies = list[k].is_capture() || list[k].promotes ? 1 : v->plies + 1;
    eg::Value mine{static_cast<eg::Outcome>(-static_cast<int>(v->outcome)), plies};
    if (mine.outcome == eg::Outcome::draw) mine.plies = 0;
    lines.push_back({draughts::move_text(rules, *pos, list[k]), mine});
  }
  std::stable_sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) {
    if (a.value.outcome != b.value.outcome) return a.value.outcome > b.value.outcome;
    return a.value.outcome == eg::Outcome::win ? a.value.plies < b.value.plies
                                               : a.value.plies > b.value.plies;
  });
  for (const auto& l : lines) std::printf("move %s %s\n", l.move.c_str(), l.value.text().c_str());
  return 0;
}

}  // namespace

int run_egdb(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"pieces", "dir", "threads", "fen"}, {"quiet"});
  if (!args) return fail(args.error());
  if (args->positional.size() != 2)
    return fail("usage: doska egdb build|verify|probe <game> [--pieces N] [--dir DIR] [--fen F]");
  const std::string& action = args->positional[0];
  if (action != "build" && action != "verify" && action != "probe")
    return fail("unknown egdb action " + quoted(action) + ": build, verify or probe");
  const std::string& game = args->positional[1];
  if (const draughts::Rules* rules = draughts::find_rules(game))
    return draughts_egdb(action, *rules, *args);
  return fail("no endgame database for game " + quoted(game));
}

}  // namespace doska::cli
