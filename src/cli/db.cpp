// `doska db copy --from SRC --to DST`: a database copied into an empty one, SQLite or PostgreSQL
// (docs/deploy.md, Moving a database).
#include <cstdio>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "server/db_copy.h"

namespace doska::cli {

int run_db(const std::vector<std::string>& words) {
  if (words.empty() || words[0] != "copy")
    return fail(words.empty() ? "db needs a command: copy"
                              : "unknown db command " + doska::quoted(words[0]) + " (give: copy)");
  auto args =
      parse_args(std::vector<std::string>(words.begin() + 1, words.end()), {"from", "to"}, {});
  if (!args) return fail(args.error());
  if (!args->positional.empty())
    return fail("db copy takes no words, only --from and --to: " +
                doska::quoted(args->positional[0]));
  const auto from = args->value("from"), to = args->value("to");
  if (!from || !to) return fail(std::string("db copy needs ") + (from ? "--to" : "--from"));
  auto counts = server::copy_database(*from, *to);
  if (!counts) return fail(counts.error());
  std::string unequal;
  for (const server::TableCount& c : *counts) {
    std::printf("%-16s source %9lld  target %9lld\n", c.table.c_str(),
                static_cast<long long>(c.source), static_cast<long long>(c.target));
    if (c.source != c.target && unequal.empty()) unequal = c.table;
  }
  if (!unequal.empty())
    return fail("the copy's count of " + unequal + " differs from the source's");
  std::fflush(stdout);
  return 0;
}

}  // namespace doska::cli
