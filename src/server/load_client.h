// The pieces of `doska loadtest` that its two ways of making games share (anonymous games by
// POST /api/games in load.cpp, rated games between accounts in load_accounts.cpp): the HTTP
// client of a load thread, a game being played, the report under its lock.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/load.h"

namespace doska::server::load {

constexpr std::size_t kMaxProblems = 20;

struct Shared {
  std::mutex mutex;
  LoadReport report;
  void problem(const std::string& text) {
    std::lock_guard lock(mutex);
    if (report.problems.size() < kMaxProblems) report.problems.push_back(text);
  }
};

// One kept-alive connection of a thread that sends requests and waits for each answer.
class Client {
 public:
  explicit Client(const LoadOptions& options) : options_(options) {}

  struct Answer {
    int status = 0;  // 0: no answer (the problem says why)
    nlohmann::json body;
    std::string problem;
    std::string session;  // the session cookie the answer set, if any
  };

  // `session`: the session cookie to send, if any; it goes with the Origin header the server
  // asks of a request that changes something under a session.
  Answer request(boost::beast::http::verb method, const std::string& target,
                 const std::string& body = "", const std::string& session = "");

 private:
  void connect();

  const LoadOptions& options_;
  boost::asio::io_context ioc_;
  std::unique_ptr<boost::beast::tcp_stream> stream_;
  boost::beast::flat_buffer buffer_;
  bool used_ = false;
};

struct Game {
  std::string id;
  std::string keys[2];      // white, black
  std::string sessions[2];  // the players' session cookies (accounts mode), else empty
  nlohmann::json view;      // the latest answer
  int played = 0;
};

inline bool is_failure(const Client::Answer& a) {
  return a.status == 0 || a.status >= 500;
}

// What an answer that is not the one expected says, for a problem's text.
std::string describe(const Client::Answer& a);

// Runs `work(thread, index)` for indexes 0..count-1 on `threads` threads.
template <typename Work>
void on_threads(int threads, int count, Work work) {
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int i = t; i < count; i += threads) work(t, i);
    });
  for (auto& thread : pool) thread.join();
}

// Accounts mode: registers (or logs in again) two players a game, then makes each game by a rated
// seek of one accepted by the other; `games` gets the games made.
void set_up_account_games(const LoadOptions& options, Shared& shared, std::vector<Game>& games);

}  // namespace doska::server::load
