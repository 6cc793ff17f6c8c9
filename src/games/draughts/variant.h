// Run-time access to the compile-time generators: a variant's Rules record selects the generator
// specialised for its move rules (a giveaway variant moves exactly as its base game, 004).
#pragma once

#include <cstdint>
#include <utility>

#include "games/draughts/movegen.h"
#include "games/draughts/rules.h"

namespace doska::draughts {

constexpr bool same_move_rules(const Rules& a, const Rules& b) {
  return a.board_size == b.board_size && a.flying_kings == b.flying_kings &&
         a.men_capture_backward == b.men_capture_backward && a.precedence == b.precedence &&
         a.passing_promotion == b.passing_promotion && a.turkish_strike == b.turkish_strike;
}

// Calls f.template operator()<R>() with the generator rules that match `rules`.
template <typename F>
decltype(auto) with_move_rules(const Rules& rules, F&& f) {
  if (same_move_rules(rules, kInternational)) return f.template operator()<kInternational>();
  if (same_move_rules(rules, kRussian)) return f.template operator()<kRussian>();
  return f.template operator()<kEnglish>();
}

inline void generate_moves(const Rules& rules, const Position& pos, MoveList& list) {
  with_move_rules(rules, [&]<const Rules & R>() { Generator<R>::generate(pos, list); });
}
inline void generate_captures(const Rules& rules, const Position& pos, MoveList& list) {
  with_move_rules(rules, [&]<const Rules & R>() { Generator<R>::generate_captures(pos, list); });
}
inline void generate_quiet(const Rules& rules, const Position& pos, MoveList& list) {
  with_move_rules(rules, [&]<const Rules & R>() { Generator<R>::generate_quiet(pos, list); });
}
inline void generate_promotions(const Rules& rules, const Position& pos, MoveList& list) {
  with_move_rules(rules, [&]<const Rules & R>() { Generator<R>::generate_promotions(pos, list); });
}
inline std::uint64_t perft(const Rules& rules, const Position& pos, int depth) {
  return with_move_rules(rules, [&]<const Rules & R>() { return Generator<R>::perft(pos, depth); });
}

// Board-size dependent helpers used outside the hot path.
template <typename F>
decltype(auto) with_geometry(const Rules& rules, F&& f) {
  if (rules.board_size == 10) return f.template operator()<10>();
  return f.template operator()<8>();
}

inline int square_count(const Rules& rules) {
  return rules.board_size * rules.board_size / 2;
}
inline int bit_of(const Rules& rules, int square) {
  return with_geometry(rules, [&]<int N>() { return Geometry<N>::bit_of(square); });
}
inline int square_of(const Rules& rules, int bit) {
  return with_geometry(rules, [&]<int N>() { return Geometry<N>::square_of(bit); });
}
inline Bitboard square_mask(const Rules& rules, int square) {
  return Bitboard{1} << bit_of(rules, square);
}
inline Bitboard board_mask(const Rules& rules) {
  return with_geometry(rules, [&]<int N>() { return Geometry<N>::kBoard; });
}
inline Bitboard long_diagonal(const Rules& rules) {
  return with_geometry(rules, [&]<int N>() { return Geometry<N>::kLongDiagonal; });
}
inline Bitboard promotion_row(const Rules& rules, Side side) {
  return with_geometry(rules, [&]<int N>() {
    return side == Side::white ? Geometry<N>::kTopRow : Geometry<N>::kBottomRow;
  });
}

}  // namespace doska::draughts
