// Squares, positions (FEN) and moves of wolf and sheep as text (RULINGS §2): squares named as in
// russian draughts (a1..h8), placement "d8", moves "c1-d2", FEN "B:Wa1,c1,e1,g1:B" before the
// wolf's placement and "W:Wa1,c1,e1,g1:Bd8" after it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/wolf_sheep/position.h"

namespace doska::wolf_sheep {

// "a1".."h8" for a square index, and back (the russian draughts names, 002 §1.6.1).
std::string square_name(int square);
std::optional<int> parse_square(std::string_view text);

// Four sheep on a1, c1, e1, g1; the wolf not yet placed and to move (RULINGS §2).
Position start_position();

// Reads a FEN: side to move W (sheep) or B (wolf), the sheep after W, the wolf (or nothing)
// after B, fields in either order, squares in any order. Errors name the problem: not exactly
// four sheep, more than one wolf, a square given twice, or the sheep to move before the wolf is
// placed.
Result<Position> parse_fen(std::string_view text);
// Writes the sheep by rank, then file (a1 first), as the russian draughts FEN does.
std::string to_fen(const Position& pos);

// "d8" (placement) or "c1-d2".
std::string move_text(Move move);
// Reads "d8" or "c1-d2" (also "c1d2"), checks that it is legal here and returns it. Errors name
// the problem: not a move, not a square, the game is over, or an illegal move.
Result<Move> parse_move(const Position& pos, std::string_view text);

// The legal moves (none once the game is over), in square order.
std::vector<Move> legal_moves(const Position& pos);

// The board for a terminal: S for a sheep, W for the wolf, '.' for a free dark square.
std::string diagram(const Position& pos, bool flipped);

std::string side_name(Side side);  // "sheep", "wolf"

}  // namespace doska::wolf_sheep
