#include "server/storage.h"

#include <nlohmann/json.hpp>

#include "common/sha256.h"
#include "server/db/db.h"
#include "server/keys.h"
#include "server/migrations.h"

namespace doska::server {

std::string key_digest(const std::string& key) {
  return "sha256:" + sha256_hex(key);
}

namespace {

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

}  // namespace

Result<std::unique_ptr<Storage>> Storage::open(const std::string& target) {
  auto db = db::open(target);
  if (!db) return make_error(db.error());
  std::unique_ptr<Storage> storage(new Storage(std::move(*db), target));
  if (db::is_postgres_url(target)) {
    auto reader = db::open(target);
    if (!reader) return make_error(reader.error());
    storage->reader_ = std::move(*reader);
  }
  if (Status s = migrate(*storage->db_); !s)
    return make_error("database " + db::redacted(target) + ": " + s.error());
  return storage;
}

Storage::Storage(std::unique_ptr<db::Connection> db, std::string target)
    : db_(std::move(db)), target_(std::move(target)), server_id_(random_hex(8)) {}

Storage::~Storage() = default;

int Storage::schema_version() const {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("SELECT version FROM schema_version");
  if (q.step() != db::Step::row) return 0;
  return static_cast<int>(q.integer(0));
}

namespace {

// A game's row written over the version ?35 (any, when negative): an upsert, not a replace, so
// that the row is updated in place and its moves stay. Parameters ?1-?35 (bind_game_row).
const std::string& game_upsert_sql() {
  static const std::string sql =
      "INSERT INTO games (id, variant, created, updated, huffing, opponent, "
      "level, computer_side, start_fen, key_white, key_black, initial_ms, "
      "increment_ms, white_ms, black_ms, ended_by, ended_side, draw_offer, outcome, "
      "result_text, rule, reason, version, days_per_move, move_deadline_ms, rated, "
      "speed, white_name, black_name, seats, takeback_offer, turn_started_ms, white_berserk, "
      "black_berserk) VALUES "
      "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, "
      "?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34) "
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
      "black_name = excluded.black_name, seats = excluded.seats, "
      "takeback_offer = excluded.takeback_offer, "
      "turn_started_ms = excluded.turn_started_ms, "
      "white_berserk = excluded.white_berserk, black_berserk = excluded.black_berserk "
      // A change over a known version: written only if no other server changed it since.
      "WHERE ?35 < 0 OR games.version = ?35";
  return sql;
}

void bind_game_row(db::Statement& up, const StoredGame& g, std::optional<std::int64_t> replaces) {
  up.bind(1, g.id).bind(2, g.variant).bind(3, g.created).bind(4, g.updated);
  up.bind(5, std::int64_t{g.huffing}).bind(6, g.opponent).bind(7, std::int64_t{g.level});
  up.bind(8, g.computer_side).bind(9, g.start_fen).bind(10, g.key_white).bind(11, g.key_black);
  up.bind(12, g.initial_ms).bind(13, g.increment_ms).bind(14, g.white_ms).bind(15, g.black_ms);
  up.bind(16, g.ended_by).bind(17, g.ended_side).bind(18, g.draw_offer).bind(19, g.outcome);
  up.bind(20, g.result_text).bind(21, g.rule).bind(22, g.reason).bind(23, g.version);
  up.bind(24, std::int64_t{g.days_per_move}).bind(25, g.move_deadline_ms);
  up.bind(26, std::int64_t{g.rated}).bind(27, g.speed).bind(28, g.white_player.name);
  up.bind(29, g.black_player.name).bind(30, seats_text(g)).bind(31, g.takeback_offer);
  up.bind(32, g.turn_started_ms).bind(33, std::int64_t{g.white_berserk});
  up.bind(34, std::int64_t{g.black_berserk}).bind(35, replaces.value_or(-1));
}

// PostgreSQL's array literals of the moves from `from` on: their texts ("{\"a1-b2\",...}") and
// their times ("{1000,NULL}").
std::string postgres_move_texts(const std::vector<StoredMove>& moves, std::size_t from) {
  std::string out = "{";
  for (std::size_t i = from; i < moves.size(); ++i) {
    if (i > from) out += ',';
    out += '"';
    for (char c : moves[i].text) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

std::string postgres_move_times(const std::vector<StoredMove>& moves, std::size_t from) {
  std::string out = "{";
  for (std::size_t i = from; i < moves.size(); ++i) {
    if (i > from) out += ',';
    out += moves[i].ms ? std::to_string(*moves[i].ms) : "NULL";
  }
  return out + "}";
}

}  // namespace

// PostgreSQL: a game written in one statement: its row over its version (announced when
// written), and only when the row was written its plies past the new list deleted and those
// after the first `kept` (known to be stored: known_moves; 0 when not known) written, each
// replacing a different one stored. The answer is one row: 1 written, 0 a conflict.
db::Statement Storage::game_write(const StoredGame& g, std::optional<std::int64_t> replaces,
                                  std::size_t kept) {
  static const std::string sql =
      "WITH written AS (" + game_upsert_sql() +
      " RETURNING pg_notify(?36, ?37)), "
      "taken_back AS (DELETE FROM moves WHERE game_id = ?1 AND ply > ?38 "
      "AND EXISTS (SELECT 1 FROM written)), "
      "added AS (INSERT INTO moves (game_id, ply, text, ms) "
      "SELECT ?1, ?39 + m.n, m.text, m.ms FROM unnest(CAST(?40 AS TEXT[]), CAST(?41 AS BIGINT[])) "
      "WITH ORDINALITY AS m(text, ms, n) WHERE EXISTS (SELECT 1 FROM written) "
      "ON CONFLICT (game_id, ply) DO UPDATE SET text = excluded.text, ms = excluded.ms "
      "WHERE moves.text IS DISTINCT FROM excluded.text OR moves.ms IS DISTINCT FROM excluded.ms) "
      "SELECT COUNT(*) FROM written";
  db::Statement w = db_->prepare(sql);
  bind_game_row(w, g, replaces);
  w.bind(36, std::string(kChannel))
      .bind(37, server_id_ + " game " + g.id + " " + std::to_string(g.version));
  w.bind(38, static_cast<std::int64_t>(g.moves.size())).bind(39, static_cast<std::int64_t>(kept));
  w.bind(40, postgres_move_texts(g.moves, kept)).bind(41, postgres_move_times(g.moves, kept));
  return w;
}

// One game's rows, inside the batch's transaction (the caller's savepoint undoes a failure).
Status Storage::write_game(const StoredGame& g, std::optional<std::int64_t> replaces,
                           bool& conflict) {
  auto fail = [&](const std::string& what) -> Status { return db_->error(what); };
  auto refused = [&] {
    conflict = true;
    return make_error("game " + g.id + " was changed by another server");
  };
  if (shared()) {
    db::Statement w = game_write(g, replaces, known_moves(g, replaces).value_or(0));
    if (!w.ok() || w.step() != db::Step::row) return fail("writing the game");
    if (w.integer(0) == 0) return refused();
    return Ok{};
  }
  {
    db::Statement up = db_->prepare(game_upsert_sql());
    if (!up.ok()) return fail("preparing the game");
    bind_game_row(up, g, replaces);
    if (up.step() == db::Step::failed) return fail("writing the game");
    if (up.changes() == 0) return refused();
  }
  // SQLite (a read costs no round trip): a save follows every change, so the stored list is the
  // new one less the plies played since (append them) or plus the plies taken back (delete
  // them). The last stored move that stays is checked against the new list (its text and time);
  // any other difference rewrites all.
  const std::int64_t plies = static_cast<std::int64_t>(g.moves.size());
  std::int64_t kept = 0;
  {
    db::Statement del = db_->prepare("DELETE FROM moves WHERE game_id = ?1 AND ply > ?2");
    if (!del.ok()) return fail("preparing the moves");
    del.bind(1, g.id).bind(2, plies);
    if (del.step() != db::Step::done) return fail("taking back moves");
  }
  {
    db::Statement last = db_->prepare(
        "SELECT ply, text, ms FROM moves WHERE game_id = ?1 AND ply <= ?2 ORDER BY ply DESC "
        "LIMIT 1");
    if (!last.ok()) return fail("reading the moves");
    last.bind(1, g.id).bind(2, plies);
    const db::Step step = last.step();
    if (step == db::Step::row) {
      kept = last.integer(0);
      if (kept < 1 || kept > plies || last.text(1) != g.moves[kept - 1].text ||
          (last.is_null(2) ? std::optional<std::int64_t>() : last.integer(2)) !=
              g.moves[kept - 1].ms)
        kept = -1;
    } else if (step != db::Step::done) {
      return fail("reading the moves");
    }
  }
  if (kept < 0) {
    db::Statement del = db_->prepare("DELETE FROM moves WHERE game_id = ?1");
    if (!del.ok()) return fail("preparing the moves");
    del.bind(1, g.id);
    if (del.step() != db::Step::done) return fail("clearing the moves");
    kept = 0;
  }
  for (std::int64_t i = kept; i < plies; ++i) {
    db::Statement ins =
        db_->prepare("INSERT INTO moves (game_id, ply, text, ms) VALUES (?1, ?2, ?3, ?4)");
    if (!ins.ok()) return fail("preparing a move");
    ins.bind(1, g.id).bind(2, i + 1).bind(3, g.moves[i].text);
    if (g.moves[i].ms)
      ins.bind(4, *g.moves[i].ms);
    else
      ins.bind_null(4);
    if (ins.step() != db::Step::done) return fail("writing a move");
  }
  return Ok{};
}

// Group commit: the saves that arrive while a commit is under way wait together and
// go in the next transaction, one fsync for all. The first of them writes the batch; each
// caller returns only once its game is committed (or refused), so an answer still means stored.
Status Storage::save(const StoredGame& game) {
  return save(game, std::nullopt);
}

Result<Storage::Saved> Storage::save_over(const StoredGame& game, std::int64_t replaces) {
  Pending me{&game, replaces};
  if (Status s = commit_pending(me); !s && !me.conflict) return make_error(s.error());
  return me.conflict ? Saved::conflict : Saved::ok;
}

Status Storage::save(const StoredGame& game, std::optional<std::int64_t> replaces) {
  Pending me{&game, replaces};
  return commit_pending(me);
}

std::vector<Result<Storage::Saved>> Storage::save_over_together(
    const std::vector<std::pair<const StoredGame*, std::int64_t>>& games) {
  std::vector<Pending> mine;
  for (const auto& [game, replaces] : games) mine.push_back(Pending{game, replaces});
  commit_pending(mine);
  std::vector<Result<Saved>> out;
  for (const Pending& p : mine) {
    if (!p.status && !p.conflict)
      out.emplace_back(make_error(p.status.error()));
    else
      out.emplace_back(p.conflict ? Saved::conflict : Saved::ok);
  }
  return out;
}

std::int64_t Storage::round_trips() const {
  std::lock_guard lock(mutex_);
  return db_->round_trips();
}

Status Storage::commit_pending(Pending& me) {
  std::vector<Pending> mine{me};
  commit_pending(mine);
  me = mine.front();
  return me.status;
}

void Storage::commit_pending(std::vector<Pending>& mine) {
  if (mine.empty()) return;
  std::unique_lock lock(queue_mutex_);
  for (Pending& p : mine) queue_.push_back(&p);
  // Queued together, so taken into one batch together: done together.
  queue_ready_.wait(lock, [&] { return mine.front().done || !committing_; });
  if (mine.front().done) return;
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
}

void Storage::remember(const StoredGame& g) {
  if (!shared()) return;
  std::lock_guard lock(known_mutex_);
  if (g.outcome != "ongoing") {
    known_.erase(g.id);  // rarely written again
    return;
  }
  auto it = known_.find(g.id);
  if (it != known_.end() && it->second.version > g.version) return;  // a newer one known
  if (it == known_.end() && known_.size() >= kMostKnown) known_.erase(known_.begin());
  known_[g.id] = Known{g.version, g.moves};
}

void Storage::forget(const std::string& id) {
  if (!shared()) return;
  std::lock_guard lock(known_mutex_);
  known_.erase(id);
}

std::optional<std::size_t> Storage::known_moves(const StoredGame& g,
                                                std::optional<std::int64_t> replaces) {
  // A write over no version in particular could find anything stored.
  if (!replaces) return std::nullopt;
  // Over version 0: the game is new, and no moves are stored without its row.
  if (*replaces == 0) return 0;
  std::lock_guard lock(known_mutex_);
  auto it = known_.find(g.id);
  if (it == known_.end() || it->second.version != *replaces) return std::nullopt;
  const std::vector<StoredMove>& stored = it->second.moves;
  std::size_t same = 0;
  while (same < stored.size() && same < g.moves.size() && stored[same].text == g.moves[same].text &&
         stored[same].ms == g.moves[same].ms)
    ++same;
  return same;
}

bool Storage::write_together(const std::vector<Pending*>& batch) {
  db::Statement begin = db_->prepare("BEGIN"), commit = db_->prepare("COMMIT");
  std::vector<db::Statement> writes;
  writes.reserve(batch.size());
  std::vector<db::Statement*> all{&begin};
  for (const Pending* p : batch) {
    const std::size_t kept = known_moves(*p->game, p->replaces).value_or(0);
    all.push_back(&writes.emplace_back(game_write(*p->game, p->replaces, kept)));
  }
  all.push_back(&commit);
  const Status ran = db_->run_together(all);
  if (!ran) {
    // A statement failed and the COMMIT after it did not run: nothing is written, and the batch
    // is written again a game at a time, where a game that fails leaves the others.
    if (db_->rollback()) return false;
    // The connection was lost: whether the COMMIT ran is not known.
    for (Pending* p : batch) {
      p->status = ran;
      forget(p->game->id);
    }
    return true;
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    Pending& p = *batch[i];
    if (writes[i].integer(0) == 0) {
      p.conflict = true;
      p.status = make_error("game " + p.game->id + " was changed by another server");
      forget(p.game->id);
    } else {
      p.status = Ok{};
      remember(*p.game);
    }
  }
  return true;
}

void Storage::write_batch(const std::vector<Pending*>& batch) {
  if (shared() && write_together(batch)) return;
  if (Status s = db_->begin(); !s) {
    for (Pending* p : batch) p->status = s;
    return;
  }
  if (batch.size() == 1) {
    // Alone in its transaction: a game that cannot be written rolls it back.
    Pending* p = batch.front();
    p->status = write_game(*p->game, p->replaces, p->conflict);
    if (!p->status) {
      (void)db_->rollback();
      return;
    }
  } else {
    for (Pending* p : batch) {
      // A savepoint each: one game that cannot be written leaves the others in the batch.
      if (Status s = db_->exec("SAVEPOINT game"); !s) {
        p->status = s;
        continue;
      }
      p->status = write_game(*p->game, p->replaces, p->conflict);
      if (!p->status) (void)db_->exec("ROLLBACK TO game");
      (void)db_->exec("RELEASE game");
    }
  }
  if (Status s = db_->commit(); !s) {
    Error e = db_->error("committing");
    (void)db_->rollback();
    for (Pending* p : batch) p->status = e;
    return;
  }
  for (const Pending* p : batch)
    if (p->status) remember(*p->game);
}

Result<std::optional<StoredGame>> Storage::load(const std::string& id) {
  // On PostgreSQL a connection of its own: a read does not wait for a commit under way.
  std::unique_lock lock(reader_ ? reader_mutex_ : mutex_);
  db::Connection& db = reader_ ? *reader_ : *db_;
  db::Statement q = db.prepare(
      "SELECT id, variant, created, updated, huffing, opponent, level, computer_side, "
      "start_fen, key_white, key_black, initial_ms, increment_ms, white_ms, black_ms, "
      "ended_by, ended_side, draw_offer, outcome, result_text, rule, reason, version, "
      "days_per_move, move_deadline_ms, rated, speed, white_name, black_name, seats, "
      "takeback_offer, turn_started_ms, white_berserk, black_berserk FROM games WHERE id = ?1");
  if (!q.ok()) return db.error("reading a game");
  q.bind(1, id);
  const db::Step rc = q.step();
  if (rc == db::Step::done) return std::optional<StoredGame>{};
  if (rc != db::Step::row) return db.error("reading a game");
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
  g.takeback_offer = q.text(30);
  g.turn_started_ms = q.integer(31);
  g.white_berserk = q.integer(32) != 0;
  g.black_berserk = q.integer(33) != 0;
  db::Statement m = db.prepare("SELECT text, ms FROM moves WHERE game_id = ?1 ORDER BY ply");
  if (!m.ok()) return db.error("reading the moves");
  m.bind(1, id);
  db::Step step;
  while ((step = m.step()) == db::Step::row) {
    StoredMove move{m.text(0), std::nullopt};
    if (!m.is_null(1)) move.ms = m.integer(1);
    g.moves.push_back(std::move(move));
  }
  if (step != db::Step::done) return db.error("reading the moves");
  // The moves were read after the row: if the game is still at this version when it is written
  // over it, they are what is stored (a later version would refuse the write).
  remember(g);
  return std::optional<StoredGame>(std::move(g));
}

namespace {

constexpr const char* kSummaryColumns =
    "SELECT id, variant, created, updated, opponent, computer_side, level, "
    "(SELECT COUNT(*) FROM moves WHERE game_id = games.id), outcome, result_text, rated, speed, "
    "white_name, black_name, seats FROM games ";

GameSummary summary_of(const db::Statement& q) {
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
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("listing the games");
  q.bind(1, std::int64_t{limit}).bind(2, std::int64_t{offset});
  std::vector<GameSummary> games;
  db::Step step;
  while ((step = q.step()) == db::Step::row) games.push_back(summary_of(q));
  if (step != db::Step::done) return db_->error("listing the games");
  return games;
}

Result<std::vector<std::string>> Storage::game_ids(const GameIdFilter& f) {
  std::lock_guard lock(mutex_);
  std::string sql = "SELECT id FROM games WHERE 1 = 1";
  if (f.variant) sql += " AND variant = ?1";
  if (f.finished) sql += " AND outcome IN ('white_wins', 'black_wins', 'draw')";
  if (f.min_plies > 0) sql += " AND (SELECT COUNT(*) FROM moves WHERE game_id = games.id) >= ?2";
  if (f.since) sql += " AND created >= ?3";
  sql += " ORDER BY created DESC, rowid DESC";
  if (f.limit > 0) sql += " LIMIT ?4";
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("listing the games' ids");
  if (f.variant) q.bind(1, *f.variant);
  if (f.min_plies > 0) q.bind(2, std::int64_t{f.min_plies});
  if (f.since) q.bind(3, *f.since);
  if (f.limit > 0) q.bind(4, std::int64_t{f.limit});
  std::vector<std::string> ids;
  db::Step step;
  while ((step = q.step()) == db::Step::row) ids.push_back(q.text(0));
  if (step != db::Step::done) return db_->error("listing the games' ids");
  return ids;
}

Result<std::optional<GameSummary>> Storage::held(const std::string& id, const std::string& digest) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(kSummaryColumns) +
                          "WHERE id = ?1 AND ?2 <> '' AND (key_white = ?2 OR key_black = ?2)";
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("reading a game");
  q.bind(1, id).bind(2, digest);
  const db::Step step = q.step();
  if (step == db::Step::done) return std::optional<GameSummary>();
  if (step != db::Step::row) return db_->error("reading a game");
  return std::optional<GameSummary>(summary_of(q));
}

Result<int> Storage::count() {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("SELECT COUNT(*) FROM games");
  if (!q.ok() || q.step() != db::Step::row) return db_->error("counting the games");
  return static_cast<int>(q.integer(0));
}

Status Storage::ping() {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("SELECT 1");
  if (!q.ok() || q.step() != db::Step::row) return db_->error("asking the database");
  return Ok{};
}

Result<std::vector<std::string>> Storage::unfinished() {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("SELECT id FROM games WHERE outcome = 'ongoing'");
  if (!q.ok()) return db_->error("listing the unfinished games");
  std::vector<std::string> ids;
  db::Step step;
  while ((step = q.step()) == db::Step::row) ids.push_back(q.text(0));
  if (step != db::Step::done) return db_->error("listing the unfinished games");
  return ids;
}

Status Storage::save_review_entry(const std::string& game_id, int ply, const std::string& fen,
                                  const std::string& entry) {
  std::lock_guard lock(mutex_);
  db::Statement up = db_->prepare(
      "INSERT INTO reviews (game_id, ply, fen, entry) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT(game_id, ply) DO UPDATE SET fen = excluded.fen, entry = excluded.entry");
  if (!up.ok()) return db_->error("preparing a review entry");
  up.bind(1, game_id).bind(2, std::int64_t{ply}).bind(3, fen).bind(4, entry);
  if (up.step() != db::Step::done) return db_->error("writing a review entry");
  return Ok{};
}

Status Storage::set_rematch(const std::string& game_id, const std::string& rematch_id) {
  std::lock_guard lock(mutex_);
  db::Statement up = db_->prepare(
      "INSERT INTO rematches (game_id, rematch_id) VALUES (?1, ?2) "
      "ON CONFLICT(game_id) DO UPDATE SET rematch_id = excluded.rematch_id");
  if (!up.ok()) return db_->error("preparing a rematch");
  up.bind(1, game_id).bind(2, rematch_id);
  if (up.step() != db::Step::done) return db_->error("writing a rematch");
  return Ok{};
}

Result<std::string> Storage::rematch_of(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare("SELECT rematch_id FROM rematches WHERE game_id = ?1");
  if (!q.ok()) return db_->error("reading a rematch");
  q.bind(1, game_id);
  const db::Step rc = q.step();
  if (rc == db::Step::done) return std::string();
  if (rc != db::Step::row) return db_->error("reading a rematch");
  return q.text(0);
}

Result<std::vector<ReviewEntry>> Storage::review(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  db::Statement q =
      db_->prepare("SELECT ply, fen, entry FROM reviews WHERE game_id = ?1 ORDER BY ply");
  if (!q.ok()) return db_->error("reading the review");
  q.bind(1, game_id);
  std::vector<ReviewEntry> entries;
  db::Step step;
  while ((step = q.step()) == db::Step::row)
    entries.push_back(ReviewEntry{static_cast<int>(q.integer(0)), q.text(1), q.text(2)});
  if (step != db::Step::done) return db_->error("reading the review");
  return entries;
}

Result<std::optional<ReviewEntry>> Storage::review_entry(const std::string& game_id, int ply) {
  std::lock_guard lock(mutex_);
  db::Statement q =
      db_->prepare("SELECT ply, fen, entry FROM reviews WHERE game_id = ?1 AND ply = ?2");
  if (!q.ok()) return db_->error("reading a review entry");
  q.bind(1, game_id).bind(2, std::int64_t{ply});
  const db::Step step = q.step();
  if (step == db::Step::done) return std::optional<ReviewEntry>();
  if (step != db::Step::row) return db_->error("reading a review entry");
  return std::optional<ReviewEntry>(
      ReviewEntry{static_cast<int>(q.integer(0)), q.text(1), q.text(2)});
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
    db::Statement q = db_->prepare(sql);
    if (!q.ok()) return db_->error("counting a player's games");
    q.bind(1, f.name);
    if (f.variant) q.bind(2, *f.variant);
    if (q.step() != db::Step::row) return db_->error("counting a player's games");
    total = static_cast<int>(q.integer(0));
  }
  const std::string sql = std::string(kSummaryColumns) + where +
                          " ORDER BY created DESC, rowid DESC LIMIT ?3 OFFSET ?4";
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("listing a player's games");
  q.bind(1, f.name);
  if (f.variant) q.bind(2, *f.variant);
  q.bind(3, std::int64_t{f.limit}).bind(4, std::int64_t{f.offset});
  std::vector<GameSummary> games;
  db::Step step;
  while ((step = q.step()) == db::Step::row) games.push_back(summary_of(q));
  if (step != db::Step::done) return db_->error("listing a player's games");
  return std::pair{std::move(games), total};
}

Result<UserResults> Storage::user_results(const std::string& name) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "SELECT COUNT(*), "
      "SUM(CASE WHEN (outcome = 'white_wins' AND white_name = ?1) OR "
      "(outcome = 'black_wins' AND black_name = ?1) THEN 1 ELSE 0 END), "
      "SUM(CASE WHEN outcome = 'draw' THEN 1 ELSE 0 END), "
      "SUM(CASE WHEN (outcome = 'black_wins' AND white_name = ?1) OR "
      "(outcome = 'white_wins' AND black_name = ?1) THEN 1 ELSE 0 END), "
      "SUM(CASE WHEN outcome = 'ongoing' THEN 1 ELSE 0 END) "
      "FROM games WHERE white_name = ?1 OR black_name = ?1");
  if (!q.ok()) return db_->error("counting a player's results");
  q.bind(1, name);
  if (q.step() != db::Step::row) return db_->error("counting a player's results");
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
  db::Statement q = db_->prepare(sql);
  if (!q.ok()) return db_->error("listing the games in progress");
  q.bind(1, std::int64_t{limit});
  std::vector<GameSummary> games;
  db::Step step;
  while ((step = q.step()) == db::Step::row) games.push_back(summary_of(q));
  if (step != db::Step::done) return db_->error("listing the games in progress");
  return games;
}

}  // namespace doska::server
