// The lobby: open challenges ("seeks") to a game between two people, kept in the database, so
// that every server on one database lists the same seeks and each is accepted once (a restart
// keeps them). Anyone sees the list and may accept one; the game then starts with a key for
// each: the acceptor's in the answer, the creator's when it asks with its seek key (the creator's
// key is derived from its seek key, so that no server keeps it). Every change of the list is
// published to the hub under kLobby, and announced to the other servers. The lobby starts a
// game through one function it is given (the round's create), and knows nothing else of games.
//
// A seek of a logged-in player names it with its rating in the seek's game and speed; a rated
// seek needs a login, a clock and the normal start, and is accepted only by another account
// whose rating is in the seek's range. Quick pairing joins the oldest matching seek or makes one.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/api_error.h"
#include "server/hub/hub.h"
#include "server/requests.h"
#include "server/round/round.h"
#include "server/storage.h"
#include "server/throttle.h"

namespace doska::server {

// A logged-in player in the lobby, with its rating in the game and speed of the seek.
struct Seeker {
  std::int64_t id = 0;
  std::string name;
  int rating = 1500;
  bool provisional = true;
};

class Lobby {
 public:
  // Creates a game as POST /api/games does: {"game", "keys", "links"}.
  using StartGame = std::function<nlohmann::json(const CreateRequest&, const Seating&)>;
  Lobby(Storage& storage, Hub& hub, StartGame start_game);
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  static constexpr const char* kLobby = "#lobby";  // the lobby's event stream (no game has '#')
  // 201: {"seek": <public view>, "key": <the creator's secret for its seek>}. `who` (an address
  // or an account) is bounded to kSeeksPerMinute new seeks a minute.
  nlohmann::json create_seek(const CreateRequest& request, const std::optional<Seeker>& creator,
                             const std::string& who);
  nlohmann::json seeks();  // {"seeks": [...]}, oldest first
  // The creator's look: {"state": "open"} or {"state": "accepted", "game", "side", "key", "link"}.
  nlohmann::json seek(const std::string& id, const std::string& key);
  // The game an open seek asks for (404 seek_not_found), to know the acceptor's rating in it.
  CreateRequest request_of(const std::string& id);
  // 201: as POST /api/games, with the acceptor's key and side only.
  nlohmann::json accept_seek(const std::string& id, const std::optional<Seeker>& acceptor);
  // The oldest open seek of the same game, clock and rating that `seeker` may accept, accepted;
  // else a new seek (the answers of accept_seek and create_seek).
  nlohmann::json quick(const CreateRequest& request, const std::optional<Seeker>& seeker,
                       const std::string& who);
  static constexpr int kSeeksPerMinute = 10;
  void cancel_seek(const std::string& id, const std::string& key);
  // The list, when it changed since `seen.version` (updated here).
  std::vector<Event> poll(Seen& seen);

 private:
  struct Seek {
    SeekRow row;
    CreateRequest request;
    std::optional<Seeker> creator;
  };
  static Seek read(const SeekRow& row);
  // Why `seeker` may not accept `seek` (an error to throw), or nothing.
  static std::optional<ApiError> refusal(const Seek& seek, const std::optional<Seeker>& seeker);
  static nlohmann::json seek_json(const Seek& seek);
  std::vector<Seek> open_seeks();  // the old ones dropped first; oldest first
  std::optional<Seek> find(const std::string& id);
  void changed();  // the list changed: its streams are woken

  Storage& storage_;
  Hub& hub_;
  StartGame start_game_;
  std::mutex mutex_;
  std::int64_t version_ = 1;
  // The list as the streams last read it, for its version (read again after a minute at most,
  // so that expired seeks leave it).
  std::string list_text_;
  std::int64_t list_version_ = 0;
  std::chrono::steady_clock::time_point list_read_;
  Throttle new_seeks_{kSeeksPerMinute, std::chrono::minutes(1)};
};

}  // namespace doska::server
