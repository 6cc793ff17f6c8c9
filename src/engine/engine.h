// The Engine facade: one object that every front end (CLI, Hub, DXP, UCI, the server) drives.
// Set a position of any game, then search it synchronously or in the background, with limits,
// a level for people, info callbacks and a stop that returns within milliseconds.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common/result.h"
#include "engine/backend.h"
#include "engine/table_shelf.h"
#include "search/types.h"

namespace doska::engine {

struct BestMove {
  std::string move;  // empty: no legal move
  search::Score score;
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<std::string> pv;
};

using BestCallback = std::function<void(const BestMove&)>;

class Engine {
 public:
  explicit Engine(std::size_t hash_megabytes = 32);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The game id, an optional FEN (else the start) and the moves played since.
  Status set_position(std::string_view game, std::optional<std::string_view> fen = std::nullopt,
                      const std::vector<std::string>& moves = {});
  const std::string& game() const { return game_; }
  void new_game();
  // The evaluation to search with (Backend::set_eval): kept for the games set after it; an error
  // names a spec the current game cannot use.
  Status set_eval(std::string_view spec);
  void resize_hash(std::size_t megabytes);
  // The endgame databases (docs/egdb.md): by default those in TableShelf::kDefaultDir under the
  // working folder; a shelf shared with other engines; nullptr: none (kept for the games set
  // after it).
  void set_tables(std::shared_ptr<TableShelf> shelf);

  // Searches on the calling thread.
  BestMove search(const search::Limits& limits, const InfoCallback& on_info = {});
  // Searches on a background thread; on_best is called from it at the end.
  void go(const search::Limits& limits, InfoCallback on_info, BestCallback on_best);
  void stop();
  void wait();
  bool busy() const { return busy_.load(); }

 private:
  BestMove run(const search::Limits& limits, const InfoCallback& on_info);

  std::string game_;
  std::string eval_ = "builtin";
  std::shared_ptr<TableShelf> shelf_;
  std::unique_ptr<Backend> backend_;
  search::TranspositionTable tt_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> busy_{false};
  std::thread worker_;
};

// What each level (1..10) searches. The lower ones score every root move at `depth` plies and
// play one of the moves within `margin` centipawns of the best, drawn with weight
// exp(-behind / spread) (`behind`: how far below the best the move scored). The upper ones
// (depth 0) run the full search, stopped after `nodes` nodes (0: no limit; level 10).
// docs/engine.md gives each level's measured strength. Most games share one table; english and
// mill have their own, so that their steps are about as even as international draughts's.
struct LevelSetting {
  int depth;
  int margin;
  int spread;
  std::uint64_t nodes;
};
LevelSetting level_setting(std::string_view game, int level);

// Whether the computer playing at `level` takes a draw offered after `plies` plies, given its own
// score of the position (from its side, by a search at its level). A lost position or an exact
// draw: yes; a won one: no. Otherwise it takes the draw when it stands worse by more than its
// level's margin (half a man and more at the top level, less at the lower ones), or when the
// position is balanced and the game has gone on long enough for a draw to be a fair result (30
// moves of each side at the top level, 15 at level 1); never in a balanced opening.
bool accepts_draw(int level, const search::Score& own, int plies);

}  // namespace doska::engine
