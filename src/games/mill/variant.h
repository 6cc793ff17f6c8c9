// Run-time access to the compile-time generators: a variant's Rules record selects the generator
// specialised for it.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "games/mill/movegen.h"
#include "games/mill/rules.h"

namespace doska::mill {

namespace detail {
template <std::size_t I, typename F>
decltype(auto) with_rules_from(const Rules& rules, F&& f) {
  if constexpr (I + 1 < std::size(kAllRules)) {
    if (&rules != kAllRules[I]) return with_rules_from<I + 1>(rules, f);
  }
  assert(&rules == kAllRules[I]);
  return f.template operator()<*kAllRules[I]>();
}
}  // namespace detail

// Calls f.template operator()<R>() with R the registered record `rules` (one of kAllRules), so
// that a variant added to kAllRules gets its generator with no change here.
template <typename F>
decltype(auto) with_rules(const Rules& rules, F&& f) {
  return detail::with_rules_from<0>(rules, f);
}

inline void generate_moves(const Rules& rules, const Position& pos, MoveList& list) {
  with_rules(rules, [&]<const Rules & R>() { Generator<R>::generate(pos, list); });
}
inline void generate_removals(const Rules& rules, const Position& pos, MoveList& list) {
  with_rules(rules, [&]<const Rules & R>() { Generator<R>::generate_removals(pos, list); });
}
inline std::uint64_t count_moves(const Rules& rules, const Position& pos) {
  return with_rules(rules, [&]<const Rules & R>() { return Generator<R>::count_moves(pos); });
}
inline std::uint64_t perft(const Rules& rules, const Position& pos, int depth) {
  return with_rules(rules, [&]<const Rules & R>() { return Generator<R>::perft(pos, depth); });
}
inline bool lost_by_material(const Rules& rules, const Position& pos, Side side) {
  return with_rules(rules,
                    [&]<const Rules & R>() { return Generator<R>::lost_by_material(pos, side); });
}
inline bool over_by_material(const Rules& rules, const Position& pos) {
  return with_rules(rules, [&]<const Rules & R>() { return Generator<R>::over_by_material(pos); });
}
inline bool may_fly(const Rules& rules, const Position& pos) {
  return with_rules(rules, [&]<const Rules & R>() { return Generator<R>::may_fly(pos); });
}
inline Bitboard removable(const Rules& rules, const Position& pos) {
  return with_rules(rules, [&]<const Rules & R>() { return Generator<R>::removable(pos); });
}

}  // namespace doska::mill
