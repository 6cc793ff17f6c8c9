// The opening explorer's index in the database (server/explorer/): one row per game id, position
// and move, with its games, results and the ratings of the players who played it; a game is
// added once (explorer_games), whichever server or rebuild adds it.
#include "server/db/db.h"
#include "server/storage.h"

namespace doska::server {

Result<bool> Storage::add_to_explorer(const ExplorerGame& game) {
  std::lock_guard lock(mutex_);
  bool fresh = false;
  Status done = db_->transaction("the explorer's moves", [&]() -> Status {
    {
      db::Statement q =
          db_->prepare("INSERT INTO explorer_games (game_id) VALUES (?1) ON CONFLICT DO NOTHING");
      if (!q.ok()) return db_->error("preparing an explorer game");
      q.bind(1, game.id);
      if (q.step() != db::Step::done) return db_->error("writing an explorer game");
      // Added before: nothing more is written.
      fresh = q.changes() > 0;
      if (!fresh) return Ok{};
    }
    const std::int64_t white = game.outcome == "white_wins";
    const std::int64_t draw = game.outcome == "draw";
    const std::int64_t black = game.outcome == "black_wins";
    for (const ExplorerPly& ply : game.plies) {
      db::Statement up = db_->prepare(
          "INSERT INTO explorer_moves (variant, position, move, games, white, draws, black, "
          "rating_sum, rated) VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8) "
          "ON CONFLICT(variant, position, move) DO UPDATE SET "
          "games = explorer_moves.games + 1, white = explorer_moves.white + excluded.white, "
          "draws = explorer_moves.draws + excluded.draws, "
          "black = explorer_moves.black + excluded.black, "
          "rating_sum = explorer_moves.rating_sum + excluded.rating_sum, "
          "rated = explorer_moves.rated + excluded.rated");
      if (!up.ok()) return db_->error("preparing an explorer move");
      up.bind(1, game.variant).bind(2, ply.position).bind(3, ply.move);
      up.bind(4, white).bind(5, draw).bind(6, black).bind(7, game.rating_sum).bind(8, game.rated);
      if (up.step() != db::Step::done) return db_->error("writing an explorer move");
    }
    return Ok{};
  });
  if (!done) return make_error(done.error());
  return fresh;
}

Result<std::vector<ExplorerMove>> Storage::explorer_moves(const std::string& variant,
                                                          const std::string& position) {
  std::lock_guard lock(mutex_);
  db::Statement q = db_->prepare(
      "SELECT move, games, white, draws, black, rating_sum, rated FROM explorer_moves "
      "WHERE variant = ?1 AND position = ?2 ORDER BY games DESC, move");
  if (!q.ok()) return db_->error("preparing the explorer's moves");
  q.bind(1, variant).bind(2, position);
  std::vector<ExplorerMove> out;
  db::Step step;
  while ((step = q.step()) == db::Step::row)
    out.push_back(ExplorerMove{q.text(0), q.integer(1), q.integer(2), q.integer(3), q.integer(4),
                               q.integer(5), q.integer(6)});
  if (step != db::Step::done) return db_->error("reading the explorer's moves");
  return out;
}

Status Storage::clear_explorer() {
  std::lock_guard lock(mutex_);
  return db_->transaction("clearing the explorer", [&] {
    return db_->exec("DELETE FROM explorer_moves; DELETE FROM explorer_games;");
  });
}

}  // namespace doska::server
