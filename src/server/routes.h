// The API's table of routes (docs/api.md, docs/players-api.md): which room answers which method
// and path. The HTTP front (http_server.cpp) reads a request, finds its row here and writes the
// answer; the rows are thin: read the body, call a room, shape the answer. Split by feature: the
// games' rows (routes.cpp) and the players' (players_routes.cpp).
#pragma once

#include <boost/beast/http/verb.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/game_service.h"
#include "server/http_target.h"
#include "server/reply.h"

namespace doska::server {

// A request as the routes see it: the target split into its path and decoded query, and the
// headers a route may need.
struct Request : Target {
  boost::beast::http::verb method = boost::beast::http::verb::get;
  std::string body;
  std::string address;
  std::string session;  // the session cookie's token, if any
  std::string origin, referer, host, agent;
};

// A call of the API: the request, the {id} of its route, and the rooms that answer it.
struct Call {
  GameService& service;
  const Request& request;
  std::string id;
  // An analysis needs a slot of the front's (its bounds per address and in all).
  std::function<Reply(const Request&)> analyse;
  bool secure_cookies = false;

  Round& round() { return service.round(); }
  Lobby& lobby() { return service.lobby(); }
  const std::string& body() const { return request.body; }
  std::optional<std::string> param(const std::string& name) const {
    auto it = request.query.find(name);
    if (it == request.query.end()) return std::nullopt;
    return it->second;
  }
  // The logged-in player the session cookie names, if any; looked up once.
  const std::optional<Viewer>& viewer();
  // The same, or 401 not_logged_in.
  const Viewer& logged_in();
  // A seeker in the lobby: the viewer with its rating in the game and speed of `request`.
  std::optional<Seeker> seeker(const CreateRequest& request);
  // Who is bounded in creating seeks: the account, else the address.
  std::string who() { return viewer() ? "user:" + viewer()->name : "address:" + request.address; }

  // The session looked up (viewer()): public only so that Call stays an aggregate.
  bool looked_up_ = false;
  std::optional<Viewer> viewer_;
};

struct Route {
  boost::beast::http::verb method;
  const char* pattern;
  const char* room;               // who answers, for the reader
  Reply (*answer)(Call& call);    // null: an event stream, opened before the table is read
  bool others_not_found = false;  // the other methods answer 404 rather than 405
};

// Every route: the games', the players', the tournaments' and the puzzles'.
const std::vector<Route>& routes();
std::vector<Route> game_routes();
std::vector<Route> player_routes();
std::vector<Route> tournament_routes();
std::vector<Route> puzzle_routes();
// The pattern of the table a path falls under, and the {id} in it.
std::pair<std::string, std::string> route_pattern(const std::string& path);
// The answer of the API to a request (404 and 405 for paths and methods not in the table).
Reply answer_api(GameService& service, const Request& request,
                 std::function<Reply(const Request&)> analyse, bool secure_cookies);

// The session cookie's token in a Cookie header ("" if none).
std::string session_token(std::string_view cookie_header);
// A state-changing request with a session cookie must come from the server's own pages: its
// Origin (or, without one, its Referer) names the host it was sent to. Nothing if it may go on,
// else the refusal (403 cross_origin).
std::optional<Reply> cross_origin_refusal(const Request& request);

}  // namespace doska::server
