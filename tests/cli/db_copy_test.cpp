// `doska db copy --from SRC --to DST`: a server's database (a game, its moves, an account with
// its session) copied from SQLite into a real PostgreSQL database and from there into a new
// SQLite file, each copy served again by a server; the counts printed; the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/api_fixture.h"
#include "server/storage_backends.h"
#include "support/doska_command.h"

namespace doska::test {
namespace {

// The count line of `table` in the copy's output: "<table> source N target N".
std::string count_line(const std::string& out, const std::string& table) {
  for (std::size_t at = 0; at < out.size();) {
    const std::size_t end = std::min(out.find('\n', at), out.size());
    const std::string line = out.substr(at, end - at);
    if (line.rfind(table + " ", 0) == 0) return line;
    at = end + 1;
  }
  return "";
}

void expect_counts(const CommandRun& run, const std::string& table, int rows) {
  const std::string line = count_line(run.out, table);
  const std::string n = std::to_string(rows);
  EXPECT_NE(line.find("source " + std::string(9 - n.size(), ' ') + n), std::string::npos)
      << run.out;
  EXPECT_NE(line.find("target " + std::string(9 - n.size(), ' ') + n), std::string::npos)
      << run.out;
}

// What a server on `db` serves of the game and the account.
void expect_served(const std::string& db, const PersonGame& g) {
  ServerProcess server(db);
  ASSERT_GT(server.port(), 0) << "doska serve --db " << db << " did not start";
  Api api(server.port());
  json view = api.get("/api/games/" + g.id).body;
  ASSERT_TRUE(view["moves"].is_array()) << view.dump();
  ASSERT_EQ(view["moves"].size(), 2u) << view.dump();
  EXPECT_EQ(view["moves"][1]["text"], "f6-g5");
  // The game goes on from there.
  EXPECT_EQ(
      api.post("/api/games/" + g.id + "/moves", json{{"key", g.white}, {"move", "g3-h4"}}).status,
      200);
  Answer login =
      api.post("/api/account/login", json{{"name", "copied"}, {"password", "a long password"}});
  EXPECT_EQ(login.status, 200) << login.text;
  // New rows after the copied ones: the numbers the database gives go on after them.
  Answer other = api.post("/api/account/register",
                          json{{"name", "Newcomer"}, {"password", "a long password"}});
  EXPECT_EQ(other.status, 201) << other.text;
  EXPECT_EQ(api.post("/api/games", json{{"variant", "russian"}, {"opponent", {{"kind", "person"}}}})
                .status,
            201);
  EXPECT_EQ(server.stop(), 0);
}

class DbCopy : public StorageBackends {};

TEST_P(DbCopy, SqliteToPostgresAndBack) {
  const std::string first = temp_db("copy_first"), back = temp_db("copy_back");
  const std::string postgres = target("copy");
  PersonGame g;
  {
    ServerProcess server(first);
    ASSERT_GT(server.port(), 0);
    Api api(server.port());
    Answer created =
        api.post("/api/games", json{{"variant", "russian"}, {"opponent", {{"kind", "person"}}}});
    ASSERT_EQ(created.status, 201) << created.text;
    g = PersonGame{created.body["game"]["id"], created.body["keys"]["white"],
                   created.body["keys"]["black"]};
    for (const auto& [key, move] : {std::pair{g.white, "c3-d4"}, std::pair{g.black, "f6-g5"}})
      ASSERT_EQ(
          api.post("/api/games/" + g.id + "/moves", json{{"key", key}, {"move", move}}).status,
          200);
    ASSERT_EQ(
        api.post("/api/account/register", json{{"name", "Copied"}, {"password", "a long password"}})
            .status,
        201);
    EXPECT_EQ(server.stop(), 0);
  }

  const CommandRun there = run_doska({"db", "copy", "--from", first, "--to", postgres});
  ASSERT_EQ(there.status, 0) << there.err;
  expect_counts(there, "games", 1);
  expect_counts(there, "moves", 2);
  expect_counts(there, "users", 1);
  expect_counts(there, "sessions", 1);
  expect_served(postgres, g);

  // Into a database that holds something: refused, and nothing written.
  expect_error(run_doska({"db", "copy", "--from", first, "--to", postgres}),
               "already holds 2 rows in games: copy into an empty database");

  const CommandRun home = run_doska({"db", "copy", "--from", postgres, "--to", back});
  ASSERT_EQ(home.status, 0) << home.err;
  expect_counts(home, "games", 2);
  expect_counts(home, "moves", 3);
  expect_counts(home, "users", 2);
  ServerProcess again(back);
  ASSERT_GT(again.port(), 0);
  Api api(again.port());
  json view = api.get("/api/games/" + g.id).body;
  ASSERT_EQ(view["moves"].size(), 3u) << view.dump();
  EXPECT_EQ(view["moves"][2]["text"], "g3-h4");
  EXPECT_EQ(
      api.post("/api/account/login", json{{"name", "newcomer"}, {"password", "a long password"}})
          .status,
      200);
  EXPECT_EQ(again.stop(), 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, DbCopy, ::testing::Values(Backend::postgres), backend_name);

TEST(DbCopyErrors, NameTheProblem) {
  const std::string db = scratch_dir() + "copy_errors.db";
  expect_error(run_doska({"db"}), "db needs a command: copy");
  expect_error(run_doska({"db", "move"}), "unknown db command 'move'");
  expect_error(run_doska({"db", "copy", "--from", db}), "db copy needs --to");
  expect_error(run_doska({"db", "copy", "--to", db}), "db copy needs --from");
  expect_error(run_doska({"db", "copy", "--from", db, "--to", db}),
               "--from and --to name the same database");
  expect_error(run_doska({"db", "copy", "--from", "/nonexistent/games.db", "--to", db}),
               "no database file '/nonexistent/games.db' (--from)");
  const std::string source = scratch_dir() + "copy_source.db";
  ASSERT_EQ(run_doska({"db", "copy", "--from", db, "--to", source}).status, 2);  // no file yet
  {
    ServerProcess made(source);  // an empty database of the schema
    ASSERT_GT(made.port(), 0);
  }
  expect_error(run_doska({"db", "copy", "--from", source, "--to",
                          "postgresql://doska:secret@127.0.0.1:x/games"}),
               "\"x\"");
  const CommandRun refused = run_doska(
      {"db", "copy", "--from", source, "--to", "postgresql://doska:secret@127.0.0.1:1/games"});
  expect_error(refused, "cannot open the database postgresql://doska:***@127.0.0.1:1/games");
  EXPECT_EQ(refused.err.find("secret"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace doska::test
