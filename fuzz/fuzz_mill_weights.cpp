// Feeds bytes to the reader of the mill evaluation's weights (data/eval/mill*.txt). A text that is
// refused must say why; one that is read must read back the same from its written form, and
// evaluate the start of its game (when it names one) without fault.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "games/mill/eval.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace mill = doska::mill;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto weights = mill::parse_weights(bytes, "fuzz input");
  if (!weights) {
    if (weights.error().empty()) {
      std::fprintf(stderr, "fuzz_mill_weights: refused without a message\n");
      std::abort();
    }
    return 0;
  }
  auto again = mill::parse_weights(mill::format_weights(*weights, "comment"), "written");
  if (!again || again->w != weights->w || again->game != weights->game) {
    std::fprintf(stderr, "fuzz_mill_weights: written back differently\n");
    std::abort();
  }
  if (const mill::Rules* rules = mill::find_rules(weights->game))
    mill::with_rules(*rules, [&]<const mill::Rules & R>() {
      (void)mill::evaluate<R>(mill::start_position(R), *weights);
    });
  return 0;
}
