// `doska loadtest --accounts`: the players of the load are accounts, as on a public server where
// people log in and play rated games, so the load also measures what accounts cost: Argon2id at
// every registration and login, a session looked up at every request.
#include <algorithm>
#include <chrono>
#include <exception>
#include <string>

#include "server/load_client.h"

namespace doska::server::load {

namespace {

namespace http = boost::beast::http;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

// Every player has the same password: the load measures the server, not the secrecy, and a run
// on the database of an earlier run logs in to the accounts that one made.
constexpr const char* kPassword = "load-password";

// load0001, load0002...: as many digits as the last number needs, at least four.
std::string player_name(int number, int players) {
  const std::string digits = std::to_string(number);
  const std::size_t width = std::max<std::size_t>(4, std::to_string(players).size());
  return "load" + std::string(width - digits.size(), '0') + digits;
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void refused(Shared& shared, const std::string& what, const Client::Answer& a) {
  {
    std::lock_guard lock(shared.mutex);
    if (is_failure(a)) ++shared.report.failures;
  }
  shared.problem(what + ": " + describe(a));
}

}  // namespace

void set_up_account_games(const LoadOptions& options, Shared& shared, std::vector<Game>& games) {
  const int threads = std::max(1, options.threads);
  const int players = 2 * static_cast<int>(games.size());
  std::vector<std::unique_ptr<Client>> clients;
  for (int t = 0; t < threads; ++t) clients.push_back(std::make_unique<Client>(options));
  const auto name = [&](int player) { return player_name(player + 1, players); };
  const auto credentials = [&](int player) {
    return json{{"name", name(player)}, {"password", kPassword}}.dump();
  };

  // The registrations, from every thread at once; a name an earlier run took is logged in below.
  auto start = Clock::now();
  on_threads(threads, players, [&](int t, int player) {
    const auto a = clients[static_cast<std::size_t>(t)]->request(
        http::verb::post, "/api/account/register", credentials(player));
    if (a.status == 201) {
      std::lock_guard lock(shared.mutex);
      ++shared.report.registered;
    } else if (!(a.status == 409 && a.body.is_object() &&
                 a.body.value("code", "") == "name_taken")) {
      refused(shared, "register " + name(player), a);
    }
  });
  shared.report.register_seconds = seconds_since(start);

  // The logins: each player's session, which goes with all its requests from here on.
  std::vector<std::string> sessions(static_cast<std::size_t>(players));
  start = Clock::now();
  on_threads(threads, players, [&](int t, int player) {
    const auto a = clients[static_cast<std::size_t>(t)]->request(
        http::verb::post, "/api/account/login", credentials(player));
    if (a.status == 200 && !a.session.empty()) {
      sessions[static_cast<std::size_t>(player)] = a.session;
      std::lock_guard lock(shared.mutex);
      ++shared.report.players;
    } else {
      refused(shared, "log in " + name(player), a);
    }
  });
  shared.report.login_seconds = seconds_since(start);

  // The games: player 2i's rated seek, accepted by player 2i + 1; the creator then learns its key
  // from its seek. One seek a thread is open at a time, far below the lobby's bound.
  const json clock = {{"initial_s", options.clock_initial_s},
                      {"increment_s", options.clock_increment_s}};
  on_threads(threads, static_cast<int>(games.size()), [&](int t, int i) {
    Client& client = *clients[static_cast<std::size_t>(t)];
    const std::string& creator = sessions[2 * static_cast<std::size_t>(i)];
    const std::string& acceptor = sessions[2 * static_cast<std::size_t>(i) + 1];
    if (creator.empty() || acceptor.empty()) return;  // a login failed, told above
    const json seek_request = {
        {"variant", options.variant}, {"side", "random"}, {"clock", clock}, {"rated", true}};
    const auto seek = client.request(http::verb::post, "/api/seeks", seek_request.dump(), creator);
    if (seek.status != 201) return refused(shared, "seek of " + name(2 * i), seek);
    try {
      const std::string id = seek.body.at("seek").at("id");
      const std::string seek_key = seek.body.at("key");
      const auto accepted =
          client.request(http::verb::post, "/api/seeks/" + id + "/accept", "{}", acceptor);
      if (accepted.status != 201) return refused(shared, "accept seek " + id, accepted);
      const auto look =
          client.request(http::verb::get, "/api/seeks/" + id + "?key=" + seek_key, "", creator);
      if (look.status != 200 || look.body.value("state", "") != "accepted")
        return refused(shared, "look at seek " + id, look);

      Game& g = games[static_cast<std::size_t>(i)];
      const std::string side = accepted.body.at("side");
      const int acceptor_side = side == "white" ? 0 : 1;
      g.view = accepted.body.at("game");
      g.keys[acceptor_side] = accepted.body.at("keys").at(side);
      g.keys[1 - acceptor_side] = look.body.at("key");
      g.sessions[acceptor_side] = acceptor;
      g.sessions[1 - acceptor_side] = creator;
      g.id = g.view.at("id");
      std::lock_guard lock(shared.mutex);
      ++shared.report.games;
      if (g.view.value("rated", false)) ++shared.report.rated;
    } catch (const std::exception& e) {
      // An answer without the fields docs/players-api.md promises: the game is left out.
      games[static_cast<std::size_t>(i)].id.clear();
      shared.problem("seek of " + name(2 * i) + ": answer not as documented: " + e.what());
    }
  });
}

}  // namespace doska::server::load
