// Several servers on one database: which one drives a game. Any server answers any request of a
// game (its write is refused when another server changed the game meanwhile: it reads the game
// again), but a game's clock and its computer replies are driven by the server that holds its
// lease (storage_cluster.cpp). The lease is taken by the server that starts the game, renewed
// every second, dropped when the game ends, and taken over by another server when its holder
// stops renewing it (the process died). On SQLite there is one server, which drives every game.
#include "server/round/live_game.h"

namespace doska::server {

bool Round::needs_driver(const StoredGame& g) {
  return g.opponent == "computer" || g.initial_ms > 0 || g.days_per_move > 0;
}

bool Round::drives(const std::string& id) {
  if (!storage_.shared()) return true;
  std::lock_guard lock(leases_mutex_);
  return driven_.count(id) > 0;
}

void Round::release(const std::string& id) {
  if (!storage_.shared()) return;
  {
    std::lock_guard lock(leases_mutex_);
    if (driven_.erase(id) == 0) return;
  }
  (void)storage_.drop_lease(id);  // else it runs out, and its taker finds the game over
}

void Round::evict(const std::string& id) {
  std::shared_ptr<LiveGame> old;
  {
    std::lock_guard lock(games_mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) return;
    old = std::move(it->second);
    games_.erase(it);
  }
  std::lock_guard lock(old->mutex);
  cancel_search(*old);
}

// The game as stored now, driven from here: its flag, or the computer's move if it is its turn.
void Round::take_over(const std::string& id) {
  evict(id);
  try {
    auto game = find(id);
    std::lock_guard lock(game->mutex);
    if (game->session->end().over()) {
      release(id);
      return;
    }
    if (!check_flag(*game)) schedule_computer(*game);
  } catch (const ApiError&) {
    // Not readable now: its lease is renewed with the others and it is read on its next request.
  }
}

void Round::keep_leases() {
  const std::int64_t now = now_ms();
  auto kept = storage_.renew_leases(now + kLeaseMs);
  if (!kept) {
    // The database cannot be reached: another server may take these games over meanwhile, so
    // this one stops driving them until it holds their leases again.
    std::lock_guard lock(leases_mutex_);
    driven_.clear();
    return;
  }
  {
    std::lock_guard lock(leases_mutex_);
    driven_ = std::set<std::string>(kept->begin(), kept->end());
  }
  auto taken = storage_.take_expired_leases(now, now + kLeaseMs);
  if (!taken) return;
  for (const std::string& id : *taken) {
    {
      std::lock_guard lock(leases_mutex_);
      driven_.insert(id);
    }
    take_over(id);
  }
}

void Round::stored_elsewhere(const std::string& id, std::int64_t version) {
  if (auto game = live(id)) {
    std::lock_guard lock(game->mutex);
    if (game->stored.version >= version) return;  // this server's own change, or older news
  }
  if (drives(id)) {
    take_over(id);
  } else {
    evict(id);
  }
  hub_.notify(id);  // the streams here read the game again
}

void Round::resync() {
  std::vector<std::string> ids;
  {
    std::lock_guard lock(games_mutex_);
    for (const auto& [id, game] : games_) ids.push_back(id);
  }
  for (const std::string& id : ids) {
    if (drives(id)) {
      take_over(id);
    } else {
      evict(id);
    }
    hub_.notify(id);
  }
}

}  // namespace doska::server
