// `doska loadtest --accounts` small, against the real `doska serve`: players that register, log
// in and play rated games made from seeks while watchers hold the games' streams. Correctness
// only (every game made rated and played, no error); the times are the benchmark's.
#include <string>
#include <vector>

#include "server/load.h"
#include "server_process.h"

namespace doska::test {
namespace {

const std::vector<std::string> kLoadServer = {"--connections-per-address", "100000",
                                              "--no-throttle"};

server::LoadOptions small_accounts_load(int port) {
  server::LoadOptions options;
  options.port = port;
  options.accounts = true;
  options.games = 4;
  options.watchers = 10;
  options.plies = 10;  // no russian game ends in 10 plies
  options.threads = 4;
  return options;
}

TEST(ServerLoadAccounts, EightPlayersPlayFourRatedGamesWatched) {
  ServerProcess server(temp_db("load_accounts"), "/nonexistent-web-dir", kLoadServer);
  ASSERT_GT(server.port(), 0);
  const server::LoadReport r = server::run_load(small_accounts_load(server.port()));
  EXPECT_TRUE(r.problems.empty()) << r.to_json().dump(2);
  EXPECT_EQ(r.failures, 0);
  EXPECT_EQ(r.registered, 8);
  EXPECT_EQ(r.players, 8);
  EXPECT_EQ(r.games, 4);
  EXPECT_EQ(r.rated, 4);
  EXPECT_EQ(r.moves, 40);
  EXPECT_EQ(r.refused, 0);
  EXPECT_EQ(r.stored, 4) << "an acknowledged move is missing from storage";
  EXPECT_EQ(r.streams, 10);
  EXPECT_EQ(r.streams_complete, 10) << "a stream did not receive its game's last move";
  EXPECT_EQ(r.streams_disordered, 0);
  EXPECT_EQ(server.stop(), 0);
}

// A second run on the same database finds the names taken and logs in to those accounts.
TEST(ServerLoadAccounts, ASecondRunLogsInToTheAccountsOfTheFirst) {
  ServerProcess server(temp_db("load_accounts_again"), "/nonexistent-web-dir", kLoadServer);
  ASSERT_GT(server.port(), 0);
  const server::LoadReport first = server::run_load(small_accounts_load(server.port()));
  ASSERT_EQ(first.registered, 8) << first.to_json().dump(2);
  const server::LoadReport again = server::run_load(small_accounts_load(server.port()));
  EXPECT_TRUE(again.problems.empty()) << again.to_json().dump(2);
  EXPECT_EQ(again.registered, 0);
  EXPECT_EQ(again.players, 8);
  EXPECT_EQ(again.games, 4);
  EXPECT_EQ(again.rated, 4);
  EXPECT_EQ(again.moves, 40);
  EXPECT_EQ(again.stored, 4);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace doska::test
