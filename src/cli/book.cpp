// `doska book build`: the opening book of a mill game's placement phase (docs/mill.md).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "engine/book_builder.h"
#include "games/mill/book.h"

namespace doska::cli {

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "error: %s\n", message.c_str());
  return 2;
}

constexpr const char* kUsage =
    "usage: doska book build <mill game> [--plies N] [--depth D] [--threads T] [--out FILE] "
    "[--fresh] [--quiet]";

}  // namespace

int run_book(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"plies", "depth", "threads", "out"}, {"fresh", "quiet"});
  if (!args) return fail(args.error());
  if (args->positional.size() != 2 || args->positional[0] != "build") return fail(kUsage);
  const std::string game = args->positional[1];
  const mill::Rules* rules = mill::find_rules(game);
  if (!rules)
    return fail("no opening book for " + doska::quoted(game) +
                ": books are for the mill games (mill, mill-mixed, mill-ceylon)");
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
  if (!args->flag("quiet"))
    options.progress = [](const std::string& line) {
      std::fprintf(stderr, "%s\n", line.c_str());
      std::fflush(stderr);
    };

  const std::string comment = "Opening book of " + game + ": `doska book build " + game +
                              " --plies " + std::to_string(options.plies) + " --depth " +
                              std::to_string(options.depth) + "` (docs/mill.md).";
  // Written whole to a side file, then renamed: the book at `out` is never half written.
  std::string write_error;
  const auto save = [&](const mill::Book& book) {
    std::error_code ec;
    const std::filesystem::path path(out);
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    const std::string temp = out + ".part";
    {
      std::ofstream file(temp, std::ios::binary | std::ios::trunc);
      file << book.format(comment + "\n" + std::to_string(book.size()) +
                          " positions, one per symmetry class.");
      if (!file) {
        write_error = "cannot write " + temp;
        return;
      }
    }
    std::filesystem::rename(temp, out, ec);
    if (ec) write_error = "cannot write " + out + ": " + ec.message();
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
