// The puzzle finder (docs/puzzles.md): keeps a position where the side to move has exactly one
// move that wins (a decided win, an endgame-table win, or material: at least a man, mill piece or
// chess100 minor piece more than any other move after a deeper search), follows the line while
// each of the player's moves stays the only one, and names its themes. Positions come from games
// the engine plays against itself at the lower levels (which make the mistakes puzzles need).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "engine/engine.h"
#include "puzzles/puzzle.h"

namespace doska::puzzles {

// What counts as winning in a game: a move scoring at least `win` centipawns (a man, a mill
// piece, a chess100 minor piece), at least `margin` above every other move.
struct Thresholds {
  int win = 100;
  int margin = 100;
};
Thresholds thresholds_for(std::string_view game);

// The side to move's moves compared: the best (its line) and the best of the others.
struct RootCheck {
  std::string move;
  std::vector<std::string> pv;
  search::Score best;
  search::Score second;  // unset (kind draw) with no other move, or when the best does not win
  int legal = 0;
  bool unique = false;  // the best wins and no other does (thresholds)
};

// A score on one scale: decided wins above table wins above centipawns.
int ordinal(const search::Score& score);
// Two searches of `nodes` nodes each: the best move, then the best without it. `fresh`: the
// engine's table cleared first, so that the answer depends on the position and `nodes` alone.
Result<RootCheck> check_root(engine::Engine& engine, const std::string& game,
                             const std::string& fen, std::uint64_t nodes, bool fresh = false);

// The themes of a line played from `fen` (sorted).
std::vector<std::string> themes_of(const std::string& game, const std::string& fen,
                                   const std::vector<std::string>& line);

struct FinderOptions {
  std::string game;
  std::uint64_t quick_nodes = 4000;  // the first look at every position of a game
  std::uint64_t deep_nodes = 60000;  // the check of a candidate and of each move of its line
  // The last check of a puzzle, fresh, at the depth `doska puzzles verify` searches by default.
  std::uint64_t verify_nodes() const { return 2 * deep_nodes; }
  int max_player_moves = 5;                    // in a line, forced moves included
  std::shared_ptr<engine::TableShelf> tables;  // nullptr: none
};

// The puzzle in `fen` (the side to move to play), if there is one.
Result<std::optional<Puzzle>> examine(engine::Engine& engine, const FinderOptions& options,
                                      const std::string& fen);

// A game to look for puzzles in: its start (empty: the game's) and its moves.
struct RecordedGame {
  std::string start_fen;
  std::vector<std::string> moves;
};

struct BuildOptions {
  FinderOptions finder;
  // Games played by people or stored by the server, searched before any self-play (from their
  // fifth ply on; from the first when they start from a set-up position).
  std::vector<RecordedGame> recorded;
  // FENs of puzzles already had (a file being added to): never looked at again.
  std::vector<std::string> known;
  int count = 500;
  std::uint64_t seed = 1;
  int max_games = 100000;
  // The self-play levels, drawn per side and game from [min_level, max_level]. The lower levels
  // score every root move, so a game with many moves (chess100) is much cheaper at 1-4.
  int min_level = 3;
  int max_level = 7;
};
struct BuildProgress {
  int puzzles = 0;
  int games = 0;
  std::uint64_t positions = 0;
  double seconds = 0;
  const std::vector<Puzzle>* found = nullptr;  // the puzzles so far (a caller may save them)
};
// The recorded games, then self-play games (2-8 random plies, then each side at a level of
// min_level..max_level, drawn per game), searched position by position until `count` puzzles, each
// position at most once.
Result<std::vector<Puzzle>> build(const BuildOptions& options,
                                  const std::function<void(const BuildProgress&)>& progress);

// A stored puzzle checked again with `nodes` nodes (a fresh check_root): its first move still the
// only winning one and its themes those of its line. An error says what no longer holds.
Status verify(engine::Engine& engine, const Puzzle& puzzle, std::uint64_t nodes);

}  // namespace doska::puzzles
