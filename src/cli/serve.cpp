// `doska serve`: the browser app and its JSON API (docs/api.md) on one address.
#include <pthread.h>
#include <signal.h>

#include <algorithm>
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

#ifndef DOSKA_WEB_DIR
#define DOSKA_WEB_DIR "web"
#endif
#ifndef DOSKA_PUZZLES_DIR
#define DOSKA_PUZZLES_DIR "data/puzzles"
#endif

namespace doska::cli {

namespace {

// The app's files: --web, else the source tree's web/ the program was built from, else ./web.
std::string web_dir(const Args& args) {
  if (auto dir = args.value("web")) return *dir;
  if (std::filesystem::is_directory(DOSKA_WEB_DIR)) return DOSKA_WEB_DIR;
  return "web";
}

// The puzzle files: --puzzles, else the source tree's data/puzzles/, else ./data/puzzles.
std::string puzzles_dir(const Args& args) {
  if (auto dir = args.value("puzzles")) return *dir;
  if (std::filesystem::is_directory(DOSKA_PUZZLES_DIR)) return DOSKA_PUZZLES_DIR;
  return "data/puzzles";
}

}  // namespace

int run_serve(const std::vector<std::string>& words) {
  auto args = parse_args(words,
                         {"host", "port", "db", "web", "engine-threads", "hash", "egdb",
                          "egdb-memory", "egdb-grow", "connections-per-address",
                          "analyses-per-address", "header-timeout", "analysis-seconds", "puzzles"},
                         {"secure-cookies", "no-throttle"}, {"trusted-proxy"});
  if (!args) return fail(args.error());
  if (!args->positional.empty()) return fail("serve takes no words, only options");
  const std::string host = args->value("host").value_or("127.0.0.1");
  auto port = parse_int(args->value("port").value_or("8080"));
  if (!port || *port < 0 || *port > 65535)
    return fail("bad port " + doska::quoted(args->value("port").value_or("")) +
                ": give 0 to 65535");
  // The engines: one per core unless told (and the quick worker of the pool beside them).
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto threads =
      parse_int(args->value("engine-threads").value_or(std::to_string(std::min(cores, 64))));
  if (!threads || *threads < 1 || *threads > 64)
    return fail("bad --engine-threads " +
                doska::quoted(args->value("engine-threads").value_or("")) + ": give 1 to 64");
  auto hash = parse_int(args->value("hash").value_or("16"));
  if (!hash || *hash < 1 || *hash > 4096)
    return fail("bad hash size " + doska::quoted(args->value("hash").value_or("")) +
                ": give 1 to 4096 MB");
  const std::string db = args->value("db").value_or("data/doska.db");
  server::HttpOptions http_options;
  http_options.web_dir = web_dir(*args);
  int header_seconds = 10;
  int analysis_seconds = 300;  // the longest live analysis
  for (auto [name, target, most] :
       {std::tuple{"connections-per-address", &http_options.connections_per_address, 1000000},
        std::tuple{"analyses-per-address", &http_options.analyses_per_address, 64},
        std::tuple{"header-timeout", &header_seconds, 600},
        std::tuple{"analysis-seconds", &analysis_seconds, 86400}}) {
    if (auto text = args->value(name)) {
      auto n = parse_int(*text);
      if (!n || *n < 1 || *n > most)
        return fail(std::string("bad --") + name + " " + doska::quoted(*text) + ": give 1 to " +
                    std::to_string(most));
      *target = *n;
    }
  }
  http_options.header_timeout = std::chrono::seconds(header_seconds);
  // Behind reverse proxies: the client's address from their X-Forwarded-For.
  for (const std::string& proxy : args->all("trusted-proxy"))
    if (Status added = http_options.trusted_proxies.add(proxy); !added) return fail(added.error());
  // Behind a proxy that speaks https: the session cookie only over https.
  http_options.secure_cookies = args->flag("secure-cookies");

  // SIGINT and SIGTERM are taken by one thread with sigwait, blocked everywhere else (set
  // before any thread starts, which inherits the mask), so that stopping needs no global state.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  server::raise_open_file_limit();  // an event stream is an open socket
  auto storage = server::Storage::open(db);
  if (!storage) return fail(storage.error());
  auto tables = egdb_option(*args);
  if (!tables) return fail(tables.error());
  server::EnginePool pool(*threads, static_cast<std::size_t>(*hash), *tables);
  server::ServiceOptions service_options;
  if (auto grow = args->value("egdb-grow")) {
    auto targets = server::parse_grow_targets(*grow);
    if (!targets) return fail(targets.error());
    if (!*tables) return fail("--egdb-grow needs a folder of tables (--egdb DIR, not none)");
    service_options.tables.grow = std::move(*targets);
  }
  service_options.tables.shelf = *tables;
  service_options.tables.log = [](const std::string& line) {
    std::fprintf(stderr, "%s\n", line.c_str());
  };
  service_options.cluster_log = [](const std::string& line) {
    std::fprintf(stderr, "doska: %s\n", line.c_str());
  };
  service_options.live_analysis_seconds = analysis_seconds;
  // Benchmarks only (doska loadtest --accounts registers thousands of players from one address).
  service_options.accounts.throttle = !args->flag("no-throttle");
  service_options.puzzles.throttle = !args->flag("no-throttle");
  service_options.puzzles.dir = puzzles_dir(*args);
  server::GameService service(**storage, pool, service_options);
  server::HttpServer http(service, http_options);
  auto bound = http.bind(host, *port);
  if (!bound) return fail(bound.error());
  if (!http.web_ready())
    std::fprintf(stderr, "doska: no browser app at %s (give --web DIR); serving the API only\n",
                 web_dir(*args).c_str());
  service.tables().start();  // the background build of --egdb-grow, if any
  try {
    service.resume_unfinished();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "doska: %s\n", e.what());
  }

  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    http.stop();
    // Ends the searches that workers may be waiting on (an analysis), so that run() returns.
    service.shut_down();
  });
  const bool ipv6 = host.find(':') != std::string::npos;
  std::printf("doska: serving on http://%s%s%s:%d/\n", ipv6 ? "[" : "", host.c_str(),
              ipv6 ? "]" : "", *bound);
  std::fflush(stdout);
  http.run();
  // run() also ends if the listening socket fails: wake the signal thread in that case.
  pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
  service.shut_down();
  return 0;
}

}  // namespace doska::cli
