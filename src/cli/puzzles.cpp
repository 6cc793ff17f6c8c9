// `doska puzzles build|verify <game>`: the puzzles shipped in data/puzzles/ (docs/puzzles.md).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <set>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/files.h"
#include "common/text.h"
#include "games/session.h"
#include "puzzles/finder.h"
#include "server/db/db.h"
#include "server/record_import.h"
#include "server/storage.h"

namespace doska::cli {

namespace {

double seconds_since(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

// A recorded game for the finder, its moves as the session writes them; an error names the move.
Result<puzzles::RecordedGame> recorded_game(const std::string& game,
                                            const server::RecordText& record) {
  auto replayed = server::replay_record(game, record);
  if (!replayed) return make_error(replayed.error());
  return puzzles::RecordedGame{replayed->session->start_fen(), std::move(replayed->moves)};
}

// The games of a PDN (or PGN) file for `game`. A game the rules refuse is left out with a line
// on the standard error naming it; a file that cannot be read is an error.
Result<std::vector<puzzles::RecordedGame>> games_from_file(const std::string& game,
                                                           const std::string& path) {
  auto text = read_whole_file(path);
  if (!text) return make_error(text.error());
  auto records = server::read_record_texts(game, *text, false);
  if (!records) return make_error(path + ": " + records.error());
  std::vector<puzzles::RecordedGame> out;
  for (std::size_t i = 0; i < records->size(); ++i) {
    auto g = recorded_game(game, (*records)[i]);
    if (!g) {
      std::fprintf(stderr, "%s: game %zu (line %d) left out: %s\n", path.c_str(), i + 1,
                   (*records)[i].line, g.error().c_str());
      continue;
    }
    out.push_back(std::move(*g));
  }
  return out;
}

// Every stored game of `game` with at least 2 plies, from a server's database.
Result<std::vector<puzzles::RecordedGame>> games_from_db(const std::string& game,
                                                         const std::string& target) {
  auto storage = server::Storage::open(target);
  if (!storage) return make_error(storage.error());
  server::GameIdFilter played;
  played.variant = game;
  played.min_plies = 2;
  auto ids = (*storage)->game_ids(played);
  if (!ids) return make_error(ids.error());
  std::vector<puzzles::RecordedGame> out;
  for (const std::string& id : *ids) {
    auto stored = (*storage)->load(id);
    if (!stored) return make_error(stored.error());
    if (!*stored) continue;
    server::RecordText record{(*stored)->start_fen, {}, 1};
    for (const server::StoredMove& m : (*stored)->moves) record.moves.push_back(m.text);
    auto g = recorded_game(game, record);
    if (!g) {
      std::fprintf(stderr, "stored game %s left out: %s\n", id.c_str(), g.error().c_str());
      continue;
    }
    out.push_back(std::move(*g));
  }
  return out;
}

// The puzzles of `kept` and then those of `found` at a new FEN, numbered in that order, written
// to `out` through a temporary file; answers how many.
Result<std::size_t> write_puzzles(const std::string& game, const std::string& out,
                                  const std::vector<puzzles::Puzzle>& kept,
                                  const std::vector<puzzles::Puzzle>& found) {
  std::vector<puzzles::Puzzle> all = kept;
  std::set<std::string> fens;
  for (const auto& p : all) fens.insert(p.fen);
  for (const auto& p : found)
    if (fens.insert(p.fen).second) all.push_back(p);
  for (std::size_t i = 0; i < all.size(); ++i) all[i].id = game + "-" + std::to_string(i + 1);
  if (Status s = replace_file(out, puzzles::write_file(game, all)); !s)
    return make_error(s.error());
  return all.size();
}

int build_puzzles(const Args& args, const std::string& game) {
  puzzles::BuildOptions options;
  options.finder.game = game;
  long long count = 500, seed = 1, nodes = 60000;
  std::string error;
  if (!int_option(args, "count", 1, 100000, count, error) ||
      !int_option(args, "seed", 0, 1LL << 62, seed, error) ||
      !int_option(args, "nodes", 1000, 100000000, nodes, error))
    return fail(error);
  if (auto levels = args.value("levels")) {
    int low = 0, high = 0;
    char dash = 0, rest = 0;
    if (std::sscanf(levels->c_str(), "%d%c%d%c", &low, &dash, &high, &rest) != 3 || dash != '-' ||
        low < 1 || high > 10 || low > high)
      return fail("--levels " + doska::quoted(*levels) + ": give LOW-HIGH, two levels of 1-10");
    options.min_level = low;
    options.max_level = high;
  }
  auto shelf = egdb_option(args);
  if (!shelf) return fail(shelf.error());
  options.finder.tables = *shelf;
  options.finder.deep_nodes = static_cast<std::uint64_t>(nodes);
  options.seed = static_cast<std::uint64_t>(seed);
  if (args.flag("recorded-only")) options.max_games = 0;
  const std::string out = args.value("out").value_or(puzzles::file_for(game));
  // Positions from games people played first: a PDN file, a server's stored games.
  if (auto path = args.value("pdn")) {
    auto games = games_from_file(game, *path);
    if (!games) return fail(games.error());
    std::fprintf(stderr, "%zu games from %s\n", games->size(), path->c_str());
    for (auto& g : *games) options.recorded.push_back(std::move(g));
  }
  if (auto target = args.value("db")) {
    auto games = games_from_db(game, *target);
    if (!games) return fail(games.error());
    std::fprintf(stderr, "%zu games from %s\n", games->size(),
                 server::db::redacted(*target).c_str());
    for (auto& g : *games) options.recorded.push_back(std::move(g));
  }

  std::vector<puzzles::Puzzle> kept;
  if (args.flag("append") && std::filesystem::exists(out)) {
    auto old = puzzles::load_file(out);
    if (!old) return fail(old.error());
    kept = std::move(*old);
  }
  options.count = static_cast<int>(count) - static_cast<int>(kept.size());
  for (const auto& p : kept) options.known.push_back(p.fen);
  const auto begin = std::chrono::steady_clock::now();
  std::vector<puzzles::Puzzle> found;
  if (options.count > 0) {
    // The file is written again after each game that found a puzzle, so that a long build that
    // is stopped keeps what it found (a later run goes on with --append and another --seed).
    std::size_t saved = 0;
    Status saving = Ok{};
    auto built = puzzles::build(options, [&](const puzzles::BuildProgress& p) {
      std::fprintf(stderr, "\rgames %d positions %llu puzzles %d time %.0f s", p.games,
                   static_cast<unsigned long long>(p.positions), p.puzzles, p.seconds);
      if (p.found && p.found->size() > saved && saving) {
        if (auto written = write_puzzles(game, out, kept, *p.found); !written)
          saving = make_error(written.error());
        saved = p.found->size();
      }
    });
    std::fprintf(stderr, "\n");
    if (!built) return fail(built.error());
    if (!saving) return fail(saving.error());
    found = std::move(*built);
  }
  const double seconds = seconds_since(begin);
  auto total = write_puzzles(game, out, kept, found);
  if (!total) return fail(total.error());
  std::printf("%s: %zu puzzles in %s; %zu new in %.1f s (%.2f s a puzzle)\n", game.c_str(), *total,
              out.c_str(), found.size(), seconds,
              found.empty() ? 0.0 : seconds / static_cast<double>(found.size()));
  return 0;
}

int verify_puzzles(const Args& args, const std::string& game) {
  long long nodes = static_cast<long long>(puzzles::FinderOptions{}.verify_nodes());
  std::string error;
  if (!int_option(args, "nodes", 1000, 100000000, nodes, error)) return fail(error);
  auto shelf = egdb_option(args);
  if (!shelf) return fail(shelf.error());
  const std::string file = args.value("file").value_or(puzzles::file_for(game));
  auto loaded = puzzles::load_file(file);
  if (!loaded) return fail(loaded.error());
  if (!loaded->empty() && loaded->front().game != game)
    return fail(file + " holds puzzles of " + loaded->front().game + ", not " + game);
  engine::Engine engine(32);
  engine.set_tables(*shelf);
  const auto begin = std::chrono::steady_clock::now();
  int wrong = 0;
  for (const puzzles::Puzzle& p : *loaded) {
    if (Status s = puzzles::verify(engine, p, static_cast<std::uint64_t>(nodes)); !s) {
      std::printf("puzzle %s: %s\n", p.id.c_str(), s.error().c_str());
      ++wrong;
    }
  }
  std::printf("%s: %zu puzzles checked at %lld nodes, %d wrong, in %.1f s\n", game.c_str(),
              loaded->size(), nodes, wrong, seconds_since(begin));
  return wrong == 0 ? 0 : 1;
}

}  // namespace

int run_puzzles(const std::vector<std::string>& words) {
  auto args = parse_args(
      words,
      {"count", "out", "seed", "nodes", "file", "egdb", "egdb-memory", "pdn", "db", "levels"},
      {"append", "recorded-only"});
  if (!args) return fail(args.error());
  if (args->positional.size() != 2 ||
      (args->positional[0] != "build" && args->positional[0] != "verify"))
    return fail("puzzles needs build|verify <game>");
  const std::string& game = args->positional[1];
  if (!find_game(game)) return fail("unknown game " + doska::quoted(game));
  return args->positional[0] == "build" ? build_puzzles(*args, game) : verify_puzzles(*args, game);
}

}  // namespace doska::cli
