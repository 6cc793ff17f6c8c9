// The bodies of the API's requests (docs/api.md), read from JSON text into plain structs. Every
// problem is an error naming the field; nothing here trusts the client.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.h"

namespace doska::server {

inline constexpr std::size_t kMaxBodyBytes = 1 << 20;  // 413 above (docs/api.md)

struct CreateRequest {
  std::string variant;
  bool computer = false;
  int level = 5;
  std::string side = "white";  // the creator's: "white", "black" or "random"
  int clock_initial_s = 0;     // 0: no clock
  int clock_increment_s = 0;
  int days_per_move = 0;  // correspondence: 1..14 days for each move, no clock
  bool huffing = false;
  std::optional<std::string> fen;
  std::optional<std::string> pdn;
  // A seek's: rated (ratings change) or casual, and the opponents' ratings it accepts.
  bool rated = false;
  std::optional<std::pair<int, int>> rating_range;
};
inline constexpr int kMinSeekRating = 600;
inline constexpr int kMaxSeekRating = 3000;

// POST /api/account/register and /login. The rules of names and passwords are the account
// room's; here only the bounds of a body.
struct Credentials {
  std::string name;
  std::string password;
};
inline constexpr std::size_t kMaxNameBytes = 100;
inline constexpr std::size_t kMaxPasswordBytes = 1024;

// POST /api/account/password.
struct PasswordChange {
  std::string current;
  std::string password;
};

// POST /api/games/{id}/chat: "players" or "watchers"; the key for the players' room.
struct ChatRequest {
  std::string room;
  std::string text;
  std::string key;
};
inline constexpr std::size_t kMaxChatBytes = 4096;  // the room counts characters (140)

struct MoveRequest {
  std::string key;
  std::string move;
};

struct KeyRequest {
  std::string key;
};

// POST /api/games/{id}/takeback: "offer", "accept" or "decline".
struct TakebackRequest {
  std::string key;
  std::string action;
};

struct DrawRequest {
  std::string key;
  std::string action;  // offer, accept, decline, claim
};

// The games a browser holds keys of, for its list of games: at most kMaxHeldGames pairs.
struct HeldGame {
  std::string id;
  std::string key;
};
constexpr std::size_t kMaxHeldGames = 500;

struct AnalyseRequest {
  std::string variant;
  std::optional<std::string> fen;
  std::optional<std::string> game;
  std::vector<std::string> moves;
  int time_ms = 0;
  int depth = 0;
  int lines = 1;  // best lines to find, 1..5 (each searched without the better ones)
};

// POST /api/games/{id}/review: the time of each position's search.
struct ReviewRequest {
  int ms = 300;
};

Result<CreateRequest> parse_create(std::string_view body);
// POST /api/tournaments (docs/api.md, Tournaments): the game id is checked by the room.
struct TournamentRequest {
  std::string name;
  std::string variant;
  int clock_initial_s = 0;
  int clock_increment_s = 0;
  std::string system;  // "swiss" or "arena"
  int rounds = 0;      // swiss: 1..20
  int minutes = 0;     // arena: 1..1440
  int starts_in_s = 600;
  bool rated = true;
};
inline constexpr std::size_t kMaxTournamentName = 40;
Result<TournamentRequest> parse_tournament(std::string_view body);
// An empty body is the defaults.
Result<ReviewRequest> parse_review(std::string_view body);
Result<MoveRequest> parse_move(std::string_view body);
Result<KeyRequest> parse_key(std::string_view body);
Result<TakebackRequest> parse_takeback(std::string_view body);
Result<DrawRequest> parse_draw(std::string_view body);
Result<AnalyseRequest> parse_analyse(std::string_view body);
// The same request in a query (GET /api/analysis/events, GET /api/position/{game id}):
// variant, fen or game, moves (separated by spaces) and lines.
Result<AnalyseRequest> parse_analyse_query(const std::map<std::string, std::string>& query);
// {"games": [{"id": "...", "key": "..."}, ...]}
Result<std::vector<HeldGame>> parse_held(std::string_view body);
Result<Credentials> parse_credentials(std::string_view body);
Result<PasswordChange> parse_password_change(std::string_view body);
// {"password"}: POST /api/account/close.
Result<std::string> parse_password(std::string_view body);
Result<ChatRequest> parse_chat(std::string_view body);

}  // namespace doska::server
