// The body of POST /api/puzzles/{id}/attempt (docs/api.md, Puzzles): the player's moves so far,
// in order, without the opponent's replies. Read here, with its bounds, so that the fuzz target
// (fuzz/fuzz_puzzle_attempt.cpp) reaches it without a server.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"

namespace doska::server {

inline constexpr std::size_t kMaxPuzzleMoves = 32;     // more than any puzzle's line has
inline constexpr std::size_t kMaxPuzzleMoveText = 64;  // a long draughts capture, written out

struct PuzzleAttemptRequest {
  // At least one; each 1 to kMaxPuzzleMoveText printable ASCII characters.
  std::vector<std::string> moves;
};

// {"moves": ["32-28", ...]}; an error names the field and what is wrong with it.
Result<PuzzleAttemptRequest> parse_puzzle_attempt(std::string_view body);

}  // namespace doska::server
