// Feeds any text to parse_pdn. Text that parses must come back through write_pdn: the written
// text parses, to as many games with the same moves, strengths, NAGs, comments, tags (in the
// writer's order) and results ("*" where the game had none), and writing it again gives the same
// text. The rules layer must answer every game without crashing.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/draughts/pdn.h"

namespace {

using namespace doska::draughts;

[[noreturn]] void fail(std::size_t game, const std::string& what, std::string_view written) {
  std::fprintf(stderr, "fuzz_pdn: game %zu: %s\nwritten:\n%.*s\n", game, what.c_str(),
               static_cast<int>(written.size()), written.data());
  std::abort();
}

std::vector<std::pair<std::string, std::string>> sorted_tags(const PdnGame& game) {
  std::vector<std::pair<std::string, std::string>> tags;
  for (const PdnTag& t : game.tags) tags.emplace_back(t.name, t.value);
  std::sort(tags.begin(), tags.end());
  return tags;
}

void check_same(std::size_t index, const PdnGame& a, const PdnGame& b, std::string_view written) {
  if (a.moves.size() != b.moves.size()) fail(index, "the number of moves changed", written);
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const PdnMove& x = a.moves[i];
    const PdnMove& y = b.moves[i];
    if (x.text != y.text || x.strength != y.strength || x.nags != y.nags ||
        x.comments != y.comments)
      fail(index, "move " + std::to_string(i) + " '" + x.text + "' changed", written);
  }
  if (a.leading_comments != b.leading_comments) fail(index, "leading comments changed", written);
  if (sorted_tags(a) != sorted_tags(b)) fail(index, "the tags changed", written);
  const std::string result = a.result.empty() ? "*" : a.result;
  if (b.result != result) fail(index, "the result changed", written);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto games = parse_pdn(text);
  if (!games) {
    if (games.error().empty()) fail(0, "an error without a message", text);
    return 0;
  }
  for (const PdnGame& game : *games) {
    if (auto rules = rules_for_tags(game)) (void)initial_position(**rules, game);
  }

  const std::string written = write_pdn(*games);
  auto again = parse_pdn(written);
  if (!again) fail(0, "the written text does not parse: " + again.error(), written);
  if (again->size() != games->size()) fail(0, "the number of games changed", written);
  for (std::size_t i = 0; i < games->size(); ++i) check_same(i, (*games)[i], (*again)[i], written);
  if (write_pdn(*again) != written) fail(0, "writing the read text again changed it", written);
  return 0;
}
