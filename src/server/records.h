// Reading a game record for import: the PGN of chess100 and the PDN-style records of the mill
// games and wolf and sheep (draughts records go through draughts::parse_pdn). Only what an import
// needs: the tags and the main line's move texts; the moves are checked by the game's session.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.h"

namespace doska::server {

struct RecordGame {
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> moves;  // a Ceylon mill turn "d7,g7" gives two
  int line = 1;                    // where the game starts in the text

  std::optional<std::string> tag(std::string_view name) const;
};

// The first game of the text. Skips move numbers, results, comments ({...} and ';' to the end of
// the line), variations (...), NAGs ($n) and move marks (!, ?).
Result<RecordGame> read_record(std::string_view text);
// Every game of the text, in order (a game ends at its result or at the next game's tags).
Result<std::vector<RecordGame>> read_records(std::string_view text);

}  // namespace doska::server
