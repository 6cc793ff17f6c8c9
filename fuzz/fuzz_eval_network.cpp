// Feeds bytes to the reader of the draughts evaluation networks (`doska train --net`, net_eval.h),
// also through the evaluation weights' reader that `eval=FILE` uses. A file that is refused must
// say why; one that is read must be written back to the same bytes and evaluate the start
// position of its game, and a few positions after it, without fault.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/draughts/net_eval.h"
#include "games/draughts/notation.h"
#include "games/draughts/pattern_eval.h"
#include "games/draughts/rules.h"
#include "games/draughts/variant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace draughts = doska::draughts;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto network = draughts::net::parse(bytes, "fuzz input");
  auto weights = draughts::pattern::parse(bytes, "fuzz input");
  if (!network) {
    if (network.error().empty()) {
      std::fprintf(stderr, "fuzz_eval_network: refused without a message\n");
      std::abort();
    }
    return 0;
  }
  if (draughts::net::serialize(*network) != bytes) {
    std::fprintf(stderr, "fuzz_eval_network: written back differently\n");
    std::abort();
  }
  const draughts::Rules* rules = draughts::find_rules(network->game);
  if (!rules) std::abort();
  // A network that adds to other patterns than the built-in ones is refused as weights.
  if (!weights) return 0;
  draughts::Position pos = draughts::start_position(*rules);
  for (int ply = 0; ply < 8; ++ply) {
    (void)draughts::pattern::evaluate(*weights, pos);
    draughts::MoveList list;
    draughts::generate_moves(*rules, pos, list);
    if (list.size() == 0) break;
    draughts::play(pos, list[static_cast<std::size_t>(ply) % list.size()]);
  }
  return 0;
}
