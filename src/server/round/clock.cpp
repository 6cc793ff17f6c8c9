// The round's clocks: a side's clock, or its correspondence deadline, runs from the start of its
// turn; the ticker lets the flag fall of a side that does not move.
#include <chrono>

#include "server/round/live_game.h"
#include "server/views.h"

namespace doska::server {

std::int64_t elapsed_ms(RoundClock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(RoundClock::now() - since).count();
}

void Round::LiveGame::start_turn() {
  turn_started = RoundClock::now();
  stored.turn_started_ms = now_ms();
  if (stored.days_per_move > 0) stored.move_deadline_ms = now_ms() + stored.days_per_move * kDayMs;
}

void Round::LiveGame::resume_turn() {
  turn_started = RoundClock::now();
  if (stored.turn_started_ms <= 0) return;
  const std::int64_t gone = now_ms() - stored.turn_started_ms;
  // A wall clock set back counts as no time gone; one set forward is bounded by the clocks.
  if (gone > 0) turn_started -= std::chrono::milliseconds(gone);
}

void Round::LiveGame::give_back_turn() {
  turn_started = RoundClock::now();
  stored.turn_started_ms = now_ms();
}

// The clocks fall on their own: a side that does not move loses on time (a running clock is
// looked at a few times a second).
void Round::tick() {
  std::unique_lock wait_lock(ticker_mutex_);
  for (int round = 1; !stopping_.load(); ++round) {
    ticker_wake_.wait_for(wait_lock, std::chrono::milliseconds(200));
    if (stopping_.load()) break;
    // Several servers on one database: the leases every second (lease.cpp).
    if (storage_.shared() && round % 5 == 0) keep_leases();
    std::vector<std::shared_ptr<LiveGame>> games;
    {
      std::lock_guard lock(games_mutex_);
      for (auto& [id, game] : games_)
        if (drives(id)) games.push_back(game);
    }
    for (auto& game : games) {
      std::lock_guard lock(game->mutex);
      try {
        if (check_flag(*game)) notify(*game);
      } catch (const ApiError&) {
        // Not stored: the game is read again from the database on its next request.
      }
    }
  }
}

bool Round::check_flag(LiveGame& game) {
  StoredGame& g = game.stored;
  if (game.session->end().over()) return false;
  const Player p = game.session->to_move();
  if (g.days_per_move > 0) {
    // Correspondence: the stored deadline of the move to make.
    if (now_ms() < g.move_deadline_ms) return false;
  } else {
    if (g.initial_ms == 0 || game.played.empty()) return false;
    const std::int64_t left =
        (p == Player::white ? g.white_ms : g.black_ms) - elapsed_ms(game.turn_started);
    if (left > 0) return false;
    (p == Player::white ? g.white_ms : g.black_ms) = 0;
  }
  cancel_search(game);
  (void)game.session->resign(p);
  g.ended_by = "time";
  g.ended_side = side_name(p);
  persist(game);
  return true;
}

}  // namespace doska::server
