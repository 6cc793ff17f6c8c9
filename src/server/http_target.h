// The target of an HTTP request (docs/api.md): its path and query, %-escapes decoded, and the
// paths of the API's games. Kept apart from the server's sockets so that it can be fuzzed.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace doska::server {

struct Target {
  std::string path;
  std::map<std::string, std::string> query;  // the first value of each name
};

// %XX decoding ('+' is a space in a query); nullopt for a malformed escape.
std::optional<std::string> url_decode(std::string_view text, bool query);

// "/api/games/abc?key=1%202" -> {"/api/games/abc", {key: "1 2"}}; nullopt for a malformed
// escape.
std::optional<Target> split_target(std::string_view target);

// "/api/games/<id>" or "/api/games/<id>/<tail>": the id and the tail ("" for the game itself);
// nullopt for any other path.
std::optional<std::pair<std::string, std::string>> game_path(const std::string& path);

// "/api/tournaments/<id>/events" with an id of 1 to 32 letters and digits: the id; else nullopt.
std::optional<std::string> tournament_events_path(const std::string& path);

// "/play/<id>" with an id of 1 to 32 letters and digits (a game's secret link).
bool is_play_link(const std::string& path);

// The app's other pages: /lobby, /tv, /account, /tables, /editor, /tournaments,
// /tournaments/<id> (1 to 32 letters and digits) and /@/<name> (a profile, 1 to 30 characters of
// a name's).
bool is_app_page(const std::string& path);

}  // namespace doska::server
