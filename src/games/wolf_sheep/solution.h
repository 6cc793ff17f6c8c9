// The complete solution of wolf and sheep: the exact result and the number of plies to the end
// with best play, for every position with the wolf placed (32 wolf squares x C(32,4) = 35 960
// placements of the sheep x 2 sides to move = 2 301 440 entries, of which 2 014 880 are positions:
// the wolf cannot share a square with a sheep), and by one ply of look-ahead for a position before
// the wolf's placement.
//
// How it is computed: every sheep move takes a sheep one row up, and the wolf and the sheep take
// turns, so no position can come back; ordered by the sheep's progress (the sum of their ranks),
// the positions form an acyclic graph. One pass of backward induction over it, from the most
// advanced placements of the sheep down, gives every position its value after its successors':
// for each placement of the sheep, first the positions with the sheep to move (their successors
// have the sheep one row further), then those with the wolf to move (their successors have the
// same sheep and the sheep to move). The game therefore has no draw: every position is a win or
// a loss for the side to move, and the constructor checks that every one got a value.
//
// Best play: the winner takes the fastest win, the loser the slowest loss. The end rules are
// those of end_of (position.h): a position with the wolf past the sheep is over whoever is to
// move (a loss in 0 for the sheep to move, a win in 0 for the wolf to move).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "games/wolf_sheep/position.h"

namespace doska::wolf_sheep {

// The value of a position for the side to move.
struct Value {
  bool win = false;
  int plies = 0;  // to the end with best play; 0 when the game is over

  std::string text() const { return (win ? "win " : "loss ") + std::to_string(plies); }
  friend bool operator==(const Value&, const Value&) = default;
};

// Immutable once built; share it by const reference.
class Solution {
 public:
  static constexpr std::size_t kSheepPlacements = 35960;  // C(32, 4)
  static constexpr std::size_t kEntries = kSheepPlacements * kSquares * 2;
  // One byte per entry: 0x80 for a win plus the plies to the end; kNoPosition for a wolf on a
  // sheep; kUnknown until solved.
  static constexpr std::uint8_t kNoPosition = 0xFE;
  static constexpr std::uint8_t kUnknown = 0xFF;

  // Solves every position (a few tens of milliseconds in a Release build).
  Solution();

  // Any position with four sheep, before or after the wolf's placement.
  Value value(const Position& pos) const;
  // The fastest win or the slowest loss, the first in move order among equals; none when the
  // game is over.
  std::optional<Move> best_move(const Position& pos) const;
  // Best play by both sides from `pos` to the end of the game.
  std::vector<Move> best_line(Position pos) const;

  // Positions (the wolf not on a sheep) that have no value: 0 after construction.
  std::size_t positions_without_value() const;
  std::size_t positions() const;

  // The index of a placement of four sheep, 0..C(32,4)-1 (the combinatorial number system).
  static std::size_t sheep_index(Bitboard sheep);

 private:
  static std::size_t entry(std::size_t sheep_index, int wolf, Side side) {
    return (sheep_index * kSquares + static_cast<std::size_t>(wolf)) * 2 +
           static_cast<std::size_t>(side);
  }
  Value stored(const Position& pos) const;

  std::vector<std::uint8_t> table_;
};

// A Solution built on first use, then shared read-only: for owners (a game session, an engine)
// that may never need it. Safe to call from several threads.
class LazySolution {
 public:
  const Solution& get() const {
    std::call_once(once_, [this] { solution_ = std::make_unique<const Solution>(); });
    return *solution_;
  }

 private:
  mutable std::once_flag once_;
  mutable std::unique_ptr<const Solution> solution_;
};

}  // namespace doska::wolf_sheep
