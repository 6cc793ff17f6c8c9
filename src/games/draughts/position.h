// A draughts position: who stands where and who is to move. Bitboards in the layout of board.h.
#pragma once

#include <cstdint>

#include "games/draughts/board.h"
#include "games/draughts/rules.h"

namespace doska::draughts {

struct Position {
  Bitboard white = 0;
  Bitboard black = 0;
  Bitboard kings = 0;
  Side side = Side::white;

  Bitboard pieces(Side s) const { return s == Side::white ? white : black; }
  Bitboard& pieces(Side s) { return s == Side::white ? white : black; }
  Bitboard occupied() const { return white | black; }
  Bitboard men(Side s) const { return pieces(s) & ~kings; }
  Bitboard kings_of(Side s) const { return pieces(s) & kings; }

  friend bool operator==(const Position&, const Position&) = default;
};

// One move as the rules see it (RULINGS §1.2): start, end, the set of captured pieces, and whether
// the piece is crowned. Squares are bit indices of board.h. Capture sequences with the same start,
// end and captured set are one move; the path is recovered by the notation when it is needed.
// Trivially constructible, so that a move list costs nothing to create.
struct Move {
  Bitboard captured;
  std::uint8_t from;
  std::uint8_t to;
  bool promotes;

  bool is_capture() const { return captured != 0; }
  friend bool operator==(const Move&, const Move&) = default;
};

// Plays a move. Works when from == to (a king's capture may end where it started).
inline void play(Position& pos, const Move& move) {
  const Bitboard from = Bitboard{1} << move.from;
  const Bitboard to = Bitboard{1} << move.to;
  Bitboard& own = pos.pieces(pos.side);
  Bitboard& opponent = pos.pieces(opposite(pos.side));
  const bool was_king = (pos.kings & from) != 0;
  own = (own & ~from) | to;
  opponent &= ~move.captured;
  pos.kings &= ~(move.captured | from);
  if (was_king || move.promotes) pos.kings |= to;
  pos.side = opposite(pos.side);
}

// Takes a move back; `captured_kings` are those of move.captured that were kings.
inline void unplay(Position& pos, const Move& move, Bitboard captured_kings) {
  pos.side = opposite(pos.side);
  const Bitboard from = Bitboard{1} << move.from;
  const Bitboard to = Bitboard{1} << move.to;
  Bitboard& own = pos.pieces(pos.side);
  Bitboard& opponent = pos.pieces(opposite(pos.side));
  const bool is_king = (pos.kings & to) != 0;
  own = (own & ~to) | from;
  pos.kings &= ~to;
  if (is_king && !move.promotes) pos.kings |= from;
  opponent |= move.captured;
  pos.kings |= captured_kings;
}

}  // namespace doska::draughts
