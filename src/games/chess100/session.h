// 100-square chess behind the GameSession facade.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "games/session.h"

namespace doska::chess100 {

// legal_moves(): the safe moves (those perft counts) in long algebraic, sorted; play() also
// accepts a move that leaves the own king attacked (RULINGS §4.4), in long algebraic or SAN.
// legal_moves_full(): the same moves in SAN. record(): PGN with a Variant tag (pgn.h).
Result<std::unique_ptr<GameSession>> new_chess100_session(const GameInfo& info,
                                                          std::optional<std::string_view> fen,
                                                          const SessionOptions& options);

}  // namespace doska::chess100
