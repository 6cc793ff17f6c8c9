// Puzzles through the API against a real `doska serve` (docs/api.md, Puzzles): a puzzle solved a
// move at a time and one failed, both ratings moving the way the result says, only the first
// attempt rated, the day's puzzle, a visitor's unrated play, the theme filter, a mill puzzle, the
// refusals, the throttle and a player's rating history. The solutions come from the shipped files
// (data/puzzles/).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "api_fixture.h"
#include "player_client.h"
#include "puzzles/puzzle.h"
#include "server/puzzles/puzzles.h"

namespace doska::test {
namespace {

// The shipped puzzle of `id` ("mill-4"), from the source tree's file.
puzzles::Puzzle puzzle_api_shipped(const std::string& id) {
  const std::string game = id.substr(0, id.rfind('-'));
  auto all =
      puzzles::load_file(puzzles::file_for(game, std::string(DOSKA_SOURCE_DIR) + "/data/puzzles"));
  EXPECT_TRUE(all) << all.error();
  if (all)
    for (const puzzles::Puzzle& p : *all)
      if (p.id == id) return p;
  ADD_FAILURE() << "no shipped puzzle " << id;
  return {};
}

class PuzzleApi : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(
        temp_db(::testing::UnitTest::GetInstance()->current_test_info()->name()),
        "/nonexistent-web-dir", std::vector<std::string>{"--no-throttle"});
    ASSERT_GT(server_->port(), 0);
  }
  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0);
    }
  }
  // The player's moves of `p`'s line one at a time, each answer checked: right with the
  // opponent's reply, then solved at the last. The last answer.
  json solve(Player& player, const puzzles::Puzzle& p) {
    std::vector<std::string> mine;
    json answer;
    for (std::size_t i = 0; i < p.line.size(); i += 2) {
      mine.push_back(p.line[i]);
      const Answer a = player.post("/api/puzzles/" + p.id + "/attempt", json{{"moves", mine}});
      EXPECT_EQ(a.status, 200) << a.text;
      answer = a.body;
      if (i + 1 < p.line.size()) {
        EXPECT_EQ(answer["result"], "right") << a.text;
        EXPECT_EQ(answer["reply"], p.line[i + 1]);
        EXPECT_FALSE(answer.contains("solution")) << "the line given away before it is played";
        EXPECT_FALSE(answer["legal"].empty());
      }
    }
    EXPECT_EQ(answer["result"], "solved") << answer.dump();
    EXPECT_EQ(answer["solution"], p.line);
    return answer;
  }
  // A legal move of the puzzle's start that is not the line's first.
  static std::string wrong_move(const json& puzzle, const puzzles::Puzzle& p) {
    for (const json& m : puzzle["legal"])
      if (m["text"] != p.line[0]) return m["text"];
    ADD_FAILURE() << p.id << " has one legal move only";
    return "";
  }
  Player player(const std::string& name) {
    Player p(server_->port());
    EXPECT_EQ(p.register_as(name).status, 201);
    return p;
  }

  std::unique_ptr<ServerProcess> server_;
};

TEST_F(PuzzleApi, ListsTheShippedGamesWithTheirThemes) {
  Player visitor(server_->port());
  const Answer a = visitor.get("/api/puzzles");
  ASSERT_EQ(a.status, 200) << a.text;
  std::set<std::string> games;
  for (const json& g : a.body["games"]) {
    games.insert(g["game"].get<std::string>());
    EXPECT_GT(g["count"].get<int>(), 0);
  }
  for (const char* game : {"international", "russian", "english", "mill"})
    EXPECT_TRUE(games.count(game)) << game;
}

// This server has no web folder: the page's addresses answer 404 naming the missing app.
TEST_F(PuzzleApi, ThePageIsServedAtPuzzlesAndPuzzlesOfAGame) {
  Player visitor(server_->port());
  for (const char* path : {"/puzzles", "/puzzles/mill", "/puzzles/international-giveaway"}) {
    const Answer a = visitor.get(path);
    EXPECT_EQ(a.status, 404) << path;
    EXPECT_NE(a.text.find("browser app"), std::string::npos) << path << ": " << a.text;
  }
  EXPECT_EQ(visitor.get("/puzzles/mill/1").text.find("browser app"), std::string::npos);
}

TEST_F(PuzzleApi, SolvedRaisesThePlayersRatingAndLowersThePuzzles) {
  Player ann = player("ann");
  const Answer next = ann.get("/api/puzzles/russian/next");
  ASSERT_EQ(next.status, 200) << next.text;
  EXPECT_EQ(next.body["player"]["rating"], 1500);
  EXPECT_FALSE(next.body.contains("solution"));
  EXPECT_FALSE(next.body.contains("line"));
  const puzzles::Puzzle p = puzzle_api_shipped(next.body["id"]);
  EXPECT_EQ(next.body["fen"], p.fen);
  EXPECT_EQ(next.body["moves"], (p.line.size() + 1) / 2);
  const int puzzle_before = next.body["rating"];
  const json done = solve(ann, p);
  EXPECT_TRUE(done["rated"]);
  EXPECT_EQ(done["player"]["before"], 1500);
  EXPECT_GT(done["player"]["rating"].get<int>(), 1500);
  EXPECT_GT(done["player"]["diff"].get<int>(), 0);
  EXPECT_LT(done["puzzle_rating"].get<int>(), puzzle_before);
  // The next puzzle's view shows the new rating.
  EXPECT_EQ(ann.get("/api/puzzles/russian/next").body["player"]["rating"],
            done["player"]["rating"]);
}

TEST_F(PuzzleApi, FailedLowersThePlayersRatingAndRaisesThePuzzles) {
  Player bob = player("bob");
  const Answer next = bob.get("/api/puzzles/international/next");
  ASSERT_EQ(next.status, 200) << next.text;
  const puzzles::Puzzle p = puzzle_api_shipped(next.body["id"]);
  const std::string wrong = wrong_move(next.body, p);
  const Answer a = bob.post("/api/puzzles/" + p.id + "/attempt", json{{"moves", {wrong}}});
  ASSERT_EQ(a.status, 200) << a.text;
  EXPECT_EQ(a.body["result"], "failed");
  EXPECT_EQ(a.body["move"], wrong);
  EXPECT_EQ(a.body["expected"], p.line[0]);
  EXPECT_EQ(a.body["solution"], p.line);
  EXPECT_TRUE(a.body["rated"]);
  EXPECT_LT(a.body["player"]["rating"].get<int>(), 1500);
  EXPECT_LT(a.body["player"]["diff"].get<int>(), 0);
  EXPECT_GT(a.body["puzzle_rating"].get<int>(), next.body["rating"].get<int>());
}

TEST_F(PuzzleApi, OnlyTheFirstAttemptIsRatedAndAnAttemptedPuzzleIsNotOfferedAgain) {
  Player cid = player("cid");
  const Answer next = cid.get("/api/puzzles/english/next");
  ASSERT_EQ(next.status, 200) << next.text;
  const puzzles::Puzzle p = puzzle_api_shipped(next.body["id"]);
  const Answer failed =
      cid.post("/api/puzzles/" + p.id + "/attempt", json{{"moves", {wrong_move(next.body, p)}}});
  ASSERT_EQ(failed.body["result"], "failed") << failed.text;
  const int after_failure = failed.body["player"]["rating"];
  const json again = solve(cid, p);
  EXPECT_FALSE(again["rated"]);
  EXPECT_EQ(again["player"]["diff"], 0);
  EXPECT_EQ(again["player"]["rating"], after_failure);
  EXPECT_EQ(again["puzzle_rating"], failed.body["puzzle_rating"]);
  for (int i = 0; i < 15; ++i) EXPECT_NE(cid.get("/api/puzzles/english/next").body["id"], p.id);
}

TEST_F(PuzzleApi, TheDailyPuzzleIsTheSameAllDayAndFollowsFromTheDate) {
  Player visitor(server_->port());
  const Answer today = visitor.get("/api/puzzles/mill/daily");
  ASSERT_EQ(today.status, 200) << today.text;
  EXPECT_EQ(visitor.get("/api/puzzles/mill/daily").body["id"], today.body["id"]);
  const Answer fixed = visitor.get("/api/puzzles/mill/daily?date=2026-11-29");
  ASSERT_EQ(fixed.status, 200) << fixed.text;
  auto all = puzzles::load_file(std::string(DOSKA_SOURCE_DIR) + "/data/puzzles/mill.txt");
  ASSERT_TRUE(all) << all.error();
  EXPECT_EQ(fixed.body["id"], (*all)[server::daily_index("2026-11-29", all->size())].id);
  EXPECT_EQ(fixed.body["date"], "2026-11-29");
  EXPECT_EQ(visitor.get("/api/puzzles/mill/daily?date=2026-11-29").body["id"], fixed.body["id"]);
  const Answer bad = visitor.get("/api/puzzles/mill/daily?date=29.11.2026");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body["code"], "bad_date");
}

TEST_F(PuzzleApi, AVisitorPlaysWithoutARating) {
  Player visitor(server_->port());
  const Answer next = visitor.get("/api/puzzles/russian/next");
  ASSERT_EQ(next.status, 200) << next.text;
  EXPECT_TRUE(next.body["player"].is_null());
  const json done = solve(visitor, puzzle_api_shipped(next.body["id"]));
  EXPECT_FALSE(done["rated"]);
  EXPECT_FALSE(done.contains("player"));
}

TEST_F(PuzzleApi, TheThemeFilterGivesOnlyThatTheme) {
  Player visitor(server_->port());
  const json games = visitor.get("/api/puzzles").body["games"];
  for (const json& g : games) {
    for (const json& theme : g["themes"]) {
      const std::string path = "/api/puzzles/" + g["game"].get<std::string>() +
                               "/next?theme=" + theme.get<std::string>();
      for (int i = 0; i < 3; ++i) {
        const Answer a = visitor.get(path);
        ASSERT_EQ(a.status, 200) << path << " " << a.text;
        const auto themes = a.body["themes"].get<std::vector<std::string>>();
        EXPECT_TRUE(std::count(themes.begin(), themes.end(), theme.get<std::string>())) << path;
      }
    }
  }
  const Answer bad = visitor.get("/api/puzzles/mill/next?theme=no-such-theme");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body["code"], "bad_theme");
}

// mill-4: a placement, the opponent's placement closing a mill and removing, a placement.
TEST_F(PuzzleApi, AMillPuzzleWithAnOpponentsMillIsSolved) {
  Player dan = player("dan");
  const puzzles::Puzzle p = puzzle_api_shipped("mill-4");
  ASSERT_EQ(p.line.size(), 3u);
  const json done = solve(dan, p);
  EXPECT_TRUE(done["rated"]);
  EXPECT_GT(done["player"]["diff"].get<int>(), 0);
}

TEST_F(PuzzleApi, BadRequestsAreRefusedWithNamedErrors) {
  Player eve = player("eve");
  const puzzles::Puzzle p = puzzle_api_shipped("mill-4");
  const std::string attempt = "/api/puzzles/mill-4/attempt";
  struct Case {
    std::string body;
    int status;
    std::string code;
  };
  const std::vector<Case> cases = {
      {"not json", 400, "bad_attempt"},
      {"[]", 400, "bad_attempt"},
      {"{}", 400, "bad_attempt"},
      {R"({"moves": "c3"})", 400, "bad_attempt"},
      {R"({"moves": []})", 400, "bad_attempt"},
      {R"({"moves": [3]})", 400, "bad_attempt"},
      {R"({"moves": ["c 3"]})", 400, "bad_attempt"},
      {R"({"moves": ["c3", "c3", "c3"]})", 400, "bad_attempt"},  // it asks for two moves
      {R"({"moves": ["z9"]})", 400, "illegal_move"},
  };
  httplib::Client raw("127.0.0.1", server_->port());
  for (const Case& c : cases) {
    httplib::Headers headers{{"Cookie", eve.cookie()},
                             {"Origin", "http://127.0.0.1:" + std::to_string(server_->port())}};
    const auto r = raw.Post(attempt.c_str(), headers, c.body, "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, c.status) << c.body << " " << r->body;
    EXPECT_EQ(json::parse(r->body, nullptr, false)["code"], c.code) << c.body;
  }
  std::string long_move(100, 'a');
  EXPECT_EQ(eve.post(attempt, json{{"moves", {long_move}}}).body["code"], "bad_attempt");
  EXPECT_EQ(eve.post("/api/puzzles/mill-99999/attempt", json{{"moves", {"c3"}}}).body["code"],
            "puzzle_not_found");
  EXPECT_EQ(eve.post("/api/puzzles/nothing/attempt", json{{"moves", {"c3"}}}).status, 404);
  EXPECT_EQ(eve.get("/api/puzzles/no-such-game/next").body["code"], "unknown_variant");
  EXPECT_EQ(eve.get("/api/puzzles/wolf-sheep/next").body["code"], "no_puzzles");
  EXPECT_EQ(eve.get("/api/puzzles/mill/attempt").status, 405);
  // A POST with a session from another site.
  const Answer foreign = eve.post(attempt, json{{"moves", {p.line[0]}}}, false);
  EXPECT_EQ(foreign.status, 403);
  EXPECT_EQ(foreign.body["code"], "cross_origin");
}

// GET /api/puzzles/{game}/history: the player's rating after each rated attempt, oldest first,
// the unrated attempt again left out; a visitor is refused 401, a game without puzzles 404.
TEST_F(PuzzleApi, TheRatingHistoryHasAPointForEachRatedAttempt) {
  Player fay = player("fay");
  const Answer empty = fay.get("/api/puzzles/russian/history");
  ASSERT_EQ(empty.status, 200) << empty.text;
  EXPECT_EQ(empty.body["game"], "russian");
  EXPECT_EQ(empty.body["rating"], 1500);
  EXPECT_EQ(empty.body["plays"], 0);
  EXPECT_EQ(empty.body["points"], json::array());

  const Answer first = fay.get("/api/puzzles/russian/next");
  ASSERT_EQ(first.status, 200) << first.text;
  const puzzles::Puzzle solved = puzzle_api_shipped(first.body["id"]);
  const json done = solve(fay, solved);
  ASSERT_TRUE(done["rated"]);
  const Answer second = fay.get("/api/puzzles/russian/next");
  ASSERT_EQ(second.status, 200) << second.text;
  const puzzles::Puzzle missed = puzzle_api_shipped(second.body["id"]);
  ASSERT_NE(missed.id, solved.id);
  const Answer failed = fay.post("/api/puzzles/" + missed.id + "/attempt",
                                 json{{"moves", {wrong_move(second.body, missed)}}});
  ASSERT_EQ(failed.body["result"], "failed") << failed.text;
  EXPECT_FALSE(solve(fay, solved)["rated"]);  // again: not a point of the history

  const Answer history = fay.get("/api/puzzles/russian/history");
  ASSERT_EQ(history.status, 200) << history.text;
  EXPECT_EQ(history.body["rating"], failed.body["player"]["rating"]);
  EXPECT_EQ(history.body["plays"], 2);
  const json& points = history.body["points"];
  ASSERT_EQ(points.size(), 2u) << history.text;
  EXPECT_EQ(points[0]["puzzle"], solved.id);
  EXPECT_EQ(points[0]["solved"], true);
  EXPECT_EQ(points[0]["rating"], done["player"]["rating"]);
  EXPECT_EQ(points[1]["puzzle"], missed.id);
  EXPECT_EQ(points[1]["solved"], false);
  EXPECT_EQ(points[1]["rating"], failed.body["player"]["rating"]);
  EXPECT_LE(points[0]["at_ms"].get<std::int64_t>(), points[1]["at_ms"].get<std::int64_t>());
  // Another game's history is its own.
  EXPECT_EQ(fay.get("/api/puzzles/mill/history").body["points"], json::array());

  Player visitor(server_->port());
  const Answer refused = visitor.get("/api/puzzles/russian/history");
  EXPECT_EQ(refused.status, 401);
  EXPECT_EQ(refused.body["code"], "not_logged_in");
  EXPECT_EQ(fay.get("/api/puzzles/wolf-sheep/history").body["code"], "no_puzzles");
  EXPECT_EQ(fay.get("/api/puzzles/no-such-game/history").body["code"], "unknown_variant");
  EXPECT_EQ(fay.post("/api/puzzles/russian/history", json::object()).status, 405);
}

// With the throttle on (no --no-throttle): kPuzzleAttemptsPerMinute moves from one address in a
// minute, then 429 with Retry-After.
TEST(PuzzleApiThrottle, AttemptsFromOneAddressAreBounded) {
  ServerProcess server(temp_db("PuzzleApiThrottle"));
  ASSERT_GT(server.port(), 0);
  Player visitor(server.port());
  const puzzles::Puzzle p = puzzle_api_shipped("mill-4");
  int refused = 0;
  for (int i = 0; i < server::kPuzzleAttemptsPerMinute + 1; ++i) {
    const Answer a = visitor.post("/api/puzzles/mill-4/attempt", json{{"moves", {p.line[0]}}});
    if (a.status == 429) {
      ++refused;
      EXPECT_EQ(a.body["code"], "too_many_attempts");
      EXPECT_FALSE(visitor.last_retry_after.empty());
    }
  }
  EXPECT_EQ(refused, 1);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace doska::test
