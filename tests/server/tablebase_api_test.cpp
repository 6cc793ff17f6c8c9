// GET /api/tablebase/{game id}?fen=FEN, the endgame explorer (docs/api.md), on a real server
// with small tables built here (english and russian up to 3 pieces, mill 3 a side): positions
// whose values follow from the rules by hand, positions outside the tables, and bad requests.
#include <filesystem>
#include <memory>
#include <string>

#include <gtest/gtest.h>
#include "games/draughts/egdb.h"
#include "games/draughts/rules.h"
#include "games/mill/egdb.h"
#include "games/mill/rules.h"
#include "server/api_fixture.h"

namespace doska::test {
namespace {

class TablebaseApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string dir = scratch_dir() + "tablebase-api";
    std::filesystem::remove_all(dir);
    draughts::egdb::BuildOptions d;
    d.pieces = 3;
    d.dir = dir;
    ASSERT_TRUE(draughts::egdb::build(draughts::kEnglish, d).ok());
    ASSERT_TRUE(draughts::egdb::build(draughts::kRussian, d).ok());
    mill::egdb::BuildOptions m;
    m.pieces = 3;
    m.dir = dir;
    ASSERT_TRUE(mill::egdb::build(mill::kMill, m).ok());
    server_ = std::make_unique<ServerProcess>(temp_db("tablebase-api"), "/nonexistent-web-dir",
                                              std::vector<std::string>{"--egdb", dir});
    ASSERT_GT(server_->port(), 0);
  }
  static void TearDownTestSuite() { server_.reset(); }

  static Answer ask(const std::string& game, const std::string& fen) {
    Api api(server_->port());
    return api.get("/api/tablebase/" + game + "?fen=" + fen);
  }

  static std::unique_ptr<ServerProcess> server_;
};

std::unique_ptr<ServerProcess> TablebaseApi::server_;

// English (RULINGS §2.1 capture is compulsory): Black's king on 10 must take the king on 15 and
// White has nothing left: a win at once, its one move the capture.
TEST_F(TablebaseApi, ACaptureOfTheLastPieceIsAWinInOnePly) {
  const Answer a = ask("english", "B:WK15:BK10");
  ASSERT_EQ(a.status, 200) << a.text;
  EXPECT_EQ(a.body, json::parse(R"({"value": "win", "distance": 1,
                                    "moves": [{"move": "10x19", "value": "win", "distance": 1}]})"));
}

// Russian flying kings (RULINGS §1.4): White's king on a1 can go only along the long diagonal,
// where Black's king on h8 takes it wherever it stops, landing behind it: every move loses in 2.
TEST_F(TablebaseApi, AKingThatCanOnlyWalkIntoACaptureLoses) {
  const Answer a = ask("russian", "W:WKa1:BKh8");
  ASSERT_EQ(a.status, 200) << a.text;
  EXPECT_EQ(a.body["value"], "loss");
  EXPECT_EQ(a.body["distance"], 2);
  ASSERT_EQ(a.body["moves"].size(), 6u) << a.text;  // b2, c3, d4, e5, f6, g7
  for (const json& m : a.body["moves"]) {
    EXPECT_EQ(m["value"], "loss") << m.dump();
    EXPECT_EQ(m["distance"], 2) << m.dump();
  }
}

// One king against one, far apart: neither can force anything, a draw (distance 0). In english
// every move keeps the draw; in russian, whose kings fly (RULINGS §1.4), c1-f4 stops on the
// diagonal of Black's king on h2 with e5 empty behind it: taken at once, a loss in 2, listed last.
TEST_F(TablebaseApi, OneKingAgainstOneIsADraw) {
  for (const auto& [game, fen] :
       {std::pair{"english", "W:WK1:BK32"}, std::pair{"russian", "W:WKc1:BKh2"}}) {
    const Answer a = ask(game, fen);
    ASSERT_EQ(a.status, 200) << game << " " << a.text;
    EXPECT_EQ(a.body["value"], "draw") << game;
    EXPECT_EQ(a.body["distance"], 0) << game;
    ASSERT_FALSE(a.body["moves"].empty()) << game;
    EXPECT_EQ(a.body["moves"][0]["value"], "draw") << game;
  }
  const json english = ask("english", "W:WK1:BK32").body["moves"];  // kept: not a temporary's
  for (const json& m : english) EXPECT_EQ(m["value"], "draw") << m.dump();
  const json russian = ask("russian", "W:WKc1:BKh2").body["moves"];
  EXPECT_EQ(russian.back(), json::parse(R"({"move": "c1-f4", "value": "loss", "distance": 2})"))
      << russian.dump();
}

// Two kings against one win in english checkers; the moves come best first (no move is better
// than the one after it: wins first, the shorter before the longer).
TEST_F(TablebaseApi, TwoKingsAgainstOneWinAndTheMovesComeBestFirst) {
  const Answer a = ask("english", "W:WK1,K2:BK32");
  ASSERT_EQ(a.status, 200) << a.text;
  EXPECT_EQ(a.body["value"], "win");
  const int distance = a.body["distance"];
  EXPECT_GT(distance, 0);
  ASSERT_EQ(a.body["moves"].size(), 4u) << a.text;  // 1-5, 1-6, 2-6, 2-7
  const json& best = a.body["moves"][0];
  EXPECT_EQ(best["value"], "win");
  EXPECT_EQ(best["distance"], distance) << "the position's value is its best move's";
  int last = 0;
  for (const json& m : a.body["moves"]) {
    ASSERT_EQ(m["value"], "win") << m.dump();
    EXPECT_GE(m["distance"].get<int>(), last) << a.text;
    last = m["distance"];
  }
}

// Mill in the moving phase with three a side (RULINGS §3.1, flying at three): White flies g7 to
// a7, closes a1-a4-a7 and takes a piece, leaving Black two: a win in one ply, three ways; the
// other moves win later or not at all, and come after.
TEST_F(TablebaseApi, MillClosingAMillAgainstThreeWinsInOnePly) {
  const Answer a = ask("mill", "W:Wa1,a4,g7:Bg1,d2,f4:H0,0");
  ASSERT_EQ(a.status, 200) << a.text;
  EXPECT_EQ(a.body["value"], "win");
  EXPECT_EQ(a.body["distance"], 1);
  const json& moves = a.body["moves"];
  ASSERT_GE(moves.size(), 3u) << a.text;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(moves[i]["move"].get<std::string>().rfind("g7-a7x", 0), 0u) << moves[i].dump();
    EXPECT_EQ(moves[i]["distance"], 1);
  }
  for (std::size_t i = 3; i < moves.size(); ++i)
    EXPECT_NE(moves[i]["move"].get<std::string>().rfind("g7-a7x", 0), 0u) << moves[i].dump();
  // Mixed mill plays the same moving phase with the same tables.
  const Answer mixed = ask("mill-mixed", "W:Wa1,a4,g7:Bg1,d2,f4:H0,0");
  ASSERT_EQ(mixed.status, 200) << mixed.text;
  EXPECT_EQ(mixed.body, a.body);
}

TEST_F(TablebaseApi, APositionOutsideTheTablesIs404) {
  for (const auto& [game, fen] :
       {std::pair{"english", "W:W21,22,23,24:B5,6,7"},          // 7 pieces: the tables hold 3
        std::pair{"international", "W:W31:B20"},                // no international tables here
        std::pair{"mill", "W:W:B:H9,9"},                        // the placement: no tables
        std::pair{"mill", "W:Wa1,a4,g7,d7:Bg1,d2,f4:H0,0"}}) {  // 4 against 3: only p3-p3 here
    const Answer a = ask(game, fen);
    EXPECT_EQ(a.status, 404) << game << " " << fen << " " << a.text;
    EXPECT_EQ(a.body["code"], "not_in_tables") << a.text;
    EXPECT_NE(a.body.value("error", "").find("no table of this server holds this position"),
              std::string::npos)
        << a.text;
  }
  const Answer english = ask("english", "W:W21,22,23,24:B5,6,7");
  EXPECT_EQ(english.body["params"]["pieces"], 3) << english.text;
}

TEST_F(TablebaseApi, GamesWithoutTablesAre404WithAMessage) {
  for (const char* game : {"chess100", "wolf-sheep"}) {
    const Answer a = ask(game, "x");
    EXPECT_EQ(a.status, 404) << a.text;
    EXPECT_EQ(a.body["code"], "no_tables") << a.text;
    EXPECT_NE(a.body.value("error", "").find("has no endgame tables"), std::string::npos) << a.text;
  }
}

TEST_F(TablebaseApi, BadRequestsAre400NamingTheProblem) {
  Answer a = ask("english", "W:W1,2,3:B30");
  EXPECT_EQ(a.status, 400) << a.text;
  EXPECT_EQ(a.body["code"], "bad_fen");
  EXPECT_NE(a.body.value("error", "").find("would be a king"), std::string::npos) << a.text;
  a = ask("english", "garbage");
  EXPECT_EQ(a.status, 400) << a.text;
  EXPECT_EQ(a.body["code"], "bad_fen");
  a = ask("draughts", "W:WK1:BK32");
  EXPECT_EQ(a.status, 400) << a.text;
  EXPECT_EQ(a.body["code"], "unknown_variant");
  EXPECT_EQ(a.body["params"]["variant"], "draughts");
  Api api(server_->port());
  a = api.get("/api/tablebase/english");
  EXPECT_EQ(a.status, 400) << a.text;
  EXPECT_NE(a.body.value("error", "").find("give ?fen=FEN"), std::string::npos) << a.text;
  a = ask("english", std::string(600, 'W'));
  EXPECT_EQ(a.status, 400) << a.text;
  EXPECT_NE(a.body.value("error", "").find("over 512 characters"), std::string::npos) << a.text;
  a = api.get("/api/tablebase/english/more?fen=W:WK1:BK32");
  EXPECT_EQ(a.status, 404) << a.text;
  EXPECT_EQ(a.body["code"], "not_found");
  a = api.post("/api/tablebase/english?fen=W:WK1:BK32", json::object());
  EXPECT_EQ(a.status, 405) << a.text;
}

TEST(TablebaseApiWithoutTables, AServerWithoutTablesSaysSo) {
  ServerProcess server(temp_db("tablebase-none"), "/nonexistent-web-dir", {"--egdb", "none"});
  Api api(server.port());
  const Answer a = api.get("/api/tablebase/english?fen=W:WK1:BK32");
  EXPECT_EQ(a.status, 404) << a.text;
  EXPECT_EQ(a.body["code"], "no_tables");
  EXPECT_NE(a.body.value("error", "").find("without endgame tables"), std::string::npos) << a.text;
}

}  // namespace
}  // namespace doska::test
