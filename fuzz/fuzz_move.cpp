// Feeds move text to parse_move. Input: the first line is a variant id, optionally followed by a
// space and a PDN FEN (else the start position); every further line is a move. A move that
// parses must be one of legal_moves, and is played before the next line is read; a move that
// does not parse must say why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace {

using namespace doska::draughts;

// Enough plies to reach kings and endings from the seeds; bounds the time of one input.
constexpr int kMaxMoves = 200;

[[noreturn]] void fail(const Rules& rules, const Position& pos, std::string_view move,
                       const std::string& what) {
  const std::string fen = to_fen(rules, pos);
  std::fprintf(stderr, "fuzz_move: %s: move '%.*s' in %s (%.*s)\n", what.c_str(),
               static_cast<int>(move.size()), move.data(), fen.c_str(),
               static_cast<int>(rules.id.size()), rules.id.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string_view> lines = doska::split(text, '\n');

  const std::string_view header = doska::trim(lines.front());
  const std::size_t space = header.find(' ');
  const Rules* rules = find_rules(header.substr(0, space));
  if (rules == nullptr) return 0;
  Position pos = start_position(*rules);
  if (space != std::string_view::npos) {
    auto parsed = parse_fen(*rules, header.substr(space + 1));
    if (!parsed) return 0;
    pos = *parsed;
  }

  int played = 0;
  for (std::size_t i = 1; i < lines.size() && played < kMaxMoves; ++i) {
    const std::string_view line = lines[i];
    auto move = parse_move(*rules, pos, line);
    if (!move) {
      if (move.error().empty()) fail(*rules, pos, line, "rejected without a message");
      continue;
    }
    bool legal = false;
    for (const Move& m : legal_moves(*rules, pos))
      if (m == *move) legal = true;
    if (!legal) fail(*rules, pos, line, "parse_move gave a move that is not legal");
    play(pos, *move);
    ++played;
  }
  return 0;
}
