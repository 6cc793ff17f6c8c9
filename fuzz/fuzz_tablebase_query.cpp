// Feeds bytes to the endgame explorer's query (GET /api/tablebase/{game id}?fen=FEN, docs/api.md):
// as a request target read by the server's reader and its table of routes, and as a game id (the
// first byte picks one) with a FEN. Every refusal is a 400 or a 404 with a code of kErrorCodes
// and a message; a FEN the reader takes goes through the move generator and the probes of an
// empty folder of tables, which hold nothing (only a finished game has a value) and are never
// damaged.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "engine/tablebase.h"
#include "games/session.h"
#include "server/api_error.h"
#include "server/error_codes.h"
#include "server/routes.h"
#include "server/tablebase/tablebase.h"

namespace {

using namespace doska;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_tablebase_query: %s\n", what.c_str());
  std::abort();
}

const std::shared_ptr<engine::TableShelf>& shelf() {
  static const auto empty = std::make_shared<engine::TableShelf>("/nonexistent-egdb-folder");
  return empty;
}

void check_refusal(const server::ApiError& e) {
  if (e.status != 400 && e.status != 404) fail("status " + std::to_string(e.status));
  if (std::find(server::kErrorCodes.begin(), server::kErrorCodes.end(), e.code) ==
      server::kErrorCodes.end())
    fail("a code the page has no text for: " + e.code);
  if (std::string(e.what()).empty()) fail("a refusal without a message");
}

// The room's answer to a query: refused with a coded message, or the value of a finished game.
void ask(const std::string& game, const std::map<std::string, std::string>& query) {
  const server::Tablebase room(shelf());
  try {
    const server::TablebaseQuery q = server::parse_tablebase_query(game, query);
    if (q.fen.empty() || q.fen.size() > server::kMaxTablebaseFenBytes) fail("took a bad length");
    // An answer without tables: a finished game (the side to move has no piece left).
    if (room.lookup(q).value("distance", -1) != 0) fail("a distance from no tables");
  } catch (const server::ApiError& e) {
    check_refusal(e);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // As a target: "/api/tablebase/<game>?fen=...".
  if (auto target = server::split_target(std::string("/api/tablebase/").append(text))) {
    const auto [pattern, id] = server::route_pattern(target->path);
    if (pattern == "/api/tablebase/{id}") {
      if (id.empty() || id.find('/') != std::string::npos) fail("a game id with a slash or empty");
      ask(id, target->query);
    }
  }
  // As a game (the first byte) and a FEN (the rest), straight to the library.
  if (size == 0) return 0;
  const auto& games = all_games();
  const std::string game(games[data[0] % games.size()].id);
  const std::string_view fen = text.substr(1);
  const engine::TablebaseLookup lookup = engine::explore_tables(*shelf(), game, fen);
  using engine::TablebaseMiss;
  if (lookup.ok()) {
    // Without tables only a finished game has a value (no piece left to the side to move).
    if (lookup.value.plies != 0) fail("a distance from an empty folder of tables");
    return 0;
  }
  if (lookup.error.empty()) fail("a miss without a message");
  if (lookup.miss == TablebaseMiss::damaged || lookup.miss == TablebaseMiss::unknown_game)
    fail("an empty folder read as damaged, or a registered game as unknown: " + lookup.error);
  if ((lookup.miss == TablebaseMiss::no_tables) == engine::has_tables(game))
    fail("no tables for a game that has them, or tables for one that has none");
  ask(game, {{"fen", std::string(fen)}});
  return 0;
}
