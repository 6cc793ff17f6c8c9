// Squares, positions (FEN with the seventh field) and moves as text (RULINGS §4.4): long algebraic
// for protocols, SAN for people. docs/chess100.md describes every form.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/result.h"
#include "games/chess100/movegen.h"
#include "games/chess100/position.h"

namespace doska::chess100 {

inline constexpr std::string_view kStartFen =
    "rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNR w AJaj - 0 1 Ee";

// "a1".."j10".
std::string square_name(int square);
std::optional<int> parse_square(std::string_view text);

// The setup of RULINGS §4.1.
Position start_position();

// FEN: placement (ranks of 10 squares, 10 down to 1), side, castling rights by rook file
// (AJaj or -), en passant square, halfmove clock, fullmove number, extra-pawn rights (Ee or -).
// The last three fields may be left out (0, 1, Ee). Errors name the field and the problem.
Result<Position> parse_fen(std::string_view text);
std::string to_fen(const Position& pos);

// Long algebraic: "e2e4", "a9a10r", castling "e1h1" / "e1b1", pawn castling "e2d1" (the pawn's
// square, then the piece's), extra pawn "e9e10@c2".
std::string move_text(const Move& move);
// SAN for people: "e4", "Nc3", "exd5", "e10=Q", "O-O" (short, a-side), "O-O-O" (long, j-side),
// pawn castling "e2:Bd1", extra pawn "Ke10@c2"; "+" for check, "#" for checkmate.
std::string san(const Position& pos, const Move& move);

// Reads a move of play (generate_moves) in long algebraic or SAN. Errors say why: not a move,
// no such piece, not legal here, ambiguous, or a missing promotion piece or extra-pawn square.
Result<Move> parse_move(const Position& pos, std::string_view text);
Result<Move> parse_long_algebraic(const Position& pos, std::string_view text);
Result<Move> parse_san(const Position& pos, std::string_view text);

}  // namespace doska::chess100
