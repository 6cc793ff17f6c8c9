// Feeds bytes to the reader of the puzzle files (data/puzzles/<game>.txt). A text that is
// refused must say why; one that is read must be written out, read again and written the same.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "puzzles/puzzle.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto puzzles = doska::puzzles::read_file(bytes);
  if (!puzzles) {
    if (puzzles.error().empty()) {
      std::fprintf(stderr, "fuzz_puzzle_file: refused without a message\n");
      std::abort();
    }
    return 0;
  }
  const std::string game = puzzles->empty() ? std::string() : puzzles->front().game;
  if (game.empty()) return 0;
  const std::string written = doska::puzzles::write_file(game, *puzzles);
  auto again = doska::puzzles::read_file(written);
  if (!again || doska::puzzles::write_file(game, *again) != written) {
    std::fprintf(stderr, "fuzz_puzzle_file: written back differently\n");
    std::abort();
  }
  return 0;
}
