// A load of people on a running `doska serve`: games between two people whose moves
// are sent from a few threads while many watchers hold the games' event streams open. It
// checks what a public server must never do (a 5xx, a reset, a lost move, an event stream that
// misses the end of its game) and measures the move latency. Used by `doska loadtest` and by
// the load tests of the suite; loopback only in the tests.
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
  std::string variant = "russian";
  int games = 200;      // games between two people, played at once
  int watchers = 2000;  // event streams, spread evenly over the games
  int plies = 20;       // moves played in each game (fewer if it ends)
  int threads = 8;      // threads that send the moves
  // Counts the moves answered 200 as they come (a test waits on it); nullptr: none.
  std::atomic<int>* acknowledged = nullptr;
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

  double percentile(double p) const;
  double moves_per_second() const { return seconds > 0 ? moves / seconds : 0; }
  nlohmann::json to_json() const;
};

// Raises this process's limit of open files to the hard limit (thousands of sockets).
void raise_open_file_limit();

LoadReport run_load(const LoadOptions& options);

}  // namespace doska::server
