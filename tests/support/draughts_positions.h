// Positions for the draughts evaluation tests: random games (captures, kings and all) and the
// colour mirror of a position.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "games/draughts/variant.h"

namespace doska::test {

// Every position of `games` random games of at most 150 plies.
inline std::vector<draughts::Position> random_draughts_positions(const draughts::Rules& rules,
                                                                 int games, std::uint64_t seed) {
  std::vector<draughts::Position> out;
  std::mt19937_64 rng(seed);
  for (int g = 0; g < games; ++g) {
    draughts::Position pos = draughts::start_position(rules);
    for (int ply = 0; ply < 150; ++ply) {
      draughts::MoveList list;
      draughts::generate_moves(rules, pos, list);
      if (list.size() == 0) break;
      draughts::play(pos, list[rng() % list.size()]);
      out.push_back(pos);
    }
  }
  return out;
}

// The board turned half a turn, colours exchanged, the other side to move.
inline draughts::Position colour_mirror(const draughts::Rules& rules,
                                        const draughts::Position& pos) {
  draughts::Position m;
  const int squares = draughts::square_count(rules);
  for (int s = 0; s < squares; ++s) {
    const draughts::Bitboard from = draughts::square_mask(rules, s),
                             to = draughts::square_mask(rules, squares - 1 - s);
    if (pos.white & from) m.black |= to;
    if (pos.black & from) m.white |= to;
    if (pos.kings & from) m.kings |= to;
  }
  m.side = draughts::opposite(pos.side);
  return m;
}

}  // namespace doska::test
