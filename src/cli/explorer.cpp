// `doska explorer rebuild --db FILE|postgresql://...`: the opening explorer's index made again
// from every stored game (docs/api.md, Opening explorer), for a database whose games were played
// before the explorer, or after a change to what it counts.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "server/db/db.h"
#include "server/explorer/explorer.h"
#include "server/storage.h"

namespace doska::cli {

int run_explorer(const std::vector<std::string>& words) {
  if (words.empty() || words[0] != "rebuild")
    return fail(words.empty()
                    ? "explorer needs a command: rebuild"
                    : "unknown explorer command " + doska::quoted(words[0]) + " (give: rebuild)");
  auto args = parse_args(std::vector<std::string>(words.begin() + 1, words.end()), {"db"}, {});
  if (!args) return fail(args.error());
  if (!args->positional.empty())
    return fail("explorer rebuild takes no words, only --db: " +
                doska::quoted(args->positional[0]));
  const auto target = args->value("db");
  if (!target) return fail("explorer rebuild needs --db FILE or --db postgresql://...");
  const auto started = std::chrono::steady_clock::now();
  auto storage = server::Storage::open(*target);
  if (!storage) return fail(storage.error());
  auto added = server::rebuild_explorer(**storage);
  if (!added) return fail(added.error());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("explorer: %d games indexed from %s in %.2f s\n", *added,
              server::db::redacted(*target).c_str(), seconds);
  std::fflush(stdout);
  return 0;
}

}  // namespace doska::cli
