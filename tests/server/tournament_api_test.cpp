// Tournaments through the API against a real `doska serve` (docs/api.md, Tournaments): a Swiss of
// six accounts over three rounds and a small arena, every game played by the test through the
// players' keys to its end, the pairings checked against the hand-made ones of
// tests/tournament/swiss_test.cpp, and a restart in the middle.
#include <set>

#include "tournament_fixture.h"

namespace doska::test {
namespace {

// Six new accounts (all rated 1500, so seeded in the order they joined: ann, bob, cid, dan, eve,
// fay as A..F of Swiss.SixPlayersThreeRoundsDutchPairingsAndColours) play the same results, and
// the server pairs the same rounds with the same colours; the table at the end is the same, and
// the games were rated.
TEST_F(TournamentApi, SwissOfSixThreeRoundsPlayedToTheEnd) {
  const std::vector<std::string> names{"ann", "bob", "cid", "dan", "eve", "fay"};
  for (const std::string& n : names) add(n);
  Answer made =
      p("ann").post("/api/tournaments", json{{"name", "Sunday Swiss"},
                                             {"variant", "mill"},
                                             {"clock", {{"initial_s", 300}, {"increment_s", 0}}},
                                             {"system", "swiss"},
                                             {"rounds", 3},
                                             {"starts_in_s", 3600}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  EXPECT_EQ(made.body["status"], "created");
  for (const std::string& n : names)
    ASSERT_EQ(p(n).post("/api/tournaments/" + id + "/join", json::object()).status, 200) << n;
  EXPECT_EQ(p("bob").post("/api/tournaments/" + id + "/start", json::object()).status, 403);
  Answer started = p("ann").post("/api/tournaments/" + id + "/start", json::object());
  ASSERT_EQ(started.status, 200) << started.text;
  EXPECT_EQ(started.body["status"], "started");

  EXPECT_EQ(round_of(started.body, 1), (std::vector<std::string>{"ann-dan", "eve-bob", "cid-fay"}));
  play(id, "ann", "dan", "1-0");
  play(id, "eve", "bob", "1/2");
  play(id, "cid", "fay", "0-1");
  json v = wait_for_boards(id, 6);
  EXPECT_EQ(round_of(v, 2), (std::vector<std::string>{"fay-ann", "bob-cid", "dan-eve"}));

  // The tournament goes on after a restart, with its games.
  restart();
  play(id, "fay", "ann", "1/2");
  play(id, "bob", "cid", "1-0");
  play(id, "dan", "eve", "1-0");
  v = wait_for_boards(id, 9);
  EXPECT_EQ(round_of(v, 3), (std::vector<std::string>{"ann-bob", "dan-fay", "eve-cid"}));
  play(id, "ann", "bob", "1-0");
  play(id, "dan", "fay", "1/2");
  play(id, "eve", "cid", "0-1");

  v = wait_for_status(id, "finished");
  ASSERT_EQ(v["status"], "finished");
  std::vector<std::string> order;
  std::vector<double> points;
  for (const json& row : v["standings"]) {
    order.push_back(row["name"]);
    points.push_back(row["points"]);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"ann", "fay", "dan", "bob", "cid", "eve"}));
  EXPECT_EQ(points, (std::vector<double>{2.5, 2, 1.5, 1.5, 1, 0.5}));
  for (const json& b : v["boards"]) EXPECT_NE(b["outcome"], "ongoing");
  // Rated: ann won twice and drew once.
  const json ann = p("ann").get("/api/users/ann").body;
  EXPECT_GT(ann["ratings"]["mill"]["rating"].get<int>(), 1500) << ann.dump();
}

// Four players in an arena: paired at the start, the two who have just met wait for the others,
// then each meets a new opponent; once the creator ends it, the games in play finish it; 2 points
// a win.
TEST_F(TournamentApi, ArenaOfFourPlayedToTheEnd) {
  const std::vector<std::string> names{"ann", "bob", "cid", "dan"};
  for (const std::string& n : names) add(n);
  Answer made =
      p("ann").post("/api/tournaments", json{{"variant", "mill"},
                                             {"clock", {{"initial_s", 60}, {"increment_s", 1}}},
                                             {"system", "arena"},
                                             {"minutes", 30},
                                             {"starts_in_s", 3600}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  for (const std::string& n : names)
    ASSERT_EQ(p(n).post("/api/tournaments/" + id + "/join", json::object()).status, 200);
  json v = p("ann").post("/api/tournaments/" + id + "/start", json::object()).body;
  ASSERT_EQ(v["boards"].size(), 2u) << v.dump();
  std::set<std::pair<std::string, std::string>> met;
  auto play_all_new = [&](std::size_t from) {
    const json now = view(id);
    for (std::size_t i = from; i < now["boards"].size(); ++i) {
      const std::string w = now["boards"][i]["white"], b = now["boards"][i]["black"];
      met.insert({std::min(w, b), std::max(w, b)});
      play(id, w, b, "1-0");
    }
  };
  play_all_new(0);
  v = wait_for_boards(id, 4);
  ASSERT_EQ(v["boards"].size(), 4u);
  for (std::size_t i = 2; i < 4; ++i) {
    const std::string w = v["boards"][i]["white"], b = v["boards"][i]["black"];
    EXPECT_EQ(met.count({std::min(w, b), std::max(w, b)}), 0u) << w << "-" << b;
  }
  ASSERT_EQ(p("ann").post("/api/tournaments/" + id + "/stop", json::object()).status, 200);
  play_all_new(2);
  v = wait_for_status(id, "finished");
  EXPECT_EQ(v["status"], "finished");
  EXPECT_EQ(v["boards"].size(), 4u);
  int total = 0;
  for (const json& row : v["standings"]) total += row["points"].get<int>();
  EXPECT_EQ(total, 8);
}

TEST_F(TournamentApi, CreatingNeedsALoginAndAGoodBody) {
  Player anonymous(server_->port());
  const json body{{"variant", "mill"},
                  {"clock", {{"initial_s", 60}, {"increment_s", 0}}},
                  {"system", "swiss"},
                  {"rounds", 3}};
  EXPECT_EQ(anonymous.post("/api/tournaments", body).status, 401);
  Player& ann = add("ann");
  EXPECT_EQ(ann.post("/api/tournaments", json{{"variant", "mill"}}).status, 400);
  json no_rounds = body;
  no_rounds.erase("rounds");
  EXPECT_EQ(ann.post("/api/tournaments", no_rounds).status, 400);
  json unknown = body;
  unknown["variant"] = "go";
  EXPECT_EQ(ann.post("/api/tournaments", unknown).status, 400);
  // A session's POST from another origin, or naming none, is refused.
  EXPECT_EQ(ann.post("/api/tournaments", body, false).status, 403);
  EXPECT_EQ(ann.post_from("/api/tournaments", body, {{"Origin", "http://evil.example"}}).status,
            403);
  EXPECT_EQ(ann.post("/api/tournaments", body).status, 201);
  EXPECT_EQ(ann.get("/api/tournaments/nope").status, 404);
  EXPECT_EQ(ann.get("/api/tournaments").body["tournaments"].size(), 1u);
}

}  // namespace
}  // namespace doska::test
