// What several servers on one PostgreSQL database share besides the games (server/cluster/):
// announcements on the channel kChannel, and the leases by which one server at a time drives a
// game's clock and computer. A lease names its server and runs out at a wall-clock time; its
// server renews it every second, and when the server dies another takes it once it has run out.
#include "server/db/db.h"
#include "server/storage.h"

namespace doska::server {

bool Storage::shared() const {
  return db_->dialect() == db::Dialect::postgres;
}

Status Storage::announce_locked(const std::string& message) {
  if (!shared()) return Ok{};
  db::Statement q = db_->prepare("SELECT pg_notify(?1, ?2)");
  if (!q.ok()) return db_->error("preparing an announcement");
  q.bind(1, std::string(kChannel)).bind(2, server_id_ + " " + message);
  if (q.step() == db::Step::failed) return db_->error("announcing " + message);
  return Ok{};
}

Status Storage::announce(const std::string& message) {
  std::lock_guard lock(mutex_);
  return announce_locked(message);
}

Result<std::vector<std::string>> Storage::lease_ids(db::Statement& q) {
  std::vector<std::string> ids;
  db::Step step;
  while ((step = q.step()) == db::Step::row) ids.push_back(q.text(0));
  if (step != db::Step::done) return db_->error("the leases");
  return ids;
}

Result<bool> Storage::take_lease(const std::string& game_id, std::int64_t now_ms,
                                 std::int64_t until_ms) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "INSERT INTO leases (game_id, owner, expires_ms) VALUES (?1, ?2, ?3) "
      "ON CONFLICT(game_id) DO UPDATE SET owner = excluded.owner, "
      "expires_ms = excluded.expires_ms "
      "WHERE leases.owner = excluded.owner OR leases.expires_ms < ?4");
  if (!q.ok()) return db_->error("preparing a lease");
  q.bind(1, game_id).bind(2, server_id_).bind(3, until_ms).bind(4, now_ms);
  if (q.step() != db::Step::done) return db_->error("taking the lease of game " + game_id);
  return q.changes() > 0;
}

Result<std::vector<std::string>> Storage::renew_leases(std::int64_t until_ms) {
  std::lock_guard lock(mutex_);
  db::Statement q =
      db_->prepare("UPDATE leases SET expires_ms = ?1 WHERE owner = ?2 RETURNING game_id");
  if (!q.ok()) return db_->error("preparing the leases");
  q.bind(1, until_ms).bind(2, server_id_);
  return lease_ids(q);
}

Result<std::vector<std::string>> Storage::take_expired_leases(std::int64_t now_ms,
                                                              std::int64_t until_ms) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "UPDATE leases SET owner = ?1, expires_ms = ?2 WHERE expires_ms < ?3 RETURNING game_id");
  if (!q.ok()) return db_->error("preparing the leases");
  q.bind(1, server_id_).bind(2, until_ms).bind(3, now_ms);
  return lease_ids(q);
}

Status Storage::drop_lease(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("DELETE FROM leases WHERE game_id = ?1 AND owner = ?2");
  if (!q.ok()) return db_->error("preparing a lease");
  q.bind(1, game_id).bind(2, server_id_);
  if (q.step() != db::Step::done) return db_->error("dropping the lease of game " + game_id);
  return Ok{};
}

Result<std::int64_t> Storage::stored_version(const std::string& game_id) {
  std::unique_lock lock(reader_ ? reader_mutex_ : mutex_);
  db::Connection& db = reader_ ? *reader_ : *db_;
  db::Statement q = db.prepare("SELECT version FROM games WHERE id = ?1");
  if (!q.ok()) return db.error("preparing a game's version");
  q.bind(1, game_id);
  const db::Step step = q.step();
  if (step == db::Step::failed) return db.error("reading the version of game " + game_id);
  return step == db::Step::row ? q.integer(0) : 0;
}

}  // namespace doska::server
