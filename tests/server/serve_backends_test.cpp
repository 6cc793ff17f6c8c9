// `doska serve --db FILE` and `--db postgresql://...`: the same server on either back end keeps a
// game and an account across a restart (storage_backends.h).
#include <gtest/gtest.h>

#include <string>

#include "api_fixture.h"
#include "storage_backends.h"

namespace doska::test {
namespace {

class ServeOnABackend : public StorageBackends {};

TEST_P(ServeOnABackend, KeepsAGameAndAnAccountAcrossARestart) {
  const std::string db = target("serve_restart");
  PersonGame g;
  {
    ServerProcess first(db);
    ASSERT_GT(first.port(), 0) << "doska serve --db " << db << " did not start";
    Api api(first.port());
    Answer created =
        api.post("/api/games", json{{"variant", "russian"}, {"opponent", {{"kind", "person"}}}});
    ASSERT_EQ(created.status, 201) << created.text;
    g = PersonGame{created.body["game"]["id"], created.body["keys"]["white"],
                   created.body["keys"]["black"]};
    for (const auto& [key, move] : {std::pair{g.white, "c3-d4"}, std::pair{g.black, "f6-g5"}}) {
      Answer played = api.post("/api/games/" + g.id + "/moves", json{{"key", key}, {"move", move}});
      ASSERT_EQ(played.status, 200) << played.text;
    }
    Answer registered = api.post("/api/account/register",
                                 json{{"name", "Keeper"}, {"password", "a long password"}});
    ASSERT_EQ(registered.status, 201) << registered.text;
    EXPECT_EQ(first.stop(), 0);
  }
  ServerProcess second(db);
  ASSERT_GT(second.port(), 0);
  Api api(second.port());
  json view = api.get("/api/games/" + g.id).body;
  ASSERT_TRUE(view["moves"].is_array()) << view.dump();
  ASSERT_EQ(view["moves"].size(), 2u) << view.dump();
  EXPECT_EQ(view["moves"][1]["text"], "f6-g5");
  Answer login =
      api.post("/api/account/login", json{{"name", "keeper"}, {"password", "a long password"}});
  EXPECT_EQ(login.status, 200) << login.text;
  Answer taken =
      api.post("/api/account/register", json{{"name", "KEEPER"}, {"password", "a long password"}});
  EXPECT_EQ(taken.status, 409) << taken.text;
  EXPECT_EQ(second.stop(), 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, ServeOnABackend,
                         ::testing::Values(Backend::sqlite, Backend::postgres), backend_name);

}  // namespace
}  // namespace doska::test
