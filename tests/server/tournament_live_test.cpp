// Tournaments through the API as time goes by and as watchers see them (docs/api.md,
// Tournaments): a tournament that starts at its start time, an arena ended by its clock, the
// event stream's pairings and results, and an arena player's berserk.
#include "tournament_fixture.h"

namespace doska::test {
namespace {

json tournament_live_body(const std::string& system, int length, int starts_in_s) {
  json body{{"variant", "mill"},
            {"clock", {{"initial_s", 60}, {"increment_s", 0}}},
            {"system", system},
            {"starts_in_s", starts_in_s}};
  body[system == "swiss" ? "rounds" : "minutes"] = length;
  return body;
}

// A Swiss of two players created to start in 3 s starts by itself and pairs its first round.
TEST_F(TournamentApi, StartsAtItsStartTime) {
  add("ann");
  add("bob");
  Answer made = p("ann").post("/api/tournaments", tournament_live_body("swiss", 1, 3));
  ASSERT_EQ(made.status, 201) << made.text;
  EXPECT_EQ(made.body["status"], "created");
  const std::string id = made.body["id"];
  for (const std::string n : {"ann", "bob"})
    ASSERT_EQ(p(n).post("/api/tournaments/" + id + "/join", json::object()).status, 200);
  const json v = wait_for_status(id, "started", 60);
  ASSERT_EQ(v["status"], "started");
  ASSERT_EQ(v["boards"].size(), 1u);
  EXPECT_EQ(v["round"], 1);
  EXPECT_TRUE(p("ann").get("/api/tournaments/" + id).body["me"]["game"].is_object());
}

// An arena of one minute: its first game ends and the two are paired again; when the minute is
// up the stream says so and nobody is paired any more; the game in play still counts, and its end
// finishes the arena with both players' wins in the table.
TEST_F(TournamentApi, ArenaEndsByItsTimer) {
  add("ann");
  add("bob");
  Answer made = p("ann").post("/api/tournaments", tournament_live_body("arena", 1, 600));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  TournamentEventLog log(server_->port(), "/api/tournaments/" + id + "/events");
  for (const std::string n : {"ann", "bob"})
    ASSERT_EQ(p(n).post("/api/tournaments/" + id + "/join", json::object()).status, 200);
  json v = p("ann").post("/api/tournaments/" + id + "/start", json::object()).body;
  ASSERT_EQ(v["boards"].size(), 1u) << v.dump();
  EXPECT_GT(v["ends_ms"].get<std::int64_t>(), 0);
  play(id, v["boards"][0]["white"], v["boards"][0]["black"], "1-0");
  v = wait_for_boards(id, 2);
  ASSERT_EQ(v["boards"].size(), 2u);
  const std::string second_white = v["boards"][1]["white"], second_black = v["boards"][1]["black"];

  ASSERT_TRUE(log.wait_for("event: clock", 1, 150)) << log.text();
  EXPECT_NE(log.text().find("\"over\":true"), std::string::npos);
  v = view(id);
  EXPECT_EQ(v["status"], "started");  // its last game goes on
  play(id, second_white, second_black, "1-0");
  v = wait_for_status(id, "finished");
  ASSERT_EQ(v["status"], "finished");
  EXPECT_EQ(v["boards"].size(), 2u);
  ASSERT_EQ(v["standings"].size(), 2u);
  for (const json& row : v["standings"]) {
    EXPECT_EQ(row["points"], 2) << row.dump();
    EXPECT_EQ(row["rank"], 1);
  }
  EXPECT_TRUE(log.wait_for("event: finished")) << log.text();
}

// A watcher's stream: the tournament at once, then each join, the start and its pairings with
// their games, each result and the standings, and the next round's pairings.
TEST_F(TournamentApi, EventStreamDeliversPairingsAndResults) {
  const std::vector<std::string> names{"ann", "bob", "cid", "dan"};
  for (const std::string& n : names) add(n);
  Answer made = p("ann").post("/api/tournaments", tournament_live_body("swiss", 2, 3600));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  EXPECT_EQ(p("ann").get("/api/tournaments/nope/events").status, 404);

  TournamentEventLog log(server_->port(), "/api/tournaments/" + id + "/events");
  ASSERT_TRUE(log.wait_for("event: tournament")) << log.text();
  for (const std::string& n : names)
    ASSERT_EQ(p(n).post("/api/tournaments/" + id + "/join", json::object()).status, 200);
  ASSERT_TRUE(log.wait_for("event: joined", 4)) << log.text();
  EXPECT_NE(log.text().find("\"name\":\"dan\""), std::string::npos);

  const json started = p("ann").post("/api/tournaments/" + id + "/start", json::object()).body;
  ASSERT_EQ(started["boards"].size(), 2u) << started.dump();
  ASSERT_TRUE(log.wait_for("event: started")) << log.text();
  ASSERT_TRUE(log.wait_for("event: paired")) << log.text();
  for (const json& b : started["boards"])
    EXPECT_NE(log.text().find(b["game"].get<std::string>()), std::string::npos) << b.dump();

  play(id, started["boards"][0]["white"], started["boards"][0]["black"], "1-0");
  ASSERT_TRUE(log.wait_for("event: game_over")) << log.text();
  ASSERT_TRUE(log.wait_for("event: standings")) << log.text();
  EXPECT_NE(log.text().find("\"outcome\":\"white_wins\""), std::string::npos);
  play(id, started["boards"][1]["white"], started["boards"][1]["black"], "1/2");
  ASSERT_TRUE(log.wait_for("event: paired", 2)) << log.text();
  EXPECT_NE(log.text().find("\"round\":2"), std::string::npos);
  // The view after the news holds the standings with the points.
  EXPECT_NE(log.text().find("\"points\":1.0"), std::string::npos) << log.text();
}

// Every view carries the version of the news it follows, in the answers to requests as in the
// stream, growing with each change and still growing after a restart: a page keeps the newest
// view it was given, and an answer that arrives after the stream's later news cannot take it back.
TEST_F(TournamentApi, ViewsCarryAVersionThatOnlyGrows) {
  for (const std::string n : {"ann", "bob"}) add(n);
  Answer made = p("ann").post("/api/tournaments", tournament_live_body("swiss", 1, 3600));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  const std::int64_t created = made.body["version"].get<std::int64_t>();
  const json joined = p("ann").post("/api/tournaments/" + id + "/join", json::object()).body;
  const std::int64_t after_join = joined["version"].get<std::int64_t>();
  EXPECT_GT(after_join, created);
  EXPECT_EQ(view(id)["version"], after_join);  // nothing changed in between
  {
    TournamentEventLog log(server_->port(), "/api/tournaments/" + id + "/events");
    ASSERT_TRUE(log.wait_for("event: tournament")) << log.text();
    EXPECT_NE(log.text().find("\"version\":" + std::to_string(after_join)), std::string::npos)
        << log.text();
    const json second = p("bob").post("/api/tournaments/" + id + "/join", json::object()).body;
    EXPECT_GT(second["version"].get<std::int64_t>(), after_join);
    ASSERT_TRUE(log.wait_for("event: tournament", 2)) << log.text();
    EXPECT_NE(log.text().find("\"version\":" + second["version"].dump()), std::string::npos)
        << log.text();
  }
  const std::int64_t before_restart = view(id)["version"].get<std::int64_t>();
  restart();
  EXPECT_GT(view(id)["version"].get<std::int64_t>(), before_restart);
}

// The clock of a side after its move at ply `ply` (1-based): what it had, less the time the
// move took (as the server counted it), plus the increment it gains. Exact, with no time taken
// from the test's own clock: the move's "ms" is the server's.
std::int64_t berserk_clock_after(const json& view, std::size_t ply, std::int64_t had,
                                 std::int64_t increment) {
  return had - view["moves"][ply - 1]["ms"].get<std::int64_t>() + increment;
}

// Berserk: the white player of an arena game (60 s + 2 s) halves his clock before his first
// move and gains no increment after his moves, while black still does; the win after seven
// moves of his counts 3 points (2 and the berserk point); black, having moved, may not; nor may
// someone without a game, nor anyone in a Swiss.
TEST_F(TournamentApi, BerserkHalvesTheClockAndWinsAnExtraPoint) {
  for (const std::string n : {"ann", "bob", "cid"}) add(n);
  const ArenaGame arena = start_arena_of_two();
  ASSERT_FALSE(arena.path.empty());
  const std::string &id = arena.id, &white = arena.white, &black = arena.black;
  const std::string& game = arena.path;
  const json &w = arena.white_seat, &b = arena.black_seat;

  Answer berserk = p(white).post("/api/tournaments/" + id + "/berserk", json::object());
  ASSERT_EQ(berserk.status, 200) << berserk.text;
  const json clock = p(white).get(game).body["clock"];
  EXPECT_EQ(clock["white_ms"], 30000) << clock.dump();
  EXPECT_EQ(clock["black_ms"], 60000) << clock.dump();
  EXPECT_EQ(clock["increment_ms"], 2000) << clock.dump();
  EXPECT_EQ(clock["white_increment_ms"], 0) << clock.dump();
  EXPECT_EQ(clock["black_increment_ms"], 2000) << clock.dump();
  EXPECT_EQ(p(white).post("/api/tournaments/" + id + "/berserk", json::object()).body["code"],
            "already_berserk");
  EXPECT_EQ(p("cid").post("/api/tournaments/" + id + "/berserk", json::object()).body["code"],
            "no_tournament_game");

  // Seven placements each that make no mill, then black resigns.
  const std::vector<std::string> white_squares{"a1", "a7", "g1", "g7", "b2", "b6", "f2"};
  const std::vector<std::string> black_squares{"c3", "c5", "e3", "e5", "a4", "g4", "d7"};
  // The side that has just moved has its clock stopped: its time in the answer is exact.
  std::int64_t white_ms = 30000, black_ms = 60000;
  for (std::size_t i = 0; i < white_squares.size(); ++i) {
    Answer moved =
        p(white).post(game + "/moves", json{{"key", w["key"]}, {"move", white_squares[i]}});
    ASSERT_EQ(moved.status, 200) << moved.text;
    // White's first move starts the clocks and costs nothing; each later one gains nothing.
    if (i > 0) white_ms = berserk_clock_after(moved.body, 2 * i + 1, white_ms, 0);
    EXPECT_EQ(moved.body["clock"]["white_ms"], white_ms) << moved.body["clock"].dump();
    moved = p(black).post(game + "/moves", json{{"key", b["key"]}, {"move", black_squares[i]}});
    ASSERT_EQ(moved.status, 200) << moved.text;
    black_ms = berserk_clock_after(moved.body, 2 * i + 2, black_ms, 2000);
    EXPECT_EQ(moved.body["clock"]["black_ms"], black_ms) << moved.body["clock"].dump();
  }
  Answer late = p(black).post("/api/tournaments/" + id + "/berserk", json::object());
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body["code"], "berserk_too_late") << late.text;
  ASSERT_EQ(p(black).post(game + "/resign", json{{"key", b["key"]}}).status, 200);

  const json after = wait_for_boards(id, 2);
  ASSERT_GE(after["boards"].size(), 1u);
  EXPECT_EQ(after["boards"][0]["white_berserk"], true);
  const json& first = after["standings"][0];
  EXPECT_EQ(first["name"], white);
  EXPECT_EQ(first["points"], 3) << after["standings"].dump();
  EXPECT_EQ(first["sheet"][0]["berserk"], true);

  Answer swiss = p("ann").post("/api/tournaments", tournament_live_body("swiss", 1, 3600));
  const std::string swiss_id = swiss.body["id"];
  for (const std::string n : {"ann", "bob"})
    ASSERT_EQ(p(n).post("/api/tournaments/" + swiss_id + "/join", json::object()).status, 200);
  ASSERT_EQ(p("ann").post("/api/tournaments/" + swiss_id + "/start", json::object()).status, 200);
  EXPECT_EQ(p("ann").post("/api/tournaments/" + swiss_id + "/berserk", json::object()).body["code"],
            "berserk_not_arena");
}

// The berserk side's lost increment is kept with the game: after a restart (the game read again
// from the database) white, berserk, still gains nothing and black still gains 2 s.
TEST_F(TournamentApi, BerserkOutlivesARestart) {
  for (const std::string n : {"ann", "bob"}) add(n);
  const ArenaGame arena = start_arena_of_two();
  ASSERT_FALSE(arena.path.empty());
  const std::string &white = arena.white, &black = arena.black, &game = arena.path;
  const json &w = arena.white_seat, &b = arena.black_seat;
  ASSERT_EQ(p(white).post("/api/tournaments/" + arena.id + "/berserk", json::object()).status, 200);
  ASSERT_EQ(p(white).post(game + "/moves", json{{"key", w["key"]}, {"move", "a1"}}).status, 200);
  Answer moved = p(black).post(game + "/moves", json{{"key", b["key"]}, {"move", "c3"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  const std::int64_t black_ms = berserk_clock_after(moved.body, 2, 60000, 2000);

  restart();
  const json clock = p(white).get(game).body["clock"];
  EXPECT_EQ(clock["white_increment_ms"], 0) << clock.dump();
  EXPECT_EQ(clock["black_increment_ms"], 2000) << clock.dump();
  EXPECT_EQ(clock["black_ms"], black_ms) << clock.dump();
  moved = p(white).post(game + "/moves", json{{"key", w["key"]}, {"move", "a7"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  EXPECT_EQ(moved.body["clock"]["white_ms"], berserk_clock_after(moved.body, 3, 30000, 0));
  moved = p(black).post(game + "/moves", json{{"key", b["key"]}, {"move", "c5"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  EXPECT_EQ(moved.body["clock"]["black_ms"], berserk_clock_after(moved.body, 4, black_ms, 2000));
}

}  // namespace
}  // namespace doska::test
