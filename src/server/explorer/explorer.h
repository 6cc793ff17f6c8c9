// The opening explorer's room (docs/api.md, GET /api/explorer/{game id}?fen=FEN): from any
// position, the moves played from it in the stored games, with their counts, results and the
// average rating of their players, and the opening book's move. The room hears "game.over" from
// the round and reads the game through the storage: a finished game (a result, not aborted, at
// least kExplorerMinPlies plies, from the game's start position) adds its first kExplorerPlies
// plies to the index once. `doska explorer rebuild` makes the index again from every stored game.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "games/session.h"
#include "server/hub/hub.h"
#include "server/storage.h"

namespace doska::server {

inline constexpr int kExplorerPlies = 40;
inline constexpr int kExplorerMinPlies = 4;
// The longest FEN asked about (chess100's is the longest, under 120 characters).
inline constexpr std::size_t kMaxExplorerFenBytes = 256;

// The index's key of a position: its FEN without the move counters (chess100's halfmove and
// fullmove fields; the other games' FENs have none), so that transpositions meet.
std::string explorer_key(const GameSession& position);

// What the index counts of a stored game: nothing for a game that does not count.
std::optional<ExplorerGame> explorer_game(const StoredGame& game);

struct ExplorerQuery {
  std::string game;
  std::optional<std::string> fen;  // none: the start position
};

// The game id of the path and the query's fen, checked for their form: 400 unknown_variant for
// a game no one plays here, 400 bad_fen for an empty or overlong FEN (ApiError).
ExplorerQuery parse_explorer_query(const std::string& game,
                                   const std::map<std::string, std::string>& query);

class Explorer {
 public:
  Explorer(Storage& storage, Hub& hub);
  Explorer(const Explorer&) = delete;
  Explorer& operator=(const Explorer&) = delete;

  // {"fen", "games", "moves": [{"move", "games", "white", "draws", "black", "rating"}...],
  // "book": {"move", "value", "depth"} or null}; 400 bad_fen for a FEN the game does not read.
  nlohmann::json moves(const ExplorerQuery& query);

 private:
  void game_over(const nlohmann::json& game);

  Storage& storage_;
};

// The answer of moves() from the storage alone (the route, and tests without a hub).
nlohmann::json explore(Storage& storage, const ExplorerQuery& query);

// Drops the index and adds every stored game that counts again: the number of games added.
Result<int> rebuild_explorer(Storage& storage);

}  // namespace doska::server
