// The tournaments room: arenas and Swiss tournaments created by any account, kept in the
// database (each written whole after every change, so that it goes on after a restart). It
// starts a tournament's games through one function it is given (the round's create, as the lobby
// does) and hears their ends on the hub ("game.over"), pairing again as each tournament's system
// says (tournament.h). Rated tournaments start rated games, which the ratings room updates as
// any other. A ticker starts tournaments at their time and ends arenas when theirs is up.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "server/account/account.h"
#include "server/hub/hub.h"
#include "server/requests.h"
#include "server/round/round.h"
#include "server/storage.h"
#include "server/tournament/tournament.h"

namespace doska::server {

class Tournaments {
 public:
  using StartGame = std::function<nlohmann::json(const CreateRequest&, const Seating&)>;
  // A player's rating in a game id and speed: {rating, provisional}.
  using RatingOf = std::function<Seat(std::int64_t account, const std::string& variant,
                                      const std::string& speed)>;
  Tournaments(Storage& storage, Hub& hub, StartGame start_game, RatingOf rating_of);
  ~Tournaments();
  Tournaments(const Tournaments&) = delete;
  Tournaments& operator=(const Tournaments&) = delete;

  // Reads the stored tournaments and starts the ticker.
  void resume();
  void shut_down();

  nlohmann::json create(const TournamentRequest& request, const Viewer& creator);
  nlohmann::json list();
  // The view, with "me" ({"joined", "game"}) for a logged-in viewer.
  nlohmann::json get(const std::string& id, const std::optional<Viewer>& viewer);
  nlohmann::json join(const std::string& id, const Viewer& viewer);
  nlohmann::json withdraw(const std::string& id, const Viewer& viewer);
  // The creator's: start now, or end (no more pairings).
  nlohmann::json start(const std::string& id, const Viewer& viewer);
  nlohmann::json stop(const std::string& id, const Viewer& viewer);

 private:
  Tournament& find(const std::string& id);  // under mutex_; 404 tournament_not_found
  // Starts the games and stores the tournament (under mutex_).
  void launch(Tournament& t, const std::vector<Tournament::Start>& starts);
  void store(const Tournament& t);
  void game_over(const nlohmann::json& game);
  void tick();
  nlohmann::json view_for(const Tournament& t, const std::optional<Viewer>& viewer) const;

  Storage& storage_;
  Hub& hub_;
  StartGame start_game_;
  RatingOf rating_of_;
  std::mutex mutex_;
  std::map<std::string, Tournament> tournaments_;
  std::map<std::string, std::string> created_;  // id -> when, as stored
  std::mutex ticker_mutex_;
  std::condition_variable ticker_wake_;
  bool stopping_ = false;
  std::thread ticker_;
};

}  // namespace doska::server
