// Feeds any text to parse_fen of every draughts variant. A position that parses must come back
// unchanged through to_fen, and the move generator, the capture path search and the move text
// must agree on it:
// - the bitboard generator's captures are exactly the distinct moves of capture_paths, which
//   finds them independently (RULINGS §1.2: same start, end and captured set is one move);
// - every legal move's text reads back as that move.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace {

using namespace doska::draughts;

[[noreturn]] void fail(const Rules& rules, std::string_view fen, const std::string& what) {
  std::fprintf(stderr, "fuzz_fen: %s, FEN '%.*s' (%.*s)\n", what.c_str(),
               static_cast<int>(fen.size()), fen.data(), static_cast<int>(rules.id.size()),
               rules.id.data());
  std::abort();
}

bool contains(const std::vector<Move>& moves, const Move& move) {
  for (const Move& m : moves)
    if (m == move) return true;
  return false;
}

void check_position(const Rules& rules, const Position& pos) {
  const std::string fen = to_fen(rules, pos);
  auto again = parse_fen(rules, fen);
  if (!again) fail(rules, fen, "to_fen wrote a FEN that parse_fen rejects: " + again.error());
  if (!(*again == pos)) fail(rules, fen, "the FEN does not read back as the same position");
  if (to_fen(rules, *again) != fen) fail(rules, fen, "to_fen is not stable");

  const std::vector<Move> moves = legal_moves(rules, pos);
  for (const Move& move : moves)
    if (move.from == move.to && !move.is_capture()) fail(rules, fen, "a quiet move to itself");

  const bool captures = !moves.empty() && moves.front().is_capture();
  std::vector<Move> path_moves;
  for (const CapturePath& path : capture_paths(rules, pos))
    if (!contains(path_moves, path.move)) path_moves.push_back(path.move);
  if (captures) {
    for (const Move& move : moves)
      if (!contains(path_moves, move))
        fail(rules, fen, "a generated capture that capture_paths does not find");
    if (path_moves.size() != moves.size())
      fail(rules, fen, "capture_paths finds captures that the generator does not");
  } else if (!path_moves.empty()) {
    fail(rules, fen, "capture_paths finds a capture but the generator has none");
  }

  for (const Move& move : moves) {
    const std::string text = move_text(rules, pos, move);
    auto parsed = parse_move(rules, pos, text);
    if (!parsed) fail(rules, fen, "move text '" + text + "' does not parse: " + parsed.error());
    if (!(*parsed == move)) fail(rules, fen, "move text '" + text + "' reads as another move");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const Rules* rules : kAllRules) {
    auto pos = parse_fen(*rules, text);
    if (!pos) {
      if (pos.error().empty()) fail(*rules, text, "parse_fen failed without a message");
      continue;
    }
    check_position(*rules, *pos);
  }
  return 0;
}
