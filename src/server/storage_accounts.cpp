// The storage of the players' rooms: accounts, sessions, ratings and their history, chat.
#include "server/db/db.h"
#include "server/keys.h"
#include "server/storage.h"

namespace doska::server {

namespace {

UserRow user_of(const db::Statement& q) {
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
  // A name taken (regardless of case: the column's collation) inserts nothing and answers no row.
  db::Statement q = db_->prepare(
      "INSERT INTO users (name, password, created) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING "
      "RETURNING id");
  if (!q.ok()) return db_->error("preparing an account");
  q.bind(1, name).bind(2, password_hash).bind(3, now_iso());
  const db::Step rc = q.step();
  if (rc == db::Step::done) return std::int64_t{0};
  if (rc != db::Step::row) return db_->error("writing an account");
  return q.integer(0);
}

Result<std::optional<UserRow>> Storage::user_by_name(const std::string& name) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kUserColumns) + "WHERE name = ?1";
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("reading an account");
  q.bind(1, name);
  const db::Step rc = q.step();
  if (rc == db::Step::done) return std::optional<UserRow>();
  if (rc != db::Step::row) return db_->error("reading an account");
  return std::optional<UserRow>(user_of(q));
}

Result<std::optional<UserRow>> Storage::user_by_id(std::int64_t id) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kUserColumns) + "WHERE id = ?1";
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("reading an account");
  q.bind(1, id);
  const db::Step rc = q.step();
  if (rc == db::Step::done) return std::optional<UserRow>();
  if (rc != db::Step::row) return db_->error("reading an account");
  return std::optional<UserRow>(user_of(q));
}

Status Storage::set_password(std::int64_t user_id, const std::string& password_hash) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("UPDATE users SET password = ?2 WHERE id = ?1");
  if (!q.ok()) return db_->error("preparing a password");
  q.bind(1, user_id).bind(2, password_hash);
  if (q.step() != db::Step::done) return db_->error("writing a password");
  return Ok{};
}

// A closed account keeps its name (its games show it) and cannot log in: its hash is dropped.
Status Storage::close_user(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("UPDATE users SET closed = 1, password = '' WHERE id = ?1");
  if (!q.ok()) return db_->error("preparing an account's closing");
  q.bind(1, user_id);
  if (q.step() != db::Step::done) return db_->error("closing an account");
  db::Statement d = db_->prepare("DELETE FROM sessions WHERE user_id = ?1");
  if (!d.ok()) return db_->error("preparing the sessions' end");
  d.bind(1, user_id);
  if (d.step() != db::Step::done) return db_->error("ending the sessions");
  return Ok{};
}

Result<std::vector<std::int64_t>> Storage::closed_user_ids() {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("SELECT id FROM users WHERE closed = 1");
  if (!q.ok()) return db_->error("listing the closed accounts");
  std::vector<std::int64_t> ids;
  db::Step step;
  while ((step = q.step()) == db::Step::row) ids.push_back(q.integer(0));
  if (step != db::Step::done) return db_->error("listing the closed accounts");
  return ids;
}

Status Storage::create_session(const SessionRow& s) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "INSERT INTO sessions (digest, public_id, user_id, created, last_seen, agent) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  if (!q.ok()) return db_->error("preparing a session");
  q.bind(1, s.digest).bind(2, s.public_id).bind(3, s.user_id).bind(4, s.created);
  q.bind(5, s.last_seen).bind(6, s.agent);
  if (q.step() != db::Step::done) return db_->error("writing a session");
  return Ok{};
}

namespace {

constexpr const char* kSessionColumns =
    "SELECT digest, public_id, user_id, created, last_seen, agent FROM sessions ";

SessionRow session_of(const db::Statement& q) {
  return SessionRow{q.text(0), q.text(1), q.integer(2), q.text(3), q.text(4), q.text(5)};
}

}  // namespace

Result<std::optional<SessionRow>> Storage::session(const std::string& digest) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kSessionColumns) + "WHERE digest = ?1";
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("reading a session");
  q.bind(1, digest);
  const db::Step rc = q.step();
  if (rc == db::Step::done) return std::optional<SessionRow>();
  if (rc != db::Step::row) return db_->error("reading a session");
  return std::optional<SessionRow>(session_of(q));
}

Status Storage::touch_session(const std::string& digest, const std::string& when) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("UPDATE sessions SET last_seen = ?2 WHERE digest = ?1");
  if (!q.ok()) return db_->error("preparing a session");
  q.bind(1, digest).bind(2, when);
  if (q.step() != db::Step::done) return db_->error("writing a session");
  return Ok{};
}

Status Storage::delete_session(const std::string& digest) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("DELETE FROM sessions WHERE digest = ?1");
  if (!q.ok()) return db_->error("preparing a session's end");
  q.bind(1, digest);
  if (q.step() != db::Step::done) return db_->error("ending a session");
  return Ok{};
}

Result<int> Storage::delete_sessions(std::int64_t user_id, const std::string& except) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("DELETE FROM sessions WHERE user_id = ?1 AND digest <> ?2");
  if (!q.ok()) return db_->error("preparing the sessions' end");
  q.bind(1, user_id).bind(2, except);
  if (q.step() != db::Step::done) return db_->error("ending the sessions");
  return static_cast<int>(q.changes());
}

Result<std::vector<SessionRow>> Storage::sessions(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  const std::string sql =
      std::string(kSessionColumns) + "WHERE user_id = ?1 ORDER BY last_seen DESC LIMIT 100";
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("listing the sessions");
  q.bind(1, user_id);
  std::vector<SessionRow> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row) out.push_back(session_of(q));
  if (step != db::Step::done) return db_->error("listing the sessions");
  return out;
}

Result<std::vector<RatingRow>> Storage::ratings(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "SELECT variant, speed, rating, rd, volatility, games, last_ms FROM ratings "
      "WHERE user_id = ?1 ORDER BY variant, speed");
  if (!q.ok()) return db_->error("reading the ratings");
  q.bind(1, user_id);
  std::vector<RatingRow> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row)
    out.push_back(RatingRow{q.text(0), q.text(1), q.real(2), q.real(3), q.real(4),
                            static_cast<int>(q.integer(5)), q.integer(6)});
  if (step != db::Step::done) return db_->error("reading the ratings");
  return out;
}

Result<bool> Storage::apply_rated_game(const std::string& game_id,
                                       const std::vector<RatingUpdate>& updates) {
  std::lock_guard lock(mutex_);
  bool fresh = false;
  Status done = db_->transaction("the ratings", [&]() -> Status {
    {
      db::Statement q = db_->prepare(
          "INSERT INTO rated_games (game_id, applied) VALUES (?1, ?2) ON CONFLICT DO NOTHING");
      if (!q.ok()) return db_->error("preparing a rated game");
      q.bind(1, game_id).bind(2, now_iso());
      if (q.step() != db::Step::done) return db_->error("writing a rated game");
      // Applied before: nothing more is written.
      fresh = q.changes() > 0;
      if (!fresh) return Ok{};
    }
    for (const RatingUpdate& u : updates) {
      const RatingRow& r = u.after;
      db::Statement up = db_->prepare(
          "INSERT INTO ratings (user_id, variant, speed, rating, rd, volatility, games, "
          "last_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT(user_id, variant, "
          "speed) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
          "volatility = excluded.volatility, games = excluded.games, "
          "last_ms = excluded.last_ms");
      if (!up.ok()) return db_->error("preparing a rating");
      up.bind(1, u.user_id).bind(2, r.variant).bind(3, r.speed).bind(4, r.rating).bind(5, r.rd);
      up.bind(6, r.volatility).bind(7, std::int64_t{r.games}).bind(8, r.last_ms);
      if (up.step() != db::Step::done) return db_->error("writing a rating");
      db::Statement point = db_->prepare(
          "INSERT INTO rating_history (user_id, variant, speed, at_ms, rating, game_id) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
      if (!point.ok()) return db_->error("preparing a rating's history");
      point.bind(1, u.user_id).bind(2, r.variant).bind(3, r.speed).bind(4, r.last_ms);
      point.bind(5, r.rating).bind(6, game_id);
      if (point.step() != db::Step::done) return db_->error("writing a rating's history");
    }
    return Ok{};
  });
  if (!done) return make_error(done.error());
  return fresh;
}

Result<std::vector<RatingPoint>> Storage::rating_history(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "SELECT variant, speed, at_ms, rating FROM rating_history WHERE user_id = ?1 "
      "ORDER BY at_ms, rowid LIMIT 5000");
  if (!q.ok()) return db_->error("reading the rating history");
  q.bind(1, user_id);
  std::vector<RatingPoint> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row)
    out.push_back(RatingPoint{q.text(0), q.text(1), q.integer(2), q.real(3)});
  if (step != db::Step::done) return db_->error("reading the rating history");
  return out;
}

Status Storage::add_chat_line(ChatLine& line, int keep) {
  std::lock_guard lock(mutex_);
  return db_->transaction("a chat line", [&]() -> Status {
    {
      db::Statement q = db_->prepare(
          "SELECT COALESCE(MAX(n), 0) FROM chat_lines WHERE game_id = ?1 AND room = ?2");
      if (!q.ok() || (q.bind(1, line.game_id).bind(2, line.room), q.step() != db::Step::row))
        return db_->error("reading the chat");
      line.n = q.integer(0) + 1;
    }
    {
      db::Statement q = db_->prepare(
          "INSERT INTO chat_lines (game_id, room, n, at, user_id, name, side, text) VALUES "
          "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
      if (!q.ok()) return db_->error("preparing a chat line");
      q.bind(1, line.game_id).bind(2, line.room).bind(3, line.n).bind(4, line.at);
      q.bind(5, line.user_id).bind(6, line.name).bind(7, line.side).bind(8, line.text);
      if (q.step() != db::Step::done) return db_->error("writing a chat line");
    }
    db::Statement q =
        db_->prepare("DELETE FROM chat_lines WHERE game_id = ?1 AND room = ?2 AND n <= ?3");
    if (!q.ok()) return db_->error("preparing the chat");
    q.bind(1, line.game_id).bind(2, line.room).bind(3, line.n - keep);
    if (q.step() != db::Step::done) return db_->error("trimming the chat");
    return Ok{};
  });
}

Result<std::vector<ChatLine>> Storage::chat(const std::string& game_id, const std::string& room,
                                            int limit) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "SELECT n, at, user_id, name, side, text FROM chat_lines WHERE game_id = ?1 AND "
      "room = ?2 ORDER BY n DESC LIMIT ?3");
  if (!q.ok()) return db_->error("reading the chat");
  q.bind(1, game_id).bind(2, room).bind(3, std::int64_t{limit});
  std::vector<ChatLine> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row)
    out.insert(out.begin(), ChatLine{game_id, room, q.integer(0), q.text(1), q.integer(2),
                                     q.text(3), q.text(4), q.text(5)});
  if (step != db::Step::done) return db_->error("reading the chat");
  return out;
}

}  // namespace doska::server
