// Chat in a game between people: the players' room (the two players, by their keys) and the
// watchers' room (logged-in players). Lines are plain text of 1 to 140 characters, at most 5 in
// 10 seconds a writer, the last 200 of a room kept in the database. New lines reach the game's
// event streams as "chat" events (the players' room only on a stream opened with a key of a
// side). The lines of a closed account are left out from then on (it hears "account.closed").
// What the room needs of a game it is given as a function (the round's), as the lobby is.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/account/account.h"
#include "server/hub/hub.h"
#include "server/requests.h"
#include "server/storage.h"
#include "server/throttle.h"

namespace doska::server {

class Chat {
 public:
  // A game as the chat needs it: whether it is between people, the side `key` holds (if any)
  // and the players' names. 404 for an unknown game.
  struct GameFacts {
    bool between_people = false;
    std::optional<std::string> side;
    std::string white_name, black_name;
  };
  using LookUp = std::function<GameFacts(const std::string& game, const std::string& key)>;
  Chat(Storage& storage, Hub& hub, LookUp look_up);
  Chat(const Chat&) = delete;
  Chat& operator=(const Chat&) = delete;

  static constexpr int kMaxCharacters = 140;
  static constexpr int kKeep = 200;

  // 201: {"line"}.
  nlohmann::json say(const std::string& game, const ChatRequest& request,
                     const std::optional<Viewer>& viewer);
  // {"players": [...] (with a key of a side), "watchers": [...]}
  nlohmann::json lines(const std::string& game, const std::string& key);
  // Whether a stream opened with `key` may read the players' room.
  bool reads_players(const std::string& game, const std::string& key);
  // The lines newer than the stream has seen (all the kept ones on its first poll).
  std::vector<Event> poll(const std::string& game, Seen& seen);

 private:
  struct Room {
    bool loaded = false;
    std::vector<ChatLine> lines;
  };
  Room& room(const std::string& game, const std::string& name);  // under mutex_
  nlohmann::json line_json(const ChatLine& line) const;
  nlohmann::json room_json(const std::string& game, const std::string& name);

  Storage& storage_;
  Hub& hub_;
  LookUp look_up_;
  Throttle writers_{5, std::chrono::seconds(10)};
  std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, Room> rooms_;
  std::set<std::int64_t> closed_;
};

}  // namespace doska::server
