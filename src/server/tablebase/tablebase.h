// The endgame explorer's room (docs/api.md, GET /api/tablebase/{game id}?fen=FEN): a position's
// exact value from the server's endgame tables and every legal move's, best first. The tables
// are the shelf the engines use (engine/tablebase.h), so each game's are opened once.
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/table_shelf.h"

namespace doska::server {

// The longest FEN asked about: a position of the tables has at most 9 pieces a side.
inline constexpr std::size_t kMaxTablebaseFenBytes = 512;

struct TablebaseQuery {
  std::string game;
  std::string fen;
};

// The game id of the path and the query's fen, checked: 400 unknown_variant for a game no one
// plays here, 400 bad_fen for a missing, empty or overlong FEN (ApiError).
TablebaseQuery parse_tablebase_query(const std::string& game,
                                     const std::map<std::string, std::string>& query);

class Tablebase {
 public:
  explicit Tablebase(std::shared_ptr<engine::TableShelf> shelf) : shelf_(std::move(shelf)) {}

  // {"value": "win"|"draw"|"loss", "distance": N, "moves": [{"move", "value", "distance"}...]};
  // 400 bad_fen for a FEN the game does not read, 404 no_tables for a game without tables (or a
  // server without any), 404 not_in_tables for a position outside them (ApiError).
  nlohmann::json lookup(const TablebaseQuery& query) const;

 private:
  std::shared_ptr<engine::TableShelf> shelf_;  // null: the server has no tables
};

}  // namespace doska::server
