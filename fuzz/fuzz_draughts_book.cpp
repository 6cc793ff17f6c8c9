// Feeds bytes to the reader of the draughts opening books (data/book/<game>.txt), as each draughts
// game. A text that is refused must say why; one that is read must read back the same from its
// written form, and every probe of one of its positions must give a legal move.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "games/draughts/book.h"
#include "games/draughts/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace draughts = doska::draughts;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (const draughts::Rules* rules : draughts::kAllRules) {
    auto book = draughts::Book::parse(*rules, bytes, "fuzz input");
    if (!book) {
      if (book.error().empty()) {
        std::fprintf(stderr, "fuzz_draughts_book: refused without a message\n");
        std::abort();
      }
      continue;
    }
    const std::string written = book->format("comment");
    auto again = draughts::Book::parse(*rules, written, "written");
    if (!again || again->format("comment") != written) {
      std::fprintf(stderr, "fuzz_draughts_book: written back differently\n");
      std::abort();
    }
    for (const auto& level : draughts::opening_levels(*rules, 1))
      for (const draughts::Position& pos : level) {
        const auto hit = book->probe(pos);
        if (!hit) continue;
        const auto legal = draughts::legal_moves(*rules, pos);
        if (std::find(legal.begin(), legal.end(), hit->move) == legal.end()) {
          std::fprintf(stderr, "fuzz_draughts_book: a probe gave an illegal move\n");
          std::abort();
        }
      }
  }
  return 0;
}
