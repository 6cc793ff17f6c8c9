// A load of people on a running `doska serve`: games between two people (anonymous, or two
// accounts in a rated game) whose moves are sent from a few threads while many watchers hold the
// games' event streams open. It checks what a public server must never do (a 5xx, a reset, a
// lost move, an event stream that misses the end of its game) and measures the move latency.
// Used by `doska loadtest` and by the load tests of the suite; loopback only in the tests.
#pragma once

#include <atomic>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace doska::server {

struct LoadOptions {
  std::string host = "127.0.0.1";
  int port = 0;
  // Several servers on one database (docs/deploy.md): the ports of the others. White's moves go
  // through the first server and Black's through the next, and the watchers are spread over
  // all, so that every move must reach servers that did not make it.
  std::vector<int> more_ports;
  std::string variant = "russian";
  int games = 200;      // games between two people, played at once
  int watchers = 2000;  // event streams, spread evenly over the games
  int plies = 20;       // moves played in each game (fewer if it ends)
  int threads = 8;      // threads that send the moves
  // Counts the moves answered 200 as they come (a test waits on it); nullptr: none.
  std::atomic<int>* acknowledged = nullptr;
  // Accounts mode: each game is between two accounts, load0001 against load0002 and so on
  // (registered, or logged in if the name is taken by an earlier run), made by a rated seek of
  // the one accepted by the other; every request of a player carries its session. The server
  // must lift its throttles of registrations and logins (`doska serve --no-throttle`).
  bool accounts = false;
  int clock_initial_s = 600;  // the rated games' clock: rapid, long enough for any load
  int clock_increment_s = 5;
};

struct LoadReport {
  int games = 0;                      // games created
  int moves = 0;                      // moves answered 200
  int failures = 0;                   // requests with no answer (refused, reset, cut) or a 5xx
  int refused = 0;                    // moves answered 4xx
  int streams = 0;                    // event streams that opened with 200 and a first game event
  int streams_complete = 0;           // ... and saw their game's last version
  int streams_disordered = 0;         // ... an older version after a newer one
  int stored = 0;                     // games read back with every acknowledged move
  double seconds = 0;                 // time of the moves
  std::vector<double> move_ms;        // latency of each move
  std::vector<std::string> problems;  // the first few failures, named
  std::map<std::string, int> acknowledged;  // moves answered 200, by game id
  // Accounts mode only.
  int registered = 0;           // accounts registered (201)
  int players = 0;              // accounts logged in (200): registered now or by an earlier run
  int rated = 0;                // games the server made rated
  double register_seconds = 0;  // time of the registrations
  double login_seconds = 0;     // time of the logins

  double percentile(double p) const;
  double moves_per_second() const { return seconds > 0 ? moves / seconds : 0; }
  double registrations_per_second() const {
    return register_seconds > 0 ? registered / register_seconds : 0;
  }
  double logins_per_second() const { return login_seconds > 0 ? players / login_seconds : 0; }
  nlohmann::json to_json() const;
};

// Raises this process's limit of open files to the hard limit (thousands of sockets).
void raise_open_file_limit();

LoadReport run_load(const LoadOptions& options);

}  // namespace doska::server
