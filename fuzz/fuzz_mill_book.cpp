// Feeds bytes to the reader of the mill opening books (data/book/<game>.txt), as each mill game.
// A text that is refused must say why; one that is read must read back the same from its written
// form, and every probe of one of its positions must give a legal move.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "games/mill/book.h"
#include "games/mill/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace mill = doska::mill;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (const mill::Rules* rules : mill::kAllRules) {
    auto book = mill::Book::parse(*rules, bytes, "fuzz input");
    if (!book) {
      if (book.error().empty()) {
        std::fprintf(stderr, "fuzz_mill_book: refused without a message\n");
        std::abort();
      }
      continue;
    }
    const std::string written = book->format("comment");
    auto again = mill::Book::parse(*rules, written, "written");
    if (!again || again->format("comment") != written) {
      std::fprintf(stderr, "fuzz_mill_book: written back differently\n");
      std::abort();
    }
    for (const mill::Position& pos : mill::book_positions(*rules, 1)) {
      const auto hit = book->probe(pos);
      if (!hit) continue;
      const auto legal = mill::legal_moves(*rules, pos);
      bool found = false;
      for (const mill::Move& m : legal) found |= m == hit->move;
      if (!found) {
        std::fprintf(stderr, "fuzz_mill_book: a probe gave an illegal move\n");
        std::abort();
      }
    }
  }
  return 0;
}
