// Move generation for 100-square chess (RULINGS §4.2-4.4).
//
// Two sets of moves, both from one generator:
// - the moves of play: every move the rules allow, including one that leaves the own king
//   attacked (legal, but the opponent may then capture the king and win, RULINGS §4.4);
// - the safe moves: those that do not leave the own king attacked. perft counts these, and they
//   decide checkmate and stalemate (RULINGS §4.4). A move that captures the enemy king is safe.
#pragma once

#include <cstdint>

#include "common/move_list.h"
#include "games/chess100/position.h"

namespace doska::chess100 {

// A fixed list, no heap: with at most 50 pieces of one side on 100 squares a side has fewer than
// 2,600 moves (pieces times target squares, plus promotions and extra-pawn squares).
using MoveList = FixedMoveList<Move, 3072>;

// Every move of play of the side to move.
void generate_moves(const Position& pos, MoveList& list);

// Whether `move` (from generate_moves) leaves the mover's own king attacked. Plays and takes
// back the move on `pos`, which is unchanged afterwards.
bool leaves_king_attacked(Position& pos, const Move& move);

// Tells whether moves of play of one position are safe, playing a move only when it could expose
// the king. Another piece's move changes the enemy's attacks only through the square it leaves
// (the square it enters can only block; a capture only removes an attacker), and every attack in
// this game runs along one of the 8 lines through the attacked square, bending moves and strong
// pieces included, or is a knight's jump, which nothing blocks. So when the king is not in check,
// a move that is not the king's (castlings, pawn castling with the king and the extra pawn are
// king moves), not en passant (which empties a third square) and leaves a square off the king's
// 8 lines is safe without playing it.
class SafetyTest {
 public:
  explicit SafetyTest(const Position& pos);
  // When the caller already knows whether the side to move is in check.
  SafetyTest(const Position& pos, bool in_check);
  bool in_check() const { return in_check_; }
  bool safe(const Move& move);

 private:
  Position work_;
  int king_;
  bool in_check_;
};

// The safe moves of the side to move (not leaving the own king attacked).
void generate_safe_moves(const Position& pos, MoveList& list);

// Royal castling whose king crosses an attacked square: legal, but the castling side loses at
// once (RULINGS §4.3). A crossed square is judged as for a king move, the king off its square.
bool castling_crosses_attack(const Position& pos, const Move& move);

// Whether playing `move` ends the game at once by a rule of the move itself: the enemy king
// captured (RULINGS §4.4) or a castling across an attacked square (RULINGS §4.3).
bool move_ends_game(const Position& pos, const Move& move);

// Leaves of the tree of safe moves. A move that ends the game (move_ends_game) is a leaf: it
// counts at the last ply and has no moves after it. Draw rules are ignored.
std::uint64_t perft(const Position& pos, int depth);

}  // namespace doska::chess100
