// Variants that are not games of the program but a few lines of data each, for tests: twelve
// men's morris on the board with diagonals (20 lines, corners joined) and Lasker's variant (10
// pieces, place or move).
#pragma once

#include "games/mill/board.h"
#include "games/mill/rules.h"

namespace doska::mill {

inline constexpr Rules kTwelveMen = [] {
  Rules r = variant_of(kMill, "twelve-men", "Twelve men's morris");
  r.board = &kDiagonalBoard;
  r.pieces = 12;
  return r;
}();
inline constexpr Rules kLasker = [] {
  Rules r = variant_of(kMill, "lasker", "Lasker morris");
  r.pieces = 10;
  r.placement = Placement::place_or_move;
  return r;
}();

}  // namespace doska::mill
