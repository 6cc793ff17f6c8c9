// The opening book's move for a position of any game id (data/book/<game>.txt, compiled in): the
// opening explorer shows it beside the moves people played. A game without a book, a position
// the book does not hold or a FEN that does not read: none.
#pragma once

#include <optional>
#include <string_view>

#include "search/types.h"

namespace doska::engine {

std::optional<search::BookHit> book_move(std::string_view game, std::string_view fen);

}  // namespace doska::engine
