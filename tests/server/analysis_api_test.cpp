// Live analysis over HTTP (docs/api.md): GET /api/analysis/events streams the position,
// then each depth's lines, until the client leaves or the server's time for it is up.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "api_fixture.h"

namespace doska::test {
namespace {

struct LiveEvents {
  int status = 0;
  std::string error;                              // the body of a refusal
  std::vector<std::pair<std::string, json>> got;  // name and data, in order

  int count(const std::string& name) const {
    int n = 0;
    for (const auto& [event, data] : got) n += event == name;
    return n;
  }
  const json* last(const std::string& name) const {
    const json* found = nullptr;
    for (const auto& [event, data] : got)
      if (event == name) found = &data;
    return found;
  }
};

// Reads the stream until `analyses` analysis events have come (0: to its end), then leaves.
LiveEvents read_live(int port, const std::string& query, int analyses) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(std::chrono::seconds(120));
  LiveEvents events;
  std::string buffer;
  client.Get(("/api/analysis/events?" + query).c_str(),
             [&](const httplib::Response& response) {
               events.status = response.status;
               return true;
             },
             [&](const char* data, std::size_t length) {
               buffer.append(data, length);
               if (events.status != 200) {
                 events.error = buffer;
                 return true;
               }
               for (auto end = buffer.find("\n\n"); end != std::string::npos;
                    end = buffer.find("\n\n")) {
                 const std::string block = buffer.substr(0, end);
                 buffer.erase(0, end + 2);
                 const auto name = block.find("event: "), data_at = block.find("\ndata: ");
                 if (name != 0 || data_at == std::string::npos) continue;  // a ping
                 events.got.emplace_back(block.substr(7, data_at - 7),
                                         json::parse(block.substr(data_at + 7)));
               }
               return analyses == 0 || events.count("analysis") < analyses;
             });
  return events;
}

TEST_F(ApiPlay, LiveAnalysisStreamsEachDepthsLinesAndFollowsTheMoves) {
  LiveEvents e = read_live(server_->port(), "variant=international&lines=2", 3);
  ASSERT_EQ(e.status, 200) << e.error;
  ASSERT_FALSE(e.got.empty());
  EXPECT_EQ(e.got[0].first, "position");  // first, with the board and the legal moves
  EXPECT_EQ(e.got[0].second["to_move"], "white");
  EXPECT_EQ(e.got[0].second["legal"].size(), 9u);
  ASSERT_EQ(e.count("analysis"), 3);
  int depth = 0;
  for (const auto& [name, data] : e.got) {
    if (name != "analysis") continue;
    EXPECT_GT(data["depth"].get<int>(), depth);  // deeper each time
    depth = data["depth"];
    ASSERT_EQ(data["lines"].size(), 2u);
    EXPECT_NE(data["lines"][0]["best"], data["lines"][1]["best"]);
    EXPECT_EQ(data["lines"][0]["path"].size(), 2u);
  }
  // After a move tried on the board: Black's position, Black's lines.
  e = read_live(server_->port(), "variant=international&lines=1&moves=32-28", 1);
  ASSERT_EQ(e.status, 200) << e.error;
  EXPECT_EQ(e.got[0].second["to_move"], "black");
  EXPECT_EQ(e.got[0].second["last"]["squares"], json({"32", "28"}));
  std::set<std::string> black_moves;
  for (const json& m : e.got[0].second["legal"]) black_moves.insert(m["text"]);
  const json* analysis = e.last("analysis");
  ASSERT_NE(analysis, nullptr);
  EXPECT_TRUE(black_moves.count((*analysis)["lines"][0]["best"])) << analysis->dump();
}

TEST_F(ApiPlay, LiveAnalysisEndsAtTheServersTimeAndIsRefusedLikeAnAnalysis) {
  // A game that is over: the stream says so and ends at once.
  LiveEvents over = read_live(server_->port(), "variant=russian&fen=W:Wa1:Bb2,c3", 0);
  ASSERT_EQ(over.status, 200) << over.error;
  ASSERT_NE(over.last("done"), nullptr);
  EXPECT_EQ((*over.last("done"))["reason"], "over");
  EXPECT_EQ(over.count("analysis"), 0);

  PersonGame g = people("russian");
  LiveEvents refused = read_live(server_->port(), "game=" + g.id, 0);
  EXPECT_EQ(refused.status, 409);
  EXPECT_NE(refused.error.find("between two people"), std::string::npos) << refused.error;
  LiveEvents bad = read_live(server_->port(), "variant=russian&moves=c3-d4%20c3-d4", 0);
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.error.find("move 2"), std::string::npos) << bad.error;
  EXPECT_EQ(read_live(server_->port(), "variant=russian&lines=6", 0).status, 400);
  EXPECT_EQ(read_live(server_->port(), "variant=nine", 0).status, 400);

  // A server that gives a live analysis one second: the stream ends by itself, with its reason.
  ServerProcess brief(temp_db("live-brief"), "/nonexistent-web-dir", {"--analysis-seconds", "1"});
  ASSERT_GT(brief.port(), 0);
  LiveEvents e = read_live(brief.port(), "variant=international&lines=5", 0);
  ASSERT_EQ(e.status, 200) << e.error;
  ASSERT_NE(e.last("done"), nullptr);
  EXPECT_EQ((*e.last("done"))["reason"], "time");
  EXPECT_EQ(brief.stop(), 0);
}

// Each stream holds one of the address's analyses while it lasts: the third at once is refused,
// and one more is taken when a client has left.
TEST_F(ApiPlay, LiveAnalysesCountAgainstTheAddresssAnalyses) {
  std::atomic<bool> leave{false};
  auto open_stream = [&](httplib::Client& client, std::atomic<int>& status) {
    // Held open for as long as the test needs: a read timeout of httplib's default (5 s) would
    // end a stream that waits quietly for a deeper depth (the server pings every 15 s), and give
    // its analysis back.
    client.set_read_timeout(std::chrono::seconds(120));
    return std::thread([&] {
      const auto r = client.Get(
          "/api/analysis/events?variant=international",
          [&](const httplib::Response& response) {
            status = response.status;
            return true;
          },
          [&](const char*, std::size_t) { return status == 200 && !leave; });
      if (!r && status == 0) status = -1;  // no answer at all
    });
  };
  httplib::Client a("127.0.0.1", server_->port()), b("127.0.0.1", server_->port());
  std::atomic<int> status_a{0}, status_b{0};
  std::thread ta = open_stream(a, status_a), tb = open_stream(b, status_b);
  // Each status comes with its stream's head, sent once the analysis is taken (a minute at most,
  // a bound against a hang).
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while ((status_a == 0 || status_b == 0) && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(status_a, 200);
  EXPECT_EQ(status_b, 200);
  EXPECT_EQ(read_live(server_->port(), "variant=international", 1).status, 429);
  // Both clients leave: at once (their sockets shut), else at their next event or ping.
  leave = true;
  a.stop();
  b.stop();
  ta.join();
  tb.join();
  // The server hears of it when it next reads or writes the streams: asked again until then.
  int status = 429;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (status == 429 && std::chrono::steady_clock::now() < until) {
    status = read_live(server_->port(), "variant=international", 1).status;
    if (status == 429) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(status, 200);
}

// GET /api/position/{game id}: the position's board and legal moves, no search, so no analysis
// slot is held (the explorer page asks one for each position it shows).
TEST_F(ApiPlay, APositionIsGivenWithoutASearch) {
  const Answer start = api_->get("/api/position/russian");
  ASSERT_EQ(start.status, 200) << start.text;
  EXPECT_EQ(start.body["to_move"], "white");
  EXPECT_EQ(start.body["legal"].size(), 7u);
  EXPECT_EQ(start.body["last"], nullptr);
  EXPECT_EQ(start.body["board"]["kind"], "square");
  EXPECT_FALSE(start.body.contains("lines"));
  const Answer after = api_->get("/api/position/russian?moves=c3-d4%20f6-g5");
  ASSERT_EQ(after.status, 200) << after.text;
  EXPECT_EQ(after.body["to_move"], "white");
  EXPECT_EQ(after.body["moves"], json({"c3-d4", "f6-g5"}));
  EXPECT_EQ(after.body["last"]["squares"], json({"f6", "g5"}));
  const Answer over = api_->get("/api/position/russian?fen=W:Wa1:Bb2,c3");
  ASSERT_EQ(over.status, 200) << over.text;
  EXPECT_TRUE(over.body["over"].get<bool>());
  EXPECT_TRUE(over.body["legal"].empty());
  const Answer bad = api_->get("/api/position/russian?moves=c3-d4%20c3-d4");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.text.find("move 2"), std::string::npos) << bad.text;
  EXPECT_EQ(api_->get("/api/position/russian?fen=W:Wz9:B1").status, 400);
  EXPECT_EQ(api_->get("/api/position/nine").status, 400);
  EXPECT_EQ(api_->post("/api/position/russian", std::string("{}")).status, 405);
  // More than the address's two analyses at once: each answered.
  for (int i = 0; i < 5; ++i) EXPECT_EQ(api_->get("/api/position/international").status, 200);
  // The explorer page's addresses are the app's (404 here: this server has no web folder).
  for (const char* path : {"/explorer", "/explorer/russian", "/explorer/mill-mixed"}) {
    const Answer page = api_->get(path);
    EXPECT_EQ(page.status, 404) << path;
    EXPECT_NE(page.text.find("browser app"), std::string::npos) << path << ": " << page.text;
  }
  EXPECT_EQ(api_->get("/explorer/russian/1").text.find("browser app"), std::string::npos);
}

}  // namespace
}  // namespace doska::test
