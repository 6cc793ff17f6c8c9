#include "server/load.h"

#include <sys/resource.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

#include "server/load_client.h"

namespace doska::server {

namespace load {

namespace beast = boost::beast;
namespace http = beast::http;

Client::Answer Client::request(http::verb method, const std::string& target,
                               const std::string& body, const std::string& session) {
  Answer answer;
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      if (!stream_) connect();
      http::request<http::string_body> req(method, target, 11);
      const std::string authority = options_.host + ":" + std::to_string(options_.port);
      req.set(http::field::host, authority);
      req.keep_alive(true);
      if (!session.empty()) {
        req.set(http::field::cookie, "doska_session=" + session);
        req.set(http::field::origin, "http://" + authority);
      }
      if (method == http::verb::post) {
        req.set(http::field::content_type, "application/json");
        req.body() = body;
        req.prepare_payload();
      }
      http::write(*stream_, req);
      http::response<http::string_body> res;
      http::read(*stream_, buffer_, res);
      answer.status = res.result_int();
      answer.body = nlohmann::json::parse(res.body(), nullptr, false);
      static constexpr std::string_view kSession = "doska_session=";
      const auto [first, last] = res.base().equal_range(http::field::set_cookie);
      for (auto field = first; field != last; ++field) {
        const std::string_view cookie(field->value().data(), field->value().size());
        if (cookie.rfind(kSession, 0) != 0) continue;
        answer.session =
            std::string(cookie.substr(kSession.size(), cookie.find(';') - kSession.size()));
      }
      used_ = true;
      if (!res.keep_alive()) stream_.reset();
      return answer;
    } catch (const std::exception& e) {
      // A kept-alive connection the server closed between requests is opened again, once;
      // the request had not been read (nothing was answered on it).
      const bool fresh = !stream_ || !used_;
      stream_.reset();
      answer.problem = std::string(http::to_string(method)) + " " + target + ": " + e.what();
      if (fresh) break;
    }
  }
  return answer;
}

void Client::connect() {
  boost::asio::ip::tcp::resolver resolver(ioc_);
  stream_ = std::make_unique<beast::tcp_stream>(ioc_);
  stream_->connect(resolver.resolve(options_.host, std::to_string(options_.port)));
  buffer_.clear();
  used_ = false;
}

std::string describe(const Client::Answer& a) {
  return "status " + std::to_string(a.status) + " " + a.problem +
         (a.body.is_discarded() ? "" : a.body.dump());
}

}  // namespace load

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using load::Client;
using load::Game;
using load::is_failure;
using load::kMaxProblems;
using load::on_threads;
using load::Shared;

// One event stream: a raw socket, the request written once, then the events read as they come.
class Watcher : public std::enable_shared_from_this<Watcher> {
 public:
  Watcher(net::io_context& ioc, const LoadOptions& options, const std::string& game)
      : socket_(ioc), options_(options), game_(game) {}

  void start(const tcp::endpoint& endpoint) {
    socket_.async_connect(endpoint, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("connect: " + ec.message());
      self->request_ = "GET /api/games/" + self->game_ +
                       "/events HTTP/1.1\r\nHost: " + self->options_.host +
                       "\r\nAccept: text/event-stream\r\n\r\n";
      net::async_write(self->socket_, net::buffer(self->request_),
                       [self](beast::error_code ec, std::size_t) {
                         if (ec) return self->fail("write: " + ec.message());
                         self->read();
                       });
    });
  }

  void close() {
    closing_ = true;
    beast::error_code ignored;
    socket_.close(ignored);
  }

  std::int64_t version() const { return version_.load(); }
  bool opened() const { return opened_.load(); }
  bool failed() const { return failed_.load(); }
  bool disordered() const { return disordered_.load(); }
  const std::string& problem() const { return problem_; }
  const std::string& game() const { return game_; }

 private:
  void read() {
    socket_.async_read_some(net::buffer(chunk_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              if (ec) {
                                if (!self->closing_) self->fail("read: " + ec.message());
                                return;
                              }
                              self->text_.append(self->chunk_, n);
                              self->parse();
                              self->read();
                            });
  }

  void parse() {
    if (!headed_) {
      const auto end = text_.find("\r\n\r\n");
      if (end == std::string::npos) return;
      if (text_.rfind("HTTP/1.1 200", 0) != 0) return fail("status: " + text_.substr(0, 12));
      headed_ = true;
      text_.erase(0, end + 4);
    }
    for (;;) {
      const auto end = text_.find("\n\n");
      if (end == std::string::npos) return;
      const std::string block = text_.substr(0, end);
      text_.erase(0, end + 2);
      static constexpr std::string_view kGame = "event: game\ndata: ";
      if (block.rfind(kGame, 0) != 0) continue;
      const json view = json::parse(block.substr(kGame.size()), nullptr, false);
      if (!view.is_object() || !view.contains("version")) return fail("a game event not JSON");
      const std::int64_t v = view["version"].get<std::int64_t>();
      if (v < version_.load()) disordered_.store(true);
      version_.store(v);
      opened_.store(true);
    }
  }

  void fail(const std::string& why) {
    if (failed_.load()) return;
    problem_ = "event stream of " + game_ + ": " + why;
    failed_.store(true);
    beast::error_code ignored;
    socket_.close(ignored);
  }

  tcp::socket socket_;
  const LoadOptions& options_;
  std::string game_;
  std::string request_;
  std::string text_;
  char chunk_[8192];
  bool headed_ = false;
  bool closing_ = false;
  std::string problem_;
  std::atomic<std::int64_t> version_{-1};
  std::atomic<bool> opened_{false};
  std::atomic<bool> failed_{false};
  std::atomic<bool> disordered_{false};
};

// Waits (bounded) until `done` holds; true if it did.
template <typename Done>
bool wait_until(Done done, std::chrono::seconds most) {
  const auto until = Clock::now() + most;
  while (!done()) {
    if (Clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

}  // namespace

double LoadReport::percentile(double p) const {
  if (move_ms.empty()) return 0;
  std::vector<double> sorted = move_ms;
  std::sort(sorted.begin(), sorted.end());
  const auto index = static_cast<std::size_t>(p / 100.0 * static_cast<double>(sorted.size() - 1));
  return sorted[index];
}

json LoadReport::to_json() const {
  return json{{"games", games},
              {"moves", moves},
              {"failures", failures},
              {"refused", refused},
              {"streams", streams},
              {"streams_complete", streams_complete},
              {"streams_disordered", streams_disordered},
              {"stored", stored},
              {"seconds", seconds},
              {"moves_per_second", moves_per_second()},
              {"move_ms_p50", percentile(50)},
              {"move_ms_p95", percentile(95)},
              {"move_ms_p99", percentile(99)},
              {"move_ms_max", percentile(100)},
              {"registered", registered},
              {"players", players},
              {"rated", rated},
              {"register_seconds", register_seconds},
              {"registrations_per_second", registrations_per_second()},
              {"login_seconds", login_seconds},
              {"logins_per_second", logins_per_second()},
              {"problems", problems}};
}

void raise_open_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

namespace {

// The options of each server: the first, then the others'.
std::vector<LoadOptions> each_server(const LoadOptions& options) {
  std::vector<LoadOptions> out{options};
  for (int port : options.more_ports) {
    out.push_back(options);
    out.back().port = port;
  }
  return out;
}

}  // namespace

LoadReport run_load(const LoadOptions& options) {
  raise_open_file_limit();
  const std::vector<LoadOptions> servers = each_server(options);
  Shared shared;
  const int threads = std::max(1, options.threads);
  std::vector<Game> games(static_cast<std::size_t>(std::max(0, options.games)));

  if (options.accounts) {
    load::set_up_account_games(options, shared, games);
  } else {
    // The games, created from every thread at once.
    std::vector<std::unique_ptr<Client>> clients;
    for (int t = 0; t < threads; ++t) clients.push_back(std::make_unique<Client>(options));
    on_threads(threads, static_cast<int>(games.size()), [&](int t, int i) {
      auto& client = clients[static_cast<std::size_t>(t)];
      const json request = {{"variant", options.variant}, {"opponent", {{"kind", "person"}}}};
      const auto a = client->request(http::verb::post, "/api/games", request.dump());
      std::lock_guard lock(shared.mutex);
      if (a.status == 201) {
        Game& g = games[static_cast<std::size_t>(i)];
        g.id = a.body["game"]["id"];
        g.keys[0] = a.body["keys"]["white"];
        g.keys[1] = a.body["keys"]["black"];
        g.view = a.body["game"];
        ++shared.report.games;
      } else {
        if (is_failure(a)) ++shared.report.failures;
        if (shared.report.problems.size() < kMaxProblems)
          shared.report.problems.push_back("create: " + load::describe(a));
      }
    });
  }
  std::erase_if(games, [](const Game& g) { return g.id.empty(); });
  if (games.empty()) return shared.report;

  // The watchers, on one I/O thread.
  net::io_context ioc;
  auto guard = net::make_work_guard(ioc);
  std::thread io([&] { ioc.run(); });
  std::vector<std::shared_ptr<Watcher>> watchers;
  for (int w = 0; w < options.watchers; ++w)
    watchers.push_back(std::make_shared<Watcher>(
        ioc, servers[static_cast<std::size_t>(w / static_cast<int>(games.size())) % servers.size()],
        games[static_cast<std::size_t>(w) % games.size()].id));
  net::post(ioc, [&] {
    for (std::size_t w = 0; w < watchers.size(); ++w) {
      const LoadOptions& at = servers[w / games.size() % servers.size()];
      watchers[w]->start(
          tcp::endpoint(net::ip::make_address(at.host), static_cast<unsigned short>(at.port)));
    }
  });
  wait_until(
      [&] {
        return std::all_of(watchers.begin(), watchers.end(),
                           [](const auto& w) { return w->opened() || w->failed(); });
      },
      std::chrono::seconds(120));

  // The moves: each thread plays its games one ply at a time, round after round, so that every
  // game is live at once.
  const auto start = Clock::now();
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(threads));
  {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        std::vector<std::unique_ptr<Client>> clients;  // one for each server
        for (const LoadOptions& at : servers) clients.push_back(std::make_unique<Client>(at));
        for (int ply = 0; ply < options.plies; ++ply) {
          for (std::size_t i = static_cast<std::size_t>(t); i < games.size();
               i += static_cast<std::size_t>(threads)) {
            Game& g = games[i];
            const json& legal = g.view["legal"];
            if (!legal.is_array() || legal.empty()) continue;  // over
            const int side = g.view["to_move"] == "white" ? 0 : 1;
            const std::size_t pick = (i * 7 + static_cast<std::size_t>(ply) * 3) % legal.size();
            const json request = {{"key", g.keys[side]}, {"move", legal[pick]["text"]}};
            const auto sent = Clock::now();
            Client& client = *clients[static_cast<std::size_t>(side) % clients.size()];
            const auto a = client.request(http::verb::post, "/api/games/" + g.id + "/moves",
                                          request.dump(), g.sessions[side]);
            const double ms =
                std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
            if (a.status == 200) {
              latencies[static_cast<std::size_t>(t)].push_back(ms);
              g.view = a.body;
              ++g.played;
              if (options.acknowledged) options.acknowledged->fetch_add(1);
              std::lock_guard lock(shared.mutex);
              ++shared.report.moves;
            } else {
              std::lock_guard lock(shared.mutex);
              (is_failure(a) ? shared.report.failures : shared.report.refused) += 1;
              if (shared.report.problems.size() < kMaxProblems)
                shared.report.problems.push_back("move in " + g.id + ": status " +
                                                 std::to_string(a.status) + " " + a.problem +
                                                 (a.body.is_discarded() ? "" : a.body.dump()));
              g.view = json::object();  // no more moves in a game whose state is unknown
            }
          }
        }
      });
    for (auto& thread : pool) thread.join();
  }
  shared.report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  for (const Game& g : games) shared.report.acknowledged[g.id] = g.played;
  for (auto& l : latencies)
    shared.report.move_ms.insert(shared.report.move_ms.end(), l.begin(), l.end());

  // Every acknowledged move stored, and every stream at its game's last version.
  Client reader(options);
  std::map<std::string, std::int64_t> final_version;
  for (Game& g : games) {
    const auto a = reader.request(http::verb::get, "/api/games/" + g.id);
    if (a.status != 200) {
      if (is_failure(a)) ++shared.report.failures;
      shared.problem("read back " + g.id + ": status " + std::to_string(a.status) + " " +
                     a.problem);
      continue;
    }
    final_version[g.id] = a.body["version"].get<std::int64_t>();
    if (a.body["moves"].size() == static_cast<std::size_t>(g.played))
      ++shared.report.stored;
    else
      shared.problem("game " + g.id + ": " + std::to_string(g.played) + " moves acknowledged, " +
                     std::to_string(a.body["moves"].size()) + " stored");
  }
  auto complete = [&](const Watcher& w) {
    auto it = final_version.find(w.game());
    return it != final_version.end() && w.version() == it->second;
  };
  wait_until(
      [&] {
        return std::all_of(watchers.begin(), watchers.end(),
                           [&](const auto& w) { return w->failed() || complete(*w); });
      },
      std::chrono::seconds(120));
  for (const auto& w : watchers) {
    if (w->opened()) ++shared.report.streams;
    if (w->opened() && complete(*w)) ++shared.report.streams_complete;
    if (w->disordered()) ++shared.report.streams_disordered;
    if (w->failed()) {
      ++shared.report.failures;
      shared.problem(w->problem());
    }
  }
  net::post(ioc, [&] {
    for (auto& w : watchers) w->close();
  });
  guard.reset();
  io.join();
  return shared.report;
}

}  // namespace doska::server
