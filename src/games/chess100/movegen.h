// Move generation for 100-square chess (RULINGS §4.2-4.4).
//
// Two sets of moves, both from one generator:
// - the moves of play: every move the rules allow, including one that leaves the own king
//   attacked (legal, but the opponent may then capture the king and win, RULINGS §4.4);
// - the safe moves: those that do not leave the own king attacked. perft counts these, and they
//   decide checkmate and stalemate (RULINGS §4.4). A move that captures the enemy king is safe.
#pragma once

#include <cstdint>

#include "games/chess100/position.h"

namespace doska::chess100 {

// A fixed list, no heap: with at most 50 pieces of one side on 100 squares a side has fewer than
// 2,600 moves (pieces times target squares, plus promotions and extra-pawn squares).
class MoveList {
 public:
  static constexpr int kCapacity = 3072;
  void push(const Move& m) {
    assert(size_ < kCapacity);
    moves_[size_++] = m;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  void clear() { size_ = 0; }

 private:
  Move moves_[kCapacity];
  int size_ = 0;
};

// Every move of play of the side to move.
void generate_moves(const Position& pos, MoveList& list);

// Whether `move` (from generate_moves) leaves the mover's own king attacked. Plays and takes
// back the move on `pos`, which is unchanged afterwards.
bool leaves_king_attacked(Position& pos, const Move& move);

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
