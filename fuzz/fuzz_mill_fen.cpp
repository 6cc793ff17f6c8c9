// Feeds any text to the mill FEN and move text readers. Input: the first line is a FEN, read by
// every mill variant; every further line is a move, played through the game record. A position
// that parses must come back unchanged through to_fen, its key must match a fresh computation,
// the bulk count must match the generated moves, and every legal move's text must read back as
// that move. A move that reads must be one of the legal moves; a move or FEN that does not read
// must say why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.h"
#include "games/mill/game.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"

namespace {

using namespace doska::mill;

// Bounds the time of one input; enough plies for a whole game.
constexpr int kMaxMoves = 300;

[[noreturn]] void fail(const Rules& rules, const Position& pos, const std::string& what) {
  std::fprintf(stderr, "fuzz_mill_fen: %s, FEN '%s' (%.*s)\n", what.c_str(), to_fen(pos).c_str(),
               static_cast<int>(rules.id.size()), rules.id.data());
  std::abort();
}

void check_position(const Rules& rules, const Position& pos) {
  if (pos.key() != pos.compute_key()) fail(rules, pos, "the kept key differs from a fresh one");
  const std::string fen = to_fen(pos);
  auto again = parse_fen(rules, fen);
  if (!again) fail(rules, pos, "to_fen wrote a FEN that parse_fen rejects: " + again.error());
  if (!(*again == pos)) fail(rules, pos, "the FEN does not read back as the same position");
  const std::vector<Move> moves = legal_moves(rules, pos);
  if (count_moves(rules, pos) != moves.size())
    fail(rules, pos, "count_moves differs from the generated moves");
  for (const Move& move : moves) {
    const std::string text = move_text(move);
    auto parsed = parse_move(rules, pos, text);
    if (!parsed) fail(rules, pos, "move text '" + text + "' does not parse: " + parsed.error());
    if (!(*parsed == move)) fail(rules, pos, "move text '" + text + "' reads as another move");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string_view> lines = doska::split(text, '\n');
  for (const Rules* rules : kAllRules) {
    auto pos = parse_fen(*rules, lines.front());
    if (!pos) {
      if (pos.error().empty()) fail(*rules, Position{}, "parse_fen failed without a message");
      continue;
    }
    check_position(*rules, *pos);
    Game game(*rules, *pos);
    for (std::size_t i = 1; i < lines.size() && static_cast<int>(i) <= kMaxMoves; ++i) {
      const Position before = game.position();
      const std::vector<Move> legal = game.legal_moves();
      auto played = game.play_text(lines[i]);
      if (!played) {
        if (played.error().empty()) fail(*rules, before, "a move failed without a message");
        continue;
      }
      bool found = false;
      for (const Move& m : legal) found = found || m == *played;
      if (!found) fail(*rules, before, "a move that is not legal was played");
      check_position(*rules, game.position());
    }
  }
  return 0;
}
