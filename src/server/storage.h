// Storage of games in SQLite or PostgreSQL (server/db/): every game with its settings, moves,
// clock times, result and the rule that ended it. A game is written in one transaction before the
// request that changed it is answered, so that a crash or a restart loses nothing. The schema is
// versioned (schema_version) and brought up to date by numbered migrations when the database is
// opened (migrations.cpp).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/result.h"

namespace doska::server {

namespace db {
class Connection;
class Statement;
}  // namespace db

struct StoredMove {
  std::string text;                // as the session wrote it (moves_played)
  std::optional<std::int64_t> ms;  // the time it took, when the game has a clock
};

// A player of a game between people as the game began: the account's name (empty: no account)
// and its rating then; the rating's change once the ratings are updated after the end.
struct Seat {
  std::string name;
  std::optional<int> rating;
  bool provisional = false;
  std::optional<int> diff;
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
  // An arena's berserk (migration 12): that side's clock was halved and it gains no increment.
  bool white_berserk = false;
  bool black_berserk = false;
  // Correspondence: days for each move (0: none), and when the move to make is due,
  // in milliseconds since 1970 (wall-clock time, so that it holds across restarts).
  int days_per_move = 0;
  std::int64_t move_deadline_ms = 0;
  // When the turn of the side to move began, in milliseconds since 1970 (0: not known, a game
  // stored before migration 8): a server that reads the game mid-turn (another server's game,
  // taken over when that one died) runs the clock from there, not from its own read.
  std::int64_t turn_started_ms = 0;
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
  // The players' accounts and ratings; rated games change their ratings when they end.
  Seat white_player, black_player;
  bool rated = false;
  std::string speed;  // bullet, blitz, rapid, classical, correspondence; empty without a clock
  std::string takeback_offer;  // "white" / "black": the side asking to take back; empty: none
};

// What the database keeps of a game's key: "sha256:" and its SHA-256 digest in hex, so
// that a reader of the database cannot play the game.
std::string key_digest(const std::string& key);

struct GameSummary {
  std::string id, variant, created, updated, opponent, computer_side;
  int level = 0;
  int plies = 0;
  std::string outcome, result_text;
  Seat white_player, black_player;
  bool rated = false;
  std::string speed;
};

// One analysed position of a game's review: its ply, FEN and the analysis as JSON.
struct ReviewEntry {
  int ply = 0;
  std::string fen;
  std::string entry;
};

// An account (passwords as Argon2id hashes only) and what the players' rooms keep of it.
struct UserRow {
  std::int64_t id = 0;
  std::string name;  // as registered; unique regardless of case
  std::string password_hash;
  std::string created;
  bool closed = false;
};

struct SessionRow {
  std::string digest;     // key_digest of the cookie's token
  std::string public_id;  // a handle for the list of sessions, never the token
  std::int64_t user_id = 0;
  std::string created, last_seen, agent;
};

struct RatingRow {
  std::string variant, speed;
  double rating = 1500, rd = 350, volatility = 0.06;
  int games = 0;
  std::int64_t last_ms = 0;  // when its latest game ended (0: none)
};

struct RatingPoint {
  std::string variant, speed;
  std::int64_t at_ms = 0;
  double rating = 0;
};

// A rated game's result applied to one player: the rating after, and the point of its graph.
struct RatingUpdate {
  std::int64_t user_id = 0;
  RatingRow after;
};

struct ChatLine {
  std::string game_id, room;
  std::int64_t n = 0;
  std::string at;
  std::int64_t user_id = 0;  // 0: no account
  std::string name, side, text;
};

// A seek of the lobby (server/lobby/): the request and the creator as JSON, and once accepted
// the game, the creator's side and the digest of the creator's key to it.
struct SeekRow {
  std::string id, digest, created;
  std::int64_t at_ms = 0;  // when it was made, or accepted
  std::string request, creator;
  bool taken = false;
  std::string game, creator_side, creator_key;
};

// A tournament (server/tournament/): its status ("created", "started", "finished") and the
// whole of it as JSON.
struct TournamentRow {
  std::string id, created, status, data;
};

// The opening explorer (server/explorer/): one move played from one position in the stored
// games, its results, and the ratings (as their games began) of the players who played it.
struct ExplorerMove {
  std::string move;
  std::int64_t games = 0, white = 0, draws = 0, black = 0;
  std::int64_t rating_sum = 0, rated = 0;  // the sum of the known ratings, and how many
};
// A finished game as the explorer counts it: each of its first plies' position key and move.
struct ExplorerPly {
  std::string position, move;
};
struct ExplorerGame {
  std::string id, variant, outcome;
  std::vector<ExplorerPly> plies;
  std::int64_t rating_sum = 0, rated = 0;
};

// Puzzles (server/puzzles/): a Glicko-2 rating, a player's in one game or a puzzle's, and how
// many rated attempts made it.
struct PuzzleRatingRow {
  double rating = 1500, rd = 350, volatility = 0.06;
  int plays = 0;
};
// A player's first attempt at a puzzle, the one that counts for the ratings.
struct PuzzleAttemptRow {
  std::int64_t user_id = 0;
  std::string puzzle_id, game;
  bool solved = false;
  std::int64_t at_ms = 0;
};
// A point of a player's puzzle rating history: a rated attempt and the rating after it.
struct PuzzleRatingPoint {
  std::int64_t at_ms = 0;
  double rating = 0;
  bool solved = false;
  std::string puzzle_id;
};

// Which stored games to read whole (the puzzle finder's games of people, the explorer's
// rebuild): by game id, finished only (a result: won, lost or drawn; not going on or aborted),
// with at least some plies, created at or after a time, the newest `limit` (0: all).
struct GameIdFilter {
  std::optional<std::string> variant;
  bool finished = false;
  int min_plies = 0;
  std::optional<std::string> since;  // ISO 8601, UTC, as `created` is written
  int limit = 0;
};

// The filters of a player's list of games (GET /api/users/{name}/games).
struct UserGamesQuery {
  std::string name;
  std::optional<std::string> variant;
  std::optional<std::string> result;  // win, draw, loss (from the player's side)
  std::optional<bool> rated;
  int limit = 20, offset = 0;
};

struct UserResults {
  int games = 0, wins = 0, draws = 0, losses = 0, playing = 0;
};

class Storage {
 public:
  // Opens and migrates the database `target` names: an SQLite file (created with its directory if
  // needed) or a PostgreSQL server's database, postgresql://USER@HOST:PORT/DB.
  static Result<std::unique_ptr<Storage>> open(const std::string& target);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  int schema_version() const;
  // Writes the whole game, replacing what was stored under its id; returns once it is committed.
  // Saves from several threads at once share one transaction and its sync (group commit).
  // A game is saved by one thread at a time (the service holds the game's lock).
  Status save(const StoredGame& game);
  // The same, only over the stored version `replaces`: when another server sharing the database
  // changed the game since (its version is not `replaces`), nothing is written: conflict.
  enum class Saved { ok, conflict };
  Result<Saved> save_over(const StoredGame& game, std::int64_t replaces);
  // Several games in one transaction, each over its version, as a group commit of saves from
  // several threads writes them: one that conflicts or fails leaves the others written.
  std::vector<Result<Saved>> save_over_together(
      const std::vector<std::pair<const StoredGame*, std::int64_t>>& games);
  // The exchanges with the database server so far on the connection that writes (PostgreSQL;
  // 0 on SQLite): how many round trips a save costs.
  std::int64_t round_trips() const;

  // Several servers on one database (server/cluster/; docs/deploy.md). On SQLite one server owns
  // the file: shared() is false, and announce and the leases are not used.
  bool shared() const;
  const std::string& target() const { return target_; }
  // This process's name among the servers (random, new at each start).
  const std::string& server_id() const { return server_id_; }
  // Sends "<server id> <message>" to every server listening on the channel kChannel; a saved
  // game announces "game <id> <version>" itself, in the transaction that writes it.
  static constexpr const char* kChannel = "doska";
  Status announce(const std::string& message);
  // A game's lease: the server holding it drives the game's clock and computer. take_lease
  // takes a free or expired lease (or renews this server's): false when another holds it.
  Result<bool> take_lease(const std::string& game_id, std::int64_t now_ms, std::int64_t until_ms);
  // Renews every lease of this server; answers the games whose lease it still holds.
  Result<std::vector<std::string>> renew_leases(std::int64_t until_ms);
  // Takes every lease expired before `now_ms` (its server died); answers their games.
  Result<std::vector<std::string>> take_expired_leases(std::int64_t now_ms, std::int64_t until_ms);
  Status drop_lease(const std::string& game_id);
  // The lobby's seeks (storage_seeks.cpp), shared by the servers on one database. A seek is
  // taken by one acceptor only: take_seek answers false when it is gone or taken.
  Status add_seek(const SeekRow& seek);
  Result<std::optional<SeekRow>> seek(const std::string& id);
  Result<std::vector<SeekRow>> open_seeks();  // oldest first
  Result<bool> take_seek(const std::string& id, std::int64_t now_ms);
  Status untake_seek(const std::string& id);
  Status seek_accepted(const std::string& id, const std::string& game, const std::string& side);
  Result<bool> cancel_seek(const std::string& id);  // false: taken or gone
  // Drops the open seeks made before `open_before` and the accepted ones before `taken_before`.
  Status drop_old_seeks(std::int64_t open_before, std::int64_t taken_before);
  // A stored game's version (0: no such game).
  Result<std::int64_t> stored_version(const std::string& game_id);
  Result<std::optional<StoredGame>> load(const std::string& id);
  // Newest first.
  Result<std::vector<GameSummary>> list(int limit, int offset);
  // The ids of the stored games the filter keeps, newest first.
  Result<std::vector<std::string>> game_ids(const GameIdFilter& filter);
  // The summary of game `id` if the key whose digest is `digest` holds one of its sides.
  Result<std::optional<GameSummary>> held(const std::string& id, const std::string& digest);
  Result<int> count();
  // A trivial query: whether the database answers (GET /healthz).
  Status ping();
  // The ids of the games still going on, for resuming the computer's moves after a restart.
  Result<std::vector<std::string>> unfinished();
  // A game's review: one entry per analysed position, stored as each is done.
  Status save_review_entry(const std::string& game_id, int ply, const std::string& fen,
                           const std::string& entry);
  Result<std::vector<ReviewEntry>> review(const std::string& game_id);
  // The entry of one ply, if it is stored.
  Result<std::optional<ReviewEntry>> review_entry(const std::string& game_id, int ply);
  // The game that a rematch of `game_id` started ("" if none).
  Status set_rematch(const std::string& game_id, const std::string& rematch_id);
  Result<std::string> rematch_of(const std::string& game_id);

  // Accounts (storage_accounts.cpp). create_user answers 0 when the name is taken.
  Result<std::int64_t> create_user(const std::string& name, const std::string& password_hash);
  Result<std::optional<UserRow>> user_by_name(const std::string& name);  // regardless of case
  Result<std::optional<UserRow>> user_by_id(std::int64_t id);
  Status set_password(std::int64_t user_id, const std::string& password_hash);
  Status close_user(std::int64_t user_id);
  Result<std::vector<std::int64_t>> closed_user_ids();
  Status create_session(const SessionRow& session);
  Result<std::optional<SessionRow>> session(const std::string& digest);
  Status touch_session(const std::string& digest, const std::string& when);
  Status delete_session(const std::string& digest);
  // Every session of the user but `except` (a digest; empty: all). Answers how many ended.
  Result<int> delete_sessions(std::int64_t user_id, const std::string& except);
  Result<std::vector<SessionRow>> sessions(std::int64_t user_id);  // newest first
  // Ratings: every (game id, speed) the user has played rated.
  Result<std::vector<RatingRow>> ratings(std::int64_t user_id);
  // Applies a rated game's updates once, in one transaction: false if the game was applied.
  Result<bool> apply_rated_game(const std::string& game_id,
                                const std::vector<RatingUpdate>& updates);
  Result<std::vector<RatingPoint>> rating_history(std::int64_t user_id);
  Result<std::pair<std::vector<GameSummary>, int>> user_games(const UserGamesQuery& query);
  Result<UserResults> user_results(const std::string& name);
  // Chat: a line appended (its n set), the last `limit` lines of a room, oldest first.
  Status add_chat_line(ChatLine& line, int keep);
  Result<std::vector<ChatLine>> chat(const std::string& game_id, const std::string& room,
                                     int limit);
  // The games between people in progress (for watching).
  Result<std::vector<GameSummary>> ongoing_between_people(int limit);
  // The opening explorer (storage_explorer.cpp): a finished game's plies added once (false: it
  // was added already), the moves from a position (most played first), everything dropped.
  Result<bool> add_to_explorer(const ExplorerGame& game);
  Result<std::vector<ExplorerMove>> explorer_moves(const std::string& variant,
                                                   const std::string& position);
  Status clear_explorer();
  // The tournaments (storage_tournaments.cpp): one written whole, or added; all, oldest first.
  Status save_tournament(const TournamentRow& tournament);
  Result<std::vector<TournamentRow>> tournaments();
  // Puzzles (storage_puzzles.cpp): a player's rating in a game's puzzles and a puzzle's rating
  // (none: never rated), the puzzles of a game the player has attempted, and a first attempt
  // with both ratings after it, written in one transaction (false: the player had attempted
  // the puzzle before, and nothing was written).
  Result<std::optional<PuzzleRatingRow>> player_puzzle_rating(std::int64_t user_id,
                                                              const std::string& game);
  Result<std::optional<PuzzleRatingRow>> puzzle_rating(const std::string& puzzle_id);
  Result<std::vector<std::string>> attempted_puzzles(std::int64_t user_id, const std::string& game);
  Result<bool> record_puzzle_attempt(const PuzzleAttemptRow& attempt,
                                     const PuzzleRatingRow& player_after,
                                     const PuzzleRatingRow& puzzle_after);
  // The player's last `limit` rated attempts in a game's puzzles with the rating after each,
  // oldest first (the attempts stored before migration 12 have no rating and are left out).
  Result<std::vector<PuzzleRatingPoint>> puzzle_rating_history(std::int64_t user_id,
                                                               const std::string& game, int limit);

 private:
  explicit Storage(std::unique_ptr<db::Connection> db, std::string target);
  struct Pending {
    const StoredGame* game;
    std::optional<std::int64_t> replaces;
    Status status = Ok{};
    bool conflict = false;
    bool done = false;
  };
  Status save(const StoredGame& game, std::optional<std::int64_t> replaces);
  // Queues `mine` (one batch, written together) and returns once they are committed or refused.
  void commit_pending(std::vector<Pending>& mine);
  Status commit_pending(Pending& me);
  Status write_game(const StoredGame& game, std::optional<std::int64_t> replaces, bool& conflict);
  // PostgreSQL: a game's one statement (storage.cpp), and the whole batch, BEGIN to COMMIT,
  // in one round trip; false when a statement failed and the transaction was rolled back (the
  // batch is then written a game at a time, each behind a savepoint).
  db::Statement game_write(const StoredGame& game, std::optional<std::int64_t> replaces,
                           std::size_t kept);
  bool write_together(const std::vector<Pending*>& batch);
  // What this process knows the database holds of a game: its moves at a version, from its own
  // committed write or a read. Versions grow by one at each write, every write is over a known
  // version (Round::persist), and a game's row and moves change in one transaction, so a write
  // over that version that the version check lets through finds exactly these moves stored,
  // and sends only the moves after those it keeps. Without it every move is sent, and a
  // stored one replaced where it differs: the same moves stored, more to send and compare.
  struct Known {
    std::int64_t version = 0;
    std::vector<StoredMove> moves;
  };
  void remember(const StoredGame& game);
  void forget(const std::string& id);
  // How many of the game's first moves are stored, when the write over `replaces` would find
  // known moves (none over version 0: a new game); nullopt: not known.
  std::optional<std::size_t> known_moves(const StoredGame& game,
                                         std::optional<std::int64_t> replaces);
  Status announce_locked(const std::string& message);  // under mutex_
  Result<std::vector<std::string>> lease_ids(db::Statement& q);
  void write_batch(const std::vector<Pending*>& batch);

  std::unique_ptr<db::Connection> db_;
  // PostgreSQL: a second connection for the reads of games (load, stored_version), which then
  // need not wait for the commit under way on db_.
  std::unique_ptr<db::Connection> reader_;
  mutable std::mutex reader_mutex_;
  std::string target_;
  std::string server_id_;
  // One connection for every thread: a transaction must not interleave with another.
  mutable std::mutex mutex_;
  // The saves waiting for the next commit, and whether one is under way.
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::vector<Pending*> queue_;
  bool committing_ = false;
  // PostgreSQL: the games' stored moves it knows (at most kMostKnown games, unfinished ones).
  std::mutex known_mutex_;
  std::unordered_map<std::string, Known> known_;
  static constexpr std::size_t kMostKnown = 20000;
};

}  // namespace doska::server
