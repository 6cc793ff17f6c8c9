// `doska hub`, `doska dxp` and `doska uci`: the engine behind the standard protocols.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "protocols/dxp.h"
#include "protocols/hub.h"
#include "protocols/uci.h"

namespace doska::cli {

int run_hub(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"hash", "egdb", "egdb-memory"}, {});
  if (!args) return fail(args.error());
  if (!args->positional.empty()) return fail("hub takes no arguments (the protocol sets the game)");
  protocols::HubOptions options;
  auto tables = egdb_option(*args);
  if (!tables) return fail(tables.error());
  options.tables = *tables;
  if (auto v = args->value("hash")) {
    auto h = parse_int(*v);
    if (!h || *h < 1 || *h > 4096)
      return fail("bad hash size " + quoted(*v) + ": give 1 to 4096 MB");
    options.hash_megabytes = static_cast<std::size_t>(*h);
  }
  // The search thread writes to std::cout while this one waits on std::cin: untied, so that a
  // read does not flush std::cout behind the writer's back.
  std::cin.tie(nullptr);
  return protocols::run_hub(std::cin, std::cout, options);
}

int run_uci(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"hash", "egdb", "egdb-memory"}, {});
  if (!args) return fail(args.error());
  if (!args->positional.empty())
    return fail("uci takes no arguments (the option UCI_Variant sets the game)");
  protocols::UciOptions options;
  auto tables = egdb_option(*args);
  if (!tables) return fail(tables.error());
  options.tables = *tables;
  if (auto v = args->value("hash")) {
    auto h = parse_int(*v);
    if (!h || *h < 1 || *h > 4096)
      return fail("bad hash size " + quoted(*v) + ": give 1 to 4096 MB");
    options.hash_megabytes = static_cast<std::size_t>(*h);
  }
  std::cin.tie(nullptr);  // as for hub: the search thread writes while this one reads
  return protocols::run_uci(std::cin, std::cout, options);
}

int run_dxp(const std::vector<std::string>& words) {
  auto args = parse_args(
      words,
      {"connect", "host", "port", "time", "clock", "level", "depth", "nodes", "threads", "hash",
       "colour", "color", "games", "moves", "fen", "timeout", "name", "egdb", "egdb-memory"},
      {"listen", "verbose"});
  if (!args) return fail(args.error());
  if (!args->positional.empty()) return fail("dxp takes no game: DXP plays international draughts");
  const bool listen = args->flag("listen");
  const auto connect = args->value("connect");
  if (listen == connect.has_value())
    return fail("dxp needs --listen (wait for a GAMEREQ) or --connect HOST[:PORT] (send one)");

  protocols::dxp::Options options;
  auto int_option = [&](const char* name, int low, int high, int& into) -> bool {
    auto v = args->value(name);
    if (!v) return true;
    auto n = parse_int(*v);
    if (!n || *n < low || *n > high) {
      fail("bad --" + std::string(name) + " " + quoted(*v) + ": give " + std::to_string(low) +
           " to " + std::to_string(high));
      return false;
    }
    into = *n;
    return true;
  };
  if (!int_option("clock", 1, 999, options.clock_minutes) ||
      !int_option("level", 1, 10, options.level) || !int_option("depth", 1, 100, options.depth) ||
      !int_option("threads", 1, 64, options.threads) ||
      !int_option("games", 1, 10000, options.games) || !int_option("moves", 0, 999, options.moves))
    return 2;
  int hash = 64;
  if (!int_option("hash", 1, 4096, hash)) return 2;
  options.hash_megabytes = static_cast<std::size_t>(hash);
  auto tables = egdb_option(*args);
  if (!tables) return fail(tables.error());
  options.tables = *tables;
  if (auto v = args->value("nodes")) {
    auto n = parse_long(*v);
    if (!n || *n < 1) return fail("bad --nodes " + quoted(*v));
    options.nodes = static_cast<std::uint64_t>(*n);
  }
  if (auto v = args->value("time")) {
    auto t = parse_seconds(*v);
    if (!t) return fail("bad --time " + quoted(*v) + ": give seconds per move, e.g. 2.5");
    options.move_time = *t;
  }
  if (auto v = args->value("timeout")) {
    auto t = parse_seconds(*v);
    if (!t) return fail("bad --timeout " + quoted(*v) + ": give seconds");
    options.timeout = *t;
  }
  if (auto v = args->value("colour") ? args->value("colour") : args->value("color")) {
    if (*v == "white")
      options.colour = protocols::dxp::Colour::white;
    else if (*v == "black")
      options.colour = protocols::dxp::Colour::black;
    else
      return fail("bad --colour " + quoted(*v) + ": white or black");
  }
  if (auto v = args->value("name")) {
    if (trim(*v).empty() || v->size() > 32) return fail("--name needs 1 to 32 characters");
    options.name = std::string(trim(*v));
  }
  options.fen = args->value("fen");
  options.verbose = args->flag("verbose");

  Result<protocols::dxp::Report> report = make_error("no game");
  if (listen) {
    for (const char* initiator_only : {"colour", "color", "moves", "fen"})
      if (args->value(initiator_only))
        return fail("--" + std::string(initiator_only) + " is for the initiator (--connect)");
    options.max_games = args->value("games") ? options.games : 0;
    const std::string host = args->value("host").value_or("127.0.0.1");
    int port = protocols::dxp::kDefaultPort;
    if (!int_option("port", 1, 65535, port)) return 2;
    auto listener = protocols::listen_on(host, port);
    if (!listener) return fail(listener.error());
    std::fprintf(stderr, "dxp: waiting for a connection on %s:%d\n", host.c_str(), port);
    auto socket = protocols::accept_connection(*listener, 0);
    if (!socket) return fail(socket.error());
    listener->close();
    std::fprintf(stderr, "dxp: connected\n");
    protocols::dxp::Channel channel(std::move(*socket));
    report = protocols::dxp::play_follower(channel, options, std::cerr);
  } else {
    if (args->value("host") || args->value("port"))
      return fail("--host and --port are for --listen; give --connect HOST:PORT");
    auto endpoint = protocols::parse_endpoint(*connect, protocols::dxp::kDefaultPort);
    if (!endpoint) return fail(endpoint.error());
    auto socket = protocols::connect_to(endpoint->host, endpoint->port, 30);
    if (!socket) {
      std::fprintf(stderr, "error: %s\n", socket.error().c_str());
      return 1;
    }
    std::fprintf(stderr, "dxp: connected to %s:%d\n", endpoint->host.c_str(), endpoint->port);
    protocols::dxp::Channel channel(std::move(*socket));
    report = protocols::dxp::play_initiator(channel, options, std::cerr);
  }
  if (!report) {
    std::fprintf(stderr, "error: %s\n", report.error().c_str());
    return 1;
  }
  for (const auto& game : report->games)
    std::printf("%s\n", protocols::dxp::report_line(game, options.name).c_str());
  return 0;
}

}  // namespace doska::cli
