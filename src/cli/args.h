// Command-line words: positional arguments and --options (with a value, or flags).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/result.h"
#include "engine/table_shelf.h"

namespace doska::cli {

struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> values;
  std::set<std::string> flags;
  std::map<std::string, std::vector<std::string>> lists;  // the options that may be repeated

  std::optional<std::string> value(const std::string& name) const {
    auto it = values.find(name);
    if (it == values.end()) return std::nullopt;
    return it->second;
  }
  bool flag(const std::string& name) const { return flags.count(name) != 0; }
  // Every value of a repeatable option, in the order given.
  std::vector<std::string> all(const std::string& name) const {
    auto it = lists.find(name);
    return it == lists.end() ? std::vector<std::string>() : it->second;
  }
};

// Bad input: one line "error: <message>" on stderr, and the exit status for it (2).
int fail(const std::string& message);

// Reads words; `with_value` names the options that take a value, `known_flags` those that don't,
// `repeatable` those that take a value and may be given more than once (Args::all).
Result<Args> parse_args(const std::vector<std::string>& words,
                        const std::set<std::string>& with_value,
                        const std::set<std::string>& known_flags,
                        const std::set<std::string>& repeatable = {});

// An integer in [lo, hi] from option `name`, if given (else `out` is left as it is); false with a
// message naming the option on a bad value.
bool int_option(const Args& args, const std::string& name, long long lo, long long hi,
                long long& out, std::string& error);

// --egdb DIR|none: where the engine finds the endgame databases (default data/egdb under the
// working folder); nullptr for none. --egdb-memory GB: how much of them to hold unpacked (0 by
// default: every table packed); an error names a bad value.
Result<std::shared_ptr<engine::TableShelf>> egdb_option(const Args& args);

}  // namespace doska::cli
