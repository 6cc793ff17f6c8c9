// A game of the round in memory (round/*.cpp only): its stored record, its session, and what the
// event streams and the computer's search need of it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/clock.h"
#include "games/session.h"
#include "server/round/round.h"
#include "server/storage.h"

namespace doska::server {

using RoundClock = std::chrono::steady_clock;

struct Round::LiveGame {
  std::mutex mutex;
  StoredGame stored;
  std::unique_ptr<GameSession> session;
  std::vector<MoveView> played;  // the view of each ply, as it was legal then
  std::vector<Player> movers;    // who played each ply
  RoundClock::time_point turn_started = RoundClock::now();
  void start_turn();  // the clock of the side to move starts, or its correspondence deadline
  // The turn as stored: its clock has run since stored.turn_started_ms, on whichever server.
  void resume_turn();
  // The turn's time so far is given back (a server restarted: nobody could move meanwhile).
  void give_back_turn();
  // Takes back the plies after `side`'s last turn and that turn's own plies; false if the
  // session refuses one (the game is then as far back as it went).
  bool take_back_turn(Player side);
  std::shared_ptr<std::atomic<bool>> search;  // the computer's search, while it thinks
  std::uint64_t search_token = 0;
  std::int64_t info_count = 0;
  nlohmann::json info;
  // The view as the event streams last sent it: every watcher of a change reads the same text.
  // A clock's time left is counted at the build, so with a clock it is kept only briefly.
  std::string view_text;
  std::int64_t view_version = -1;
  bool view_thinking = false;
  RoundClock::time_point view_built;
  std::optional<Player> takeback_offer;  // in memory: a restart drops an unanswered request
  std::string rematch;                   // the rematch's game id, once asked for
};

inline Player other(Player p) {
  return p == Player::white ? Player::black : Player::white;
}

// What `side`'s clock gains after each of its moves: nothing once it has gone berserk (as on
// lichess, a berserk side gives up its increment with half its time).
inline std::int64_t increment_of(const StoredGame& g, Player side) {
  return (side == Player::white ? g.white_berserk : g.black_berserk) ? 0 : g.increment_ms;
}

// Times here are wall-clock (now_ms, common/clock.h): a correspondence deadline holds across
// restarts.
constexpr std::int64_t kDayMs = 24 * 3600 * 1000;
// A game's lease (several servers on one database) runs this long past its last renewal, which
// comes every second: a server that died is replaced within about this time.
constexpr std::int64_t kLeaseMs = 3000;
std::int64_t elapsed_ms(RoundClock::time_point since);

}  // namespace doska::server
