// The computer's side of a game: its reply searched on the engine pool (its thinking published
// as it goes), played when it comes unless the game has moved on; and its answer to a draw offer.
#include <algorithm>

#include "server/round/live_game.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;

void Round::cancel_search(LiveGame& game) {
  if (game.search) game.search->store(true);
  game.search.reset();
  ++game.search_token;
}

void Round::schedule_computer(LiveGame& game) {
  const StoredGame& g = game.stored;
  if (g.opponent != "computer" || game.search || stopping_.load()) return;
  // Several servers on one database: the one holding the game's lease answers (lease.cpp).
  if (!drives(g.id)) return;
  if (game.session->end().over()) return;
  if (side_name(game.session->to_move()) != g.computer_side) return;
  search::Limits limits;
  limits.level = g.level;
  // The lower levels search to a fixed depth or node count (engine::level_setting) and rarely
  // need their time; the budget rises with the level up to the service's longest, so every level
  // answers within a few seconds.
  double seconds = computer_seconds_;
  if (const engine::LevelSetting setting = engine::level_setting(g.variant, g.level);
      setting.depth > 0 || setting.nodes > 0)
    seconds = std::min(seconds, 0.5 + 0.15 * (g.level - 1));
  if (g.initial_ms > 0) {
    // On the clock: a small share of what is left, never more than the usual budget.
    const Player side = game.session->to_move();
    const std::int64_t left = side == Player::white ? g.white_ms : g.black_ms;
    seconds =
        std::min(seconds, std::max(0.05, (left / 30.0 + increment_of(g, side) / 2.0) / 1000.0));
  }
  limits.move_time = seconds;
  const std::uint64_t token = ++game.search_token;
  std::vector<std::string> moves;
  for (const StoredMove& m : g.moves) moves.push_back(m.text);
  const std::string id = g.id, variant = g.variant, fen = g.start_fen;
  // The search outlives nothing it points to: the service joins the pool before it goes away.
  game.search = pool_.submit(
      [this, id, variant, fen, moves, limits, seconds, token](engine::Engine& engine,
                                                              const std::atomic<bool>& cancelled) {
        if (!engine.set_position(variant, std::string_view(fen), moves)) return;
        // The computer's clock runs from here: the time the job waited in the queue is not its own.
        if (auto game = live(id)) {
          std::lock_guard lock(game->mutex);
          if (game->search_token == token) game->give_back_turn();
        }
        auto on_info = [this, id, token](const search::Info& info) {
          std::shared_ptr<LiveGame> game = live(id);
          if (!game) return;
          std::lock_guard lock(game->mutex);
          if (game->search_token != token) return;
          game->info = json{{"depth", info.depth}, {"score", info.score.text()}, {"pv", info.pv}};
          ++game->info_count;
          notify(*game);
        };
        const engine::BestMove best =
            search_with_deadline(engine, limits, seconds + 1.0, cancelled, on_info);
        if (!cancelled.load()) computer_played(id, token, best.move);
      },
      EnginePool::Priority::reply, seconds);
  notify(game);
}

void Round::computer_played(const std::string& id, std::uint64_t token, const std::string& move) {
  std::shared_ptr<LiveGame> game;
  try {
    game = find(id);
  } catch (const ApiError&) {
    return;
  }
  std::lock_guard lock(game->mutex);
  if (game->search_token != token || !game->search) return;
  game->search.reset();
  try {
    if (check_flag(*game)) return;
    auto view = game->session->read_move(move);
    if (!view) {
      // A search stopped before it found a move: the computer must still move.
      const auto legal = game->session->legal_move_views();
      if (legal.empty()) {
        notify(*game);
        return;
      }
      view = legal.front();
    }
    play(*game, *view);
    persist(*game);
    // Ceylon mill: a mill gives the computer another turn.
    schedule_computer(*game);
  } catch (const ApiError&) {
    // The move is lost with the dropped game; it is searched again on the next request.
  }
}

void Round::computer_answers_draw(LiveGame& game, std::unique_lock<std::mutex>& lock, Player side) {
  StoredGame& g = game.stored;
  // The computer answers at once, by its level's judgement of the position (engine::accepts_draw):
  // never in a balanced opening, at once when it stands clearly worse.
  std::vector<std::string> moves;
  for (const StoredMove& m : g.moves) moves.push_back(m.text);
  const std::string variant = g.variant, fen = g.start_fen;
  const Player computer = other(side);
  const bool computer_to_move = game.session->to_move() == computer;
  const std::int64_t version = g.version;
  const int level = g.level;
  const int plies = static_cast<int>(g.moves.size());
  lock.unlock();
  search::Limits limits;
  limits.move_time = 0.3;
  limits.level = level;
  limits.contempt = 0;  // the position's value, not a preference for playing on
  const engine::BestMove best =
      search_now(pool_, variant, fen, moves, limits, 1.0, EnginePool::Priority::reply);
  lock.lock();
  if (g.version != version || game.session->end().over()) return;
  // The score is from the side to move; seen from the computer.
  search::Score own = best.score;
  if (!computer_to_move) {
    using Kind = search::Score::Kind;
    if (own.kind == Kind::win)
      own.kind = Kind::loss;
    else if (own.kind == Kind::loss)
      own.kind = Kind::win;
    else if (own.kind == Kind::cp)
      own.value = -own.value;
  }
  const bool accepts = engine::accepts_draw(level, own, plies);
  if (accepts && game.session->accept_draw(computer)) {
    cancel_search(game);
    g.ended_by = "agreement";
    g.ended_side = side_name(side);
  } else {
    // Declined: the offer is withdrawn, as between people when the opponent says no.
    withdraw_offer(game);
  }
  persist(game);
  schedule_computer(game);
}

}  // namespace doska::server
