// The HTTP API of `doska serve` (docs/api.md), against the real program on a loopback port.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "server_process.h"

namespace doska::test {
namespace {

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
json wait_for_computer(Api& api, const std::string& id) {
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

TEST_F(ApiTest, ListsTheVariants) {
  Answer a = api_->get("/api/variants");
  ASSERT_EQ(a.status, 200);
  ASSERT_TRUE(a.body.is_array());
  std::vector<std::string> ids;
  for (const json& v : a.body) ids.push_back(v["id"]);
  EXPECT_EQ(ids.size(), 11u);
  const json& english = a.body[2];
  EXPECT_EQ(english["id"], "english");
  EXPECT_EQ(english["first"], "black");
  EXPECT_EQ(english["options"][0]["name"], "huffing");
  EXPECT_EQ(a.body[0]["board"]["width"], 10);
}

TEST_F(ApiTest, PersonGameMovesKeysAndTurns) {
  json created = create({{"variant", "international"}, {"opponent", {{"kind", "person"}}}});
  const std::string id = created["game"]["id"];
  const std::string white = created["keys"]["white"], black = created["keys"]["black"];
  EXPECT_EQ(white.size(), 32u);
  EXPECT_NE(white, black);
  EXPECT_EQ(created["links"]["black"], "/play/" + id + "?key=" + black);
  EXPECT_EQ(created["game"]["legal"].size(), 9u);
  EXPECT_EQ(created["game"]["board"]["cells"].size(), 50u);

  Answer moved = api_->post("/api/games/" + id + "/moves", json{{"key", white}, {"move", "32-28"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  EXPECT_EQ(moved.body["to_move"], "black");
  EXPECT_EQ(moved.body["moves"][0]["text"], "32-28");
  EXPECT_EQ(moved.body["last"]["squares"], json({"32", "28"}));

  // Not white's turn now; the wrong key; an illegal and an unreadable move.
  Answer again = api_->post("/api/games/" + id + "/moves", json{{"key", white}, {"move", "33-29"}});
  EXPECT_EQ(again.status, 409) << again.text;
  EXPECT_NE(again.body["error"].get<std::string>().find("turn"), std::string::npos);
  Answer wrong = api_->post("/api/games/" + id + "/moves",
                            json{{"key", std::string(32, '0')}, {"move", "19-23"}});
  EXPECT_EQ(wrong.status, 403) << wrong.text;
  Answer illegal = api_->post("/api/games/" + id + "/moves", json{{"key", black}, {"move", "1-7"}});
  EXPECT_EQ(illegal.status, 400) << illegal.text;
  EXPECT_FALSE(illegal.body["error"].get<std::string>().empty());
  Answer garbage = api_->post("/api/games/" + id + "/moves", json{{"key", black}, {"move", "zz"}});
  EXPECT_EQ(garbage.status, 400) << garbage.text;

  Answer reply = api_->post("/api/games/" + id + "/moves", json{{"key", black}, {"move", "19-23"}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  // 28x19 is now compulsory; its view names the captured square.
  bool found = false;
  for (const json& m : reply.body["legal"])
    if (m["text"] == "28x19") {
      found = true;
      EXPECT_EQ(m["captures"], json({"23"}));
      EXPECT_EQ(m["path"], json({"28", "19"}));
    }
  EXPECT_TRUE(found) << reply.body["legal"].dump();

  Answer got = api_->get("/api/games/" + id);
  EXPECT_EQ(got.status, 200);
  EXPECT_EQ(got.body["moves"].size(), 2u);
  EXPECT_EQ(got.body["version"], reply.body["version"]);

  Answer list = api_->get("/api/games");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.body["total"], 1);
  EXPECT_EQ(list.body["games"][0]["id"], id);
  EXPECT_EQ(list.body["games"][0]["plies"], 2);
}

TEST_F(ApiTest, ComputerReplies) {
  json created = create({{"variant", "russian"},
                         {"opponent", {{"kind", "computer"}, {"level", 1}}},
                         {"side", "white"}});
  const std::string id = created["game"]["id"];
  EXPECT_TRUE(created["keys"].contains("white"));
  EXPECT_FALSE(created["keys"].contains("black"));
  EXPECT_EQ(created["game"]["opponent"]["side"], "black");
  Answer moved = api_->post("/api/games/" + id + "/moves",
                            json{{"key", created["keys"]["white"]}, {"move", "c3-d4"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  const json game = wait_for_computer(*api_, id);
  EXPECT_FALSE(game["thinking"]);
  ASSERT_EQ(game["moves"].size(), 2u);
  EXPECT_EQ(game["moves"][1]["side"], "black");
  EXPECT_EQ(game["to_move"], "white");
}

TEST_F(ApiTest, ComputerMovesFirstWhenThePersonTakesBlack) {
  json created = create(
      {{"variant", "mill"}, {"opponent", {{"kind", "computer"}, {"level", 2}}}, {"side", "black"}});
  const json game = wait_for_computer(*api_, created["game"]["id"]);
  ASSERT_EQ(game["moves"].size(), 1u);
  EXPECT_EQ(game["to_move"], "black");
  EXPECT_EQ(game["board"]["kind"], "mill");
  EXPECT_EQ(game["board"]["hand"]["white"], 8);
}

TEST_F(ApiTest, BadRequestsGetAnErrorNamingTheProblem) {
  Answer a = api_->post("/api/games", std::string("{\"variant\": "));
  EXPECT_EQ(a.status, 400);
  EXPECT_EQ(a.body["error"], "the body is not valid JSON");
  a = api_->post("/api/games", json{{"opponent", {{"kind", "person"}}}});
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.text.find("variant"), std::string::npos);
  a = api_->post("/api/games", json{{"variant", "go"}});
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.text.find("unknown game"), std::string::npos);
  a = api_->post("/api/games", json{{"variant", "russian"}, {"fen", "W:Wz9"}});
  EXPECT_EQ(a.status, 400);
  a = api_->post("/api/games",
                 json{{"variant", "russian"}, {"opponent", {{"kind", "computer"}, {"level", 11}}}});
  EXPECT_EQ(a.status, 400);
  a = api_->post("/api/games", std::string(2 << 20, '['));
  EXPECT_EQ(a.status, 413);
  a = api_->post("/api/games", std::string(5000, '['));
  EXPECT_EQ(a.status, 400);
  a = api_->get("/api/games/nosuchgame");
  EXPECT_EQ(a.status, 404);
  EXPECT_FALSE(a.body["error"].get<std::string>().empty());
  a = api_->post("/api/games/nosuchgame/moves", json{{"key", "k"}, {"move", "c3-d4"}});
  EXPECT_EQ(a.status, 404);
  a = api_->get("/api/nothing");
  EXPECT_EQ(a.status, 404);
  json created = create({{"variant", "russian"}});
  a = api_->post("/api/games/" + created["game"]["id"].get<std::string>() + "/moves",
                 json{{"move", "c3-d4"}});
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.text.find("key"), std::string::npos);
}

TEST_F(ApiTest, PlayLinkServesTheAppOr404) {
  Answer a = api_->get("/play/abc123");
  EXPECT_EQ(a.status, 404);  // this server has no web directory
  EXPECT_NE(a.text.find("index.html"), std::string::npos);
}

}  // namespace
}  // namespace doska::test
