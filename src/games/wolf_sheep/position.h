// Wolf and sheep (RULINGS §2; seed 004 "Волк и овцы") on the 8x8 board of the draughts family:
// the position, its moves, the rules that end the game, and perft.
//
// The board is draughts::Geometry<8>: squares 0..31 numbered from the top-left dark square seen
// from the sheep (index 0 = b8, 31 = g1), the sheep kept as a bitboard in its layout. The sheep
// play White and move up the board (towards row 0); the wolf plays Black.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "games/draughts/board.h"

namespace doska::wolf_sheep {

using Board = draughts::Geometry<8>;
using draughts::Bitboard;

inline constexpr int kSquares = Board::kSquares;  // 32
inline constexpr int kSheep = 4;                  // RULINGS §2: four sheep
inline constexpr int kNoWolf = -1;                // the wolf has not been placed yet

enum class Side : std::uint8_t { sheep = 0, wolf = 1 };  // White, Black
constexpr Side opposite(Side side) {
  return side == Side::sheep ? Side::wolf : Side::sheep;
}

// Rank 1..8 of a square (rank 1 is the sheep's own first row, where they start).
constexpr int rank_of(int square) {
  return Board::kSize - Board::row_of(square);
}

// The dark squares one diagonal step from each square, or -1 off the board; the first two steps
// are towards rank 8 (a sheep's moves), the last two towards rank 1.
struct Neighbours {
  std::array<std::array<std::int8_t, 4>, kSquares> of{};
  constexpr Neighbours() {
    constexpr int dr[4] = {-1, -1, 1, 1};
    constexpr int dc[4] = {-1, 1, -1, 1};
    for (int s = 0; s < kSquares; ++s)
      for (int d = 0; d < 4; ++d)
        of[s][d] = static_cast<std::int8_t>(
            Board::square_at(Board::row_of(s) + dr[d], Board::column_of(s) + dc[d]));
  }
};
inline constexpr Neighbours kNeighbours{};
inline constexpr int kForwardSteps = 2;  // kNeighbours.of[s][0..1] are a sheep's moves

// A ply: the wolf's placement (from == kPlacement), a sheep's step or the wolf's step. Squares are
// square indices 0..31.
struct Move {
  static constexpr std::int8_t kPlacement = -1;
  std::int8_t from = kPlacement;
  std::int8_t to = 0;

  bool is_placement() const { return from == kPlacement; }
  friend bool operator==(const Move&, const Move&) = default;
};

// The rule that ends the game in a position, if any (RULINGS §2).
enum class End : std::uint8_t {
  none,
  wolf_past_sheep,  // the wolf is level with or past the rearmost sheep: the wolf wins
  wolf_trapped,     // the wolf cannot move on its turn: the sheep win
  sheep_blocked,    // the sheep cannot move on their turn: the wolf wins (Ruling)
};

struct Position {
  Bitboard sheep = 0;  // exactly kSheep bits in Board's layout
  std::int8_t wolf = kNoWolf;
  Side side = Side::wolf;  // the wolf's placement is the first move (RULINGS §2)

  bool wolf_placed() const { return wolf != kNoWolf; }
  bool has_sheep(int square) const { return (sheep & Board::mask_of(square)) != 0; }
  bool is_free(int square) const { return !has_sheep(square) && square != wolf; }

  // The rank of the rearmost sheep (1..8).
  int rearmost_sheep_rank() const {
    assert(sheep != 0);
    // Squares are numbered from the top, so the highest set bit is the rearmost sheep.
    return rank_of(Board::square_of(63 - std::countl_zero(sheep)));
  }
  // "If the wolf gets past the sheep it wins" (004): no sheep is behind the wolf's row, so none
  // can ever get behind it again. A property of the position, checked after every ply.
  bool wolf_past_sheep() const { return wolf_placed() && rank_of(wolf) <= rearmost_sheep_rank(); }

  // A 64-bit key for transposition tables: the position packed into 43 bits, then mixed by an
  // invertible function, so that two different positions never share a key.
  std::uint64_t key() const {
    std::uint64_t z = sheep | (static_cast<std::uint64_t>(wolf + 1) << 36) |
                      (static_cast<std::uint64_t>(side) << 42);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  friend bool operator==(const Position&, const Position&) = default;
};

// Room for the most moves of any position: a placement on any free square.
class MoveList {
 public:
  void push(Move move) { moves_[size_++] = move; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }

 private:
  std::array<Move, kSquares> moves_{};
  int size_ = 0;
};

// The moves of the side to move, ignoring whether the game is over; in square order (by the
// moving piece's square, then by the target square).
inline void generate_steps(const Position& pos, MoveList& list) {
  if (pos.side == Side::wolf) {
    if (!pos.wolf_placed()) {
      // "At the start the wolf may be placed on any free dark square" (004).
      for (int s = 0; s < kSquares; ++s)
        if (!pos.has_sheep(s)) list.push({Move::kPlacement, static_cast<std::int8_t>(s)});
      return;
    }
    // The wolf steps one square diagonally in any direction (004; RULINGS §2); targets in
    // square order.
    for (int d : {0, 1, 2, 3}) {
      const int to = kNeighbours.of[pos.wolf][d];
      if (to >= 0 && !pos.has_sheep(to)) list.push({pos.wolf, static_cast<std::int8_t>(to)});
    }
    return;
  }
  // A sheep steps one square diagonally forward (004; RULINGS §2). Squares are numbered from the
  // top, so walking the bits upwards visits the sheep in square order.
  for (Bitboard b = pos.sheep; b; b &= b - 1) {
    const int from = Board::square_of(draughts::lowest_bit(b));
    for (int d = 0; d < kForwardSteps; ++d) {
      const int to = kNeighbours.of[from][d];
      if (to >= 0 && pos.is_free(to))
        list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to)});
    }
  }
}

// The rule that ends the game here, if any: the wolf past the sheep first (it holds whoever is to
// move), then the side to move having no move.
inline End end_of(const Position& pos) {
  if (pos.wolf_past_sheep()) return End::wolf_past_sheep;
  MoveList list;
  generate_steps(pos, list);
  if (!list.empty()) return End::none;
  return pos.side == Side::wolf ? End::wolf_trapped : End::sheep_blocked;
}

// The legal moves: none once the game is over.
inline void generate_moves(const Position& pos, MoveList& list) {
  if (!pos.wolf_past_sheep()) generate_steps(pos, list);
}

inline void play(Position& pos, Move move) {
  if (pos.side == Side::wolf) {
    pos.wolf = move.to;
  } else {
    pos.sheep ^= Board::mask_of(move.from) | Board::mask_of(move.to);
  }
  pos.side = opposite(pos.side);
}

// Leaves at `depth` plies; a finished position has no moves and contributes 0 (REFERENCE.md).
inline std::uint64_t perft(const Position& pos, int depth) {
  MoveList list;
  generate_moves(pos, list);
  if (depth <= 1) return depth <= 0 ? 1 : static_cast<std::uint64_t>(list.size());
  std::uint64_t nodes = 0;
  for (const Move& m : list) {
    Position next = pos;
    play(next, m);
    nodes += perft(next, depth - 1);
  }
  return nodes;
}

}  // namespace doska::wolf_sheep
