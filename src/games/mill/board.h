// Board geometry of the mill family, separate from the rules (RULINGS §3.1).
//
// The 24 points sit on three concentric squares: ring 0 is the outer square, ring 2 the inner one.
// Point 8 * ring + k goes round its ring anticlockwise from the bottom-left corner, so that the
// bit order is the canonical order of RULINGS §3.1: a1 d1 g1 g4 g7 d7 a7 a4, b2 d2 f2 f4 f6 d6 b6
// b4, c3 d3 e3 e4 e5 d5 c5 c4. Even k is a corner, odd k the midpoint of a side. The midpoints of
// the rings are joined (the standard board); a board with diagonals also joins the corners, as in
// twelve men's morris and Morabaraba.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

namespace doska::mill {

using Bitboard = std::uint32_t;  // bit p: point p

inline constexpr int kPoints = 24;
inline constexpr Bitboard kAllPoints = (Bitboard{1} << kPoints) - 1;
inline constexpr std::uint8_t kNoPoint = 0xff;

constexpr Bitboard bit(int point) {
  return Bitboard{1} << point;
}
inline int lowest_point(Bitboard b) {
  return std::countr_zero(b);
}
inline int count(Bitboard b) {
  return std::popcount(b);
}

// File (0 = a) and rank (0 = 1) of each point.
struct Square {
  int file;
  int rank;
};
constexpr Square square_of(int point) {
  const int ring = point / 8, k = point % 8;
  const int low = ring, high = 6 - ring, mid = 3;
  constexpr int kFile[8] = {0, 1, 2, 2, 2, 1, 0, 0};  // 0 low, 1 mid, 2 high
  constexpr int kRank[8] = {0, 0, 0, 1, 2, 2, 2, 1};
  auto at = [&](int where) { return where == 0 ? low : where == 1 ? mid : high; };
  return {at(kFile[k]), at(kRank[k])};
}

// The name of a point, "a1".."g7".
constexpr std::string_view point_name(int point) {
  constexpr std::string_view kNames[kPoints] = {"a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4",
                                                "b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4",
                                                "c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4"};
  return kNames[point];
}

// The lines of a board and the steps along them, built from its kind.
struct Board {
  static constexpr int kMaxLines = 20;
  static constexpr int kMaxLinesPerPoint = 3;

  int line_count = 0;
  std::array<Bitboard, kMaxLines> lines{};   // the lines of three points (the mills)
  std::array<Bitboard, kPoints> adjacent{};  // one step along a line
  // For each point, the other two points of each line through it; unused entries hold a bit
  // outside the board, so that no set of pieces ever covers them.
  std::array<std::array<Bitboard, kMaxLinesPerPoint>, kPoints> partners{};
  // The points of rings 0 and 1 joined to the point of the next ring inwards (8 further on).
  Bitboard spokes_out = 0;

  constexpr explicit Board(bool diagonals) {
    auto add_line = [&](int a, int b, int c) {
      lines[line_count++] = bit(a) | bit(b) | bit(c);
      adjacent[a] |= bit(b);
      adjacent[b] |= bit(a) | bit(c);
      adjacent[c] |= bit(b);
    };
    // The four sides of each square: corner, midpoint, corner.
    for (int ring = 0; ring < 3; ++ring)
      for (int k = 0; k < 8; k += 2)
        add_line(8 * ring + k, 8 * ring + k + 1, 8 * ring + (k + 2) % 8);
    // The lines across the squares: through the midpoints, and with diagonals through the corners.
    for (int k = 0; k < 8; ++k)
      if (k % 2 == 1 || diagonals) add_line(k, 8 + k, 16 + k);
    for (int p = 0; p < 2 * 8; ++p)
      if (adjacent[p] & bit(p + 8)) spokes_out |= bit(p);
    for (int p = 0; p < kPoints; ++p) {
      int n = 0;
      for (int i = 0; i < line_count; ++i)
        if (lines[i] & bit(p)) partners[p][n++] = lines[i] & ~bit(p);
      for (; n < kMaxLinesPerPoint; ++n) partners[p][n] = Bitboard{1} << 31;
    }
  }

  // The four ways a step goes, each as a shift of a whole set of points: round the ring one way
  // and the other (each ring is a cycle of eight), inwards and outwards along a spoke. Their
  // union is `adjacent` for every point (a static_assert below checks it).
  static constexpr Bitboard ring_next(Bitboard x) {
    return ((x << 1) & 0xFEFEFEu) | ((x >> 7) & 0x010101u);
  }
  static constexpr Bitboard ring_prev(Bitboard x) {
    return ((x >> 1) & 0x7F7F7Fu) | ((x << 7) & 0x808080u);
  }
  constexpr Bitboard inwards(Bitboard x) const { return (x & spokes_out) << 8; }
  constexpr Bitboard outwards(Bitboard x) const { return (x >> 8) & spokes_out; }
  // The points one step from any point of `x`.
  constexpr Bitboard neighbours(Bitboard x) const {
    return ring_next(x) | ring_prev(x) | inwards(x) | outwards(x);
  }
  // The steps from points of `from` to points of `to`, each pair once: the sum over `from` of
  // count(adjacent[p] & to).
  int steps(Bitboard from, Bitboard to) const {
    return count(ring_next(from) & to) + count(ring_prev(from) & to) + count(inwards(from) & to) +
           count(outwards(from) & to);
  }

  // The points of `pieces` that stand in a mill.
  constexpr Bitboard in_mills(Bitboard pieces) const {
    Bitboard result = 0;
    for (int i = 0; i < line_count; ++i)
      if ((pieces & lines[i]) == lines[i]) result |= lines[i];
    return result;
  }
  // Whether a piece arriving on `point` completes a line with `pieces` (which lack that point).
  constexpr bool closes_mill(Bitboard pieces, int point) const {
    for (Bitboard others : partners[point])
      if ((pieces & others) == others) return true;
    return false;
  }
  // The empty points on which a piece of `pieces` would complete a line.
  constexpr Bitboard closing_points(Bitboard pieces, Bitboard empty) const {
    Bitboard result = 0;
    for (int i = 0; i < line_count; ++i) {
      const Bitboard gap = lines[i] & ~pieces;
      if (std::popcount(gap) == 1 && (gap & empty)) result |= gap;
    }
    return result;
  }
};

inline constexpr Board kStandardBoard{false};  // 16 lines (RULINGS §3.1)
inline constexpr Board kDiagonalBoard{true};   // 20 lines: the corners joined as well

constexpr bool steps_match_adjacency(const Board& b) {
  for (int p = 0; p < kPoints; ++p)
    if (b.neighbours(bit(p)) != b.adjacent[p]) return false;
  return true;
}
static_assert(steps_match_adjacency(kStandardBoard) && steps_match_adjacency(kDiagonalBoard));

}  // namespace doska::mill
