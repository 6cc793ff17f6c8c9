// The tournaments (server/tournament/), each stored whole as the JSON its class writes, so that
// a tournament goes on after a restart.
#include "server/db/db.h"
#include "server/storage.h"

namespace doska::server {

Status Storage::save_tournament(const TournamentRow& t) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "INSERT INTO tournaments (id, created, status, data) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT(id) DO UPDATE SET status = excluded.status, data = excluded.data");
  if (!q.ok()) return db_->error("preparing a tournament");
  q.bind(1, t.id).bind(2, t.created).bind(3, t.status).bind(4, t.data);
  if (q.step() != db::Step::done) return db_->error("writing a tournament");
  return Ok{};
}

Result<std::vector<TournamentRow>> Storage::tournaments() {
  std::lock_guard lock(mutex_);
  db::Statement q =
      db_->prepare("SELECT id, created, status, data FROM tournaments ORDER BY created, id");
  if (!q.ok()) return db_->error("preparing the tournaments");
  std::vector<TournamentRow> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row)
    out.push_back(TournamentRow{q.text(0), q.text(1), q.text(2), q.text(3)});
  if (step != db::Step::done) return db_->error("reading the tournaments");
  return out;
}

}  // namespace doska::server
