// The players' rows of the API's table (docs/players-api.md): accounts and sessions, profiles,
// the games to watch, chat and abort; and what every row may need of a request's session.
#include <boost/beast/http.hpp>

#include "common/text.h"
#include "server/routes.h"

namespace doska::server {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

constexpr const char* kCookieAttributes = "; Path=/; HttpOnly; SameSite=Lax";
constexpr int kCookieSeconds = 365 * 24 * 3600;

std::string cookie(const std::string& token, bool secure) {
  std::string value = std::string(Accounts::kCookie) + "=" + token + kCookieAttributes +
                      "; Max-Age=" + std::to_string(token.empty() ? 0 : kCookieSeconds);
  if (secure) value += "; Secure";
  return value;
}

json account_json(Call& c, const Viewer& v, const std::string& created) {
  return json{{"name", v.name}, {"created", created}, {"ratings", c.service.ratings().table(v.id)}};
}

Reply with_session(Call& c, int status, const Accounts::Login& login) {
  Reply reply = json_reply(status, json{{"account", account_json(c, login.viewer, login.created)}});
  reply.headers.emplace_back("Set-Cookie", cookie(login.token, c.secure_cookies));
  reply.headers.emplace_back("Cache-Control", "no-store");
  return reply;
}

Reply cleared(Call& c, json body) {
  Reply reply = json_reply(200, body);
  reply.headers.emplace_back("Set-Cookie", cookie("", c.secure_cookies));
  return reply;
}

std::optional<bool> bool_param(Call& c, const char* name) {
  auto text = c.param(name);
  if (!text || text->empty()) return std::nullopt;
  if (*text == "true") return true;
  if (*text == "false") return false;
  throw ApiError(400, "bad_request",
                 std::string("parameter \"") + name + "\" must be true or false",
                 {{"detail", std::string("parameter ") + name + " must be true or false"}});
}

int int_param(Call& c, const char* name, int low, int high, int fallback) {
  auto text = c.param(name);
  if (!text || text->empty()) return fallback;
  auto value = parse_int(*text);
  if (!value || *value < low || *value > high)
    throw ApiError(400, "bad_request",
                   std::string("parameter \"") + name + "\" must be a whole number from " +
                       std::to_string(low) + " to " + std::to_string(high),
                   {{"detail", std::string("parameter ") + name + " out of bounds"}});
  return *value;
}

}  // namespace

const std::optional<Viewer>& Call::viewer() {
  if (!looked_up_) {
    looked_up_ = true;
    if (!request.session.empty()) viewer_ = service.accounts().viewer(request.session);
  }
  return viewer_;
}

const Viewer& Call::logged_in() {
  if (!viewer()) throw ApiError(401, "not_logged_in", "you are not logged in");
  return *viewer_;
}

std::optional<Seeker> Call::seeker(const CreateRequest& r) {
  if (!viewer()) return std::nullopt;
  const std::string speed = speed_of(std::int64_t{r.clock_initial_s} * 1000,
                                     std::int64_t{r.clock_increment_s} * 1000, r.days_per_move);
  const Ratings::Current now =
      service.ratings().current(viewer_->id, r.variant, speed.empty() ? "blitz" : speed);
  return Seeker{viewer_->id, viewer_->name, now.rating, now.provisional};
}

std::string session_token(std::string_view header) {
  const std::string_view name = Accounts::kCookie;
  while (!header.empty()) {
    const auto semi = header.find(';');
    std::string_view part = header.substr(0, semi);
    header = semi == std::string_view::npos ? std::string_view() : header.substr(semi + 1);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    if (part.size() > name.size() && part.starts_with(name) && part[name.size()] == '=')
      return std::string(part.substr(name.size() + 1));
  }
  return "";
}

// "http://host:port" or "http://host:port/path...": the host and port named, compared with
// the Host header the request was sent with (scheme aside: a proxy may end TLS).
std::optional<Reply> cross_origin_refusal(const Request& r) {
  if (r.method == http::verb::get || r.method == http::verb::head || r.session.empty())
    return std::nullopt;
  std::string_view source = !r.origin.empty() ? std::string_view(r.origin) : r.referer;
  std::string_view host;
  if (const auto scheme = source.find("://"); scheme != std::string_view::npos) {
    host = source.substr(scheme + 3);
    host = host.substr(0, host.find('/'));
  }
  if (!host.empty() && !r.host.empty() && host == r.host) return std::nullopt;
  return error_reply(403, "cross_origin",
                     "a request with a session must come from this server's own pages (its "
                     "Origin header names another site, or none)");
}

std::vector<Route> player_routes() {
  using enum http::verb;
  return {
      {post, "/api/account/register", "account",
       [](Call& c) {
         return with_session(
             c, 201,
             c.service.accounts().register_account(need(parse_credentials(c.body())),
                                                   c.request.address, c.request.agent));
       }},
      {post, "/api/account/login", "account",
       [](Call& c) {
         return with_session(c, 200,
                             c.service.accounts().login(need(parse_credentials(c.body())),
                                                        c.request.address, c.request.agent));
       }},
      {post, "/api/account/logout", "account",
       [](Call& c) {
         c.service.accounts().logout(c.request.session);
         return cleared(c, json{{"logged_out", true}});
       }},
      {get, "/api/account", "account",
       [](Call& c) {
         const Viewer& v = c.logged_in();
         const UserRow user = c.service.accounts().user(v.name);
         Reply reply = json_reply(200, account_json(c, v, user.created));
         reply.headers.emplace_back("Cache-Control", "no-store");
         return reply;
       }},
      {get, "/api/account/sessions", "account",
       [](Call& c) { return json_reply(200, c.service.accounts().sessions(c.logged_in())); }},
      {post, "/api/account/sessions/end-others", "account",
       [](Call& c) {
         return json_reply(200,
                           json{{"ended", c.service.accounts().end_other_sessions(c.logged_in())}});
       }},
      {post, "/api/account/password", "account",
       [](Call& c) {
         c.service.accounts().change_password(c.logged_in(), need(parse_password_change(c.body())));
         return json_reply(200, json{{"changed", true}});
       }},
      {post, "/api/account/close", "account",
       [](Call& c) {
         c.service.accounts().close(c.logged_in(), need(parse_password(c.body())));
         return cleared(c, json{{"closed", true}});
       }},
      {get, "/api/users/{id}", "account, ratings",
       [](Call& c) {
         const UserRow user = c.service.accounts().user(c.id);
         auto results = c.service.storage().user_results(user.name);
         if (!results) throw ApiError(500, "internal_error", results.error());
         return json_reply(200, json{{"name", user.name},
                                     {"created", user.created},
                                     {"closed", user.closed},
                                     {"ratings", c.service.ratings().table(user.id)},
                                     {"results",
                                      {{"games", results->games},
                                       {"wins", results->wins},
                                       {"draws", results->draws},
                                       {"losses", results->losses}}},
                                     {"playing", results->playing}});
       }},
      {get, "/api/users/{id}/history", "ratings",
       [](Call& c) {
         const UserRow user = c.service.accounts().user(c.id);
         return json_reply(200, json{{"history", c.service.ratings().history(user.id)}});
       }},
      {get, "/api/users/{id}/games", "account",
       [](Call& c) {
         const UserRow user = c.service.accounts().user(c.id);
         UserGamesQuery q;
         q.name = user.name;
         if (auto v = c.param("variant"); v && !v->empty()) q.variant = *v;
         if (auto r = c.param("result"); r && !r->empty()) {
           if (*r != "win" && *r != "draw" && *r != "loss")
             throw ApiError(400, "bad_request", "parameter \"result\" must be win, draw or loss",
                            {{"detail", "parameter result must be win, draw or loss"}});
           q.result = *r;
         }
         q.rated = bool_param(c, "rated");
         q.limit = int_param(c, "limit", 1, 100, 20);
         q.offset = int_param(c, "offset", 0, 1000000, 0);
         auto games = c.service.storage().user_games(q);
         if (!games) throw ApiError(500, "internal_error", games.error());
         return json_reply(
             200, json{{"games", Round::summaries(games->first)}, {"total", games->second}});
       }},
      {get, "/api/tv", "round",
       [](Call& c) {
         std::optional<std::string> variant;
         if (auto v = c.param("variant"); v && !v->empty()) variant = *v;
         Hub& hub = c.service.hub();
         return json_reply(200, c.round().watchable(variant, [&hub](const std::string& id) {
           return hub.listener_count(id);
         }));
       }},
      {post, "/api/games/{id}/abort", "round",
       [](Call& c) { return json_reply(200, c.round().abort(c.id, need(parse_key(c.body())))); }},
      {post, "/api/games/{id}/chat", "chat",
       [](Call& c) {
         return json_reply(201, c.service.chat().say(c.id, need(parse_chat(c.body())), c.viewer()));
       }},
      {get, "/api/games/{id}/chat", "chat",
       [](Call& c) {
         return json_reply(200, c.service.chat().lines(c.id, c.param("key").value_or("")));
       }},
  };
}

}  // namespace doska::server
