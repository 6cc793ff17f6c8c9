// The endgame explorer (docs/egdb.md): a position's exact value from the endgame databases and
// every legal move's, best first, for the draughts games and the mill games. `doska egdb probe`
// prints it; the server's GET /api/tablebase/{game id} answers it from the shelf its engines use,
// so that each game's tables are opened once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "egdb/table_file.h"
#include "engine/table_shelf.h"

namespace doska::engine {

// A legal move and its value for the side that plays it (the side to move of the position): "win
// 7" is a win in 7 plies counted from the position, the move included.
struct TablebaseMove {
  std::string move;  // in the game's notation
  egdb::Value value;
};

// Why there is no answer.
enum class TablebaseMiss {
  none,
  unknown_game,    // no game of that id
  no_tables,       // a game without endgame databases (chess100, wolf and sheep), or no folder
  bad_fen,         // the FEN does not read
  outside_tables,  // no table of the folder holds the position
  damaged,         // a table file could not be read
};

struct TablebaseLookup {
  TablebaseMiss miss = TablebaseMiss::none;
  std::string error;  // names the problem when `miss` is not none
  egdb::Value value;  // the position's, for its side to move
  // Every legal move whose position a table holds, best first (egdb::better; equal values in the
  // move generator's order).
  std::vector<TablebaseMove> moves;
  // The game's folder: every table of at most this many pieces is there (mill: a side).
  int complete_pieces = 0;
  std::string table_game;  // the folder's name: the game id, "mill" for mill and mixed mill

  bool ok() const { return miss == TablebaseMiss::none; }
};

// From the shelf's tables of the game: opened on first use and kept there, shared with the
// engines that hold the same shelf.
TablebaseLookup explore_tables(TableShelf& shelf, std::string_view game, std::string_view fen);

// From `dir`, reading only the tables of the position and of its moves' positions (a probe of
// one position from the command line; docs/egdb.md).
TablebaseLookup explore_tables(const std::string& dir, std::string_view game, std::string_view fen);

// Whether `game` has endgame databases (the draughts games and the mill games).
bool has_tables(std::string_view game);

}  // namespace doska::engine
