// Squares, positions (PDN FEN) and moves as text, per RULINGS §1.1.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/draughts/movegen.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::draughts {

// Square index 0..S-1 (board.h) to its name: "1".."50" or "a1".."h8".
std::string square_name(const Rules& rules, int square);
std::optional<int> parse_square(const Rules& rules, std::string_view text);

// The initial position: White's men on the last rows_of_men rows, Black's on the first
// (000 §1.2; 002 §1.3; 004), the first player to move.
Position start_position(const Rules& rules);

// PDN FEN: "W:W31-50:B1-20", kings prefixed K; ranges a-b for numeric squares.
Result<Position> parse_fen(const Rules& rules, std::string_view text);
std::string to_fen(const Rules& rules, const Position& pos);

// One way a capture can be played: the squares it stands on and passes, in order (the captured
// pieces' squares excluded), and its landing squares: the start, the square where it lands after
// each captured piece, and the end (RULINGS §1.1; 000 §3.5 "45x18x7x16"; 002 §1.6.3).
struct CapturePath {
  Move move;
  std::vector<int> walk;      // square indices
  std::vector<int> landings;  // square indices
};

// Every capture path of the side to move that the rules allow, found by a plain search over
// coordinates, independent of the bitboard generator (which tests compare with it).
std::vector<CapturePath> capture_paths(const Rules& rules, const Position& pos);

// Every legal move, sorted by start and end square, for display and for the CLI.
std::vector<Move> legal_moves(const Rules& rules, const Position& pos);

// A move in the game's notation: "32-28", "28x19", "c3:e5"; the landing squares are added only
// when another legal move would be written alike (RULINGS §1.1).
std::string move_text(const Rules& rules, const Position& pos, const Move& move);
// The full path form of a capture ("26x17x28x19"), whatever the other moves.
std::string full_path_text(const Rules& rules, const Position& pos, const Move& move);

// Reads a move: "32-28", "28x19", "28:19", a full or partial path ("26x17x28x19"), or a form
// without separators ("3228", "c3d4"). Errors name the problem: not a move, illegal, or ambiguous.
Result<Move> parse_move(const Rules& rules, const Position& pos, std::string_view text);

}  // namespace doska::draughts
