#include "cli/args.h"

#include <cstdio>

#include "common/text.h"

namespace doska::cli {

int fail(const std::string& message) {
  std::fprintf(stderr, "error: %s\n", message.c_str());
  return 2;
}

Result<Args> parse_args(const std::vector<std::string>& words,
                        const std::set<std::string>& with_value,
                        const std::set<std::string>& known_flags,
                        const std::set<std::string>& repeatable) {
  Args args;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.size() < 3 || word.compare(0, 2, "--") != 0) {
      args.positional.push_back(word);
      continue;
    }
    std::string name = word.substr(2);
    std::optional<std::string> value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    const bool listed = repeatable.count(name) != 0;
    if (with_value.count(name) || listed) {
      if (!value) {
        if (i + 1 >= words.size()) return make_error("option --" + name + " needs a value");
        value = words[++i];
      }
      if (listed) {
        args.lists[name].push_back(*value);
        continue;
      }
      if (args.values.count(name)) return make_error("option --" + name + " is given twice");
      args.values[name] = *value;
    } else if (known_flags.count(name)) {
      if (value) return make_error("option --" + name + " takes no value");
      args.flags.insert(name);
    } else {
      return make_error("unknown option " + quoted(word));
    }
  }
  return args;
}

}  // namespace doska::cli

namespace doska::cli {

bool int_option(const Args& args, const std::string& name, long long lo, long long hi,
                long long& out, std::string& error) {
  auto v = args.value(name);
  if (!v) return true;
  auto x = parse_long(*v);
  if (!x || *x < lo || *x > hi) {
    error = "bad --" + name + " " + quoted(*v) + ": give " + std::to_string(lo) + " to " +
            std::to_string(hi);
    return false;
  }
  out = *x;
  return true;
}

Result<std::shared_ptr<engine::TableShelf>> egdb_option(const Args& args) {
  const std::string dir = args.value("egdb").value_or(engine::TableShelf::kDefaultDir);
  long long gb = 0;
  std::string error;
  if (!int_option(args, "egdb-memory", 0, 4096, gb, error)) return make_error(error);
  if (dir == "none") return std::shared_ptr<engine::TableShelf>{};
  return std::make_shared<engine::TableShelf>(dir, static_cast<std::uint64_t>(gb) << 30);
}

}  // namespace doska::cli
