// Moves and positions as the draughts protocols (Hub, DXP) write them. Unlike our notation
// (RULINGS §1.1), which gives a capture by its landing squares, both protocols name a capture by
// its start, its end and the set of captured pieces; a position is one letter per square.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::protocols {

// A move by squares (indices 0..S-1 of board.h, square "1" = index 0). The order of `captured`
// carries no meaning.
struct FieldMove {
  int from = 0;
  int to = 0;
  std::vector<int> captured;
};

// The legal move of `pos` with this start, end and captured set. When no legal move captures
// exactly that set, a capture that takes all the given pieces and more is accepted if it is the
// only one (a sender may leave out captured pieces that do not tell moves apart).
Result<draughts::Move> find_move(const draughts::Rules& rules, const draughts::Position& pos,
                                 const FieldMove& move);

// The squares of a move, captured pieces in ascending square order.
FieldMove field_move(const draughts::Rules& rules, const draughts::Move& move);

// "32-28", "28x19x23" (from x to x captured...), with the game's square names.
std::string field_move_text(const draughts::Rules& rules, const FieldMove& move);
// Reads that form: squares joined by '-' or 'x'; squares after the second are captured pieces.
Result<FieldMove> parse_field_move(const draughts::Rules& rules, std::string_view text);

// The letters of a one-letter-per-square position: the side to move, then every square in order.
struct BoardLetters {
  char white_to_move;
  char black_to_move;
  char white_man;
  char black_man;
  char white_king;
  char black_king;
  char empty;
};
inline constexpr BoardLetters kHubLetters{'W', 'B', 'w', 'b', 'W', 'B', 'e'};
inline constexpr BoardLetters kDxpLetters{'W', 'Z', 'w', 'z', 'W', 'Z', 'e'};

std::string board_string(const draughts::Rules& rules, const draughts::Position& pos,
                         const BoardLetters& letters);
Result<draughts::Position> parse_board_string(const draughts::Rules& rules, std::string_view text,
                                              const BoardLetters& letters);

}  // namespace doska::protocols
