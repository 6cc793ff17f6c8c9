// The lobby: open challenges ("seeks") to a game between two people, kept in memory (a restart
// clears them). Anyone sees the list and may accept one; the game then starts with a key for
// each: the acceptor's in the answer, the creator's when it asks with its seek key. Every change
// of the list is published to the hub under kLobby. The lobby starts a game through one function
// it is given (the round's create), and knows nothing else of games.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/hub/hub.h"
#include "server/requests.h"

namespace doska::server {

class Lobby {
 public:
  // Creates a game as POST /api/games does: {"game", "keys", "links"}.
  using StartGame = std::function<nlohmann::json(const CreateRequest&)>;
  Lobby(Hub& hub, StartGame start_game);
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  static constexpr const char* kLobby = "#lobby";  // the lobby's event stream (no game has '#')
  // 201: {"seek": <public view>, "key": <the creator's secret for its seek>}.
  nlohmann::json create_seek(const CreateRequest& request);
  nlohmann::json seeks();  // {"seeks": [...]}, oldest first
  // The creator's look: {"state": "open"} or {"state": "accepted", "game", "side", "key", "link"}.
  nlohmann::json seek(const std::string& id, const std::string& key);
  // 201: as POST /api/games, with the acceptor's key and side only.
  nlohmann::json accept_seek(const std::string& id);
  void cancel_seek(const std::string& id, const std::string& key);
  // The list, when it changed since `seen.version` (updated here).
  std::vector<Event> poll(Seen& seen);

 private:
  struct Seek {
    std::string id;
    std::string digest;  // key_digest of the creator's seek key
    std::string created;
    CreateRequest request;
    std::chrono::steady_clock::time_point at;
    bool taken = false;
    std::string game, creator_side, creator_key;  // once accepted
  };
  nlohmann::json seek_json(const Seek& seek) const;
  void drop_old_seeks();  // under mutex_

  Hub& hub_;
  StartGame start_game_;
  std::mutex mutex_;
  std::map<std::string, Seek> seeks_;
  std::int64_t version_ = 1;
};

}  // namespace doska::server
