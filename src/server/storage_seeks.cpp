// The lobby's seeks in the database, so that every server on one database lists the same seeks
// and a seek is accepted once, whichever server each player asks (server/lobby/).
#include "server/db/db.h"
#include "server/storage.h"

namespace doska::server {

namespace {

constexpr const char* kSeekColumns =
    "id, digest, created, at_ms, request, creator, taken, game, creator_side, creator_key";

SeekRow read_seek(const db::Statement& q) {
  SeekRow s;
  s.id = q.text(0);
  s.digest = q.text(1);
  s.created = q.text(2);
  s.at_ms = q.integer(3);
  s.request = q.text(4);
  s.creator = q.text(5);
  s.taken = q.integer(6) != 0;
  s.game = q.text(7);
  s.creator_side = q.text(8);
  s.creator_key = q.text(9);
  return s;
}

}  // namespace

Status Storage::add_seek(const SeekRow& s) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(std::string("INSERT INTO seeks (") + kSeekColumns +
                                 ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  if (!q.ok()) return db_->error("preparing a seek");
  q.bind(1, s.id).bind(2, s.digest).bind(3, s.created).bind(4, s.at_ms).bind(5, s.request);
  q.bind(6, s.creator).bind(7, std::int64_t{s.taken}).bind(8, s.game).bind(9, s.creator_side);
  q.bind(10, s.creator_key);
  if (q.step() != db::Step::done) return db_->error("writing a seek");
  return announce_locked("lobby");
}

Result<std::optional<SeekRow>> Storage::seek(const std::string& id) {
  std::lock_guard lock(mutex_);
  db::Statement q =
      db_->prepare(std::string("SELECT ") + kSeekColumns + " FROM seeks WHERE id = ?1");
  if (!q.ok()) return db_->error("preparing a seek");
  q.bind(1, id);
  const db::Step step = q.step();
  if (step == db::Step::failed) return db_->error("reading a seek");
  if (step == db::Step::done) return std::optional<SeekRow>{};
  return std::optional<SeekRow>(read_seek(q));
}

Result<std::vector<SeekRow>> Storage::open_seeks() {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(std::string("SELECT ") + kSeekColumns +
                                 " FROM seeks WHERE taken = 0 ORDER BY at_ms, id");
  if (!q.ok()) return db_->error("preparing the seeks");
  std::vector<SeekRow> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row) out.push_back(read_seek(q));
  if (step != db::Step::done) return db_->error("reading the seeks");
  return out;
}

Result<bool> Storage::take_seek(const std::string& id, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  db::Statement q =
      db_->prepare("UPDATE seeks SET taken = 1, at_ms = ?2 WHERE id = ?1 AND taken = 0");
  if (!q.ok()) return db_->error("preparing a seek");
  q.bind(1, id).bind(2, now_ms);
  if (q.step() != db::Step::done) return db_->error("taking a seek");
  if (q.changes() == 0) return false;
  if (Status s = announce_locked("lobby"); !s) return make_error(s.error());
  return true;
}

Status Storage::untake_seek(const std::string& id) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("UPDATE seeks SET taken = 0 WHERE id = ?1 AND game = ''");
  if (!q.ok()) return db_->error("preparing a seek");
  q.bind(1, id);
  if (q.step() != db::Step::done) return db_->error("opening a seek again");
  return announce_locked("lobby");
}

Status Storage::seek_accepted(const std::string& id, const std::string& game,
                              const std::string& side) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("UPDATE seeks SET game = ?2, creator_side = ?3 WHERE id = ?1");
  if (!q.ok()) return db_->error("preparing a seek");
  q.bind(1, id).bind(2, game).bind(3, side);
  if (q.step() != db::Step::done) return db_->error("writing an accepted seek");
  return Ok{};
}

Result<bool> Storage::cancel_seek(const std::string& id) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("DELETE FROM seeks WHERE id = ?1 AND taken = 0");
  if (!q.ok()) return db_->error("preparing a seek");
  q.bind(1, id);
  if (q.step() != db::Step::done) return db_->error("cancelling a seek");
  if (q.changes() == 0) return false;
  if (Status s = announce_locked("lobby"); !s) return make_error(s.error());
  return true;
}

Status Storage::drop_old_seeks(std::int64_t open_before, std::int64_t taken_before) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "DELETE FROM seeks WHERE (taken = 0 AND at_ms < ?1) OR (taken = 1 AND at_ms < ?2)");
  if (!q.ok()) return db_->error("preparing the seeks");
  q.bind(1, open_before).bind(2, taken_before);
  if (q.step() != db::Step::done) return db_->error("dropping old seeks");
  if (q.changes() > 0) return announce_locked("lobby");
  return Ok{};
}

}  // namespace doska::server
