#include "server/routes.h"

#include <boost/beast/http.hpp>

#include "common/text.h"

namespace doska::server {

namespace http = boost::beast::http;
using nlohmann::json;

// Which room answers which route. {id} stands for one segment of the path. A path listed with
// other methods only is answered 405 (its Allow header names the other of GET and POST), a path
// not listed 404. The event streams (GET .../events) are taken in Connection::on_request before
// this table is read; their rows say which room feeds them.
std::vector<Route> game_routes() {
  using enum http::verb;
  return {
      {get, "/api/variants", "round",
       [](Call& c) { return json_reply(200, c.round().variants()); }},
      {get, "/api/tables", "tables",
       [](Call& c) { return json_reply(200, c.service.tables().status()); }},
      {get, "/api/tablebase/{id}", "tablebase",
       [](Call& c) {
         return json_reply(
             200, c.service.tablebase().lookup(parse_tablebase_query(c.id, c.request.query)));
       }},
      {get, "/api/explorer/{id}", "explorer",
       [](Call& c) {
         return json_reply(200,
                           c.service.explorer().moves(parse_explorer_query(c.id, c.request.query)));
       }},
      {post, "/api/games", "round",
       [](Call& c) { return json_reply(201, c.round().create(need(parse_create(c.body())))); }},
      // No list of everyone's games: a browser asks for the games it holds keys of.
      {get, "/api/games", "-",
       [](Call&) {
         return error_reply(403, "list_not_public",
                            "the list of every game is not public: POST /api/games/mine with the "
                            "games and keys you hold");
       }},
      {post, "/api/games/mine", "round",
       [](Call& c) { return json_reply(200, c.round().list_held(need(parse_held(c.body())))); }},
      {get, "/api/games/{id}", "round",
       [](Call& c) { return json_reply(200, c.round().get(c.id, c.param("key"))); }},
      {post, "/api/games/{id}/moves", "round",
       [](Call& c) { return json_reply(200, c.round().move(c.id, need(parse_move(c.body())))); }},
      {post, "/api/games/{id}/undo", "round",
       [](Call& c) { return json_reply(200, c.round().undo(c.id, need(parse_key(c.body())))); }},
      {post, "/api/games/{id}/draw", "round",
       [](Call& c) { return json_reply(200, c.round().draw(c.id, need(parse_draw(c.body())))); }},
      {post, "/api/games/{id}/resign", "round",
       [](Call& c) { return json_reply(200, c.round().resign(c.id, need(parse_key(c.body())))); }},
      {post, "/api/games/{id}/takeback", "round",
       [](Call& c) {
         return json_reply(200, c.round().takeback(c.id, need(parse_takeback(c.body()))));
       }},
      {post, "/api/games/{id}/rematch", "round",
       [](Call& c) {
         // A rated game's players, sides swapped, with their ratings now.
         Ratings& ratings = c.service.ratings();
         Accounts& accounts = c.service.accounts();
         auto seat = [&](const StoredGame& old) {
           Seating s;
           s.rated = true;
           for (auto [to, from] :
                {std::pair{&s.white, &old.black_player}, std::pair{&s.black, &old.white_player}}) {
             const UserRow user = accounts.user(from->name);
             const auto now = ratings.current(user.id, old.variant, old.speed);
             *to = Seat{user.name, now.rating, now.provisional, std::nullopt};
           }
           return s;
         };
         return json_reply(201, c.round().rematch(c.id, need(parse_key(c.body())), seat));
       }},
      {get, "/api/games/{id}/export", "round",
       [](Call& c) {
         Reply reply;
         reply.type = "text/plain; charset=utf-8";
         std::optional<int> ply;
         if (auto text = c.param("ply")) {
           ply = parse_int(*text);
           if (!ply)
             throw ApiError(400, "bad_ply", "ply " + doska::quoted(*text) + " is not a number",
                            {{"ply", *text}});
         }
         reply.body = c.round().export_game(c.id, c.param("format").value_or("pdn"), ply);
         return reply;
       }},
      {get, "/api/games/{id}/events", "hub (round, review)", nullptr},
      {post, "/api/games/{id}/review", "review",
       [](Call& c) {
         return json_reply(202,
                           c.service.review().start_review(c.id, need(parse_review(c.body()))));
       }},
      {get, "/api/games/{id}/review", "review",
       [](Call& c) { return json_reply(200, c.service.review().review(c.id)); }},
      {get, "/api/seeks", "lobby", [](Call& c) { return json_reply(200, c.lobby().seeks()); }},
      {post, "/api/seeks", "lobby",
       [](Call& c) {
         const CreateRequest r = need(parse_create(c.body()));
         return json_reply(201, c.lobby().create_seek(r, c.seeker(r), c.who()));
       }},
      {post, "/api/seeks/quick", "lobby",
       [](Call& c) {
         const CreateRequest r = need(parse_create(c.body()));
         return json_reply(201, c.lobby().quick(r, c.seeker(r), c.who()));
       }},
      // Also "/api/seeks/" without an id, and "/api/seeks/events/..." (405 for every method).
      {get, "/api/seeks/events", "hub (lobby)", nullptr},
      {get, "/api/seeks/{id}", "lobby",
       [](Call& c) { return json_reply(200, c.lobby().seek(c.id, c.param("key").value_or(""))); }},
      {post, "/api/seeks/{id}/accept", "lobby",
       [](Call& c) {
         const CreateRequest r = c.lobby().request_of(c.id);
         return json_reply(201, c.lobby().accept_seek(c.id, c.seeker(r)));
       }},
      {post, "/api/seeks/{id}/cancel", "lobby",
       [](Call& c) {
         c.lobby().cancel_seek(c.id, need(parse_key(c.body())).key);
         return json_reply(200, json{{"cancelled", c.id}});
       }},
      {post, "/api/analyse", "analysis", [](Call& c) { return c.analyse(c.request); }},
      // A position without a search: its board and legal moves (the explorer page).
      {get, "/api/position/{id}", "analysis",
       [](Call& c) {
         std::map<std::string, std::string> query = c.request.query;
         query.erase("game");
         query["variant"] = c.id;
         return json_reply(200, c.service.analysis().position(need(parse_analyse_query(query))));
       }},
      // Other methods: 404, as for a path not listed.
      {get, "/api/analysis/events", "hub (analysis)", nullptr, true},
  };
}

// The pattern of the table a path falls under, and the {id} in it.
std::pair<std::string, std::string> route_pattern(const std::string& path) {
  if (path.rfind("/api/seeks/", 0) == 0) {
    const std::string rest = path.substr(std::string("/api/seeks/").size());
    const auto slash = rest.find('/');
    const std::string id = rest.substr(0, slash);
    const std::string tail = slash == std::string::npos ? "" : rest.substr(slash + 1);
    if (id.empty() || id == "events") return {"/api/seeks/events", ""};
    if (id == "quick" && tail.empty()) return {"/api/seeks/quick", ""};
    return {"/api/seeks/{id}" + (tail.empty() ? "" : "/" + tail), id};
  }
  if (path.rfind("/api/tournaments/", 0) == 0) {
    const std::string rest = path.substr(std::string("/api/tournaments/").size());
    const auto slash = rest.find('/');
    const std::string id = rest.substr(0, slash);
    const std::string tail = slash == std::string::npos ? "" : rest.substr(slash + 1);
    if (!id.empty() && id.find('{') == std::string::npos)
      return {"/api/tournaments/{id}" + (tail.empty() ? "" : "/" + tail), id};
  }
  // "/api/puzzles/<game or puzzle id>/<next, daily or attempt>".
  if (path.rfind("/api/puzzles/", 0) == 0) {
    const std::string rest = path.substr(std::string("/api/puzzles/").size());
    const auto slash = rest.find('/');
    const std::string id = rest.substr(0, slash);
    const std::string tail = slash == std::string::npos ? "" : rest.substr(slash + 1);
    if (!id.empty() && id.find('{') == std::string::npos)
      return {"/api/puzzles/{id}" + (tail.empty() ? "" : "/" + tail), id};
  }
  if (path.rfind("/api/users/", 0) == 0) {
    const std::string rest = path.substr(std::string("/api/users/").size());
    const auto slash = rest.find('/');
    const std::string name = rest.substr(0, slash);
    const std::string tail = slash == std::string::npos ? "" : rest.substr(slash + 1);
    if (!name.empty()) return {"/api/users/{id}" + (tail.empty() ? "" : "/" + tail), name};
  }
  // "/api/tablebase/<game id>", "/api/explorer/<game id>", "/api/position/<game id>" (a game id
  // has no slash).
  for (const std::string prefix : {"/api/tablebase/", "/api/explorer/", "/api/position/"}) {
    if (path.rfind(prefix, 0) != 0) continue;
    const std::string game = path.substr(prefix.size());
    if (!game.empty() && game.find('/') == std::string::npos && game.find('{') == std::string::npos)
      return {prefix + "{id}", game};
  }
  if (auto game = game_path(path); game && path != "/api/games/mine") {
    const auto& [id, tail] = *game;
    return {"/api/games/{id}" + (tail.empty() ? "" : "/" + tail), id};
  }
  // A path with a brace is no route's: it must not read as one of the patterns.
  if (path.find('{') != std::string::npos) return {"", ""};
  return {path, ""};
}

Reply answer_api(GameService& service, const Request& r,
                 std::function<Reply(const Request&)> analyse, bool secure_cookies) {
  const auto [pattern, id] = route_pattern(r.path);
  const Route* listed = nullptr;
  for (const Route& route : routes()) {
    if (route.pattern != pattern) continue;
    if (route.method == r.method && route.answer) {
      // A game that another server on the same database changed between this one's read and
      // its write: the round dropped its copy (409 conflict); the request is tried again on the
      // game as stored, at most three times.
      for (int attempt = 1;; ++attempt) {
        Call call{service, r, id, analyse, secure_cookies, false, std::nullopt};
        try {
          return route.answer(call);
        } catch (const ApiError& e) {
          if (e.code != "conflict" || attempt == 3) throw;
        }
      }
    }
    if (!route.others_not_found) listed = &route;
  }
  if (!listed) return error_reply(404, "not_found", "no such path " + r.path, {{"path", r.path}});
  Reply reply =
      error_reply(405, "method_not_allowed",
                  "method not allowed: " + std::string(http::to_string(r.method)) + " " + r.path);
  reply.headers.emplace_back("Allow", r.method == http::verb::get ? "POST" : "GET");
  return reply;
}

const std::vector<Route>& routes() {
  static const std::vector<Route> table = [] {
    std::vector<Route> all = game_routes();
    for (Route& route : player_routes()) all.push_back(route);
    for (Route& route : tournament_routes()) all.push_back(route);
    for (Route& route : puzzle_routes()) all.push_back(route);
    return all;
  }();
  return table;
}

}  // namespace doska::server
