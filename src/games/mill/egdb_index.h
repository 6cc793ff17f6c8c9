// The index of the mill endgame tables (egdb.h), one entry per class of positions under the
// board's 16 symmetries (book.h: quarter turns, the mirror, the swap of the outer and inner
// squares; each keeps every line, so positions of a class have one value). About a sixteenth of
// the positions: nine against nine is 8.9 thousand million positions in all instead of 142.
//
// A position (the side to move's points "own", the opponent's "opp") is turned so that its own
// points take their smallest form (as a number: the order of the combinatorial number system);
// where several symmetries give that form (the form is symmetric itself), the one that gives the
// opponent's points their smallest form is taken. Index: the class of the own points, in the
// order of their forms, times the number of ways to place the opponent's points, plus their
// rank among the points left free. A slot whose opponent's points are not in their smallest form
// under the own points' symmetries is no position's (the table stores "none" there).
#pragma once

#include <cstdint>
#include <vector>

#include "games/mill/board.h"

namespace doska::mill::egdb {

inline constexpr int kSymmetryCount = 16;
inline constexpr int kMaxSide = 9;  // pieces a side

// Symmetry `s` of book.h's transform_point applied to a set of points, a byte a ring at a time.
Bitboard apply_symmetry(int s, Bitboard points);

// The sets of n points (0..kMaxSide) up to the symmetries.
struct SetClasses {
  std::vector<Bitboard> form;             // by class: the smallest form, classes in its order
  std::vector<std::uint16_t> stabilizer;  // by class: bit s set when symmetry s keeps the form
  std::vector<std::uint32_t> class_of;    // by the rank of any set
  std::vector<std::uint8_t> to_form;      // by the rank of any set: a symmetry onto the form
};
// Built once for every n on the first call (a fraction of a second), then only read.
const SetClasses& set_classes(int n);

// Slots of the table with `own` and `opp` pieces.
std::uint64_t symmetric_size(int own, int opp);
// The slot of a position.
std::uint64_t symmetric_index(int own_count, int opp_count, Bitboard own, Bitboard opp);
// The position of a slot; false when the slot is no position's (see above).
bool symmetric_decode(int own_count, int opp_count, std::uint64_t index, Bitboard& own,
                      Bitboard& opp);

}  // namespace doska::mill::egdb
