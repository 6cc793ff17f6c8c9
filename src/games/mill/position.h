// A mill position: the pieces of each side on the board, the pieces in each hand, the side to
// move, and its Zobrist key kept up to date by play(). In Ceylon mill the side to move simply stays
// the same for an extra turn (RULINGS §3.4), so nothing else is needed.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "games/mill/board.h"
#include "games/mill/rules.h"

namespace doska::mill {

inline constexpr int kMaxHand = 15;  // a hand count fits in four bits

// Fixed random numbers, one per (side, point), per (side, hand count), and for Black to move.
struct Zobrist {
  std::array<std::array<std::uint64_t, kPoints>, 2> piece{};
  std::array<std::array<std::uint64_t, kMaxHand + 1>, 2> hand{};
  std::uint64_t black_to_move = 0;

  constexpr Zobrist() {
    std::uint64_t state = 0x6a09e667f3bcc908ULL;
    auto next = [&state] {
      state += 0x9e3779b97f4a7c15ULL;
      std::uint64_t z = state;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      return z ^ (z >> 31);
    };
    for (auto& side : piece)
      for (auto& k : side) k = next();
    for (auto& side : hand)
      for (auto& k : side) k = next();
    black_to_move = next();
  }
};
inline constexpr Zobrist kZobrist{};

struct Position {
  std::array<Bitboard, 2> pieces{};    // on the board, by Side
  std::array<std::uint8_t, 2> hand{};  // not yet placed, by Side
  Side side = Side::white;
  std::uint64_t zobrist = 0;

  Bitboard of(Side s) const { return pieces[static_cast<int>(s)]; }
  int in_hand(Side s) const { return hand[static_cast<int>(s)]; }
  Bitboard occupied() const { return pieces[0] | pieces[1]; }
  Bitboard empty() const { return kAllPoints & ~occupied(); }
  int on_board(Side s) const { return count(of(s)); }
  // Pieces on the board and in hand together (RULINGS §3.2).
  int total(Side s) const { return on_board(s) + in_hand(s); }
  std::uint64_t key() const { return zobrist; }

  // The key computed from scratch; play() keeps key() equal to it.
  std::uint64_t compute_key() const {
    std::uint64_t k = side == Side::black ? kZobrist.black_to_move : 0;
    for (int s = 0; s < 2; ++s) {
      for (Bitboard b = pieces[s]; b; b &= b - 1) k ^= kZobrist.piece[s][lowest_point(b)];
      k ^= kZobrist.hand[s][hand[s]];
    }
    return k;
  }
  void refresh_key() { zobrist = compute_key(); }

  friend bool operator==(const Position&, const Position&) = default;
};

// One turn with its removal: a placement (from == kNoPoint) or a move or flight, and the removed
// opposing piece (kNoPoint if none). `keeps_turn`: the mover plays again (Ceylon, RULINGS §3.4).
// Trivially constructible, so that a move list costs nothing to create.
struct Move {
  std::uint8_t from;
  std::uint8_t to;
  std::uint8_t removed;
  bool keeps_turn;

  bool is_placement() const { return from == kNoPoint; }
  bool is_removal() const { return removed != kNoPoint; }
  friend bool operator==(const Move&, const Move&) = default;
};

// Plays a legal move (copy-make: the caller keeps the position before it).
inline void play(Position& pos, const Move& move) {
  const int us = static_cast<int>(pos.side), them = 1 - us;
  std::uint64_t key = pos.zobrist;
  if (move.is_placement()) {
    assert(pos.hand[us] > 0);
    key ^= kZobrist.hand[us][pos.hand[us]];
    --pos.hand[us];
    key ^= kZobrist.hand[us][pos.hand[us]];
  } else {
    assert(pos.pieces[us] & bit(move.from));
    pos.pieces[us] &= ~bit(move.from);
    key ^= kZobrist.piece[us][move.from];
  }
  assert(!(pos.occupied() & bit(move.to)));
  pos.pieces[us] |= bit(move.to);
  key ^= kZobrist.piece[us][move.to];
  if (move.is_removal()) {
    assert(pos.pieces[them] & bit(move.removed));
    pos.pieces[them] &= ~bit(move.removed);
    key ^= kZobrist.piece[them][move.removed];
  }
  if (!move.keeps_turn) {
    pos.side = opposite(pos.side);
    key ^= kZobrist.black_to_move;
  }
  pos.zobrist = key;
}

}  // namespace doska::mill
