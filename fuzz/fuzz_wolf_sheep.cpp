// Feeds text to the FEN and move readers of wolf and sheep. Input: the first line is a FEN (empty:
// the start position); every further line is a move, played through the game record when it
// reads. Checks:
// - a FEN that reads has four sheep and a wolf off them (or not placed, the wolf to move), comes
//   back unchanged through to_fen, and to_fen is stable;
// - every legal move's text reads back as that move; a move that reads is legal;
// - the game is over exactly when the side to move has no legal move, and then stays so;
// - a text that does not read says why.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.h"
#include "games/wolf_sheep/game.h"
#include "games/wolf_sheep/notation.h"

namespace {

using namespace doska::wolf_sheep;

// A game lasts at most 4 x 7 sheep moves and as many wolf moves, plus the placement.
constexpr int kMaxMoves = 80;

[[noreturn]] void fail(const Position& pos, std::string_view input, const std::string& what) {
  std::fprintf(stderr, "fuzz_wolf_sheep: %s: '%.*s' in %s\n", what.c_str(),
               static_cast<int>(input.size()), input.data(), to_fen(pos).c_str());
  std::abort();
}

void check_position(const Position& pos) {
  if (std::popcount(pos.sheep) != kSheep) fail(pos, "", "not four sheep");
  if ((pos.sheep & ~Board::kBoard) != 0) fail(pos, "", "a sheep off the board");
  if (pos.wolf_placed() && pos.has_sheep(pos.wolf)) fail(pos, "", "the wolf on a sheep");
  if (!pos.wolf_placed() && pos.side != Side::wolf) fail(pos, "", "sheep to move, no wolf");
  const std::string fen = to_fen(pos);
  auto again = parse_fen(fen);
  if (!again) fail(pos, fen, "to_fen wrote a FEN that parse_fen rejects: " + again.error());
  if (!(*again == pos)) fail(pos, fen, "the FEN does not read back as the same position");
  if (to_fen(*again) != fen) fail(pos, fen, "to_fen is not stable");
  if (again->key() != pos.key()) fail(pos, fen, "the key changed");

  const std::vector<Move> moves = legal_moves(pos);
  if (moves.empty() != (end_of(pos) != End::none))
    fail(pos, fen, "moves and the end of the game disagree");
  for (const Move& move : moves) {
    const std::string text = move_text(move);
    auto read = parse_move(pos, text);
    if (!read) fail(pos, text, "a legal move's text does not read: " + read.error());
    if (!(*read == move)) fail(pos, text, "a legal move's text reads as another move");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string_view> lines = doska::split(text, '\n');
  Position start = start_position();
  if (!doska::trim(lines[0]).empty()) {
    auto parsed = parse_fen(lines[0]);
    if (!parsed) {
      if (parsed.error().empty()) fail(start, lines[0], "a FEN error without a message");
      return 0;
    }
    start = *parsed;
  }
  check_position(start);
  Game game(start);
  for (std::size_t i = 1; i < lines.size() && i <= kMaxMoves; ++i) {
    const Position before = game.position();
    auto move = parse_move(before, lines[i]);
    if (!move) {
      if (move.error().empty()) fail(before, lines[i], "a move error without a message");
      if (game.play_text(lines[i]).ok())
        fail(before, lines[i], "the record plays a move parse_move refuses");
      continue;
    }
    const std::vector<Move> moves = legal_moves(before);
    bool legal = false;
    for (const Move& m : moves) legal = legal || m == *move;
    if (!legal) fail(before, lines[i], "parse_move read a move that is not legal");
    if (game.over()) fail(before, lines[i], "a move read after the end of the game");
    if (!game.play(*move).ok()) fail(before, lines[i], "the record refuses a legal move");
    check_position(game.position());
    if (game.over() != (end_of(game.position()) != End::none))
      fail(game.position(), lines[i], "the record's end disagrees with the position");
  }
  return 0;
}
