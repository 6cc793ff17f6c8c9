#include "server/puzzles/attempt_request.h"

#include <nlohmann/json.hpp>

namespace doska::server {

Result<PuzzleAttemptRequest> parse_puzzle_attempt(std::string_view body) {
  const nlohmann::json o = nlohmann::json::parse(body, nullptr, false);
  if (o.is_discarded() || !o.is_object())
    return make_error("the body must be a JSON object {\"moves\": [...]}");
  const auto moves = o.find("moves");
  if (moves == o.end()) return make_error("missing field \"moves\"");
  if (!moves->is_array()) return make_error("field \"moves\" must be an array of moves");
  if (moves->empty()) return make_error("field \"moves\" is empty: send the moves played so far");
  if (moves->size() > kMaxPuzzleMoves)
    return make_error("field \"moves\" has " + std::to_string(moves->size()) + " moves, at most " +
                      std::to_string(kMaxPuzzleMoves));
  PuzzleAttemptRequest r;
  for (std::size_t i = 0; i < moves->size(); ++i) {
    const nlohmann::json& m = (*moves)[i];
    const std::string where = "move " + std::to_string(i + 1);
    if (!m.is_string()) return make_error(where + " is not a string");
    const std::string& text = m.get_ref<const std::string&>();
    if (text.empty() || text.size() > kMaxPuzzleMoveText)
      return make_error(where + " must have 1 to " + std::to_string(kMaxPuzzleMoveText) +
                        " characters");
    for (unsigned char c : text) {
      if (c <= 0x20 || c >= 0x7f) return make_error(where + " has a character moves never have");
    }
    r.moves.push_back(text);
  }
  return r;
}

}  // namespace doska::server
