// `doska book build`: the opening books of the draughts games (docs/engine.md) and of the mill
// games' placement phase (docs/mill.md).
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/book_text.h"
#include "common/files.h"
#include "common/text.h"
#include "engine/book_builder.h"
#include "games/draughts/book.h"
#include "games/mill/book.h"

namespace doska::cli {

namespace {

constexpr const char* kUsage =
    "usage: doska book build <game> [--moves \"M1 M2 ...[, M1 M2 ...]\"] [--plies N] [--follow L] "
    "[--depth D] [--threads T] [--out FILE] [--fresh] [--quiet]";

// Writes the book whole to a side file, then renames it: the book at `out` is never half written.
template <class Book>
std::string save_book(const Book& book, const std::string& out, const std::string& comment) {
  const Status saved = replace_file(out, book.format(comment));
  return saved ? std::string() : saved.error();
}

// Writes the book as save_book does; a failure is said at once (a checkpoint's too) and the first
// one kept, for the command to end with it.
template <class Book>
void save_noting(const Book& book, const std::string& out, const std::string& comment,
                 std::string& first_error) {
  const std::string wrong = save_book(book, out, comment);
  if (wrong.empty()) return;
  std::fprintf(stderr, "cannot save the book: %s\n", wrong.c_str());
  if (first_error.empty()) first_error = wrong;
}

// How a book file's last comment line counts its positions, after the number.
constexpr std::string_view kDraughtsCount = " positions.";
constexpr std::string_view kMillCount = " positions, one per symmetry class.";

// The leading comment lines of a book file that say which commands made it (all but the count
// of positions), or none when it cannot be read.
std::vector<std::string> commands_of(const std::string& path) {
  std::vector<std::string> lines;
  auto text = read_book_file(path);
  if (!text) return lines;
  for (std::string_view l : split(*text, '\n')) {
    if (l.empty() || l[0] != '#') break;
    l.remove_prefix(std::min<std::size_t>(2, l.size()));
    if (l.ends_with(kDraughtsCount) || l.ends_with(kMillCount)) continue;
    lines.emplace_back(l);
  }
  return lines;
}

// The first lines of a book built by `command` (in backquotes) into `out`. A build over an
// earlier book keeps its entries: the file keeps saying every command that made it, the earlier
// ones first, a command run again named once.
std::string commands_note(const std::string& game, const std::string& command, const char* doc,
                          bool over_earlier, const std::string& out) {
  std::string note = "Opening book of " + game + ": " + command + " (" + doc + ").";
  if (!over_earlier) return note;
  const std::vector<std::string> made = commands_of(out);
  if (made.empty() || made.back() == note) return note;
  const std::string again = "then " + command + ".";
  note.clear();
  for (const std::string& m : made) note += m + "\n";
  if (made.back() != again) note += again;
  return note;
}

void print_progress(const std::string& line) {
  std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

// The draughts games: every position of the first plies, then the book's own lines.
int run_draughts_book(const draughts::Rules& rules, const Args& args) {
  engine::DraughtsBookOptions options;
  options.depth = 20;
  long long plies = options.plies, follow = 0, depth = options.depth, threads = options.threads;
  std::string error;
  if (!int_option(args, "plies", 0, 6, plies, error) ||
      !int_option(args, "follow", 0, 20, follow, error) ||
      !int_option(args, "depth", 1, 100, depth, error) ||
      !int_option(args, "threads", 1, 64, threads, error))
    return fail(error);
  options.plies = static_cast<int>(plies);
  options.follow = static_cast<int>(follow);
  options.depth = static_cast<int>(depth);
  options.threads = static_cast<int>(threads);
  // --moves "A B, C D E": one or more lines, separated by commas.
  const std::string line = std::string(trim(args.value("moves").value_or("")));
  std::string lines_given;  // as the book's header names them
  if (!line.empty()) {
    const std::vector<std::string_view> parts = split(line, ',');
    for (std::size_t i = 0; i < parts.size(); ++i) {
      std::vector<std::string> moves;
      for (std::string_view word : split_words(parts[i])) moves.emplace_back(word);
      if (moves.empty())
        return fail("--moves: line " + std::to_string(i + 1) + " of " +
                    std::to_string(parts.size()) + " has no move");
      std::string joined;
      for (const std::string& m : moves) joined += (joined.empty() ? "" : " ") + m;
      lines_given += (lines_given.empty() ? "" : ", ") + joined;
      options.lines.push_back(std::move(moves));
    }
  }
  if (Status s = engine::check_options(rules, options); !s) return fail(s.error());
  const std::string game(rules.id);
  const std::string out = args.value("out").value_or("data/book/" + game + ".txt");
  // An earlier book at the same path: what it holds deep enough is kept (a stopped build goes on).
  draughts::Book book(rules);
  std::optional<draughts::Book> earlier;
  std::error_code ec;
  if (!args.flag("fresh") && std::filesystem::exists(out, ec)) {
    auto loaded = draughts::Book::load(rules, out);
    if (!loaded) return fail(loaded.error() + " (give --fresh to build anew)");
    earlier = std::move(*loaded);
    book = *earlier;
    options.keep = &*earlier;
  }
  if (!args.flag("quiet")) options.progress = print_progress;
  std::string command = "`doska book build " + game;
  if (!lines_given.empty()) command += " --moves \"" + lines_given + "\"";
  command += " --plies " + std::to_string(options.plies);
  if (options.follow) command += " --follow " + std::to_string(options.follow);
  command += " --depth " + std::to_string(options.depth) + "`";
  const std::string comment =
      commands_note(game, command, "docs/engine.md", earlier.has_value(), out);
  std::string write_error;
  const auto save = [&](const draughts::Book& b) {
    save_noting(b, out, comment + "\n" + std::to_string(b.size()) + std::string(kDraughtsCount),
                write_error);
  };
  options.checkpoint = save;
  auto report = engine::build_book(rules, options, book);
  if (!report) return fail(report.error());
  save(book);
  if (!write_error.empty()) return fail(write_error);
  std::printf("%s: %zu positions in the book, %d searched to depth %d, %.1f s, written to %s\n",
              game.c_str(), book.size(), report->searched, options.depth, report->seconds,
              out.c_str());
  return 0;
}

}  // namespace

int run_book(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"plies", "follow", "depth", "threads", "out", "moves"},
                         {"fresh", "quiet"});
  if (!args) return fail(args.error());
  if (args->positional.size() != 2 || args->positional[0] != "build") return fail(kUsage);
  const std::string game = args->positional[1];
  if (const draughts::Rules* rules = draughts::find_rules(game))
    return run_draughts_book(*rules, *args);
  const mill::Rules* rules = mill::find_rules(game);
  if (!rules)
    return fail("no opening book for " + doska::quoted(game) +
                ": books are for the draughts games and the mill games (mill, mill-mixed, "
                "mill-ceylon)");
  for (const char* name : {"follow", "moves"})
    if (args->value(name)) return fail("--" + std::string(name) + " is for the draughts games");
  engine::BookBuildOptions options;
  long long plies = options.plies, depth = options.depth, threads = options.threads;
  std::string error;
  if (!int_option(*args, "plies", 0, 17, plies, error) ||
      !int_option(*args, "depth", 1, 100, depth, error) ||
      !int_option(*args, "threads", 1, 64, threads, error))
    return fail(error);
  options.plies = static_cast<int>(plies);
  options.depth = static_cast<int>(depth);
  options.threads = static_cast<int>(threads);
  const std::string out = args->value("out").value_or("data/book/" + game + ".txt");

  // An earlier book at the same path: what it holds deep enough is kept (a stopped build goes on).
  std::optional<mill::Book> earlier;
  std::error_code ec;
  if (!args->flag("fresh") && std::filesystem::exists(out, ec)) {
    auto loaded = mill::Book::load(*rules, out);
    if (!loaded) return fail(loaded.error() + " (give --fresh to build anew)");
    earlier = std::move(*loaded);
    options.keep = &*earlier;
  }
  if (!args->flag("quiet")) options.progress = print_progress;

  const std::string command = "`doska book build " + game + " --plies " +
                              std::to_string(options.plies) + " --depth " +
                              std::to_string(options.depth) + "`";
  const std::string comment =
      commands_note(game, command, "docs/mill.md", earlier.has_value(), out);
  std::string write_error;
  const auto save = [&](const mill::Book& book) {
    save_noting(book, out, comment + "\n" + std::to_string(book.size()) + std::string(kMillCount),
                write_error);
  };
  // The earlier book's entries stay, those of this build over them (a deeper search, or a
  // position the earlier one did not reach).
  const std::vector<mill::Position> positions = mill::book_positions(*rules, options.plies);
  const auto merged = [&](const mill::Book& book) {
    mill::Book all = earlier ? *earlier : mill::Book(*rules);
    for (const mill::Position& pos : positions)
      if (auto hit = book.probe(pos)) all.add(pos, hit->move, hit->value, hit->depth);
    return all;
  };
  options.checkpoint = [&](const mill::Book& book) { save(merged(book)); };

  mill::Book book(*rules);
  auto report = engine::build_book(*rules, options, book);
  if (!report) return fail(report.error());
  const mill::Book all = merged(book);
  save(all);
  if (!write_error.empty()) return fail(write_error);
  std::printf("%s: %zu positions in the book, %d searched to depth %d, %.1f s, written to %s\n",
              game.c_str(), all.size(), report->searched, options.depth, report->seconds,
              out.c_str());
  return 0;
}

}  // namespace doska::cli
