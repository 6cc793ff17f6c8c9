// Feeds POST /api/puzzles/{id}/attempt bodies (docs/api.md, Puzzles) to their reader: it answers
// moves inside their bounds or an error that says why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/puzzles/attempt_request.h"

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_puzzle_attempt: %s\n", what.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  auto r = doska::server::parse_puzzle_attempt(body);
  if (!r) {
    if (r.error().empty()) fail("an error without a message");
    return 0;
  }
  if (r->moves.empty()) fail("no moves");
  if (r->moves.size() > doska::server::kMaxPuzzleMoves) fail("more moves than the bound");
  for (const std::string& move : r->moves) {
    if (move.empty() || move.size() > doska::server::kMaxPuzzleMoveText)
      fail("a move's length out of bounds");
    for (unsigned char c : move)
      if (c <= 0x20 || c >= 0x7f) fail("a move with a space, a control or a non-ASCII character");
  }
  return 0;
}
