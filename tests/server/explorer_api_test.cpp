// The opening explorer against a real `doska serve` (docs/api.md, Opening explorer), on SQLite
// and on PostgreSQL: russian games played to the end through the API (resignations, a draw by
// agreement, a rated game between two accounts, an aborted one and one too short), then the
// moves from the start and after a move with their counts, results and average rating, a
// transposition meeting the same entry, the book's move where the game has a book, the refusals,
// and `doska explorer rebuild` giving the same index.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

#include "api_fixture.h"
#include "games/session.h"
#include "storage_backends.h"
#include "support/doska_command.h"

namespace doska::test {
namespace {

// A browser with a session: the cookie of its registration, and the server's Origin on a POST.
class ExplorerAccount {
 public:
  explicit ExplorerAccount(int port)
      : client_("127.0.0.1", port), origin_("http://127.0.0.1:" + std::to_string(port)) {
    client_.set_read_timeout(std::chrono::seconds(60));
  }
  Answer post(const std::string& path, const json& body) {
    httplib::Headers headers{{"Origin", origin_}};
    if (!cookie_.empty()) headers.emplace("Cookie", cookie_);
    auto r = client_.Post(path.c_str(), headers, body.dump(), "application/json");
    Answer a;
    if (!r) return a;
    a.status = r->status;
    a.text = r->body;
    a.body = json::parse(r->body, nullptr, false);
    const std::string set = r->get_header_value("Set-Cookie");
    if (!set.empty()) cookie_ = set.substr(0, set.find(';'));
    return a;
  }

 private:
  httplib::Client client_;
  std::string origin_;
  std::string cookie_;
};

std::string explorer_fen_after(const std::string& game, const std::vector<std::string>& moves) {
  auto session = new_session(game);
  EXPECT_TRUE(session) << session.error();
  for (const std::string& m : moves) EXPECT_TRUE((*session)->play(m)) << m;
  return (*session)->fen();
}

std::string explorer_query_text(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_') {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

const json* explorer_move(const json& answer, const std::string& move) {
  for (const json& m : answer["moves"])
    if (m["move"] == move) return &m;
  return nullptr;
}

class ExplorerApi : public StorageBackends {
 protected:
  void start(const std::string& db) {
    server_ = std::make_unique<ServerProcess>(db);
    ASSERT_GT(server_->port(), 0) << "doska serve did not print its address";
    api_ = std::make_unique<Api>(server_->port());
  }
  void stop() {
    api_.reset();
    if (server_) {
      EXPECT_EQ(server_->stop(), 0);
    }
    server_.reset();
  }
  void TearDown() override {
    stop();
    StorageBackends::TearDown();
  }
  struct Seated {
    std::string id, white, black;
  };
  Seated people() {
    Answer a =
        api_->post("/api/games", json{{"variant", "russian"}, {"opponent", {{"kind", "person"}}}});
    EXPECT_EQ(a.status, 201) << a.text;
    return Seated{a.body["game"]["id"], a.body["keys"]["white"], a.body["keys"]["black"]};
  }
  void play(const Seated& g, const std::vector<std::string>& moves) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      Answer a = api_->post("/api/games/" + g.id + "/moves",
                            json{{"key", i % 2 == 0 ? g.white : g.black}, {"move", moves[i]}});
      ASSERT_EQ(a.status, 200) << moves[i] << ": " << a.text;
    }
  }
  void resign(const Seated& g, const std::string& key) {
    Answer a = api_->post("/api/games/" + g.id + "/resign", json{{"key", key}});
    ASSERT_EQ(a.status, 200) << a.text;
  }
  json explore(const std::string& game, const std::optional<std::string>& fen = std::nullopt) {
    const std::string path =
        "/api/explorer/" + game + (fen ? "?fen=" + explorer_query_text(*fen) : "");
    Answer a = api_->get(path);
    EXPECT_EQ(a.status, 200) << path << ": " << a.text;
    return a.body;
  }
  // Polls until the start position counts `games` games (the explorer hears the ends on the
  // hub's thread, after the answers; no time is asserted).
  json wait_for_games(int games) {
    json answer;
    for (int i = 0; i < 3000; ++i) {
      answer = explore("russian");
      if (answer.value("games", -1) >= games) return answer;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return answer;
  }
  // Five games: c3-d4 won by White, a3-b4 won by Black reaching c3-d4's position after three
  // plies, c3-d4 drawn by agreement, a rated e3-f4 won by White (both players at 1500), and one
  // aborted and one of two plies, which do not count.
  void play_the_games() {
    Seated one = people();
    play(one, {"c3-d4", "f6-g5", "a3-b4", "g7-f6"});
    resign(one, one.black);
    Seated two = people();
    play(two, {"a3-b4", "f6-g5", "c3-d4", "g7-f6"});
    resign(two, two.white);
    Seated three = people();
    play(three, {"c3-d4", "f6-g5", "b2-c3", "g7-f6"});
    ASSERT_EQ(api_->post("/api/games/" + three.id + "/draw",
                         json{{"key", three.white}, {"action", "offer"}})
                  .status,
              200);
    Answer agreed = api_->post("/api/games/" + three.id + "/draw",
                               json{{"key", three.black}, {"action", "accept"}});
    ASSERT_EQ(agreed.status, 200) << agreed.text;
    Seated short_one = people();
    play(short_one, {"g3-h4", "b6-a5"});
    resign(short_one, short_one.white);

    ExplorerAccount ann(server_->port()), bob(server_->port());
    ASSERT_EQ(ann.post("/api/account/register",
                       json{{"name", "explorer_ann"}, {"password", "correct horse"}})
                  .status,
              201);
    ASSERT_EQ(bob.post("/api/account/register",
                       json{{"name", "explorer_bob"}, {"password", "correct horse"}})
                  .status,
              201);
    const json seek = {{"variant", "russian"},
                       {"rated", true},
                       {"clock", {{"initial_s", 180}, {"increment_s", 2}}}};
    Answer made = ann.post("/api/seeks/quick", seek);
    ASSERT_EQ(made.status, 201) << made.text;
    Answer joined = bob.post("/api/seeks/quick", seek);
    ASSERT_EQ(joined.status, 201) << joined.text;
    ASSERT_TRUE(joined.body.contains("game")) << joined.text;
    Answer creator = api_->get("/api/seeks/" + made.body["seek"]["id"].get<std::string>() +
                               "?key=" + made.body["key"].get<std::string>());
    Seated rated;
    rated.id = joined.body["game"]["id"];
    const std::string bob_side = joined.body["side"];
    (bob_side == "white" ? rated.white : rated.black) = joined.body["keys"][bob_side];
    (bob_side == "white" ? rated.black : rated.white) = creator.body["key"];
    play(rated, {"e3-f4", "b6-a5", "g3-h4", "a7-b6"});
    resign(rated, rated.black);
    // Aborted before either side moved.
    ASSERT_EQ(ann.post("/api/seeks/quick", seek).status, 201);
    Answer again = bob.post("/api/seeks/quick", seek);
    ASSERT_EQ(again.status, 201) << again.text;
    const std::string side = again.body["side"];
    Answer aborted =
        api_->post("/api/games/" + again.body["game"]["id"].get<std::string>() + "/abort",
                   json{{"key", again.body["keys"][side]}});
    ASSERT_EQ(aborted.status, 200) << aborted.text;
  }

  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<Api> api_;
};

TEST_P(ExplorerApi, CountsResultsAndRatingsOfTheMovesPlayedFromAPosition) {
  const std::string db = target("explorer_counts");
  start(db);
  play_the_games();
  const json from_start = wait_for_games(4);
  EXPECT_EQ(from_start["games"], 4) << from_start.dump();
  EXPECT_EQ(from_start["fen"], explorer_fen_after("russian", {}));
  EXPECT_TRUE(from_start["book"].is_null());  // russian has no opening book
  ASSERT_EQ(from_start["moves"].size(), 3u) << from_start.dump();
  EXPECT_EQ(from_start["moves"][0]["move"], "c3-d4");  // the most played first
  const json* c3d4 = explorer_move(from_start, "c3-d4");
  ASSERT_NE(c3d4, nullptr);
  EXPECT_EQ((*c3d4)["games"], 2);
  EXPECT_EQ((*c3d4)["white"], 1);
  EXPECT_EQ((*c3d4)["draws"], 1);
  EXPECT_EQ((*c3d4)["black"], 0);
  EXPECT_TRUE((*c3d4)["rating"].is_null());  // games without accounts
  const json* a3b4 = explorer_move(from_start, "a3-b4");
  ASSERT_NE(a3b4, nullptr);
  EXPECT_EQ((*a3b4)["games"], 1);
  EXPECT_EQ((*a3b4)["black"], 1);
  const json* e3f4 = explorer_move(from_start, "e3-f4");
  ASSERT_NE(e3f4, nullptr);
  EXPECT_EQ((*e3f4)["white"], 1);
  EXPECT_EQ((*e3f4)["rating"], 1500);  // both players' ratings as the game began
  EXPECT_EQ(explorer_move(from_start, "g3-h4"), nullptr);  // two plies: not counted

  const json after = explore("russian", explorer_fen_after("russian", {"c3-d4"}));
  EXPECT_EQ(after["games"], 2);
  ASSERT_EQ(after["moves"].size(), 1u);
  EXPECT_EQ(after["moves"][0]["move"], "f6-g5");
  EXPECT_EQ(after["moves"][0]["white"], 1);
  EXPECT_EQ(after["moves"][0]["draws"], 1);

  // c3-d4 f6-g5 a3-b4 and a3-b4 f6-g5 c3-d4: one position, one entry.
  const std::string one = explorer_fen_after("russian", {"c3-d4", "f6-g5", "a3-b4"});
  EXPECT_EQ(one, explorer_fen_after("russian", {"a3-b4", "f6-g5", "c3-d4"}));
  const json met = explore("russian", one);
  ASSERT_EQ(met["moves"].size(), 1u) << met.dump();
  EXPECT_EQ(met["moves"][0]["move"], "g7-f6");
  EXPECT_EQ(met["moves"][0]["games"], 2);
  EXPECT_EQ(met["moves"][0]["white"], 1);
  EXPECT_EQ(met["moves"][0]["black"], 1);
  // After the last counted ply nothing was played.
  const json end =
      explore("russian", explorer_fen_after("russian", {"c3-d4", "f6-g5", "a3-b4", "g7-f6"}));
  EXPECT_EQ(end["games"], 0);
  EXPECT_TRUE(end["moves"].empty());

  // The rebuild from the stored games gives the same index.
  std::vector<json> before = {from_start, after, met};
  stop();
  const CommandRun rebuilt = run_doska({"explorer", "rebuild", "--db", db});
  ASSERT_EQ(rebuilt.status, 0) << rebuilt.err;
  EXPECT_NE(rebuilt.out.find("explorer: 4 games indexed"), std::string::npos) << rebuilt.out;
  start(db);
  EXPECT_EQ(explore("russian"), before[0]);
  EXPECT_EQ(explore("russian", explorer_fen_after("russian", {"c3-d4"})), before[1]);
  EXPECT_EQ(explore("russian", one), before[2]);
}

TEST_P(ExplorerApi, TheBookMoveAndTheRefusals) {
  start(target("explorer_refusals"));
  // english's book holds the start: 11-15 (data/book/english.txt).
  const json english = explore("english");
  ASSERT_TRUE(english["book"].is_object()) << english.dump();
  EXPECT_EQ(english["book"]["move"], "11-15");
  EXPECT_EQ(english["book"]["value"], 2);
  EXPECT_EQ(english["games"], 0);
  EXPECT_TRUE(english["moves"].empty());
  EXPECT_TRUE(explore("chess100")["book"].is_null());

  Answer unknown = api_->get("/api/explorer/checkers");
  EXPECT_EQ(unknown.status, 400);
  EXPECT_EQ(unknown.body["code"], "unknown_variant");
  EXPECT_NE(unknown.body["error"].get<std::string>().find("checkers"), std::string::npos);
  Answer bad = api_->get("/api/explorer/russian?fen=" + explorer_query_text("W:Wz9:B1"));
  EXPECT_EQ(bad.status, 400) << bad.text;
  EXPECT_EQ(bad.body["code"], "bad_fen");
  Answer empty = api_->get("/api/explorer/russian?fen=");
  EXPECT_EQ(empty.status, 400);
  EXPECT_EQ(empty.body["code"], "bad_fen");
  Answer long_fen = api_->get("/api/explorer/russian?fen=" + std::string(300, 'W'));
  EXPECT_EQ(long_fen.status, 400);
  EXPECT_EQ(long_fen.body["code"], "bad_fen");
  EXPECT_EQ(api_->post("/api/explorer/russian", json::object()).status, 405);
}

INSTANTIATE_TEST_SUITE_P(Backends, ExplorerApi,
                         ::testing::Values(Backend::sqlite, Backend::postgres), backend_name);

}  // namespace
}  // namespace doska::test
