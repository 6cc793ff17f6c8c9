// Board geometry of the draughts family, separate from the rules.
//
// The playing squares are numbered 0..S-1 from the top-left seen from White (square "1" of 000 §1.3
// is index 0), row by row. In a bitboard, square s sits at bit s + s / N: after every two rows one
// ghost bit is left out, so that the four diagonal steps are the same shift everywhere on the board
// (N/2 and N/2 + 1) and a step off the board lands on a ghost bit or outside the board mask.
#pragma once

#include <bit>
#include <cstdint>
#include <string>

namespace doska::draughts {

using Bitboard = std::uint64_t;

enum Direction : int { kNorthWest = 0, kNorthEast = 1, kSouthWest = 2, kSouthEast = 3 };
constexpr Direction reverse(Direction d) {
  return static_cast<Direction>(3 - d);
}

template <int N>
struct Geometry {
  static_assert(N == 8 || N == 10, "the draughts family is played on 8x8 or 10x10");
  static constexpr int kSize = N;
  static constexpr int kSquares = N * N / 2;
  static constexpr int kRowSquares = N / 2;
  static constexpr int kBits = kSquares + kSquares / N;

  static constexpr int bit_of(int square) { return square + square / N; }
  static constexpr int square_of(int bit) { return bit - bit / (N + 1); }
  static constexpr Bitboard mask_of(int square) { return Bitboard{1} << bit_of(square); }

  static constexpr int row_of(int square) { return square / kRowSquares; }  // 0 = top row
  static constexpr int column_of(int square) {
    int row = row_of(square);
    return 2 * (square % kRowSquares) + (row % 2 == 0 ? 1 : 0);
  }
  // The square at (row, column) counted from the top-left, or -1 if that cell is light.
  static constexpr int square_at(int row, int column) {
    if (row < 0 || row >= N || column < 0 || column >= N) return -1;
    if ((row + column) % 2 == 0) return -1;
    return row * kRowSquares + column / 2;
  }

  static constexpr Bitboard board_mask() {
    Bitboard mask = 0;
    for (int s = 0; s < kSquares; ++s) mask |= mask_of(s);
    return mask;
  }
  static constexpr Bitboard row_mask(int row) {
    Bitboard mask = 0;
    for (int s = row * kRowSquares; s < (row + 1) * kRowSquares; ++s) mask |= mask_of(s);
    return mask;
  }
  // The long diagonal from the bottom-left corner to the top-right corner: 46-5 on 10x10
  // ("велика дорога", 000 §1.3.1), a1-h8 on 8x8 ("большая дорога", 002 §1.2).
  static constexpr Bitboard long_diagonal() {
    Bitboard mask = 0;
    for (int s = 0; s < kSquares; ++s)
      if (row_of(s) + column_of(s) == N - 1) mask |= mask_of(s);
    return mask;
  }

  static constexpr Bitboard kBoard = board_mask();
  static constexpr Bitboard kTopRow = row_mask(0);
  static constexpr Bitboard kBottomRow = row_mask(N - 1);
  static constexpr Bitboard kLongDiagonal = long_diagonal();

  // Bit shift of one diagonal step: north = towards row 0.
  static constexpr int step(Direction d) {
    switch (d) {
      case kNorthWest:
        return -(kRowSquares + 1);
      case kNorthEast:
        return -kRowSquares;
      case kSouthWest:
        return kRowSquares;
      case kSouthEast:
        return kRowSquares + 1;
    }
    return 0;
  }
  // Moves every bit one step in direction d; bits that leave the board are dropped.
  template <Direction D>
  static constexpr Bitboard shift(Bitboard b) {
    constexpr int s = step(D);
    if constexpr (s > 0)
      return (b << s) & kBoard;
    else
      return (b >> -s) & kBoard;
  }
  static constexpr Bitboard shift(Bitboard b, Direction d) {
    int s = step(d);
    return (s > 0 ? (b << s) : (b >> -s)) & kBoard;
  }
};

inline int lowest_bit(Bitboard b) {
  return std::countr_zero(b);
}
inline int count(Bitboard b) {
  return std::popcount(b);
}

}  // namespace doska::draughts
