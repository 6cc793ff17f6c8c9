// The JSON of the facade's views as the API gives them (docs/api.md): one form for a game's
// board and moves, an analysis's lines and a live analysis's position.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "games/session.h"
#include "search/types.h"

namespace doska::server {

std::string side_name(Player p);
nlohmann::json score_json(const search::Score& score);
nlohmann::json move_json(const MoveView& m);
nlohmann::json board_json(const BoardView& b);

}  // namespace doska::server
