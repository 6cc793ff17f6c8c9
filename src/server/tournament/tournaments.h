// The tournaments room: arenas and Swiss tournaments created by any account, kept in the
// database (each written whole after every change, so that it goes on after a restart). It
// starts a tournament's games through one function it is given (the round's create, as the lobby
// does) and hears their ends on the hub ("game.over"), pairing again as each tournament's system
// says (tournament.h). Rated tournaments start rated games, which the ratings room updates as
// any other. A ticker starts tournaments at their time and ends arenas when theirs is up.
//
// Each change of a tournament (a player joined or withdrew, it started, a round was paired, a
// game ended, the arena's time is up, it finished) is kept as news and published to the hub under
// the tournament's stream id; its event streams (GET /api/tournaments/{id}/events) read the news
// they have not seen, then the tournament's view (poll).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

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
  // Halves the clock of the side `key` holds in a game before that side's first move (the
  // round's berserk); throws ApiError when it may not.
  using Berserk = std::function<void(const std::string& game, const std::string& key)>;
  Tournaments(Storage& storage, Hub& hub, StartGame start_game, RatingOf rating_of,
              Berserk berserk);
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
  // An arena player halves his clock in his game in progress, before his first move.
  nlohmann::json berserk(const std::string& id, const Viewer& viewer);

  // The hub id of a tournament's event stream (no game id has '#').
  static constexpr std::string_view kStreamPrefix = "#tournament:";
  static std::string stream_id(const std::string& id) { return std::string(kStreamPrefix) + id; }
  static bool is_stream(const std::string& hub_id) { return hub_id.rfind(kStreamPrefix, 0) == 0; }
  // 404 tournament_not_found unless it exists (before a stream is opened).
  void check(const std::string& id);
  // The news the stream has not seen ("joined", "withdrawn", "started", "paired", "game_over",
  // "standings", "clock", "berserk", "finished"), then "tournament" (the view); on connect, or
  // after more news than is kept, the view alone. seen.version is the last news sent.
  std::vector<Event> poll(const std::string& stream, Seen& seen);
  static constexpr std::size_t kNewsKept = 64;

 private:
  Tournament& find(const std::string& id);  // under mutex_; 404 tournament_not_found
  // Starts the games and stores the tournament (under mutex_).
  void launch(Tournament& t, const std::vector<Tournament::Start>& starts);
  void store(const Tournament& t);
  void game_over(const nlohmann::json& game);
  void tick();
  // The view, with the version of its news (and the viewer's part, if any).
  nlohmann::json view_for(const Tournament& t, const std::optional<Viewer>& viewer);
  // Under mutex_: keeps the news and wakes the tournament's streams.
  void announce(const Tournament& t, const std::string& name, nlohmann::json data);
  // Under mutex_: "started" / "finished" (with the arena's clock) if the status changed.
  void announce_status(const Tournament& t, const std::string& before);

  // A tournament's news. Its versions start at the time they were first asked for (in ms, times
  // 1000), so that they also order across a restart: a page keeps the newest view it was given,
  // whether by its stream or by the answer to its own request, and never goes back to an older
  // one that arrived late.
  struct News {
    std::int64_t version = 0;
    std::deque<std::pair<std::int64_t, Event>> recent;  // the last kNewsKept
    // The view as the streams last read it, and the news it follows: every stream of a
    // tournament sends the same text, made once per change.
    std::string view_text;
    std::int64_t view_version = -1;
  };

  Storage& storage_;
  Hub& hub_;
  StartGame start_game_;
  RatingOf rating_of_;
  Berserk berserk_;
  std::mutex mutex_;
  std::map<std::string, Tournament> tournaments_;
  std::map<std::string, std::string> created_;  // id -> when, as stored
  std::map<std::string, News> news_;
  News& news_of(const std::string& id);  // under mutex_
  std::set<std::string> time_up_;        // arenas whose time-up was announced
  std::mutex ticker_mutex_;
  std::condition_variable ticker_wake_;
  bool stopping_ = false;
  std::thread ticker_;
};

}  // namespace doska::server
