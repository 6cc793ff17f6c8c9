// `doska loadtest`: the server's benchmark. Games between two people played from a few threads
// while thousands of watchers hold event streams; prints the move latency (p50, p95, p99), the
// throughput and every failure. With --accounts the players are accounts that register, log in
// and play rated games made from seeks. Without --port it starts its own server on a fresh
// database in a temporary folder (the same code as `doska serve`, in this process).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <thread>
#include <tuple>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "server/engine_pool.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/load.h"
#include "server/storage.h"

namespace doska::cli {

namespace {

void print(const server::LoadReport& r, bool accounts, bool as_json) {
  if (as_json) {
    std::printf("%s\n", r.to_json().dump(2).c_str());
    return;
  }
  if (accounts) {
    std::printf("accounts: %d registered in %.2f s (%.1f/s), %d logged in in %.2f s (%.1f/s)\n",
                r.registered, r.register_seconds, r.registrations_per_second(), r.players,
                r.login_seconds, r.logins_per_second());
    std::printf("rated games: %d of %d\n", r.rated, r.games);
  }
  std::printf("games %d, moves %d in %.2f s: %.0f moves/s\n", r.games, r.moves, r.seconds,
              r.moves_per_second());
  std::printf("move latency: p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms\n",
              r.percentile(50), r.percentile(95), r.percentile(99), r.percentile(100));
  std::printf("event streams: %d open, %d saw their game's last move, %d out of order\n", r.streams,
              r.streams_complete, r.streams_disordered);
  std::printf(
      "games read back complete: %d of %d; failures (no answer, reset, 5xx): %d; moves "
      "refused: %d\n",
      r.stored, r.games, r.failures, r.refused);
  for (const auto& p : r.problems) std::printf("  %s\n", p.c_str());
}

}  // namespace

int run_loadtest(const std::vector<std::string>& words) {
  auto args =
      parse_args(words, {"host", "port", "games", "watchers", "plies", "threads", "variant"},
                 {"json", "accounts"}, {"also-port"});
  if (!args) return fail(args.error());
  if (!args->positional.empty()) return fail("loadtest takes no words, only options");
  server::LoadOptions options;
  options.host = args->value("host").value_or("127.0.0.1");
  for (auto [name, target, least, most] :
       {std::tuple{"port", &options.port, 1, 65535}, std::tuple{"games", &options.games, 1, 100000},
        std::tuple{"watchers", &options.watchers, 0, 100000},
        std::tuple{"plies", &options.plies, 1, 10000},
        std::tuple{"threads", &options.threads, 1, 256}}) {
    if (auto text = args->value(name)) {
      auto n = parse_int(*text);
      if (!n || *n < least || *n > most)
        return fail(std::string("bad --") + name + " " + doska::quoted(*text) + ": give " +
                    std::to_string(least) + " to " + std::to_string(most));
      *target = *n;
    }
  }
  for (const std::string& text : args->all("also-port")) {
    auto n = parse_int(text);
    if (!n || *n < 1 || *n > 65535)
      return fail("bad --also-port " + doska::quoted(text) + ": give 1 to 65535");
    options.more_ports.push_back(*n);
  }
  if (!options.more_ports.empty() && !args->value("port"))
    return fail("--also-port names more servers of a run against --port");
  if (auto variant = args->value("variant")) options.variant = *variant;
  const bool as_json = args->flag("json");
  options.accounts = args->flag("accounts");

  if (args->value("port")) {
    const auto report = server::run_load(options);
    print(report, options.accounts, as_json);
    return report.failures == 0 ? 0 : 1;
  }

  // Our own server: a fresh database, one engine thread (the games are between people).
  server::raise_open_file_limit();
  const auto dir =
      std::filesystem::temp_directory_path() / ("doska-loadtest-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  int status = 0;
  {
    auto storage = server::Storage::open((dir / "load.db").string());
    if (!storage) return fail(storage.error());
    server::EnginePool pool(1);
    server::ServiceOptions service_options;
    // A benchmark's server: with --accounts thousands of players register and log in from this
    // one address.
    service_options.accounts.throttle = false;
    server::GameService service(**storage, pool, service_options);
    server::HttpOptions http_options;
    http_options.connections_per_address = 1000000;  // every client is on loopback
    server::HttpServer http(service, http_options);
    auto bound = http.bind(options.host, 0);
    if (!bound) return fail(bound.error());
    options.port = *bound;
    std::thread serving([&] { http.run(); });
    const auto report = server::run_load(options);
    http.stop();
    serving.join();
    service.shut_down();
    print(report, options.accounts, as_json);
    status = report.failures == 0 ? 0 : 1;
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
  return status;
}

}  // namespace doska::cli
