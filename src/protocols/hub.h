// The Hub protocol, version 2 (the draughts engine protocol of Scan 3 and the Hub GUI), over the
// Engine facade. Lines are `<command> <name>=<value> ...`; a value with a space, '=' or '"', or an
// empty one, is written in double quotes; an argument may be a bare flag. The loop reads any
// std::istream and writes any std::ostream, so that tests can run a transcript through it.
// docs/protocols.md lists the commands as implemented here.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "engine/table_shelf.h"

namespace doska::protocols {

struct HubArgument {
  std::string name;
  std::string value;  // empty for a flag
  bool has_value = false;
};

struct HubLine {
  std::string command;
  std::vector<HubArgument> arguments;

  // The first argument named `name`, or nullptr.
  const HubArgument* find(std::string_view name) const;
};

// Reads one line; errors name the problem and the column.
Result<HubLine> parse_hub_line(std::string_view text);

// `name=value`, the value quoted when it must be.
std::string hub_pair(std::string_view name, std::string_view value);

struct HubOptions {
  std::size_t hash_megabytes = 64;  // the initial value of the `hash` parameter
  // Seconds per move of a `go think` given no time, depth or node limit.
  double default_move_time = 5;
  // The endgame databases (docs/egdb.md); nullptr: none.
  std::shared_ptr<engine::TableShelf> tables;
};

// Runs the protocol until `quit` or the end of the input. Returns the exit status (0).
int run_hub(std::istream& in, std::ostream& out, const HubOptions& options = {});

}  // namespace doska::protocols
