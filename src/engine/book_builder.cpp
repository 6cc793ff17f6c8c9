#include "engine/book_builder.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "engine/backend.h"
#include "engine/engine.h"
#include "games/draughts/game.h"
#include "games/draughts/notation.h"
#include "games/mill/notation.h"

namespace doska::engine {

namespace {

// The search's value for the book: centipawns, or the win/loss value with its distance.
int book_value(const search::Score& score) {
  switch (score.kind) {
    case search::Score::Kind::cp:
      return score.value;
    case search::Score::Kind::draw:
      return 0;
    case search::Score::Kind::win:
      return search::kWin - score.value;
    default:
      return -search::kWin + score.value;
  }
}

// Searches the positions not kept from an earlier book, each alone from an empty table (the same
// book on every rebuild), `threads` engines at once, and adds each search's move to `book`.
template <class Rules, class Position, class Book, class Options, class ToFen, class ParseMove>
Status search_into(const Rules& rules, const std::vector<Position>& positions,
                   const Options& options, Book& book, int& done_total, ToFen to_fen,
                   ParseMove parse_move) {
  std::vector<const Position*> todo;
  for (const Position& pos : positions) {
    // Searched already by this build (two lines can meet at different plies).
    if (auto done = book.probe(pos); done && done->depth >= options.depth) continue;
    if (options.keep) {
      if (auto old = options.keep->probe(pos); old && old->depth >= options.depth) {
        book.add(pos, old->move, old->value, old->depth);
        continue;
      }
    }
    todo.push_back(&pos);
  }
  std::atomic<std::size_t> next{0};
  std::atomic<int> done{0};
  std::mutex mutex;  // the book, the progress lines and the first error
  std::string error;
  auto work = [&] {
    Engine engine(options.hash_megabytes);
    engine.set_tables(nullptr);  // the first plies are far from the endgame databases
    for (std::size_t i = next++; i < todo.size(); i = next++) {
      const Position& pos = *todo[i];
      engine.new_game();
      const std::string fen = to_fen(pos);
      if (Status s = engine.set_position(rules.id, fen); !s) {
        std::lock_guard lock(mutex);
        if (error.empty()) error = fen + ": " + s.error();
        return;
      }
      search::Limits limits;
      limits.depth = options.depth;
      limits.book = false;
      limits.contempt = 0;  // a value to report, not a player's choice
      const BestMove best = engine.search(limits);
      auto move = parse_move(pos, best.move);
      std::lock_guard lock(mutex);
      if (!move) {
        if (error.empty()) error = fen + ": the search gave " + best.move + ": " + move.error();
        return;
      }
      book.add(pos, *move, book_value(best.score), options.depth);
      const int n = ++done;
      if (options.progress && (n % 100 == 0 || n == static_cast<int>(todo.size())))
        options.progress(std::to_string(n) + " of " + std::to_string(todo.size()) +
                         " positions searched");
      if (options.checkpoint && options.checkpoint_every > 0 && n % options.checkpoint_every == 0)
        options.checkpoint(book);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, options.threads); ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  done_total += done.load();
  if (!error.empty()) return make_error(error);
  return Ok{};
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

Result<BookBuildReport> build_book(const mill::Rules& rules, const BookBuildOptions& options,
                                   mill::Book& book) {
  if (options.plies < 0 || options.plies > 17)
    return make_error("--plies must be 0 to 17 (the placement phase)");
  if (options.depth < 1 || options.depth > 100) return make_error("--depth must be 1 to 100");
  const auto start = std::chrono::steady_clock::now();
  BookBuildReport report;
  const Status s = search_into(
      rules, mill::book_positions(rules, options.plies), options, book, report.searched,
      [](const mill::Position& p) { return mill::to_fen(p); },
      [&](const mill::Position& p, const std::string& m) { return mill::parse_move(rules, p, m); });
  if (!s) return make_error(s.error());
  report.positions = static_cast<int>(book.size());
  report.seconds = seconds_since(start);
  return report;
}

namespace {

// The position the plies count from: the start, or where the line of `moves` leads (`name` says
// which line in an error).
Result<draughts::Position> line_start(const draughts::Rules& rules,
                                      const std::vector<std::string>& moves,
                                      const std::string& name) {
  draughts::Game line(rules, draughts::start_position(rules));
  if (Status s = replay(line, moves); !s) return make_error(name + ": " + s.error());
  if (line.over() || draughts::legal_moves(rules, line.position()).empty())
    return make_error(name + ": the game is over after the moves");
  return line.position();
}

// The options checked, and the positions the plies count from (the start when there is no line).
Result<std::vector<draughts::Position>> checked_starts(const draughts::Rules& rules,
                                                       const DraughtsBookOptions& options) {
  std::vector<draughts::Position> starts;
  if (options.lines.empty()) starts.push_back(draughts::start_position(rules));
  for (std::size_t i = 0; i < options.lines.size(); ++i) {
    const std::string name =
        options.lines.size() == 1 ? "--moves" : "--moves, line " + std::to_string(i + 1);
    auto start = line_start(rules, options.lines[i], name);
    if (!start) return make_error(start.error());
    starts.push_back(*start);
  }
  if (options.plies < 0 || options.plies > 6) return make_error("--plies must be 0 to 6");
  if (options.follow != 0 &&
      (options.follow <= options.plies || options.follow < 2 || options.follow > 20))
    return make_error("--follow must be above --plies, and 2 to 20");
  if (options.depth < 1 || options.depth > 100) return make_error("--depth must be 1 to 100");
  return starts;
}

// The positions of each ply from every start, each position once (two lines may meet).
std::vector<std::vector<draughts::Position>> merged_levels(
    const draughts::Rules& rules, int plies, const std::vector<draughts::Position>& starts) {
  std::vector<std::vector<draughts::Position>> levels(static_cast<std::size_t>(plies) + 1);
  std::vector<std::set<draughts::BookKey>> seen(levels.size());
  for (const draughts::Position& start : starts) {
    const auto own = draughts::opening_levels(rules, plies, start);
    for (std::size_t ply = 0; ply < own.size() && ply < levels.size(); ++ply)
      for (const draughts::Position& p : own[ply])
        if (seen[ply].insert(draughts::book_key(p)).second) levels[ply].push_back(p);
  }
  return levels;
}

}  // namespace

Status check_options(const draughts::Rules& rules, const DraughtsBookOptions& options) {
  if (auto starts = checked_starts(rules, options); !starts) return make_error(starts.error());
  return Ok{};
}

Result<BookBuildReport> build_book(const draughts::Rules& rules, const DraughtsBookOptions& options,
                                   draughts::Book& book) {
  const auto starts = checked_starts(rules, options);
  if (!starts) return make_error(starts.error());
  const auto start = std::chrono::steady_clock::now();
  BookBuildReport report;
  const auto to_fen = [&](const draughts::Position& p) { return draughts::to_fen(rules, p); };
  const auto parse = [&](const draughts::Position& p, const std::string& m) {
    return draughts::parse_move(rules, p, m);
  };
  std::vector<std::vector<draughts::Position>> levels =
      merged_levels(rules, options.plies, *starts);
  for (std::size_t ply = 0; ply < levels.size(); ++ply) {
    if (options.progress)
      options.progress("ply " + std::to_string(ply) + ": " + std::to_string(levels[ply].size()) +
                       " positions");
    const int searched_before = report.searched;
    if (Status s = search_into(rules, levels[ply], options, book, report.searched, to_fen, parse);
        !s)
      return make_error(s.error());
    // A level's last searches are kept at once, not after the next level's first ones.
    if (options.checkpoint && report.searched != searched_before) options.checkpoint(book);
    // The next level of the book's lines, once the level two plies before it has its moves (none
    // at ply 1 when the book has only the start).
    const int next = static_cast<int>(ply) + 1;
    if (next > options.plies && next <= options.follow)
      levels.push_back(next >= 2 ? draughts::follow_level(book, levels[next - 2])
                                 : std::vector<draughts::Position>{});
  }
  report.positions = static_cast<int>(book.size());
  report.seconds = seconds_since(start);
  return report;
}

}  // namespace doska::engine
