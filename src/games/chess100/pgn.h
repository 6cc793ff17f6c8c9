// A game of 100-square chess as PGN (export only): the seven tag roster, a Variant tag
// "chess100", SetUp and FEN when the game did not start from the setup of RULINGS §4.1, the moves
// in SAN (notation.h) and the rule that ended the game as a comment. docs/chess100.md.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "games/chess100/game.h"

namespace doska::chess100 {

// "1-0", "0-1", "1/2-1/2" or "*".
std::string result_text(Outcome outcome);

// `tags` are written as given (later values replace earlier ones of the same name), after the
// roster tags they fill in; Result, Variant, SetUp and FEN are always the program's own.
std::string write_pgn(const Game& game,
                      const std::vector<std::pair<std::string, std::string>>& tags);

}  // namespace doska::chess100
