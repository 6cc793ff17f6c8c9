// The storage of the players' rooms: accounts, sessions, ratings and their history, chat.
#include <sqlite3.h>

#include "server/keys.h"
#include "server/sql.h"
#include "server/storage.h"

namespace doska::server {

namespace {

UserRow user_of(Statement& q) {
  UserRow u;
  u.id = q.integer(0);
  u.name = q.text(1);
  u.password_hash = q.text(2);
  u.created = q.text(3);
  u.closed = q.integer(4) != 0;
  return u;
}

constexpr const char* kUserColumns = "SELECT id, name, password, created, closed FROM users ";

}  // namespace

Result<std::int64_t> Storage::create_user(const std::string& name,
                                          const std::string& password_hash) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "INSERT INTO users (name, password, created) VALUES (?1, ?2, ?3)");
  if (!q.ok()) return sql_error(db_, "preparing an account");
  q.bind(1, name).bind(2, password_hash).bind(3, now_iso());
  const int rc = q.step();
  if (rc == SQLITE_CONSTRAINT) return std::int64_t{0};
  if (rc != SQLITE_DONE) return sql_error(db_, "writing an account");
  return static_cast<std::int64_t>(sqlite3_last_insert_rowid(db_));
}

Result<std::optional<UserRow>> Storage::user_by_name(const std::string& name) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kUserColumns) + "WHERE name = ?1";
  Statement q(db_, sql.c_str());
  if (!q.ok()) return sql_error(db_, "reading an account");
  q.bind(1, name);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<UserRow>();
  if (rc != SQLITE_ROW) return sql_error(db_, "reading an account");
  return std::optional<UserRow>(user_of(q));
}

Result<std::optional<UserRow>> Storage::user_by_id(std::int64_t id) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kUserColumns) + "WHERE id = ?1";
  Statement q(db_, sql.c_str());
  if (!q.ok()) return sql_error(db_, "reading an account");
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<UserRow>();
  if (rc != SQLITE_ROW) return sql_error(db_, "reading an account");
  return std::optional<UserRow>(user_of(q));
}

Status Storage::set_password(std::int64_t user_id, const std::string& password_hash) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "UPDATE users SET password = ?2 WHERE id = ?1");
  if (!q.ok()) return sql_error(db_, "preparing a password");
  q.bind(1, user_id).bind(2, password_hash);
  if (q.step() != SQLITE_DONE) return sql_error(db_, "writing a password");
  return Ok{};
}

// A closed account keeps its name (its games show it) and cannot log in: its hash is dropped.
Status Storage::close_user(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "UPDATE users SET closed = 1, password = '' WHERE id = ?1");
  if (!q.ok()) return sql_error(db_, "preparing an account's closing");
  q.bind(1, user_id);
  if (q.step() != SQLITE_DONE) return sql_error(db_, "closing an account");
  Statement d(db_, "DELETE FROM sessions WHERE user_id = ?1");
  if (!d.ok()) return sql_error(db_, "preparing the sessions' end");
  d.bind(1, user_id);
  if (d.step() != SQLITE_DONE) return sql_error(db_, "ending the sessions");
  return Ok{};
}

Result<std::vector<std::int64_t>> Storage::closed_user_ids() {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT id FROM users WHERE closed = 1");
  if (!q.ok()) return sql_error(db_, "listing the closed accounts");
  std::vector<std::int64_t> ids;
  int step;
  while ((step = q.step()) == SQLITE_ROW) ids.push_back(q.integer(0));
  if (step != SQLITE_DONE) return sql_error(db_, "listing the closed accounts");
  return ids;
}

Status Storage::create_session(const SessionRow& s) {
  std::lock_guard lock(mutex_);
  Statement q(db_,
              "INSERT INTO sessions (digest, public_id, user_id, created, last_seen, agent) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  if (!q.ok()) return sql_error(db_, "preparing a session");
  q.bind(1, s.digest).bind(2, s.public_id).bind(3, s.user_id).bind(4, s.created);
  q.bind(5, s.last_seen).bind(6, s.agent);
  if (q.step() != SQLITE_DONE) return sql_error(db_, "writing a session");
  return Ok{};
}

namespace {

constexpr const char* kSessionColumns =
    "SELECT digest, public_id, user_id, created, last_seen, agent FROM sessions ";

SessionRow session_of(Statement& q) {
  return SessionRow{q.text(0), q.text(1), q.integer(2), q.text(3), q.text(4), q.text(5)};
}

}  // namespace

Result<std::optional<SessionRow>> Storage::session(const std::string& digest) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kSessionColumns) + "WHERE digest = ?1";
  Statement q(db_, sql.c_str());
  if (!q.ok()) return sql_error(db_, "reading a session");
  q.bind(1, digest);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<SessionRow>();
  if (rc != SQLITE_ROW) return sql_error(db_, "reading a session");
  return std::optional<SessionRow>(session_of(q));
}

Status Storage::touch_session(const std::string& digest, const std::string& when) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "UPDATE sessions SET last_seen = ?2 WHERE digest = ?1");
  if (!q.ok()) return sql_error(db_, "preparing a session");
  q.bind(1, digest).bind(2, when);
  if (q.step() != SQLITE_DONE) return sql_error(db_, "writing a session");
  return Ok{};
}

Status Storage::delete_session(const std::string& digest) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "DELETE FROM sessions WHERE digest = ?1");
  if (!q.ok()) return sql_error(db_, "preparing a session's end");
  q.bind(1, digest);
  if (q.step() != SQLITE_DONE) return sql_error(db_, "ending a session");
  return Ok{};
}

Result<int> Storage::delete_sessions(std::int64_t user_id, const std::string& except) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "DELETE FROM sessions WHERE user_id = ?1 AND digest <> ?2");
  if (!q.ok()) return sql_error(db_, "preparing the sessions' end");
  q.bind(1, user_id).bind(2, except);
  if (q.step() != SQLITE_DONE) return sql_error(db_, "ending the sessions");
  return sqlite3_changes(db_);
}

Result<std::vector<SessionRow>> Storage::sessions(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  const std::string sql =
      std::string(kSessionColumns) + "WHERE user_id = ?1 ORDER BY last_seen DESC LIMIT 100";
  Statement q(db_, sql.c_str());
  if (!q.ok()) return sql_error(db_, "listing the sessions");
  q.bind(1, user_id);
  std::vector<SessionRow> out;
  int step;
  while ((step = q.step()) == SQLITE_ROW) out.push_back(session_of(q));
  if (step != SQLITE_DONE) return sql_error(db_, "listing the sessions");
  return out;
}

Result<std::vector<RatingRow>> Storage::ratings(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  Statement q(db_,
              "SELECT variant, speed, rating, rd, volatility, games, last_ms FROM ratings "
              "WHERE user_id = ?1 ORDER BY variant, speed");
  if (!q.ok()) return sql_error(db_, "reading the ratings");
  q.bind(1, user_id);
  std::vector<RatingRow> out;
  int step;
  while ((step = q.step()) == SQLITE_ROW)
    out.push_back(RatingRow{q.text(0), q.text(1), q.real(2), q.real(3), q.real(4),
                            static_cast<int>(q.integer(5)), q.integer(6)});
  if (step != SQLITE_DONE) return sql_error(db_, "reading the ratings");
  return out;
}

Result<bool> Storage::apply_rated_game(const std::string& game_id,
                                       const std::vector<RatingUpdate>& updates) {
  std::lock_guard lock(mutex_);
  if (Status s = exec("BEGIN IMMEDIATE;"); !s) return make_error(s.error());
  auto fail = [&](const std::string& what) -> Result<bool> {
    Error e = sql_error(db_, what);
    (void)exec("ROLLBACK;");
    return e;
  };
  {
    Statement q(db_, "INSERT OR IGNORE INTO rated_games (game_id, applied) VALUES (?1, ?2)");
    if (!q.ok()) return fail("preparing a rated game");
    q.bind(1, game_id).bind(2, now_iso());
    if (q.step() != SQLITE_DONE) return fail("writing a rated game");
    if (sqlite3_changes(db_) == 0) {
      (void)exec("ROLLBACK;");
      return false;
    }
  }
  for (const RatingUpdate& u : updates) {
    const RatingRow& r = u.after;
    Statement up(db_,
                 "INSERT INTO ratings (user_id, variant, speed, rating, rd, volatility, games, "
                 "last_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT(user_id, variant, "
                 "speed) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
                 "volatility = excluded.volatility, games = excluded.games, "
                 "last_ms = excluded.last_ms");
    if (!up.ok()) return fail("preparing a rating");
    up.bind(1, u.user_id).bind(2, r.variant).bind(3, r.speed).bind(4, r.rating).bind(5, r.rd);
    up.bind(6, r.volatility).bind(7, std::int64_t{r.games}).bind(8, r.last_ms);
    if (up.step() != SQLITE_DONE) return fail("writing a rating");
    Statement point(db_,
                    "INSERT INTO rating_history (user_id, variant, speed, at_ms, rating, game_id) "
                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    if (!point.ok()) return fail("preparing a rating's history");
    point.bind(1, u.user_id).bind(2, r.variant).bind(3, r.speed).bind(4, r.last_ms);
    point.bind(5, r.rating).bind(6, game_id);
    if (point.step() != SQLITE_DONE) return fail("writing a rating's history");
  }
  if (Status s = exec("COMMIT;"); !s) return fail("committing the ratings");
  return true;
}

Result<std::vector<RatingPoint>> Storage::rating_history(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  Statement q(db_,
              "SELECT variant, speed, at_ms, rating FROM rating_history WHERE user_id = ?1 "
              "ORDER BY at_ms, rowid LIMIT 5000");
  if (!q.ok()) return sql_error(db_, "reading the rating history");
  q.bind(1, user_id);
  std::vector<RatingPoint> out;
  int step;
  while ((step = q.step()) == SQLITE_ROW)
    out.push_back(RatingPoint{q.text(0), q.text(1), q.integer(2), q.real(3)});
  if (step != SQLITE_DONE) return sql_error(db_, "reading the rating history");
  return out;
}

Status Storage::add_chat_line(ChatLine& line, int keep) {
  std::lock_guard lock(mutex_);
  if (Status s = exec("BEGIN IMMEDIATE;"); !s) return s;
  auto fail = [&](const std::string& what) -> Status {
    Error e = sql_error(db_, what);
    (void)exec("ROLLBACK;");
    return e;
  };
  {
    Statement q(db_, "SELECT COALESCE(MAX(n), 0) FROM chat_lines WHERE game_id = ?1 AND room = ?2");
    if (!q.ok() || (q.bind(1, line.game_id).bind(2, line.room), q.step() != SQLITE_ROW))
      return fail("reading the chat");
    line.n = q.integer(0) + 1;
  }
  {
    Statement q(db_,
                "INSERT INTO chat_lines (game_id, room, n, at, user_id, name, side, text) VALUES "
                "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    if (!q.ok()) return fail("preparing a chat line");
    q.bind(1, line.game_id).bind(2, line.room).bind(3, line.n).bind(4, line.at);
    q.bind(5, line.user_id).bind(6, line.name).bind(7, line.side).bind(8, line.text);
    if (q.step() != SQLITE_DONE) return fail("writing a chat line");
  }
  {
    Statement q(db_, "DELETE FROM chat_lines WHERE game_id = ?1 AND room = ?2 AND n <= ?3");
    if (!q.ok()) return fail("preparing the chat");
    q.bind(1, line.game_id).bind(2, line.room).bind(3, line.n - keep);
    if (q.step() != SQLITE_DONE) return fail("trimming the chat");
  }
  if (Status s = exec("COMMIT;"); !s) return fail("committing a chat line");
  return Ok{};
}

Result<std::vector<ChatLine>> Storage::chat(const std::string& game_id, const std::string& room,
                                            int limit) {
  std::lock_guard lock(mutex_);
  Statement q(db_,
              "SELECT n, at, user_id, name, side, text FROM chat_lines WHERE game_id = ?1 AND "
              "room = ?2 ORDER BY n DESC LIMIT ?3");
  if (!q.ok()) return sql_error(db_, "reading the chat");
  q.bind(1, game_id).bind(2, room).bind(3, std::int64_t{limit});
  std::vector<ChatLine> out;
  int step;
  while ((step = q.step()) == SQLITE_ROW)
    out.insert(out.begin(), ChatLine{game_id, room, q.integer(0), q.text(1), q.integer(2),
                                     q.text(3), q.text(4), q.text(5)});
  if (step != SQLITE_DONE) return sql_error(db_, "reading the chat");
  return out;
}

}  // namespace doska::server
