// The puzzles' ratings and attempts in the database (server/puzzles/): a player's puzzle rating
// per game, each puzzle's rating once played, and each player's first attempt at a puzzle, which
// is the one that moves both ratings.
#include <algorithm>

#include "server/db/db.h"
#include "server/storage.h"

namespace doska::server {

namespace {

// The one row of a prepared query of a rating (rating, rd, volatility, plays), if any.
Result<std::optional<PuzzleRatingRow>> rating_row(db::Connection& db, db::Statement& q,
                                                  const std::string& what) {
  const db::Step step = q.step();
  if (step == db::Step::failed) return db.error("reading " + what);
  if (step == db::Step::done) return std::optional<PuzzleRatingRow>{};
  return std::optional<PuzzleRatingRow>{
      PuzzleRatingRow{q.real(0), q.real(1), q.real(2), static_cast<int>(q.integer(3))}};
}

}  // namespace

Result<std::optional<PuzzleRatingRow>> Storage::player_puzzle_rating(std::int64_t user_id,
                                                                     const std::string& game) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "SELECT rating, rd, volatility, plays FROM puzzle_player_ratings "
      "WHERE user_id = ?1 AND game = ?2");
  if (!q.ok()) return db_->error("preparing a player's puzzle rating");
  q.bind(1, user_id).bind(2, game);
  return rating_row(*db_, q, "a player's puzzle rating");
}

Result<std::optional<PuzzleRatingRow>> Storage::puzzle_rating(const std::string& puzzle_id) {
  std::lock_guard lock(mutex_);
  db::Statement q =
      db_->prepare("SELECT rating, rd, volatility, plays FROM puzzle_ratings WHERE puzzle_id = ?1");
  if (!q.ok()) return db_->error("preparing a puzzle's rating");
  q.bind(1, puzzle_id);
  return rating_row(*db_, q, "a puzzle's rating");
}

Result<std::vector<std::string>> Storage::attempted_puzzles(std::int64_t user_id,
                                                            const std::string& game) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "SELECT puzzle_id FROM puzzle_attempts WHERE user_id = ?1 AND game = ?2 ORDER BY puzzle_id");
  if (!q.ok()) return db_->error("preparing the puzzles attempted");
  q.bind(1, user_id).bind(2, game);
  std::vector<std::string> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row) out.push_back(q.text(0));
  if (step != db::Step::done) return db_->error("reading the puzzles attempted");
  return out;
}

Result<bool> Storage::record_puzzle_attempt(const PuzzleAttemptRow& attempt,
                                            const PuzzleRatingRow& player_after,
                                            const PuzzleRatingRow& puzzle_after) {
  std::lock_guard lock(mutex_);
  bool first = false;
  Status done = db_->transaction("a puzzle attempt", [&]() -> Status {
    {
      db::Statement q = db_->prepare(
          "INSERT INTO puzzle_attempts (user_id, puzzle_id, game, solved, at_ms, rating_after) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING");
      if (!q.ok()) return db_->error("preparing a puzzle attempt");
      q.bind(1, attempt.user_id).bind(2, attempt.puzzle_id).bind(3, attempt.game);
      q.bind(4, std::int64_t{attempt.solved}).bind(5, attempt.at_ms).bind(6, player_after.rating);
      if (q.step() != db::Step::done) return db_->error("writing a puzzle attempt");
      // Attempted before: nothing more is written (the transaction has changed nothing).
      first = q.changes() > 0;
      if (!first) return Ok{};
    }
    {
      db::Statement q = db_->prepare(
          "INSERT INTO puzzle_player_ratings (user_id, game, rating, rd, volatility, plays) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(user_id, game) DO UPDATE SET "
          "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
          "plays = excluded.plays");
      if (!q.ok()) return db_->error("preparing a puzzle rating");
      q.bind(1, attempt.user_id).bind(2, attempt.game).bind(3, player_after.rating);
      q.bind(4, player_after.rd).bind(5, player_after.volatility);
      q.bind(6, std::int64_t{player_after.plays});
      if (q.step() != db::Step::done) return db_->error("writing a puzzle rating");
    }
    db::Statement q = db_->prepare(
        "INSERT INTO puzzle_ratings (puzzle_id, rating, rd, volatility, plays) "
        "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT(puzzle_id) DO UPDATE SET "
        "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
        "plays = excluded.plays");
    if (!q.ok()) return db_->error("preparing a puzzle's rating");
    q.bind(1, attempt.puzzle_id).bind(2, puzzle_after.rating).bind(3, puzzle_after.rd);
    q.bind(4, puzzle_after.volatility).bind(5, std::int64_t{puzzle_after.plays});
    if (q.step() != db::Step::done) return db_->error("writing a puzzle's rating");
    return Ok{};
  });
  if (!done) return make_error(done.error());
  return first;
}

Result<std::vector<PuzzleRatingPoint>> Storage::puzzle_rating_history(std::int64_t user_id,
                                                                      const std::string& game,
                                                                      int limit) {
  std::lock_guard lock(mutex_);
  // The newest `limit`, turned round below.
  db::Statement q = db_->prepare(
      "SELECT at_ms, rating_after, solved, puzzle_id FROM puzzle_attempts "
      "WHERE user_id = ?1 AND game = ?2 AND rating_after IS NOT NULL "
      "ORDER BY at_ms DESC, puzzle_id DESC LIMIT ?3");
  if (!q.ok()) return db_->error("preparing a puzzle rating history");
  q.bind(1, user_id).bind(2, game).bind(3, std::int64_t{limit});
  std::vector<PuzzleRatingPoint> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row)
    out.push_back(PuzzleRatingPoint{q.integer(0), q.real(1), q.integer(2) != 0, q.text(3)});
  if (step != db::Step::done) return db_->error("reading a puzzle rating history");
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace doska::server
