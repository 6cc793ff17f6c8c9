// The server under load, on loopback against the real `doska serve`: thousands of
// event streams while games are played, clients that send their headers slowly, a burst of
// connections. Correctness only (every move stored, no 5xx, no reset, every stream at its
// game's end); the times are the benchmark's (`doska loadtest`), never asserted here.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "server/load.h"
#include "server/storage.h"
#include "server_process.h"

namespace doska::test {
namespace {

const std::vector<std::string> kManyConnections = {"--connections-per-address", "100000"};

TEST(ServerLoad, TwoThousandEventStreamsWhileTwoHundredGamesPlay) {
  ServerProcess server(temp_db("load_streams"), "/nonexistent-web-dir", kManyConnections);
  ASSERT_GT(server.port(), 0);
  server::LoadOptions options;
  options.port = server.port();
  options.games = 200;
  options.watchers = 2000;
  options.plies = 10;  // no russian game ends in 10 plies
  const server::LoadReport r = server::run_load(options);
  EXPECT_EQ(r.failures, 0) << r.to_json().dump(2);
  EXPECT_EQ(r.games, 200);
  EXPECT_EQ(r.moves, 2000);
  EXPECT_EQ(r.refused, 0);
  EXPECT_EQ(r.stored, 200) << "an acknowledged move is missing from storage";
  EXPECT_EQ(r.streams, 2000);
  EXPECT_EQ(r.streams_complete, 2000) << "a stream did not receive its game's last move";
  EXPECT_EQ(r.streams_disordered, 0);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerLoad, ABurstOfTwoHundredConnectionsIsServed) {
  ServerProcess server(temp_db("load_burst"), "/nonexistent-web-dir", kManyConnections);
  ASSERT_GT(server.port(), 0);
  server::LoadOptions options;
  options.port = server.port();
  options.games = 200;
  options.threads = 200;  // 200 connections, each creating a game at the same moment
  options.watchers = 0;
  options.plies = 1;
  const server::LoadReport r = server::run_load(options);
  EXPECT_EQ(r.failures, 0) << r.to_json().dump(2);
  EXPECT_EQ(r.games, 200);
  EXPECT_EQ(r.moves, 200);
  EXPECT_EQ(r.stored, 200);
  EXPECT_EQ(server.stop(), 0);
}

// kill -9 in the middle of the play: every move the server acknowledged is in the database
// (one in flight may be stored without its answer).
TEST(ServerLoad, KillNineLosesNoAcknowledgedMove) {
  const std::string db = temp_db("load_kill");
  ServerProcess server(db, "/nonexistent-web-dir", kManyConnections);
  ASSERT_GT(server.port(), 0);
  server::LoadOptions options;
  options.port = server.port();
  options.games = 100;
  options.watchers = 200;
  options.plies = 60;
  std::atomic<int> acknowledged{0};
  options.acknowledged = &acknowledged;
  server::LoadReport r;
  std::thread load([&] { r = server::run_load(options); });
  // Killed once the play is under way (a hundred moves answered), however slow the machine; a
  // load that never gets there ends by itself and fails below.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (acknowledged.load() < 100 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  server.kill_hard();
  load.join();
  ASSERT_GT(r.moves, 0) << r.to_json().dump(2);
  auto storage = server::Storage::open(db);
  ASSERT_TRUE(storage) << storage.error();
  int checked = 0;
  for (const auto& [id, acknowledged] : r.acknowledged) {
    auto loaded = (*storage)->load(id);
    ASSERT_TRUE(loaded && *loaded) << id;
    const int stored = static_cast<int>((**loaded).moves.size());
    EXPECT_GE(stored, acknowledged) << "game " << id << " lost an acknowledged move";
    EXPECT_LE(stored, acknowledged + 1) << id;
    ++checked;
  }
  EXPECT_EQ(checked, r.games);
}

// One client address has at most --analyses-per-address analyses in progress: of two asked at
// once, the one that reaches the server first is served and the other is 429 (which one is the
// scheduler's choice: a pause before the second would not make it second on a loaded machine).
TEST(ServerLoad, AnalysesPerAddressAreBounded) {
  std::vector<std::string> extra = {"--analyses-per-address", "1"};
  ServerProcess server(temp_db("load_analyses"), "/nonexistent-web-dir", extra);
  ASSERT_GT(server.port(), 0);
  const std::string body = nlohmann::json{
      {"variant", "international"},
      {"fen", "W:W31-50:B1-20"},
      {"time_ms", 3000}}.dump();
  int status[2] = {0, 0};
  std::string text[2];
  auto ask = [&](int i) {
    httplib::Client client("127.0.0.1", server.port());
    client.set_read_timeout(std::chrono::seconds(60));
    auto r = client.Post("/api/analyse", body, "application/json");
    status[i] = r ? r->status : 0;
    text[i] = r ? r->body : "";
  };
  std::thread first([&] { ask(0); });
  ask(1);
  first.join();
  const int refused = status[0] == 429 ? 0 : 1, served = 1 - refused;
  EXPECT_EQ(status[served], 200) << text[served];
  EXPECT_EQ(status[refused], 429) << text[refused];
  EXPECT_NE(text[refused].find("analyses running"), std::string::npos) << text[refused];
  // Once it has ended, the next is served.
  httplib::Client client("127.0.0.1", server.port());
  client.set_read_timeout(std::chrono::seconds(60));
  auto third = client.Post(
      "/api/analyse",
      nlohmann::json{{"variant", "international"}, {"fen", "W:W31-50:B1-20"}, {"depth", 2}}.dump(),
      "application/json");
  ASSERT_TRUE(third);
  EXPECT_EQ(third->status, 200);
  EXPECT_EQ(server.stop(), 0);
}

// Forty clients send one header line every half second and never finish: the others are served
// meanwhile, and the server ends the slow ones (408) once their time for the headers is up.
TEST(ServerLoad, SlowHeaderClientsDoNotHoldTheServer) {
  std::vector<std::string> extra = {"--header-timeout", "2"};
  ServerProcess server(temp_db("load_slow"), "/nonexistent-web-dir", extra);
  ASSERT_GT(server.port(), 0);
  std::vector<int> slow;
  for (int i = 0; i < 40; ++i) {
    const int fd = connect_to(server.port());
    ASSERT_GE(fd, 0);
    const std::string start = "GET /api/variants HTTP/1.1\r\n";
    ASSERT_EQ(send(fd, start.data(), start.size(), MSG_NOSIGNAL),
              static_cast<ssize_t>(start.size()));
    slow.push_back(fd);
  }
  std::atomic<bool> done{false};
  std::thread trickle([&] {
    for (int line = 0; !done.load() && line < 400; ++line) {
      const std::string header = "X-Slow-" + std::to_string(line) + ": 1\r\n";
      for (int fd : slow) (void)send(fd, header.data(), header.size(), MSG_NOSIGNAL);
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  });
  httplib::Client client("127.0.0.1", server.port());
  client.set_read_timeout(std::chrono::seconds(60));
  for (int i = 0; i < 20; ++i) {
    auto r = client.Get("/api/variants");
    ASSERT_TRUE(r) << "request " << i << " had no answer while slow clients were connected";
    EXPECT_EQ(r->status, 200);
  }
  // Each slow client is answered 408 and closed (read with a long bound, no time asserted).
  int timed_out = 0;
  for (int fd : slow) {
    timeval wait{60, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    std::string got;
    char buffer[512];
    ssize_t n;
    while ((n = recv(fd, buffer, sizeof buffer, 0)) > 0)
      got.append(buffer, static_cast<std::size_t>(n));
    if (got.rfind("HTTP/1.1 408", 0) == 0) ++timed_out;
    close(fd);
  }
  done.store(true);
  trickle.join();
  EXPECT_EQ(timed_out, 40);
  EXPECT_EQ(server.stop(), 0);
}

// One address may not hold more connections than the server allows; the others are served.
TEST(ServerLoad, ConnectionsPerAddressAreBounded) {
  std::vector<std::string> extra = {"--connections-per-address", "8"};
  ServerProcess server(temp_db("load_limit"), "/nonexistent-web-dir", extra);
  ASSERT_GT(server.port(), 0);
  std::vector<int> held;
  for (int i = 0; i < 8; ++i) {
    held.push_back(connect_to(server.port()));
    ASSERT_GE(held.back(), 0);
  }
  // The ninth is told why and closed.
  const int extra_fd = connect_to(server.port());
  ASSERT_GE(extra_fd, 0);
  std::string got;
  char buffer[512];
  ssize_t n;
  timeval wait{60, 0};
  setsockopt(extra_fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  while ((n = recv(extra_fd, buffer, sizeof buffer, 0)) > 0)
    got.append(buffer, static_cast<std::size_t>(n));
  close(extra_fd);
  EXPECT_EQ(got.rfind("HTTP/1.1 429", 0), 0u) << got;
  EXPECT_NE(got.find("too many connections"), std::string::npos);
  // Once one closes, a new connection is served.
  close(held.back());
  held.pop_back();
  httplib::Client client("127.0.0.1", server.port());
  client.set_read_timeout(std::chrono::seconds(60));
  // The server hears of the close when it reads the connection: asked again until then (a
  // minute at most, a bound against a hang, not a measure).
  int status = 0;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    auto r = client.Get("/api/variants");
    status = r ? r->status : 0;
    if (status == 200 || std::chrono::steady_clock::now() > give_up) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(status, 200);
  for (int fd : held) close(fd);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace doska::test
