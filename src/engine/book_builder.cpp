#include "engine/book_builder.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "games/mill/notation.h"

namespace doska::engine {

Result<BookBuildReport> build_book(const mill::Rules& rules, const BookBuildOptions& options,
                                   mill::Book& book) {
  if (options.plies < 0 || options.plies > 17)
    return make_error("--plies must be 0 to 17 (the placement phase)");
  if (options.depth < 1 || options.depth > 100) return make_error("--depth must be 1 to 100");
  const auto start = std::chrono::steady_clock::now();
  const std::vector<mill::Position> positions = mill::book_positions(rules, options.plies);

  // What an earlier book already has deep enough is kept as it is.
  std::vector<const mill::Position*> todo;
  for (const mill::Position& pos : positions) {
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
    engine.set_tables(nullptr);  // the placement phase is not in the endgame databases
    for (std::size_t i = next++; i < todo.size(); i = next++) {
      const mill::Position& pos = *todo[i];
      engine.new_game();  // each search from an empty table: the same book on every rebuild
      const std::string fen = mill::to_fen(pos);
      if (Status s = engine.set_position(rules.id, fen); !s) {
        std::lock_guard lock(mutex);
        if (error.empty()) error = fen + ": " + s.error();
        return;
      }
      search::Limits limits;
      limits.depth = options.depth;
      limits.book = false;
      const BestMove best = engine.search(limits);
      auto move = mill::parse_move(rules, pos, best.move);
      std::lock_guard lock(mutex);
      if (!move) {
        if (error.empty()) error = fen + ": the search gave " + best.move + ": " + move.error();
        return;
      }
      const int value = best.score.kind == search::Score::Kind::cp     ? best.score.value
                        : best.score.kind == search::Score::Kind::draw ? 0
                        : best.score.kind == search::Score::Kind::win
                            ? search::kWin - best.score.value
                            : -search::kWin + best.score.value;
      book.add(pos, *move, value, options.depth);
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
  if (!error.empty()) return make_error(error);

  BookBuildReport report;
  report.positions = static_cast<int>(book.size());
  report.searched = done.load();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace doska::engine
