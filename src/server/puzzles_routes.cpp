// The puzzles' rows of the API's table (docs/api.md, Puzzles): the games with puzzles, a puzzle
// for the player, the day's puzzle, the player's rating history and an attempt's moves; the room
// is server/puzzles/.
#include <boost/beast/http.hpp>

#include "server/routes.h"

namespace doska::server {

namespace http = boost::beast::http;

std::vector<Route> puzzle_routes() {
  constexpr auto get = http::verb::get;
  constexpr auto post = http::verb::post;
  return {
      {get, "/api/puzzles", "puzzles",
       [](Call& c) { return json_reply(200, c.service.puzzles().games()); }},
      {get, "/api/puzzles/{id}/next", "puzzles",
       [](Call& c) {
         return json_reply(200, c.service.puzzles().next(c.id, c.param("theme"), c.viewer()));
       }},
      {get, "/api/puzzles/{id}/daily", "puzzles",
       [](Call& c) {
         return json_reply(200, c.service.puzzles().daily(c.id, c.param("date"), c.viewer()));
       }},
      {get, "/api/puzzles/{id}/history", "puzzles",
       [](Call& c) { return json_reply(200, c.service.puzzles().history(c.id, c.logged_in())); }},
      {post, "/api/puzzles/{id}/attempt", "puzzles",
       [](Call& c) {
         auto request = parse_puzzle_attempt(c.body());
         if (!request)
           throw ApiError(400, "bad_attempt", request.error(), {{"detail", request.error()}});
         return json_reply(
             200, c.service.puzzles().attempt(c.id, *request, c.viewer(), c.request.address));
       }},
  };
}

}  // namespace doska::server
