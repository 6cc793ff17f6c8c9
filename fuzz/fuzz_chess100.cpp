// Feeds 100-square chess text to the FEN, long algebraic and SAN readers. Input: the first line is
// a FEN (an empty line: the setup); every further line is a move in either notation. A FEN that
// parses must be written back and read again to the same position; a move that parses must be a
// move of play, its long algebraic and SAN must read back to it, and playing it must keep the
// incremental key equal to the recomputed one. A text that does not parse must say why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.h"
#include "games/chess100/movegen.h"
#include "games/chess100/notation.h"

namespace {

using namespace doska::chess100;

constexpr int kMaxMoves = 200;

[[noreturn]] void fail(const Position& pos, std::string_view text, const std::string& what) {
  std::fprintf(stderr, "fuzz_chess100: %s: '%.*s' in %s\n", what.c_str(),
               static_cast<int>(text.size()), text.data(), to_fen(pos).c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string_view> lines = doska::split(text, '\n');
  Position pos = start_position();
  const std::string_view header = doska::trim(lines.front());
  if (!header.empty()) {
    auto parsed = parse_fen(header);
    if (!parsed) {
      if (parsed.error().empty()) fail(pos, header, "FEN rejected without a message");
      return 0;
    }
    pos = *parsed;
    const std::string written = to_fen(pos);
    auto again = parse_fen(written);
    if (!again) fail(pos, written, "the written FEN does not parse: " + again.error());
    if (!(*again == pos)) fail(pos, written, "the written FEN reads as another position");
    if (to_fen(*again) != written) fail(pos, written, "writing the FEN again changed it");
  }

  int played = 0;
  for (std::size_t i = 1; i < lines.size() && played < kMaxMoves; ++i) {
    if (pos.king(Color::white) < 0 || pos.king(Color::black) < 0) break;
    const std::string_view line = lines[i];
    auto move = parse_move(pos, line);
    if (!move) {
      if (move.error().empty()) fail(pos, line, "move rejected without a message");
      continue;
    }
    MoveList list;
    generate_moves(pos, list);
    bool legal = false;
    for (const Move& m : list)
      if (m == *move) legal = true;
    if (!legal) fail(pos, line, "parsed to a move that is not a move of play");
    for (const std::string& form : {move_text(*move), san(pos, *move)}) {
      auto back = parse_move(pos, form);
      if (!back || !(*back == *move)) fail(pos, form, "the written move does not read back");
    }
    Undo undo;
    make_move(pos, *move, undo);
    if (pos.key() != pos.compute_key()) fail(pos, line, "incremental key differs");
    ++played;
  }
  return 0;
}
