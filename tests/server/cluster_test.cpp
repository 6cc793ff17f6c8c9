// Several `doska serve` processes on one PostgreSQL database (server/cluster/, docs/deploy.md): a
// move made through one reaches the watchers of the other, a game's computer and clock are driven
// by one server and taken over by another when it is killed, and every acknowledged move stays.
// Real processes on a real PostgreSQL (the ctest fixture `postgres`); nothing is timed: each wait
// is long and ends as soon as what it waits for has happened.
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "api_fixture.h"
#include "server/cluster/cluster.h"
#include "storage_backends.h"

namespace doska::test {
namespace {

using namespace std::chrono_literals;

// Asks `probe` every 50 ms for up to a minute; true as soon as it says so.
bool eventually(const std::function<bool()>& probe) {
  for (int i = 0; i < 1200; ++i) {
    if (probe()) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

// Reads the event stream `path` of a server; once its first game event has come, does `act`
// (on a thread of its own) and reads on until `until` comes (or a minute without a byte).
// Answers what came.
std::string watch(int port, const std::string& path, const std::function<void()>& act,
                  const std::string& until) {
  httplib::Client events("127.0.0.1", port);
  events.set_read_timeout(std::chrono::seconds(60));
  std::string received;
  std::thread acting;
  events.Get(path.c_str(), [&](const char* data, std::size_t length) {
    received.append(data, length);
    if (!acting.joinable() && received.find("event: game") != std::string::npos)
      acting = std::thread(act);
    return received.find(until) == std::string::npos;
  });
  if (acting.joinable()) acting.join();
  return received;
}

class TwoServers : public StorageBackends {
 protected:
  void start(const std::string& name) {
    db_ = target(name);
    a_ = std::make_unique<ServerProcess>(db_);
    b_ = std::make_unique<ServerProcess>(db_);
    ASSERT_GT(a_->port(), 0) << "the first server did not start on " << db_;
    ASSERT_GT(b_->port(), 0) << "the second server did not start on " << db_;
  }
  void TearDown() override {
    a_.reset();  // before their database is dropped
    b_.reset();
    StorageBackends::TearDown();
  }
  // A russian game between people made through `server`.
  PersonGame people(ServerProcess& server) {
    Api api(server.port());
    Answer created =
        api.post("/api/games", json{{"variant", "russian"}, {"opponent", {{"kind", "person"}}}});
    EXPECT_EQ(created.status, 201) << created.text;
    if (created.status != 201) return {};
    return PersonGame{created.body["game"]["id"], created.body["keys"]["white"],
                      created.body["keys"]["black"]};
  }
  // A russian game between people with a clock of `initial_s` on the first server, its first
  // two moves played (the clock runs from the second): its id ("" if refused), and its keys.
  std::string clock_game(int initial_s, json& keys) {
    Api a(a_->port());
    Answer created =
        a.post("/api/games", json{{"variant", "russian"},
                                  {"opponent", {{"kind", "person"}}},
                                  {"clock", {{"initial_s", initial_s}, {"increment_s", 0}}}});
    EXPECT_EQ(created.status, 201) << created.text;
    if (created.status != 201) return "";
    const std::string id = created.body["game"]["id"];
    keys = created.body["keys"];
    for (const auto& [side, move] : {std::pair{"white", "c3-d4"}, std::pair{"black", "f6-g5"}}) {
      Answer played =
          a.post("/api/games/" + id + "/moves", json{{"key", keys[side]}, {"move", move}});
      EXPECT_EQ(played.status, 200) << played.text;
      if (played.status != 200) return "";
    }
    return id;
  }
  // A russian game against the computer (level 1) made through `api`, White's first move
  // played: its id ("" if refused), and White's key.
  std::string computer_game(Api& api, std::string& key) {
    Answer created = api.post("/api/games", json{{"variant", "russian"},
                                                 {"opponent", {{"kind", "computer"}, {"level", 1}}},
                                                 {"side", "white"}});
    EXPECT_EQ(created.status, 201) << created.text;
    if (created.status != 201) return "";
    const std::string id = created.body["game"]["id"];
    key = created.body["keys"]["white"];
    Answer played = api.post("/api/games/" + id + "/moves", json{{"key", key}, {"move", "c3-d4"}});
    EXPECT_EQ(played.status, 200) << played.text;
    return played.status == 200 ? id : "";
  }
  json game(ServerProcess& server, const std::string& id) {
    Api api(server.port());
    return api.get("/api/games/" + id).body;
  }
  std::string db_;
  std::unique_ptr<ServerProcess> a_, b_;
};

TEST_P(TwoServers, AMoveThroughOneReachesAWatcherOfTheOther) {
  start("cluster_watch");
  Api a(a_->port());
  const PersonGame g = people(*a_);
  ASSERT_FALSE(g.id.empty());
  const std::string &id = g.id, &white = g.white;

  int played = 0;
  const std::string received = watch(
      b_->port(), "/api/games/" + id + "/events",
      [&] {
        played =
            a.post("/api/games/" + id + "/moves", json{{"key", white}, {"move", "c3-d4"}}).status;
      },
      "\"c3-d4\"");
  EXPECT_EQ(played, 200);
  EXPECT_NE(received.find("\"c3-d4\""), std::string::npos) << received.substr(0, 400);
}

TEST_P(TwoServers, MovesThroughEitherServerMakeOneGame) {
  start("cluster_alternate");
  Api a(a_->port()), b(b_->port());
  Answer created =
      b.post("/api/games", json{{"variant", "russian"}, {"opponent", {{"kind", "person"}}}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["game"]["id"];
  const std::string white = created.body["keys"]["white"], black = created.body["keys"]["black"];
  // Each move through the server that did not make the one before: each must know the other's.
  const std::pair<const char*, const char*> moves[] = {
      {"c3-d4", "w"}, {"f6-g5", "b"}, {"b2-c3", "w"}, {"g7-f6", "b"}, {"a1-b2", "w"}};
  int n = 0;
  for (const auto& [move, side] : moves) {
    Api& api = n++ % 2 == 0 ? a : b;
    Answer played = api.post("/api/games/" + id + "/moves",
                             json{{"key", side[0] == 'w' ? white : black}, {"move", move}});
    ASSERT_EQ(played.status, 200) << move << ": " << played.text;
  }
  for (ServerProcess* server : {a_.get(), b_.get()}) {
    json view = game(*server, id);
    ASSERT_TRUE(view["moves"].is_array()) << view.dump();
    EXPECT_EQ(view["moves"].size(), 5u) << view.dump();
  }
}

TEST_P(TwoServers, TheComputerGoesOnFromTheOtherServerWhenItsServerIsKilled) {
  start("cluster_computer");
  Api a(a_->port());
  std::string key;
  const std::string id = computer_game(a, key);
  ASSERT_FALSE(id.empty());
  json view = wait_for_computer(a, id);
  ASSERT_EQ(view["moves"].size(), 2u) << view.dump();

  // The server that drives the game dies; the next move goes through the other, whose computer
  // answers once the lease has run out.
  a_->kill_hard();
  Api b(b_->port());
  view = game(*b_, id);
  ASSERT_EQ(view["moves"].size(), 2u) << "an acknowledged move was lost: " << view.dump();
  json legal = view["legal"];
  ASSERT_TRUE(legal.is_array() && !legal.empty()) << view.dump();
  const std::string mine = legal[0]["text"];
  Answer played = b.post("/api/games/" + id + "/moves", json{{"key", key}, {"move", mine}});
  ASSERT_EQ(played.status, 200) << played.text;
  EXPECT_TRUE(eventually([&] { return game(*b_, id)["moves"].size() >= 4u; }))
      << "the computer did not answer from the other server: " << game(*b_, id).dump();
}

TEST_P(TwoServers, AClockRunsOutWhenItsServerIsKilled) {
  start("cluster_clock");
  json keys;
  const std::string id = clock_game(2, keys);
  ASSERT_FALSE(id.empty());
  // A watcher of the other server: its stream ends once the game is over. Nothing asks the other
  // server about the game meanwhile (a request would let the flag fall too): its ticker does it
  // once it holds the game's lease.
  const std::string received = watch(
      b_->port(), "/api/games/" + id + "/events", [&] { a_->kill_hard(); }, "\"rule\":\"time\"");
  EXPECT_NE(received.find("\"rule\":\"time\""), std::string::npos) << received.substr(0, 400);
  const json view = game(*b_, id);
  EXPECT_EQ(view["result"]["rule"], "time") << view.dump();
  EXPECT_EQ(view["result"]["outcome"], "black_wins") << view.dump();
  EXPECT_EQ(view["moves"].size(), 2u) << view.dump();
}

// A review made by one server: its progress reaches a watcher of the other, position by
// position, and the other answers the finished review.
TEST_P(TwoServers, AReviewsProgressReachesAWatcherOfTheOther) {
  start("cluster_review");
  Api a(a_->port()), b(b_->port());
  std::string key;
  const std::string id = computer_game(a, key);
  ASSERT_FALSE(id.empty());
  ASSERT_EQ(wait_for_computer(a, id)["moves"].size(), 2u);
  const std::string received = watch(
      b_->port(), "/api/games/" + id + "/events",
      [&] {
        Answer started = a.post("/api/games/" + id + "/review", json{{"ms", 100}});
        EXPECT_EQ(started.status, 202) << started.text;
      },
      "\"state\":\"done\"");
  EXPECT_NE(received.find("event: review"), std::string::npos) << received.substr(0, 400);
  for (const char* ply : {"\"ply\":0", "\"ply\":1", "\"ply\":2"})
    EXPECT_NE(received.find(ply), std::string::npos) << ply << " in " << received.substr(0, 800);
  const json review = b.get("/api/games/" + id + "/review").body;
  EXPECT_EQ(review["state"], "done") << review.dump();
  EXPECT_EQ(review["done"], 3) << review.dump();
}

// The turn's start is stored with the game: a server that first reads a game mid-turn runs its
// clock from there, and charges the move the whole turn, not the time since its own read.
TEST_P(TwoServers, AClockReadMidTurnByTheOtherServerRanSinceTheTurnBegan) {
  start("cluster_turn");
  Api b(b_->port());
  json keys;
  const std::string id = clock_game(60, keys);
  ASSERT_FALSE(id.empty());
  // White's turn began at black's move; the first clock move costs nothing, so White had 60 s.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  const json seen = game(*b_, id);  // the first read of the game on the other server
  ASSERT_EQ(seen["clock"]["running"], "white") << seen.dump();
  EXPECT_LE(seen["clock"]["white_ms"].get<std::int64_t>(), 60000 - 1500) << seen.dump();
  Answer played =
      b.post("/api/games/" + id + "/moves", json{{"key", keys["white"]}, {"move", "g3-h4"}});
  ASSERT_EQ(played.status, 200) << played.text;
  const json after = game(*a_, id);
  ASSERT_EQ(after["moves"].size(), 3u) << after.dump();
  EXPECT_GE(after["moves"][2]["ms"].get<std::int64_t>(), 1500) << after.dump();
  EXPECT_LE(after["clock"]["white_ms"].get<std::int64_t>(), 60000 - 1500) << after.dump();
}

TEST_P(TwoServers, ASeekMadeOnOneIsAcceptedOnTheOther) {
  start("cluster_seek");
  Api a(a_->port()), b(b_->port());
  Answer made = a.post("/api/seeks", json{{"variant", "english"},
                                          {"opponent", {{"kind", "person"}}},
                                          {"side", "black"},
                                          {"clock", {{"initial_s", 300}, {"increment_s", 3}}}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string seek = made.body["seek"]["id"], seek_key = made.body["key"];
  json listed = b.get("/api/seeks").body;
  ASSERT_EQ(listed["seeks"].size(), 1u) << listed.dump();
  EXPECT_EQ(listed["seeks"][0]["id"], seek);

  Answer taken = b.post("/api/seeks/" + seek + "/accept", json::object());
  ASSERT_EQ(taken.status, 201) << taken.text;
  EXPECT_EQ(taken.body["side"], "white");
  const std::string game = taken.body["game"]["id"], white = taken.body["keys"]["white"];
  // Accepted once: not again through either server, and gone from both lists.
  EXPECT_EQ(a.post("/api/seeks/" + seek + "/accept", json::object()).status, 409);
  EXPECT_TRUE(a.get("/api/seeks").body["seeks"].empty());
  // The creator learns its key from the server it asks, which did not start the game.
  json mine = a.get("/api/seeks/" + seek + "?key=" + seek_key).body;
  ASSERT_EQ(mine["state"], "accepted") << mine.dump();
  EXPECT_EQ(mine["game"], game);
  const std::string black = mine["key"];
  ASSERT_EQ(b.post("/api/games/" + game + "/moves", json{{"key", white}, {"move", "22-18"}}).status,
            409)
      << "black moves first in english draughts";
  Answer first = a.post("/api/games/" + game + "/moves", json{{"key", black}, {"move", "11-15"}});
  EXPECT_EQ(first.status, 200) << first.text;
  Answer second = b.post("/api/games/" + game + "/moves", json{{"key", white}, {"move", "22-18"}});
  EXPECT_EQ(second.status, 200) << second.text;
}

TEST_P(TwoServers, AChatLineReachesAWatcherOfTheOther) {
  start("cluster_chat");
  Api a(a_->port());
  const PersonGame g = people(*a_);
  ASSERT_FALSE(g.id.empty());
  const std::string &id = g.id, &white = g.white;
  // A player's stream (with its key) carries the players' room.
  const std::string& black = g.black;
  const std::string received = watch(
      b_->port(), "/api/games/" + id + "/events?key=" + black,
      [&] {
        Answer line =
            a.post("/api/games/" + id + "/chat",
                   json{{"room", "players"}, {"key", white}, {"text", "from the other server"}});
        EXPECT_EQ(line.status, 201) << line.text;
      },
      "from the other server");
  EXPECT_NE(received.find("from the other server"), std::string::npos) << received.substr(0, 400);
}

TEST_P(TwoServers, StartTogetherOnAnEmptyDatabase) {
  const std::string db = target("cluster_empty");
  std::unique_ptr<ServerProcess> first, second;
  std::thread other([&] { second = std::make_unique<ServerProcess>(db); });
  first = std::make_unique<ServerProcess>(db);
  other.join();
  ASSERT_GT(first->port(), 0) << "the first server did not start on an empty database";
  ASSERT_GT(second->port(), 0) << "the second server did not start on an empty database";
  Api api(second->port());
  EXPECT_EQ(api.post("/api/games", json{{"variant", "english"}, {"opponent", {{"kind", "person"}}}})
                .status,
            201);
}

// What a server hears on the channel is read as the storage sends it, and anything else (its own
// announcements, a malformed or oversized text) is dropped, never published.
TEST(ClusterAnnouncements, AreReadOrDropped) {
  std::string topic;
  json payload;
  ASSERT_TRUE(server::Cluster::read("b7 game g1 12", "a1", topic, payload));
  EXPECT_EQ(topic, "cluster.game");
  EXPECT_EQ(payload["from"], "b7");
  EXPECT_EQ(payload["words"], json::array({"g1", "12"}));
  ASSERT_TRUE(server::Cluster::read("b7 lobby", "a1", topic, payload));
  EXPECT_EQ(topic, "cluster.lobby");
  EXPECT_TRUE(payload["words"].empty());
  EXPECT_FALSE(server::Cluster::read("a1 game g1 12", "a1", topic, payload)) << "its own";
  for (const std::string& bad :
       {std::string(), std::string("b7"), std::string("b7 Game g1"), std::string("b7 game.x g1"),
        std::string("b7 a 1 2 3 4 5 6 7 8 9"), "b7 chat " + std::string(2000, 'x')})
    EXPECT_FALSE(server::Cluster::read(bad, "a1", topic, payload)) << bad;
}

INSTANTIATE_TEST_SUITE_P(Backends, TwoServers, ::testing::Values(Backend::postgres), backend_name);

}  // namespace
}  // namespace doska::test
