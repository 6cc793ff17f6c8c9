// A position of 100-square chess: a mailbox of 100 squares with the state FEN carries (side to
// move, castling rights, en passant square, extra-pawn rights, clocks), the king squares and a
// 64-bit Zobrist key kept up to date by make/unmake.
//
// Why a mailbox and not 128-bit bitboards: the strong pieces change their moves with the file
// they stand on and the bending moves depend on one of two squares being empty, so most attack
// sets would be computed square by square anyway. Walking precomputed neighbour tables gives
// several million nodes per second (docs/chess100.md), enough for perft and a later search.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "games/chess100/rules.h"

namespace doska::chess100 {

// A piece on a square: type in the low 4 bits, bit 4 set for Black; 0 = empty.
using Piece = std::uint8_t;
constexpr Piece make_piece(Color c, PieceType t) {
  return static_cast<Piece>(t | (int(c) << 4));
}
constexpr PieceType type_of(Piece p) {
  return static_cast<PieceType>(p & 15);
}
constexpr Color color_of(Piece p) {
  return static_cast<Color>(p >> 4);
}

enum class MoveKind : std::uint8_t {
  normal,        // a move or capture, promotion included
  double_step,   // pawn two squares forward from its own second rank (RULINGS §4.2)
  en_passant,    // RULINGS §4.2 (FIDE 3.7.3)
  castle_short,  // king e1->b1, rook a1->c1 (RULINGS §4.3)
  castle_long,   // king e1->h1, rook j1->g1
  pawn_castle,   // the pawn on `from` and the own piece on `to` exchange squares (RULINGS §4.3)
};

struct Move {
  std::int8_t from = 0;
  std::int8_t to = 0;
  MoveKind kind = MoveKind::normal;
  PieceType promotion = no_piece;  // what the pawn becomes on the last rank
  std::int8_t extra = -1;          // the square of the extra pawn placed with this move, or -1
  bool operator==(const Move&) const = default;
  bool is_castling() const {
    return kind == MoveKind::castle_short || kind == MoveKind::castle_long;
  }
};

// What unmake needs to restore.
struct Undo {
  Piece captured = 0;
  std::int8_t captured_square = -1;
  std::uint8_t castling = 0;
  std::int8_t ep = -1;
  std::uint8_t extra = 0;
  std::array<std::int8_t, 2> kings{};
  int halfmove = 0;
  std::uint64_t key = 0;
};

// Board geometry: the neighbour of each square in each of 8 directions (-1 off the board) and
// the knight's squares.
enum Direction : int { north, south, east, west, north_east, north_west, south_east, south_west };
inline constexpr int kOrthogonal[4] = {north, south, east, west};
inline constexpr int kDiagonal[4] = {north_east, north_west, south_east, south_west};
// The direction a side's pawns move in.
constexpr int forward(Color c) {
  return c == Color::white ? north : south;
}

struct Geometry {
  std::array<std::array<std::int8_t, kSquares>, 8> step{};
  std::array<std::array<std::int8_t, 8>, kSquares> knight{};
  std::array<std::uint8_t, kSquares> knight_count{};
};
const Geometry& geometry();

// Components of the Zobrist key.
struct ZobristKeys {
  std::array<std::array<std::uint64_t, kSquares>, 32> piece{};  // indexed by Piece
  std::array<std::uint64_t, 16> castling{};
  std::array<std::uint64_t, kSquares> ep{};
  std::array<std::uint64_t, 4> extra{};
  std::uint64_t black_to_move = 0;
};
const ZobristKeys& zobrist();

struct Position {
  std::array<Piece, kSquares> board{};
  Color side = Color::white;
  std::uint8_t castling = 0;  // castling_bit() (rules.h)
  std::int8_t ep = -1;        // en passant target square, only when an enemy pawn can take there
  std::uint8_t extra = 0;     // extra_bit(): the extra pawn right not yet used (RULINGS §4.3)
  int halfmove = 0;           // plies since the last capture or pawn move (RULINGS §4.4)
  int fullmove = 1;
  std::array<std::int8_t, 2> kings{-1, -1};  // -1 once a king has been captured
  std::uint64_t hash = 0;

  Piece at(int square) const { return board[square]; }
  std::int8_t king(Color c) const { return kings[int(c)]; }
  std::uint64_t key() const { return hash; }

  // The key computed from scratch; equals key() after any make/unmake.
  std::uint64_t compute_key() const;
  // Sets kings and the key from the board and the state fields.
  void refresh();

  // Same placement, side, rights and en passant square (the clocks are not compared).
  bool same_as(const Position& other) const;
  bool operator==(const Position& other) const = default;
};

// Plays `move` (which the generator produced for this position) and records what unmake needs.
void make_move(Position& pos, const Move& move, Undo& undo);
void unmake_move(Position& pos, const Move& move, const Undo& undo);

// Whether a piece of `by` attacks `square`, with the strong powers of pieces on the e-file
// (RULINGS §4.2): the same squares those pieces could move to or capture on.
bool attacked(const Position& pos, int square, Color by);

// The side to move's king is attacked (it has no king: false).
bool in_check(const Position& pos);

}  // namespace doska::chess100
