// A tournament's life as the server keeps it (server/tournament/tournament.h), without HTTP: the
// tournaments room calls these steps when players join, games end and time passes.
#include "server/tournament/tournament.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/api_error.h"

namespace doska::server::tournament_test {
namespace {

using tournament::Pairing;

TournamentSettings settings(const std::string& system) {
  TournamentSettings s;
  s.name = "Sunday";
  s.variant = "international";
  s.clock_initial_s = 180;
  s.clock_increment_s = 2;
  s.system = system;
  s.rounds = system == "swiss" ? 3 : 0;
  s.minutes = system == "arena" ? 10 : 0;
  s.creator = "ann";
  return s;
}

// Starts each game the tournament asks for under the id "g<n>", through a JSON round trip as a
// restart would read it back.
std::vector<Pairing> started(Tournament& t, const std::vector<Tournament::Start>& starts) {
  std::vector<Pairing> pairs;
  for (const Tournament::Start& s : starts) {
    t.add_board(s, "g" + std::to_string(t.boards().size()));
    pairs.push_back(s.players);
  }
  t = Tournament::from_json(t.to_json());
  return pairs;
}

std::string game_of(const Tournament& t, Pairing p) {
  for (const Tournament::Board& b : t.boards()) {
    if (b.players == p) return b.game;
  }
  return "";
}

// The six players and results of Swiss.SixPlayersThreeRoundsDutchPairingsAndColours, through
// the server's tournament: the same pairings, and the same final table.
TEST(Tournament, SwissThreeRoundsOfSixToTheEnd) {
  Tournament t("t1", settings("swiss"));
  const std::vector<std::string> names{"ann", "bob", "cid", "dan", "eve", "fay"};
  for (int i = 0; i < 6; ++i) t.join(100 + i, names[i], 2000 - 100 * i);
  EXPECT_THROW(t.join(100, "ann", 2000), ApiError);

  std::vector<Pairing> r1 = started(t, t.start(1000));
  EXPECT_EQ(r1, (std::vector<Pairing>{{0, 3}, {4, 1}, {2, 5}}));
  EXPECT_THROW(t.join(200, "gus", 1500), ApiError);
  EXPECT_TRUE(t.game_over(game_of(t, {0, 3}), "white_wins", 40, 2000).empty());
  EXPECT_TRUE(t.game_over(game_of(t, {4, 1}), "draw", 40, 2000).empty());
  std::vector<Pairing> r2 = started(t, t.game_over(game_of(t, {2, 5}), "black_wins", 40, 2000));
  EXPECT_EQ(r2, (std::vector<Pairing>{{5, 0}, {1, 2}, {3, 4}}));
  t.game_over(game_of(t, {5, 0}), "draw", 40, 3000);
  t.game_over(game_of(t, {1, 2}), "white_wins", 40, 3000);
  std::vector<Pairing> r3 = started(t, t.game_over(game_of(t, {3, 4}), "white_wins", 40, 3000));
  EXPECT_EQ(r3, (std::vector<Pairing>{{0, 1}, {3, 5}, {4, 2}}));
  t.game_over(game_of(t, {0, 1}), "white_wins", 40, 4000);
  t.game_over(game_of(t, {3, 5}), "draw", 40, 4000);
  EXPECT_EQ(t.status(), "started");
  EXPECT_TRUE(t.game_over(game_of(t, {4, 2}), "black_wins", 40, 4000).empty());
  EXPECT_EQ(t.status(), "finished");

  const nlohmann::json view = t.view();
  std::vector<std::string> order;
  for (const auto& row : view["standings"]) order.push_back(row["name"]);
  EXPECT_EQ(order, (std::vector<std::string>{"ann", "fay", "dan", "bob", "cid", "eve"}));
  EXPECT_EQ(view["standings"][0]["points"], 2.5);
  EXPECT_EQ(view["standings"][2]["buchholz"], 5.0);
  EXPECT_EQ(view["boards"].size(), 9u);
}

// A player who withdraws is not paired again; with five left, one takes the bye.
TEST(Tournament, SwissWithdrawnPlayerLeftOut) {
  Tournament t("t2", settings("swiss"));
  for (int i = 0; i < 6; ++i) t.join(100 + i, "p" + std::to_string(i), 2000 - 100 * i);
  started(t, t.start(1000));
  t.withdraw(105);
  t.game_over("g0", "white_wins", 40, 2000);
  t.game_over("g1", "draw", 40, 2000);
  std::vector<Pairing> r2 = started(t, t.game_over("g2", "black_wins", 40, 2000));
  ASSERT_EQ(r2.size(), 2u);
  for (const Pairing& p : r2) {
    EXPECT_NE(p.white, 5);
    EXPECT_NE(p.black, 5);
  }
}

// Players are paired again as their games end, the waiting ones among themselves, never the
// pair that just met while another is free; the end of the time stops the pairing, and the
// arena is over when its last game ends.
TEST(Tournament, ArenaPairsAsGamesEndUntilTimeIsUp) {
  Tournament t("t3", settings("arena"));
  for (int i = 0; i < 4; ++i) t.join(100 + i, "p" + std::to_string(i), 1800 - 100 * i);
  const std::vector<Pairing> first = started(t, t.start(0));
  ASSERT_EQ(first.size(), 2u);
  // 0 and 1 (close ratings) and 2 and 3; the first game ends: its two players just met and wait.
  EXPECT_EQ(first, (std::vector<Pairing>{{1, 0}, {3, 2}}));
  EXPECT_TRUE(t.game_over("g0", "black_wins", 40, 60000).empty());
  const std::vector<Pairing> second = started(t, t.game_over("g1", "white_wins", 40, 61000));
  EXPECT_EQ(second.size(), 2u);
  for (const Pairing& p : second) EXPECT_NE(p, (Pairing{1, 0}));
  // Joining during the arena: paired at the next end.
  t.join(104, "p4", 1500);
  EXPECT_FALSE(t.tick(5 * 60000));
  const std::vector<Pairing> third =
      started(t, t.game_over(t.boards()[2].game, "white_wins", 40, 5 * 60000));
  EXPECT_EQ(third.size(), 1u);
  // Time is up: no new pairing, finished when the games in play end.
  EXPECT_FALSE(t.tick(10 * 60000));
  EXPECT_EQ(t.status(), "started");
  EXPECT_TRUE(t.game_over(t.boards()[3].game, "draw", 40, 10 * 60000 + 1).empty());
  EXPECT_EQ(t.status(), "started");
  EXPECT_TRUE(t.game_over(t.boards()[4].game, "draw", 40, 10 * 60000 + 2).empty());
  EXPECT_EQ(t.status(), "finished");
  const nlohmann::json view = t.view();
  // p0 won twice (4), p3 won and drew (3)...: every finished game counted.
  int points = 0;
  for (const auto& row : view["standings"]) points += row["points"].get<int>();
  EXPECT_EQ(points, 2 + 2 + 2 + 1 + 1 + 1 + 1);
}

}  // namespace
}  // namespace doska::server::tournament_test
