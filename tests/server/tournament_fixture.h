// The fixture of the tournament API's tests (tournament_api_test.cpp, tournament_live_test.cpp):
// a real `doska serve` without the registration throttle, accounts by name, and the players'
// games of a tournament played through their keys.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "api_fixture.h"
#include "player_client.h"

namespace doska::test {

class TournamentApi : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = temp_db(::testing::UnitTest::GetInstance()->current_test_info()->name());
    start_server();
  }
  void TearDown() override {
    players_.clear();
    if (server_) {
      EXPECT_EQ(server_->stop(), 0);
    }
  }
  // Six registrations from one address: the registration throttle is off.
  void start_server() {
    server_ = std::make_unique<ServerProcess>(db_, "/nonexistent-web-dir",
                                              std::vector<std::string>{"--no-throttle"});
    ASSERT_GT(server_->port(), 0);
  }
  // The same database after a restart: every browser keeps its session.
  void restart() {
    EXPECT_EQ(server_->stop(), 0);
    start_server();
    for (auto& [name, p] : players_) {
      const std::string cookie = p->cookie();
      p = std::make_unique<Player>(server_->port());
      p->set_cookie(cookie);
    }
  }
  Player& add(const std::string& name) {
    auto p = std::make_unique<Player>(server_->port());
    EXPECT_EQ(p->register_as(name).status, 201);
    Player& ref = *p;
    players_[name] = std::move(p);
    return ref;
  }
  Player& p(const std::string& name) { return *players_.at(name); }

  json view(const std::string& id) { return p(creator_).get("/api/tournaments/" + id).body; }
  // Asks for the view until `done` holds of it, for a minute at most (a bound against a hang on
  // a loaded machine, not a measure): the view last read.
  template <class Done>
  json wait_for_view(const std::string& id, Done done, int seconds = 60) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    json v = view(id);
    while (!done(v) && std::chrono::steady_clock::now() < give_up) {
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
      v = view(id);
    }
    return v;
  }
  // Waits for the tournament to have `boards` boards (the hub pairs after each game's end).
  json wait_for_boards(const std::string& id, std::size_t boards) {
    return wait_for_view(id, [&](const json& v) { return v["boards"].size() >= boards; });
  }
  json wait_for_status(const std::string& id, const std::string& status, int seconds = 60) {
    return wait_for_view(
        id, [&](const json& v) { return v["status"] == status; }, seconds);
  }

  // Plays `name`'s game of the tournament: a placement each (mill), so that it counts for the
  // ratings, then the result: "1-0", "0-1" (the loser resigns) or "1/2" (offered and accepted).
  void play(const std::string& tournament, const std::string& white, const std::string& black,
            const std::string& result) {
    const json w = p(white).get("/api/tournaments/" + tournament).body["me"]["game"];
    const json b = p(black).get("/api/tournaments/" + tournament).body["me"]["game"];
    ASSERT_TRUE(w.is_object()) << white;
    ASSERT_EQ(w["side"], "white");
    ASSERT_EQ(b["side"], "black");
    ASSERT_EQ(w["game"], b["game"]);
    const std::string game = "/api/games/" + w["game"].get<std::string>();
    ASSERT_EQ(p(white).post(game + "/moves", json{{"key", w["key"]}, {"move", "a1"}}).status, 200);
    ASSERT_EQ(p(black).post(game + "/moves", json{{"key", b["key"]}, {"move", "g7"}}).status, 200);
    if (result == "1/2") {
      ASSERT_EQ(p(white).post(game + "/draw", json{{"key", w["key"]}, {"action", "offer"}}).status,
                200);
      ASSERT_EQ(p(black).post(game + "/draw", json{{"key", b["key"]}, {"action", "accept"}}).status,
                200);
    } else {
      const json& loser_key = result == "1-0" ? b["key"] : w["key"];
      Player& loser = result == "1-0" ? p(black) : p(white);
      ASSERT_EQ(loser.post(game + "/resign", json{{"key", loser_key}}).status, 200);
    }
  }

  // An arena of ann and bob at 60 s + 2 s (mill), started by ann: its id and its first game, the
  // names of its players and their seats ({"game", "side", "key"}), the game's API path.
  struct ArenaGame {
    std::string id, white, black, path;
    json white_seat, black_seat;
  };
  ArenaGame start_arena_of_two() {
    const json body{{"variant", "mill"},
                    {"clock", {{"initial_s", 60}, {"increment_s", 2}}},
                    {"system", "arena"},
                    {"minutes", 30},
                    {"starts_in_s", 3600}};
    ArenaGame a;
    Answer made = p("ann").post("/api/tournaments", body);
    EXPECT_EQ(made.status, 201) << made.text;
    a.id = made.body.value("id", "");
    for (const std::string n : {"ann", "bob"})
      EXPECT_EQ(p(n).post("/api/tournaments/" + a.id + "/join", json::object()).status, 200);
    const json v = p("ann").post("/api/tournaments/" + a.id + "/start", json::object()).body;
    if (v["boards"].size() != 1u) {
      ADD_FAILURE() << v.dump();
      return a;
    }
    a.white = v["boards"][0]["white"];
    a.black = v["boards"][0]["black"];
    a.white_seat = p(a.white).get("/api/tournaments/" + a.id).body["me"]["game"];
    a.black_seat = p(a.black).get("/api/tournaments/" + a.id).body["me"]["game"];
    a.path = "/api/games/" + a.white_seat["game"].get<std::string>();
    return a;
  }

  // The boards of one round as "white-black" names.
  static std::vector<std::string> round_of(const json& v, int round) {
    std::vector<std::string> out;
    for (const json& b : v["boards"]) {
      if (b["round"] == round)
        out.push_back(b["white"].get<std::string>() + "-" + b["black"].get<std::string>());
    }
    return out;
  }

  std::string db_;
  std::unique_ptr<ServerProcess> server_;
  std::map<std::string, std::unique_ptr<Player>> players_;
  std::string creator_ = "ann";
};

// A tournament's event stream read on its own thread: the text so far, and waits for what it
// should come to hold.
class TournamentEventLog {
 public:
  TournamentEventLog(int port, const std::string& path) : client_("127.0.0.1", port) {
    client_.set_read_timeout(std::chrono::seconds(120));
    reader_ = std::thread([this, path] {
      client_.Get(path.c_str(), [this](const char* data, std::size_t length) {
        std::lock_guard lock(mutex_);
        text_.append(data, length);
        return !stopping_.load();
      });
    });
  }
  ~TournamentEventLog() {
    stopping_ = true;
    client_.stop();
    if (reader_.joinable()) reader_.join();
  }
  TournamentEventLog(const TournamentEventLog&) = delete;
  TournamentEventLog& operator=(const TournamentEventLog&) = delete;

  std::string text() {
    std::lock_guard lock(mutex_);
    return text_;
  }
  // How many times `needle` appears.
  std::size_t count(const std::string& needle) {
    const std::string all = text();
    std::size_t n = 0;
    for (auto at = all.find(needle); at != std::string::npos; at = all.find(needle, at + 1)) ++n;
    return n;
  }
  // Waits (a minute at most, or `seconds`) until `needle` appears `times` times.
  bool wait_for(const std::string& needle, std::size_t times = 1, int seconds = 60) {
    for (int i = 0; i < seconds * 20; ++i) {
      if (count(needle) >= times) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

 private:
  httplib::Client client_;
  std::mutex mutex_;
  std::string text_;
  std::atomic<bool> stopping_{false};
  std::thread reader_;
};

}  // namespace doska::test
