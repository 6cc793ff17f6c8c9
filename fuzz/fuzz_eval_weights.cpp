// Feeds bytes to the reader of the learned evaluation's weights files (data/eval/*.weights). A
// file that is refused must say why; one that is read must be written back to the same bytes and
// evaluate the start position of its game without fault.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/draughts/notation.h"
#include "games/draughts/pattern_eval.h"
#include "games/draughts/rules.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace pattern = doska::draughts::pattern;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto weights = pattern::parse(bytes, "fuzz input");
  if (!weights) {
    if (weights.error().empty()) {
      std::fprintf(stderr, "fuzz_eval_weights: refused without a message\n");
      std::abort();
    }
    return 0;
  }
  // A network file reads as the weights that evaluate with it (fuzz_eval_network).
  const std::string written = weights->net && doska::draughts::net::is_network(bytes)
                                  ? doska::draughts::net::serialize(*weights->net)
                                  : pattern::serialize(*weights);
  if (written != bytes) {
    std::fprintf(stderr, "fuzz_eval_weights: written back differently\n");
    std::abort();
  }
  const doska::draughts::Rules* rules = doska::draughts::find_rules(weights->game);
  if (!rules) std::abort();
  (void)pattern::evaluate(*weights, doska::draughts::start_position(*rules));
  return 0;
}
