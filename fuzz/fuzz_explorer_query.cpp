// Feeds bytes to the opening explorer's query (GET /api/explorer/{game id}?fen=FEN, docs/api.md):
// as a request target read by the server's reader and its table of routes, and as a game id (the
// first byte picks one) with a FEN. Every refusal is a 400 with a code of kErrorCodes and a
// message; an answer (from an empty index) has no moves, and a book move, where there is one, is
// a legal move of the position.
#include <unistd.h>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>

#include "games/session.h"
#include "server/api_error.h"
#include "server/error_codes.h"
#include "server/explorer/explorer.h"
#include "server/routes.h"
#include "server/storage.h"

namespace {

using namespace doska;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_explorer_query: %s\n", what.c_str());
  std::abort();
}

// A database of its own, removed with its -wal and -shm files when the run ends.
struct ScratchDatabase {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("fuzz_explorer_" + std::to_string(getpid()) + ".db"))
                         .string();
  std::unique_ptr<server::Storage> storage;

  ScratchDatabase() {
    remove_files();
    auto opened = server::Storage::open(path);
    if (!opened) fail("no database: " + opened.error());
    storage = std::move(*opened);
  }
  ~ScratchDatabase() {
    storage.reset();
    remove_files();
  }
  ScratchDatabase(const ScratchDatabase&) = delete;
  ScratchDatabase& operator=(const ScratchDatabase&) = delete;

  void remove_files() const {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ec);
  }
};

server::Storage& storage() {
  static ScratchDatabase db;
  return *db.storage;
}

void ask(const std::string& game, const std::map<std::string, std::string>& query) {
  try {
    const server::ExplorerQuery q = server::parse_explorer_query(game, query);
    if (q.fen && (q.fen->empty() || q.fen->size() > server::kMaxExplorerFenBytes))
      fail("took a bad length");
    const nlohmann::json answer = server::explore(storage(), q);
    if (answer.value("games", -1) != 0 || !answer["moves"].empty())
      fail("moves from an empty index");
    if (answer["book"].is_object()) {
      auto session = new_session(game, answer["fen"].get<std::string>());
      if (!session) fail("an answer's FEN does not read: " + session.error());
      if (!(*session)->read_move(answer["book"]["move"].get<std::string>()))
        fail("a book move that is not legal");
    }
  } catch (const server::ApiError& e) {
    if (e.status != 400) fail("status " + std::to_string(e.status) + ": " + e.what());
    if (std::find(server::kErrorCodes.begin(), server::kErrorCodes.end(), e.code) ==
        server::kErrorCodes.end())
      fail("a code the page has no text for: " + e.code);
    if (std::string(e.what()).empty()) fail("a refusal without a message");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // As a target: "/api/explorer/<game>?fen=...".
  if (auto target = server::split_target(std::string("/api/explorer/").append(text))) {
    const auto [pattern, id] = server::route_pattern(target->path);
    if (pattern == "/api/explorer/{id}") {
      if (id.empty() || id.find('/') != std::string::npos) fail("a game id with a slash or empty");
      ask(id, target->query);
    }
  }
  // As a game (the first byte) and a FEN (the rest).
  if (size == 0) return 0;
  const auto& games = all_games();
  const std::string game(games[data[0] % games.size()].id);
  ask(game, {{"fen", std::string(text.substr(1))}});
  return 0;
}
