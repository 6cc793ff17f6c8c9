// The tournaments' rows of the API's table (docs/api.md, Tournaments): creating, listing,
// joining, withdrawing, starting and ending, an arena player's berserk, and the event stream; the
// room is server/tournament/.
#include <boost/beast/http.hpp>

#include "server/routes.h"

namespace doska::server {

namespace http = boost::beast::http;

std::vector<Route> tournament_routes() {
  constexpr auto get = http::verb::get;
  constexpr auto post = http::verb::post;
  return {
      {post, "/api/tournaments", "tournaments",
       [](Call& c) {
         const TournamentRequest request = need(parse_tournament(c.body()));
         return json_reply(201, c.service.tournaments().create(request, c.logged_in()));
       }},
      {get, "/api/tournaments", "tournaments",
       [](Call& c) { return json_reply(200, c.service.tournaments().list()); }},
      {get, "/api/tournaments/{id}", "tournaments",
       [](Call& c) { return json_reply(200, c.service.tournaments().get(c.id, c.viewer())); }},
      {post, "/api/tournaments/{id}/join", "tournaments",
       [](Call& c) { return json_reply(200, c.service.tournaments().join(c.id, c.logged_in())); }},
      {post, "/api/tournaments/{id}/withdraw", "tournaments",
       [](Call& c) {
         return json_reply(200, c.service.tournaments().withdraw(c.id, c.logged_in()));
       }},
      {post, "/api/tournaments/{id}/start", "tournaments",
       [](Call& c) { return json_reply(200, c.service.tournaments().start(c.id, c.logged_in())); }},
      {post, "/api/tournaments/{id}/stop", "tournaments",
       [](Call& c) { return json_reply(200, c.service.tournaments().stop(c.id, c.logged_in())); }},
      {post, "/api/tournaments/{id}/berserk", "tournaments (round)",
       [](Call& c) {
         return json_reply(200, c.service.tournaments().berserk(c.id, c.logged_in()));
       }},
      {get, "/api/tournaments/{id}/events", "hub (tournaments)", nullptr},
  };
}

}  // namespace doska::server
