// The ratings: Glicko-2 (src/rating/glicko2.h), one rating per account, game id and speed. The
// room hears "game.over" from the round; a rated game that both players' accounts played, and
// that was not aborted, is one rating period for each: both ratings are updated together (once:
// the storage remembers the games applied), a point is added to each graph, and "game.rated" is
// published with the changes, which the round shows in the game.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "server/hub/hub.h"
#include "server/speed.h"
#include "server/storage.h"

namespace doska::server {

class Ratings {
 public:
  Ratings(Storage& storage, Hub& hub);
  Ratings(const Ratings&) = delete;
  Ratings& operator=(const Ratings&) = delete;

  // A player's rating in one game id and speed now (a new player's when none), rounded.
  struct Current {
    int rating = 1500;
    double rd = 350;
    bool provisional = true;
  };
  Current current(std::int64_t user_id, const std::string& variant, const std::string& speed);
  // {"<game id>": {"rating", "rd", "games", "provisional", "speed", "speeds": {...}}} for every
  // game id (docs/players-api.md).
  nlohmann::json table(std::int64_t user_id);
  // {"<game id>": {"<speed>": [[ms, rating], ...]}}
  nlohmann::json history(std::int64_t user_id);

 private:
  void game_over(const nlohmann::json& game);

  Storage& storage_;
  Hub& hub_;
};

}  // namespace doska::server
