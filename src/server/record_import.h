// A game record read for any game id and played through a session: what an import into the
// server (Round::create) and the puzzle finder's recorded games (doska puzzles build --pdn, --db)
// both need. Draughts records go through the draughts family's PDN reader, the others (the PGN of
// chess100, the PDN-style records of the mill games and wolf and sheep) through read_records.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/session.h"

namespace doska::server {

// A record's start (its FEN tag, if any) and its main line's moves as written.
struct RecordText {
  std::optional<std::string> fen;
  std::vector<std::string> moves;
  int line = 1;  // where the game starts in the text
};

// The games of `text` for the game id `variant` (known to find_game), in order; `first_only`
// reads the first game alone (an import). An error says what the reader found wrong; "no game in
// the text" when there is none.
Result<std::vector<RecordText>> read_record_texts(std::string_view variant, std::string_view text,
                                                  bool first_only);

// A record played from its start in a new session: each move read (any notation the game reads)
// and played. The moves as the session writes them.
struct ReplayedRecord {
  std::unique_ptr<GameSession> session;
  std::vector<std::string> moves;
};
// An error names the move at fault: `move 12 "32x23": ...`, or the start position's fault.
Result<ReplayedRecord> replay_record(std::string_view variant, const RecordText& record,
                                     const SessionOptions& options = {});

}  // namespace doska::server
