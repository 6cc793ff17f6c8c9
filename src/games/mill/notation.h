// Points, positions (FEN) and moves as text, per RULINGS §3.1.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/mill/position.h"
#include "games/mill/rules.h"

namespace doska::mill {

// "a1".."g7", any case, to the point index of board.h.
std::optional<int> parse_point(std::string_view text);

// The initial position: empty board, every piece in hand, the first player to move (004).
Position start_position(const Rules& rules);

// FEN "<side>:W<points>:B<points>:H<white in hand>,<black in hand>" (RULINGS §3.1), e.g.
// "W:W:B:H9,9". Points in any order and case when read; written in the canonical order.
Result<Position> parse_fen(const Rules& rules, std::string_view text);
std::string to_fen(const Position& pos);

// Every legal move, sorted by its text (for display and the CLI).
std::vector<Move> legal_moves(const Rules& rules, const Position& pos);

// "d6", "a1-a4", "d6xd5", "a1-a4xd5" (RULINGS §3.1).
std::string move_text(const Move& move);

// Reads a move: the forms of move_text, also "a1a4", upper case, ':' for 'x', and spaces around
// the removal ("a1-a4 xd5"). Errors name the problem: not a point, occupied, not adjacent, a piece
// still in hand, no mill closed so no removal, a removal required, a protected piece, ...
Result<Move> parse_move(const Rules& rules, const Position& pos, std::string_view text);

}  // namespace doska::mill
