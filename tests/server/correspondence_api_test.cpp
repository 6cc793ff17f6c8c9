// Correspondence games over HTTP (docs/api.md): days for each move, a stored deadline,
// and the loss on time once it has passed, also across a restart. Days cannot be waited for: the
// test moves the stored deadline into the past, as the passing of the days would.
#include <gtest/gtest.h>

#include <string>

#include "api_fixture.h"
#include "server/storage.h"

namespace doska::test {
namespace {

TEST_F(ApiPlay, CorrespondenceGameHasADeadlinePerMove) {
  PersonGame g = people("russian", json{{"clock", {{"days_per_move", 3}}}});
  json view = api_->get("/api/games/" + g.id).body;
  ASSERT_TRUE(view["correspondence"].is_object()) << view.dump();
  EXPECT_EQ(view["correspondence"]["days_per_move"], 3);
  EXPECT_TRUE(view["clock"].is_null());
  const std::int64_t day = 24 * 3600 * 1000;
  EXPECT_GT(view["correspondence"]["left_ms"].get<std::int64_t>(), 2 * day);
  EXPECT_LE(view["correspondence"]["left_ms"].get<std::int64_t>(), 3 * day);
  const std::int64_t first = view["correspondence"]["deadline_ms"];
  ASSERT_EQ(move(g.id, g.white, "c3-d4").status, 200);
  view = api_->get("/api/games/" + g.id).body;
  EXPECT_GE(view["correspondence"]["deadline_ms"].get<std::int64_t>(), first);  // Black's move
  EXPECT_FALSE(view["result"]["over"].get<bool>());

  for (const json& clock : {json{{"days_per_move", 0}}, json{{"days_per_move", 15}},
                            json{{"days_per_move", 3}, {"initial_s", 60}}}) {
    Answer bad = api_->post("/api/games", json{{"variant", "russian"}, {"clock", clock}});
    EXPECT_EQ(bad.status, 400) << clock.dump();
    EXPECT_NE(bad.text.find("clock"), std::string::npos) << bad.text;
  }
}

TEST_F(ApiPlay, CorrespondenceMovePastItsDeadlineLosesOnTimeAfterARestart) {
  const std::string db = temp_db("correspondence-restart");
  PersonGame g;
  {
    ServerProcess first(db);
    ASSERT_GT(first.port(), 0);
    Api api(first.port());
    json created = api.post("/api/games", json{{"variant", "russian"},
                                               {"opponent", {{"kind", "person"}}},
                                               {"clock", {{"days_per_move", 1}}}})
                       .body;
    g = PersonGame{created["game"]["id"], created["keys"]["white"], created["keys"]["black"]};
    ASSERT_EQ(
        api.post("/api/games/" + g.id + "/moves", json{{"key", g.white}, {"move", "c3-d4"}}).status,
        200);
    EXPECT_EQ(first.stop(), 0);
  }
  {
    // The days pass while the server is down: Black's deadline is behind us.
    auto storage = server::Storage::open(db);
    ASSERT_TRUE(storage) << storage.error();
    auto stored = (*storage)->load(g.id);
    ASSERT_TRUE(stored && *stored);
    EXPECT_EQ((**stored).days_per_move, 1);
    (**stored).move_deadline_ms = 1;
    ASSERT_TRUE((*storage)->save(**stored));
  }
  ServerProcess second(db);
  ASSERT_GT(second.port(), 0);
  Api api(second.port());
  json view = api.get("/api/games/" + g.id).body;
  EXPECT_TRUE(view["result"]["over"].get<bool>()) << view.dump();
  EXPECT_EQ(view["result"]["rule"], "time");
  EXPECT_EQ(view["result"]["outcome"], "white_wins");
  EXPECT_TRUE(view["correspondence"]["left_ms"].is_null());
  EXPECT_EQ(
      api.post("/api/games/" + g.id + "/moves", json{{"key", g.black}, {"move", "f6-g5"}}).status,
      409);
  EXPECT_EQ(second.stop(), 0);
}

}  // namespace
}  // namespace doska::test
