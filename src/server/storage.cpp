#include "server/storage.h"

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <system_error>

#include "common/sha256.h"
#include "server/sql.h"

namespace doska::server {

std::string key_digest(const std::string& key) {
  return "sha256:" + sha256_hex(key);
}

namespace {

// Migration n brings the schema from version n to n + 1; never edit one that has shipped, append.
constexpr const char* kMigrations[] = {
    R"(CREATE TABLE games (
         id TEXT PRIMARY KEY,
         variant TEXT NOT NULL,
         created TEXT NOT NULL,
         updated TEXT NOT NULL,
         huffing INTEGER NOT NULL DEFAULT 0,
         opponent TEXT NOT NULL,
         level INTEGER NOT NULL DEFAULT 0,
         computer_side TEXT NOT NULL DEFAULT '',
         start_fen TEXT NOT NULL,
         key_white TEXT NOT NULL DEFAULT '',
         key_black TEXT NOT NULL DEFAULT '',
         initial_ms INTEGER NOT NULL DEFAULT 0,
         increment_ms INTEGER NOT NULL DEFAULT 0,
         white_ms INTEGER NOT NULL DEFAULT 0,
         black_ms INTEGER NOT NULL DEFAULT 0,
         ended_by TEXT NOT NULL DEFAULT '',
         ended_side TEXT NOT NULL DEFAULT '',
         draw_offer TEXT NOT NULL DEFAULT '',
         outcome TEXT NOT NULL DEFAULT 'ongoing',
         result_text TEXT NOT NULL DEFAULT '*',
         rule TEXT NOT NULL DEFAULT '',
         reason TEXT NOT NULL DEFAULT '',
         version INTEGER NOT NULL DEFAULT 1);
       CREATE TABLE moves (
         game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
         ply INTEGER NOT NULL,
         text TEXT NOT NULL,
         ms INTEGER,
         PRIMARY KEY (game_id, ply));
       CREATE INDEX games_by_created ON games(created);)",
    // 2: the keys kept as digests (key_digest), never as the keys themselves.
    R"(UPDATE games SET
         key_white = CASE WHEN key_white = '' THEN '' ELSE doska_key_digest(key_white) END,
         key_black = CASE WHEN key_black = '' THEN '' ELSE doska_key_digest(key_black) END;)",
    // 3: a game's review, one row per position analysed (its FEN tells whether it is
    // still the game's position at that ply after a take-back).
    R"(CREATE TABLE IF NOT EXISTS reviews (
         game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
         ply INTEGER NOT NULL,
         fen TEXT NOT NULL,
         entry TEXT NOT NULL,
         PRIMARY KEY (game_id, ply));)",
    // 4: the rematch of a game, once one of its players asked for it.
    R"(CREATE TABLE IF NOT EXISTS rematches (
         game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
         rematch_id TEXT NOT NULL);)",
    // 5: correspondence games, days per move and the deadline of the move to make.
    R"(ALTER TABLE games ADD COLUMN days_per_move INTEGER NOT NULL DEFAULT 0;
       ALTER TABLE games ADD COLUMN move_deadline_ms INTEGER NOT NULL DEFAULT 0;)",
    // 6: players. Accounts (passwords as Argon2id hashes), sessions (digests of their tokens),
    // Glicko-2 ratings per game id and speed with their history, the rated games applied, chat;
    // a game's players (names, ratings when it began and their changes) and whether it is rated.
    R"(ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
       ALTER TABLE games ADD COLUMN speed TEXT NOT NULL DEFAULT '';
       ALTER TABLE games ADD COLUMN white_name TEXT NOT NULL DEFAULT '' COLLATE NOCASE;
       ALTER TABLE games ADD COLUMN black_name TEXT NOT NULL DEFAULT '' COLLATE NOCASE;
       ALTER TABLE games ADD COLUMN seats TEXT NOT NULL DEFAULT '';
       CREATE INDEX games_by_white_name ON games(white_name) WHERE white_name <> '';
       CREATE INDEX games_by_black_name ON games(black_name) WHERE black_name <> '';
       CREATE INDEX games_by_outcome ON games(outcome);
       CREATE TABLE users (
         id INTEGER PRIMARY KEY,
         name TEXT NOT NULL UNIQUE COLLATE NOCASE,
         password TEXT NOT NULL,
         created TEXT NOT NULL,
         closed INTEGER NOT NULL DEFAULT 0);
       CREATE TABLE sessions (
         digest TEXT PRIMARY KEY,
         public_id TEXT NOT NULL,
         user_id INTEGER NOT NULL REFERENCES users(id),
         created TEXT NOT NULL,
         last_seen TEXT NOT NULL,
         agent TEXT NOT NULL DEFAULT '');
       CREATE INDEX sessions_by_user ON sessions(user_id);
       CREATE TABLE ratings (
         user_id INTEGER NOT NULL REFERENCES users(id),
         variant TEXT NOT NULL,
         speed TEXT NOT NULL,
         rating REAL NOT NULL,
         rd REAL NOT NULL,
         volatility REAL NOT NULL,
         games INTEGER NOT NULL,
         last_ms INTEGER NOT NULL,
         PRIMARY KEY (user_id, variant, speed));
       CREATE TABLE rating_history (
         user_id INTEGER NOT NULL REFERENCES users(id),
         variant TEXT NOT NULL,
         speed TEXT NOT NULL,
         at_ms INTEGER NOT NULL,
         rating REAL NOT NULL,
         game_id TEXT NOT NULL);
       CREATE INDEX rating_history_by_user ON rating_history(user_id, at_ms);
       CREATE TABLE rated_games (game_id TEXT PRIMARY KEY, applied TEXT NOT NULL);
       CREATE TABLE chat_lines (
         game_id TEXT NOT NULL,
         room TEXT NOT NULL,
         n INTEGER NOT NULL,
         at TEXT NOT NULL,
         user_id INTEGER NOT NULL DEFAULT 0,
         name TEXT NOT NULL DEFAULT '',
         side TEXT NOT NULL DEFAULT '',
         text TEXT NOT NULL,
         PRIMARY KEY (game_id, room, n));)",
};

// A game's seats beyond the names (which have columns of their own, for a player's list):
// ratings when it began, provisional or not, and their changes, as JSON.
std::string seats_text(const StoredGame& g) {
  if (g.white_player.name.empty() && g.black_player.name.empty()) return "";
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [side, seat] :
       {std::pair{"white", &g.white_player}, {"black", &g.black_player}}) {
    nlohmann::json one = nlohmann::json::object();
    if (seat->rating) one["rating"] = *seat->rating;
    if (seat->provisional) one["provisional"] = true;
    if (seat->diff) one["diff"] = *seat->diff;
    out[side] = std::move(one);
  }
  return out.dump();
}

void read_seats(const std::string& text, Seat& white, Seat& black) {
  if (text.empty()) return;
  const auto in = nlohmann::json::parse(text, nullptr, false);
  if (!in.is_object()) return;
  for (const auto& [side, seat] : {std::pair{"white", &white}, {"black", &black}}) {
    auto it = in.find(side);
    if (it == in.end() || !it->is_object()) continue;
    if (auto r = it->find("rating"); r != it->end() && r->is_number_integer())
      seat->rating = r->get<int>();
    if (auto p = it->find("provisional"); p != it->end() && p->is_boolean())
      seat->provisional = p->get<bool>();
    if (auto d = it->find("diff"); d != it->end() && d->is_number_integer())
      seat->diff = d->get<int>();
  }
}

// doska_key_digest(text) in SQL: key_digest for migration 2.
void sql_key_digest(sqlite3_context* context, int, sqlite3_value** argv) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const std::string digest =
      key_digest(text ? std::string(text, static_cast<std::size_t>(sqlite3_value_bytes(argv[0])))
                      : std::string());
  sqlite3_result_text(context, digest.c_str(), static_cast<int>(digest.size()), SQLITE_TRANSIENT);
}

}  // namespace

Result<std::unique_ptr<Storage>> Storage::open(const std::string& path) {
  const std::filesystem::path file(path);
  if (file.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    if (ec)
      return make_error("cannot create the directory " + file.parent_path().string() + ": " +
                        ec.message());
  }
  // The database holds the games' keys: readable by its owner only. SQLite gives its
  // -wal and -shm files the database file's permissions.
  {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) std::ofstream(path, std::ios::app);
    std::filesystem::permissions(
        file, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
        std::filesystem::perm_options::replace, ec);
  }
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return make_error("cannot open the database " + path + ": " + message);
  }
  std::unique_ptr<Storage> storage(new Storage(db));
  sqlite3_busy_timeout(db, 5000);
  if (sqlite3_create_function(db, "doska_key_digest", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                              nullptr, &sql_key_digest, nullptr, nullptr) != SQLITE_OK)
    return make_error("cannot open the database " + path + ": " + sqlite3_errmsg(db));
  // WAL: readers do not block the writer; synchronous=FULL: a committed game survives a crash.
  if (Status s = storage->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
                               "PRAGMA foreign_keys=ON;");
      !s)
    return make_error(s.error());
  if (Status s = storage->migrate(); !s) return make_error(s.error());
  return storage;
}

Storage::~Storage() {
  sqlite3_close(db_);
}

Status Storage::exec(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : "unknown error";
    sqlite3_free(message);
    return make_error("database: " + text);
  }
  return Ok{};
}

int Storage::schema_version() const {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT version FROM schema_version");
  if (!q.ok() || q.step() != SQLITE_ROW) return 0;
  return static_cast<int>(q.integer(0));
}

Status Storage::migrate() {
  std::lock_guard lock(mutex_);
  if (Status s = exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);"); !s)
    return s;
  int version = 0;
  {
    Statement q(db_, "SELECT version FROM schema_version");
    if (!q.ok()) return sql_error(db_, "reading the schema version");
    if (q.step() == SQLITE_ROW) {
      version = static_cast<int>(q.integer(0));
    } else if (Status s = exec("INSERT INTO schema_version VALUES (0);"); !s) {
      return s;
    }
  }
  constexpr int kLatest = static_cast<int>(std::size(kMigrations));
  if (version > kLatest)
    return make_error("the database has schema version " + std::to_string(version) +
                      ", newer than this program knows (" + std::to_string(kLatest) + ")");
  for (; version < kLatest; ++version) {
    if (Status s = exec("BEGIN IMMEDIATE;"); !s) return s;
    Status step = exec(kMigrations[version]);
    if (step) {
      const std::string bump =
          "UPDATE schema_version SET version = " + std::to_string(version + 1) + ";";
      step = exec(bump.c_str());
    }
    if (!step) {
      (void)exec("ROLLBACK;");
      return make_error("migration " + std::to_string(version + 1) + ": " + step.error());
    }
    if (Status s = exec("COMMIT;"); !s) return s;
  }
  return Ok{};
}

// One game's rows, inside the batch's transaction (the caller's savepoint undoes a failure).
Status Storage::write_game(const StoredGame& g) {
  auto fail = [&](const std::string& what) -> Status { return sql_error(db_, what); };
  {
    // An upsert, not a replace: the game's row is updated in place and its moves stay.
    Statement up(db_,
                 "INSERT INTO games (id, variant, created, updated, huffing, opponent, "
                 "level, computer_side, start_fen, key_white, key_black, initial_ms, "
                 "increment_ms, white_ms, black_ms, ended_by, ended_side, draw_offer, outcome, "
                 "result_text, rule, reason, version, days_per_move, move_deadline_ms, rated, "
                 "speed, white_name, black_name, seats) VALUES "
                 "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, "
                 "?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30) "
                 "ON CONFLICT(id) DO UPDATE SET "
                 "variant = excluded.variant, created = excluded.created, "
                 "updated = excluded.updated, huffing = excluded.huffing, "
                 "opponent = excluded.opponent, level = excluded.level, "
                 "computer_side = excluded.computer_side, start_fen = excluded.start_fen, "
                 "key_white = excluded.key_white, key_black = excluded.key_black, "
                 "initial_ms = excluded.initial_ms, increment_ms = excluded.increment_ms, "
                 "white_ms = excluded.white_ms, black_ms = excluded.black_ms, "
                 "ended_by = excluded.ended_by, ended_side = excluded.ended_side, "
                 "draw_offer = excluded.draw_offer, outcome = excluded.outcome, "
                 "result_text = excluded.result_text, rule = excluded.rule, "
                 "reason = excluded.reason, version = excluded.version, "
                 "days_per_move = excluded.days_per_move, "
                 "move_deadline_ms = excluded.move_deadline_ms, rated = excluded.rated, "
                 "speed = excluded.speed, white_name = excluded.white_name, "
                 "black_name = excluded.black_name, seats = excluded.seats");
    if (!up.ok()) return fail("preparing the game");
    up.bind(1, g.id).bind(2, g.variant).bind(3, g.created).bind(4, g.updated);
    up.bind(5, std::int64_t{g.huffing}).bind(6, g.opponent).bind(7, std::int64_t{g.level});
    up.bind(8, g.computer_side).bind(9, g.start_fen).bind(10, g.key_white).bind(11, g.key_black);
    up.bind(12, g.initial_ms).bind(13, g.increment_ms).bind(14, g.white_ms).bind(15, g.black_ms);
    up.bind(16, g.ended_by).bind(17, g.ended_side).bind(18, g.draw_offer).bind(19, g.outcome);
    up.bind(20, g.result_text).bind(21, g.rule).bind(22, g.reason).bind(23, g.version);
    up.bind(24, std::int64_t{g.days_per_move}).bind(25, g.move_deadline_ms);
    up.bind(26, std::int64_t{g.rated}).bind(27, g.speed).bind(28, g.white_player.name);
    up.bind(29, g.black_player.name).bind(30, seats_text(g));
    if (up.step() != SQLITE_DONE) return fail("writing the game");
  }
  // The moves: a save follows every change, so the stored list is the new one less
  // the plies played since (append them) or plus the plies taken back (delete them). The last
  // stored move that stays is checked against the new list; any other difference rewrites all.
  const std::int64_t plies = static_cast<std::int64_t>(g.moves.size());
  std::int64_t kept = 0;
  {
    Statement del(db_, "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2");
    if (!del.ok()) return fail("preparing the moves");
    del.bind(1, g.id).bind(2, plies);
    if (del.step() != SQLITE_DONE) return fail("taking back moves");
  }
  {
    Statement last(db_, "SELECT ply, text FROM moves WHERE game_id = ?1 ORDER BY ply DESC LIMIT 1");
    if (!last.ok()) return fail("reading the moves");
    last.bind(1, g.id);
    const int step = last.step();
    if (step == SQLITE_ROW) {
      kept = last.integer(0);
      if (kept < 1 || kept > plies || last.text(1) != g.moves[kept - 1].text) kept = -1;
    } else if (step != SQLITE_DONE) {
      return fail("reading the moves");
    }
  }
  if (kept < 0) {
    Statement del(db_, "DELETE FROM moves WHERE game_id = ?1");
    if (!del.ok()) return fail("preparing the moves");
    del.bind(1, g.id);
    if (del.step() != SQLITE_DONE) return fail("clearing the moves");
    kept = 0;
  }
  for (std::int64_t i = kept; i < plies; ++i) {
    Statement ins(db_, "INSERT INTO moves (game_id, ply, text, ms) VALUES (?1, ?2, ?3, ?4)");
    if (!ins.ok()) return fail("preparing a move");
    ins.bind(1, g.id).bind(2, i + 1).bind(3, g.moves[i].text);
    if (g.moves[i].ms)
      ins.bind(4, *g.moves[i].ms);
    else
      ins.bind_null(4);
    if (ins.step() != SQLITE_DONE) return fail("writing a move");
  }
  return Ok{};
}

// Group commit: the saves that arrive while a commit is under way wait together and
// go in the next transaction, one fsync for all. The first of them writes the batch; each
// caller returns only once its game is committed (or refused), so an answer still means stored.
Status Storage::save(const StoredGame& game) {
  Pending me{&game};
  std::unique_lock lock(queue_mutex_);
  queue_.push_back(&me);
  queue_ready_.wait(lock, [&] { return me.done || !committing_; });
  if (me.done) return me.status;
  committing_ = true;
  std::vector<Pending*> batch;
  batch.swap(queue_);
  lock.unlock();
  {
    std::lock_guard db_lock(mutex_);
    write_batch(batch);
  }
  lock.lock();
  for (Pending* p : batch) p->done = true;
  committing_ = false;
  queue_ready_.notify_all();
  return me.status;
}

void Storage::write_batch(const std::vector<Pending*>& batch) {
  if (Status s = exec("BEGIN IMMEDIATE;"); !s) {
    for (Pending* p : batch) p->status = s;
    return;
  }
  for (Pending* p : batch) {
    // A savepoint each: one game that cannot be written leaves the others in the batch.
    if (Status s = exec("SAVEPOINT game;"); !s) {
      p->status = s;
      continue;
    }
    p->status = write_game(*p->game);
    if (!p->status) (void)exec("ROLLBACK TO game;");
    (void)exec("RELEASE game;");
  }
  if (Status s = exec("COMMIT;"); !s) {
    Error e = sql_error(db_, "committing");
    (void)exec("ROLLBACK;");
    for (Pending* p : batch) p->status = e;
  }
}

Result<std::optional<StoredGame>> Storage::load(const std::string& id) {
  std::lock_guard lock(mutex_);
  Statement q(db_,
              "SELECT id, variant, created, updated, huffing, opponent, level, computer_side, "
              "start_fen, key_white, key_black, initial_ms, increment_ms, white_ms, black_ms, "
              "ended_by, ended_side, draw_offer, outcome, result_text, rule, reason, version, "
              "days_per_move, move_deadline_ms, rated, speed, white_name, black_name, seats "
              "FROM games WHERE id = ?1");
  if (!q.ok()) return sql_error(db_, "reading a game");
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<StoredGame>{};
  if (rc != SQLITE_ROW) return sql_error(db_, "reading a game");
  StoredGame g;
  g.id = q.text(0);
  g.variant = q.text(1);
  g.created = q.text(2);
  g.updated = q.text(3);
  g.huffing = q.integer(4) != 0;
  g.opponent = q.text(5);
  g.level = static_cast<int>(q.integer(6));
  g.computer_side = q.text(7);
  g.start_fen = q.text(8);
  g.key_white = q.text(9);
  g.key_black = q.text(10);
  g.initial_ms = q.integer(11);
  g.increment_ms = q.integer(12);
  g.white_ms = q.integer(13);
  g.black_ms = q.integer(14);
  g.ended_by = q.text(15);
  g.ended_side = q.text(16);
  g.draw_offer = q.text(17);
  g.outcome = q.text(18);
  g.result_text = q.text(19);
  g.rule = q.text(20);
  g.reason = q.text(21);
  g.version = q.integer(22);
  g.days_per_move = static_cast<int>(q.integer(23));
  g.move_deadline_ms = q.integer(24);
  g.rated = q.integer(25) != 0;
  g.speed = q.text(26);
  g.white_player.name = q.text(27);
  g.black_player.name = q.text(28);
  read_seats(q.text(29), g.white_player, g.black_player);
  Statement m(db_, "SELECT text, ms FROM moves WHERE game_id = ?1 ORDER BY ply");
  if (!m.ok()) return sql_error(db_, "reading the moves");
  m.bind(1, id);
  int step;
  while ((step = m.step()) == SQLITE_ROW) {
    StoredMove move{m.text(0), std::nullopt};
    if (!m.is_null(1)) move.ms = m.integer(1);
    g.moves.push_back(std::move(move));
  }
  if (step != SQLITE_DONE) return sql_error(db_, "reading the moves");
  return std::optional<StoredGame>(std::move(g));
}

namespace {

constexpr const char* kSummaryColumns =
    "SELECT id, variant, created, updated, opponent, computer_side, level, "
    "(SELECT COUNT(*) FROM moves WHERE game_id = games.id), outcome, result_text, rated, speed, "
    "white_name, black_name, seats FROM games ";

GameSummary summary_of(Statement& q) {
  GameSummary s;
  s.id = q.text(0);
  s.variant = q.text(1);
  s.created = q.text(2);
  s.updated = q.text(3);
  s.opponent = q.text(4);
  s.computer_side = q.text(5);
  s.level = static_cast<int>(q.integer(6));
  s.plies = static_cast<int>(q.integer(7));
  s.outcome = q.text(8);
  s.result_text = q.text(9);
  s.rated = q.integer(10) != 0;
  s.speed = q.text(11);
  s.white_player.name = q.text(12);
  s.black_player.name = q.text(13);
  read_seats(q.text(14), s.white_player, s.black_player);
  return s;
}

}  // namespace

Result<std::vector<GameSummary>> Storage::list(int limit, int offset) {
  std::lock_guard lock(mutex_);
  const std::string sql =
      std::string(kSummaryColumns) + "ORDER BY created DESC, rowid DESC LIMIT ?1 OFFSET ?2";
  Statement q(db_, sql.c_str());
  if (!q.ok()) return sql_error(db_, "listing the games");
  q.bind(1, std::int64_t{limit}).bind(2, std::int64_t{offset});
  std::vector<GameSummary> games;
  int step;
  while ((step = q.step()) == SQLITE_ROW) games.push_back(summary_of(q));
  if (step != SQLITE_DONE) return sql_error(db_, "listing the games");
  return games;
}

Result<std::optional<GameSummary>> Storage::held(const std::string& id, const std::string& digest) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kSummaryColumns) +
                          "WHERE id = ?1 AND ?2 <> '' AND (key_white = ?2 OR key_black = ?2)";
  Statement q(db_, sql.c_str());
  if (!q.ok()) return sql_error(db_, "reading a game");
  q.bind(1, id).bind(2, digest);
  const int step = q.step();
  if (step == SQLITE_DONE) return std::optional<GameSummary>();
  if (step != SQLITE_ROW) return sql_error(db_, "reading a game");
  return std::optional<GameSummary>(summary_of(q));
}

Result<int> Storage::count() {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT COUNT(*) FROM games");
  if (!q.ok() || q.step() != SQLITE_ROW) return sql_error(db_, "counting the games");
  return static_cast<int>(q.integer(0));
}

Result<std::vector<std::string>> Storage::unfinished() {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT id FROM games WHERE outcome = 'ongoing'");
  if (!q.ok()) return sql_error(db_, "listing the unfinished games");
  std::vector<std::string> ids;
  int step;
  while ((step = q.step()) == SQLITE_ROW) ids.push_back(q.text(0));
  if (step != SQLITE_DONE) return sql_error(db_, "listing the unfinished games");
  return ids;
}

Status Storage::save_review_entry(const std::string& game_id, int ply, const std::string& fen,
                                  const std::string& entry) {
  std::lock_guard lock(mutex_);
  Statement up(
      db_,
      "INSERT INTO reviews (game_id, ply, fen, entry) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT(game_id, ply) DO UPDATE SET fen = excluded.fen, entry = excluded.entry");
  if (!up.ok()) return sql_error(db_, "preparing a review entry");
  up.bind(1, game_id).bind(2, std::int64_t{ply}).bind(3, fen).bind(4, entry);
  if (up.step() != SQLITE_DONE) return sql_error(db_, "writing a review entry");
  return Ok{};
}

Status Storage::set_rematch(const std::string& game_id, const std::string& rematch_id) {
  std::lock_guard lock(mutex_);
  Statement up(db_, "INSERT OR REPLACE INTO rematches (game_id, rematch_id) VALUES (?1, ?2)");
  if (!up.ok()) return sql_error(db_, "preparing a rematch");
  up.bind(1, game_id).bind(2, rematch_id);
  if (up.step() != SQLITE_DONE) return sql_error(db_, "writing a rematch");
  return Ok{};
}

Result<std::string> Storage::rematch_of(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT rematch_id FROM rematches WHERE game_id = ?1");
  if (!q.ok()) return sql_error(db_, "reading a rematch");
  q.bind(1, game_id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::string();
  if (rc != SQLITE_ROW) return sql_error(db_, "reading a rematch");
  return q.text(0);
}

Result<std::vector<ReviewEntry>> Storage::review(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT ply, fen, entry FROM reviews WHERE game_id = ?1 ORDER BY ply");
  if (!q.ok()) return sql_error(db_, "reading the review");
  q.bind(1, game_id);
  std::vector<ReviewEntry> entries;
  int step;
  while ((step = q.step()) == SQLITE_ROW)
    entries.push_back(ReviewEntry{static_cast<int>(q.integer(0)), q.text(1), q.text(2)});
  if (step != SQLITE_DONE) return sql_error(db_, "reading the review");
  return entries;
}

Result<std::pair<std::vector<GameSummary>, int>> Storage::user_games(const UserGamesQuery& f) {
  std::lock_guard lock(mutex_);
  // ?1 the name; the result from the player's side: a win is white's win as white or black's as
  // black.
  std::string where = "WHERE (white_name = ?1 OR black_name = ?1)";
  if (f.variant) where += " AND variant = ?2";
  if (f.rated) where += std::string(" AND rated = ") + (*f.rated ? "1" : "0");
  if (f.result == "draw") where += " AND outcome = 'draw'";
  if (f.result == "win")
    where +=
        " AND ((outcome = 'white_wins' AND white_name = ?1) OR (outcome = 'black_wins' AND "
        "black_name = ?1))";
  if (f.result == "loss")
    where +=
        " AND ((outcome = 'black_wins' AND white_name = ?1) OR (outcome = 'white_wins' AND "
        "black_name = ?1))";
  int total = 0;
  {
    const std::string sql = "SELECT COUNT(*) FROM games " + where;
    Statement q(db_, sql.c_str());
    if (!q.ok()) return sql_error(db_, "counting a player's games");
    q.bind(1, f.name);
    if (f.variant) q.bind(2, *f.variant);
    if (q.step() != SQLITE_ROW) return sql_error(db_, "counting a player's games");
    total = static_cast<int>(q.integer(0));
  }
  const std::string sql = std::string(kSummaryColumns) + where +
                          " ORDER BY created DESC, rowid DESC LIMIT ?3 OFFSET ?4";
  Statement q(db_, sql.c_str());
  if (!q.ok()) return sql_error(db_, "listing a player's games");
  q.bind(1, f.name);
  if (f.variant) q.bind(2, *f.variant);
  q.bind(3, std::int64_t{f.limit}).bind(4, std::int64_t{f.offset});
  std::vector<GameSummary> games;
  int step;
  while ((step = q.step()) == SQLITE_ROW) games.push_back(summary_of(q));
  if (step != SQLITE_DONE) return sql_error(db_, "listing a player's games");
  return std::pair{std::move(games), total};
}

Result<UserResults> Storage::user_results(const std::string& name) {
  std::lock_guard lock(mutex_);
  Statement q(db_,
              "SELECT COUNT(*), "
              "SUM((outcome = 'white_wins' AND white_name = ?1) OR (outcome = 'black_wins' AND "
              "black_name = ?1)), "
              "SUM(outcome = 'draw'), "
              "SUM((outcome = 'black_wins' AND white_name = ?1) OR (outcome = 'white_wins' AND "
              "black_name = ?1)), "
              "SUM(outcome = 'ongoing') "
              "FROM games WHERE white_name = ?1 OR black_name = ?1");
  if (!q.ok()) return sql_error(db_, "counting a player's results");
  q.bind(1, name);
  if (q.step() != SQLITE_ROW) return sql_error(db_, "counting a player's results");
  UserResults r;
  r.playing = static_cast<int>(q.integer(4));
  r.wins = static_cast<int>(q.integer(1));
  r.draws = static_cast<int>(q.integer(2));
  r.losses = static_cast<int>(q.integer(3));
  r.games = static_cast<int>(q.integer(0)) - r.playing;
  return r;
}

Result<std::vector<GameSummary>> Storage::ongoing_between_people(int limit) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kSummaryColumns) +
                          "WHERE outcome = 'ongoing' AND opponent = 'person' "
                          "ORDER BY updated DESC LIMIT ?1";
  Statement q(db_, sql.c_str());
  if (!q.ok()) return sql_error(db_, "listing the games in progress");
  q.bind(1, std::int64_t{limit});
  std::vector<GameSummary> games;
  int step;
  while ((step = q.step()) == SQLITE_ROW) games.push_back(summary_of(q));
  if (step != SQLITE_DONE) return sql_error(db_, "listing the games in progress");
  return games;
}

}  // namespace doska::server
