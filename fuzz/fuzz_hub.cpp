// Feeds Hub protocol lines to the line reader and the position and move readers (the engine is
// not run). Input: the first line is a variant id; every further line is a Hub line. A line that
// reads must read the same after its arguments are written back with hub_pair; a `pos` value
// that reads as a position becomes the position, and a `moves` value's moves that read must be
// legal there and are played. Errors must say why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"
#include "protocols/draughts_fields.h"
#include "protocols/hub.h"

namespace {

using namespace doska;
using namespace doska::protocols;

constexpr int kMaxMoves = 200;

[[noreturn]] void fail(std::string_view line, const std::string& what) {
  std::fprintf(stderr, "fuzz_hub: %s: line '%.*s'\n", what.c_str(), static_cast<int>(line.size()),
               line.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string_view> lines = split(text, '\n');
  const draughts::Rules* rules = draughts::find_rules(trim(lines.front()));
  if (rules == nullptr) return 0;
  draughts::Position pos = draughts::start_position(*rules);
  int played = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    auto parsed = parse_hub_line(line);
    if (!parsed) {
      if (parsed.error().empty()) fail(line, "rejected without a message");
      continue;
    }
    std::string written = parsed->command;
    for (const HubArgument& arg : parsed->arguments) {
      written += ' ';
      written += arg.has_value ? hub_pair(arg.name, arg.value) : arg.name;
    }
    auto reread = parse_hub_line(written);
    if (!reread) fail(line, "written back as '" + written + "', it does not read");
    if (reread->arguments.size() != parsed->arguments.size())
      fail(line, "written back as '" + written + "', it reads differently");
    for (std::size_t a = 0; a < parsed->arguments.size(); ++a) {
      const HubArgument& x = parsed->arguments[a];
      const HubArgument& y = reread->arguments[a];
      // A '"' in a value is written as '\'' (the protocol has no escape).
      std::string expected = x.value;
      for (char& c : expected)
        if (c == '"') c = '\'';
      if (x.name != y.name || expected != y.value || x.has_value != y.has_value)
        fail(line, "written back as '" + written + "', it reads differently");
    }
    if (const HubArgument* board = parsed->find("pos")) {
      auto read = parse_board_string(*rules, board->value, kHubLetters);
      if (read) {
        if (board_string(*rules, *read, kHubLetters) != board->value)
          fail(line, "the position does not write back as it was read");
        pos = *read;
      } else if (read.error().empty()) {
        fail(line, "position rejected without a message");
      }
    }
    if (const HubArgument* moves = parsed->find("moves")) {
      for (std::string_view word : split_words(moves->value)) {
        if (played >= kMaxMoves) break;
        auto field = parse_field_move(*rules, word);
        if (!field) continue;
        auto move = find_move(*rules, pos, *field);
        if (!move) {
          if (move.error().empty()) fail(line, "move rejected without a message");
          continue;
        }
        bool legal = false;
        for (const draughts::Move& m : draughts::legal_moves(*rules, pos)) legal |= m == *move;
        if (!legal) fail(line, "find_move gave a move that is not legal");
        draughts::play(pos, *move);
        ++played;
      }
    }
  }
  return 0;
}
