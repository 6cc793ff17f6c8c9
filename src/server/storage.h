// Storage of games in SQLite: every game with its settings, moves, clock times, result and the
// rule that ended it. A game is written in one transaction before the request that changed it is
// answered, so that a crash or a restart loses nothing. The schema is versioned (schema_version)
// and brought up to date by numbered migrations when the database is opened.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"

struct sqlite3;

namespace doska::server {

struct StoredMove {
  std::string text;                // as the session wrote it (moves_played)
  std::optional<std::int64_t> ms;  // the time it took, when the game has a clock
};

struct StoredGame {
  std::string id;
  std::string variant;
  std::string created;  // ISO 8601, UTC
  std::string updated;
  bool huffing = false;
  std::string opponent = "person";  // "person" or "computer"
  int level = 0;                    // the computer's level
  std::string computer_side;        // "white" / "black"; empty between people
  std::string start_fen;
  // key_digest of each side's key; empty: nobody holds that side (the computer plays it).
  std::string key_white;
  std::string key_black;
  // The clock; initial_ms == 0: no clock.
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;
  std::int64_t white_ms = 0;
  std::int64_t black_ms = 0;
  // Correspondence: days for each move (0: none), and when the move to make is due,
  // in milliseconds since 1970 (wall-clock time, so that it holds across restarts).
  int days_per_move = 0;
  std::int64_t move_deadline_ms = 0;
  std::vector<StoredMove> moves;
  // An end the moves do not show: "resignation", "agreement" or "time", with ended_side the side
  // that resigned, offered the draw or ran out of time; empty when the rules ended it or it goes
  // on.
  std::string ended_by;
  std::string ended_side;
  std::string draw_offer;  // "white" / "black" / empty
  // The result as shown, kept for the list of games.
  std::string outcome = "ongoing";
  std::string result_text = "*";
  std::string rule;
  std::string reason;
  std::int64_t version = 1;
};

// What the database keeps of a game's key: "sha256:" and its SHA-256 digest in hex, so
// that a reader of the database cannot play the game.
std::string key_digest(const std::string& key);

struct GameSummary {
  std::string id, variant, created, updated, opponent, computer_side;
  int level = 0;
  int plies = 0;
  std::string outcome, result_text;
};

// One analysed position of a game's review: its ply, FEN and the analysis as JSON.
struct ReviewEntry {
  int ply = 0;
  std::string fen;
  std::string entry;
};

class Storage {
 public:
  // Opens (creating it and its directory if needed) and migrates the database at `path`.
  static Result<std::unique_ptr<Storage>> open(const std::string& path);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  int schema_version() const;
  // Writes the whole game, replacing what was stored under its id; returns once it is committed.
  // Saves from several threads at once share one transaction and its sync (group commit).
  // A game is saved by one thread at a time (the service holds the game's lock).
  Status save(const StoredGame& game);
  Result<std::optional<StoredGame>> load(const std::string& id);
  // Newest first.
  Result<std::vector<GameSummary>> list(int limit, int offset);
  // The summary of game `id` if the key whose digest is `digest` holds one of its sides.
  Result<std::optional<GameSummary>> held(const std::string& id, const std::string& digest);
  Result<int> count();
  // The ids of the games still going on, for resuming the computer's moves after a restart.
  Result<std::vector<std::string>> unfinished();
  // A game's review: one entry per analysed position, stored as each is done.
  Status save_review_entry(const std::string& game_id, int ply, const std::string& fen,
                           const std::string& entry);
  Result<std::vector<ReviewEntry>> review(const std::string& game_id);
  // The game that a rematch of `game_id` started ("" if none).
  Status set_rematch(const std::string& game_id, const std::string& rematch_id);
  Result<std::string> rematch_of(const std::string& game_id);

 private:
  explicit Storage(sqlite3* db) : db_(db) {}
  Status migrate();
  Status exec(const char* sql);
  struct Pending {
    const StoredGame* game;
    Status status = Ok{};
    bool done = false;
  };
  Status write_game(const StoredGame& game);
  void write_batch(const std::vector<Pending*>& batch);

  sqlite3* db_;
  // One connection for every thread: a transaction must not interleave with another.
  mutable std::mutex mutex_;
  // The saves waiting for the next commit, and whether one is under way.
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::vector<Pending*> queue_;
  bool committing_ = false;
};

}  // namespace doska::server
