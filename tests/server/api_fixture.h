// The test fixture of the HTTP API tests: a `doska serve` on a loopback port with a fresh
// database, its client, and games between people to play in.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "server_process.h"

namespace doska::test {

using nlohmann::json;

struct Answer {
  int status = 0;
  json body;
  std::string text;
};

class Api {
 public:
  explicit Api(int port) : client_("127.0.0.1", port) {
    client_.set_read_timeout(std::chrono::seconds(60));
  }
  Answer get(const std::string& path) { return answer(client_.Get(path.c_str())); }
  Answer post(const std::string& path, const std::string& body) {
    return answer(client_.Post(path.c_str(), body, "application/json"));
  }
  Answer post(const std::string& path, const json& body) { return post(path, body.dump()); }
  httplib::Client& client() { return client_; }

 private:
  static Answer answer(const httplib::Result& r) {
    Answer a;
    if (!r) return a;
    a.status = r->status;
    a.text = r->body;
    a.body = json::parse(r->body, nullptr, false);
    return a;
  }
  httplib::Client client_;
};

// Polls the game until the computer has answered (no timing is asserted: the wait is long).
inline json wait_for_computer(Api& api, const std::string& id) {
  json game;
  for (int i = 0; i < 1200; ++i) {
    game = api.get("/api/games/" + id).body;
    if (!game.value("thinking", true)) return game;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return game;
}

class ApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(
        temp_db(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    ASSERT_GT(server_->port(), 0) << "doska serve did not print its address";
    api_ = std::make_unique<Api>(server_->port());
  }
  void TearDown() override {
    api_.reset();
    if (server_) {
      EXPECT_EQ(server_->stop(), 0);
    }
  }
  json create(const json& request) {
    Answer a = api_->post("/api/games", request);
    EXPECT_EQ(a.status, 201) << a.text;
    return a.body;
  }

  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<Api> api_;
};

struct PersonGame {
  std::string id, white, black;
};

class ApiPlay : public ApiTest {
 protected:
  PersonGame people(const std::string& variant, const json& extra = json::object()) {
    json request = {{"variant", variant}, {"opponent", {{"kind", "person"}}}};
    request.update(extra);
    json created = create(request);
    return PersonGame{created["game"]["id"], created["keys"]["white"], created["keys"]["black"]};
  }
  Answer move(const std::string& id, const std::string& key, const std::string& text) {
    return api_->post("/api/games/" + id + "/moves", json{{"key", key}, {"move", text}});
  }
  Answer draw(const std::string& id, const std::string& key, const std::string& action) {
    return api_->post("/api/games/" + id + "/draw", json{{"key", key}, {"action", action}});
  }
};

}  // namespace doska::test
