// The HTTP API of `doska serve` (docs/api.md), against the real program on a loopback port.
#include <gtest/gtest.h>

#include <set>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>

#include "api_fixture.h"

namespace doska::test {
namespace {

using nlohmann::json;

TEST_F(ApiTest, ListsTheVariants) {
  Answer a = api_->get("/api/variants");
  ASSERT_EQ(a.status, 200);
  ASSERT_TRUE(a.body.is_array());
  std::vector<std::string> ids;
  for (const json& v : a.body) ids.push_back(v["id"]);
  EXPECT_EQ(ids.size(), 11u);
  const json& english = a.body[2];
  EXPECT_EQ(english["id"], "english");
  EXPECT_EQ(english["first"], "black");
  EXPECT_EQ(english["options"][0]["name"], "huffing");
  EXPECT_EQ(a.body[0]["board"]["width"], 10);
}

TEST_F(ApiTest, PersonGameMovesKeysAndTurns) {
  json created = create({{"variant", "international"}, {"opponent", {{"kind", "person"}}}});
  const std::string id = created["game"]["id"];
  const std::string white = created["keys"]["white"], black = created["keys"]["black"];
  EXPECT_EQ(white.size(), 32u);
  EXPECT_NE(white, black);
  EXPECT_EQ(created["links"]["black"], "/play/" + id + "?key=" + black);
  EXPECT_EQ(created["game"]["legal"].size(), 9u);
  EXPECT_EQ(created["game"]["board"]["cells"].size(), 50u);

  Answer moved = api_->post("/api/games/" + id + "/moves", json{{"key", white}, {"move", "32-28"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  EXPECT_EQ(moved.body["to_move"], "black");
  EXPECT_EQ(moved.body["moves"][0]["text"], "32-28");
  EXPECT_EQ(moved.body["last"]["squares"], json({"32", "28"}));

  // Not white's turn now; the wrong key; an illegal and an unreadable move.
  Answer again = api_->post("/api/games/" + id + "/moves", json{{"key", white}, {"move", "33-29"}});
  EXPECT_EQ(again.status, 409) << again.text;
  EXPECT_NE(again.body["error"].get<std::string>().find("turn"), std::string::npos);
  Answer wrong = api_->post("/api/games/" + id + "/moves",
                            json{{"key", std::string(32, '0')}, {"move", "19-23"}});
  EXPECT_EQ(wrong.status, 403) << wrong.text;
  Answer illegal = api_->post("/api/games/" + id + "/moves", json{{"key", black}, {"move", "1-7"}});
  EXPECT_EQ(illegal.status, 400) << illegal.text;
  EXPECT_FALSE(illegal.body["error"].get<std::string>().empty());
  Answer garbage = api_->post("/api/games/" + id + "/moves", json{{"key", black}, {"move", "zz"}});
  EXPECT_EQ(garbage.status, 400) << garbage.text;

  Answer reply = api_->post("/api/games/" + id + "/moves", json{{"key", black}, {"move", "19-23"}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  // 28x19 is now compulsory; its view names the captured square.
  bool found = false;
  for (const json& m : reply.body["legal"])
    if (m["text"] == "28x19") {
      found = true;
      EXPECT_EQ(m["captures"], json({"23"}));
      EXPECT_EQ(m["path"], json({"28", "19"}));
    }
  EXPECT_TRUE(found) << reply.body["legal"].dump();

  Answer got = api_->get("/api/games/" + id);
  EXPECT_EQ(got.status, 200);
  EXPECT_EQ(got.body["moves"].size(), 2u);
  EXPECT_EQ(got.body["version"], reply.body["version"]);
  EXPECT_FALSE(got.body.contains("you"));

  // A link's key tells its holder which side it is; a key of no side is refused.
  EXPECT_EQ(api_->get("/api/games/" + id + "?key=" + black).body["you"], "black");
  EXPECT_EQ(api_->get("/api/games/" + id + "?key=" + white).body["you"], "white");
  EXPECT_EQ(api_->get("/api/games/" + id + "?key=" + std::string(32, '1')).status, 403);

  // A browser lists the games it holds keys of: nobody lists everyone's.
  EXPECT_EQ(api_->get("/api/games").status, 403);
  const json other = create({{"variant", "mill"}, {"opponent", {{"kind", "person"}}}});
  const std::string other_id = other["game"]["id"];
  Answer list = api_->post("/api/games/mine",
                           json{{"games",
                                 {{{"id", id}, {"key", black}},
                                  {{"id", other_id}, {"key", black}},  // not a key of that game
                                  {{"id", "nosuchgame"}, {"key", white}}}}});
  ASSERT_EQ(list.status, 200) << list.text;
  EXPECT_EQ(list.body["total"], 1);
  EXPECT_EQ(list.body["games"][0]["id"], id);
  EXPECT_EQ(list.body["games"][0]["plies"], 2);
  list = api_->post(
      "/api/games/mine",
      json{{"games",
            {{{"id", id}, {"key", white}}, {{"id", other_id}, {"key", other["keys"]["white"]}}}}});
  ASSERT_EQ(list.status, 200) << list.text;
  ASSERT_EQ(list.body["total"], 2);
  // Newest first; created within the same second here, so either order.
  const std::set<std::string> both{list.body["games"][0]["id"], list.body["games"][1]["id"]};
  EXPECT_EQ(both, (std::set<std::string>{id, other_id}));
  EXPECT_EQ(api_->post("/api/games/mine", json{{"games", {{{"id", id}}}}}).status, 400);
  EXPECT_EQ(api_->post("/api/games/mine", json{{"games", "all"}}).status, 400);
  EXPECT_EQ(api_->post("/api/games/mine", json{{"games", json::array()}}).body["total"], 0);
}

TEST_F(ApiTest, ComputerReplies) {
  json created = create({{"variant", "russian"},
                         {"opponent", {{"kind", "computer"}, {"level", 1}}},
                         {"side", "white"}});
  const std::string id = created["game"]["id"];
  EXPECT_TRUE(created["keys"].contains("white"));
  EXPECT_FALSE(created["keys"].contains("black"));
  EXPECT_EQ(created["game"]["opponent"]["side"], "black");
  Answer moved = api_->post("/api/games/" + id + "/moves",
                            json{{"key", created["keys"]["white"]}, {"move", "c3-d4"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  const json game = wait_for_computer(*api_, id);
  EXPECT_FALSE(game["thinking"]);
  ASSERT_EQ(game["moves"].size(), 2u);
  EXPECT_EQ(game["moves"][1]["side"], "black");
  EXPECT_EQ(game["to_move"], "white");
}

TEST_F(ApiTest, ComputerMovesFirstWhenThePersonTakesBlack) {
  json created = create(
      {{"variant", "mill"}, {"opponent", {{"kind", "computer"}, {"level", 2}}}, {"side", "black"}});
  const json game = wait_for_computer(*api_, created["game"]["id"]);
  ASSERT_EQ(game["moves"].size(), 1u);
  EXPECT_EQ(game["to_move"], "black");
  EXPECT_EQ(game["board"]["kind"], "mill");
  EXPECT_EQ(game["board"]["hand"]["white"], 8);
}

TEST_F(ApiTest, BadRequestsGetAnErrorNamingTheProblem) {
  Answer a = api_->post("/api/games", std::string("{\"variant\": "));
  EXPECT_EQ(a.status, 400);
  EXPECT_EQ(a.body["error"], "the body is not valid JSON");
  a = api_->post("/api/games", json{{"opponent", {{"kind", "person"}}}});
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.text.find("variant"), std::string::npos);
  a = api_->post("/api/games", json{{"variant", "go"}});
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.text.find("unknown game"), std::string::npos);
  a = api_->post("/api/games", json{{"variant", "russian"}, {"fen", "W:Wz9"}});
  EXPECT_EQ(a.status, 400);
  a = api_->post("/api/games",
                 json{{"variant", "russian"}, {"opponent", {{"kind", "computer"}, {"level", 11}}}});
  EXPECT_EQ(a.status, 400);
  a = api_->post("/api/games", std::string(2 << 20, '['));
  EXPECT_EQ(a.status, 413);
  a = api_->post("/api/games", std::string(5000, '['));
  EXPECT_EQ(a.status, 400);
  a = api_->get("/api/games/nosuchgame");
  EXPECT_EQ(a.status, 404);
  EXPECT_FALSE(a.body["error"].get<std::string>().empty());
  a = api_->post("/api/games/nosuchgame/moves", json{{"key", "k"}, {"move", "c3-d4"}});
  EXPECT_EQ(a.status, 404);
  a = api_->get("/api/nothing");
  EXPECT_EQ(a.status, 404);
  // Faults of the request itself, each answered at once with its reason (no time asserted).
  a = api_->get("/api/games/" + std::string(20000, 'x'));
  EXPECT_EQ(a.status, 414) << a.text;
  EXPECT_EQ(a.body["error"], "the address is too long");
  {
    httplib::Headers big = {{"X-Big", std::string(20000, 'y')}};
    auto r = api_->client().Get("/api/variants", big);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 431);
  }
  a = api_->post("/api/variants", json::object());
  EXPECT_EQ(a.status, 405);
  a = api_->get("/api/games/abc/moves");
  EXPECT_EQ(a.status, 405);
  a = api_->get("/api/games/abc/%zz");
  EXPECT_EQ(a.status, 400);
  json created = create({{"variant", "russian"}});
  a = api_->post("/api/games/" + created["game"]["id"].get<std::string>() + "/moves",
                 json{{"move", "c3-d4"}});
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.text.find("key"), std::string::npos);
}

// Bad options end the program at once with status 2 and a message.
TEST(ApiServeCommand, BadOptionsAreRefused) {
  const std::string quiet = " >/dev/null 2>&1";
  for (const std::string options : {"--port 99999", "--port x", "--engine-threads 0", "--bogus",
                                    "--db /proc/no/such/dir/doska.db --port 0"}) {
    const int raw = std::system((std::string(DOSKA_BINARY) + " serve " + options + quiet).c_str());
    EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 2) << options;
  }
}

// The app's files, and index.html for a game's secret link.
TEST(ApiStatic, ServesTheWebDirectoryAndThePlayLinks) {
  const std::string db = temp_db("static");
  const std::string web = db + ".web";
  std::filesystem::create_directories(web + "/js");
  std::ofstream(web + "/index.html") << "<!doctype html><title>doska</title>";
  std::ofstream(web + "/js/app.js") << "export const x = 1;";
  ServerProcess server(db, web);
  ASSERT_GT(server.port(), 0);
  Api api(server.port());
  Answer index = api.get("/");
  EXPECT_EQ(index.status, 200);
  EXPECT_NE(index.text.find("<title>doska</title>"), std::string::npos);
  Answer link = api.get("/play/k3f9q2abcd?key=00ff");
  EXPECT_EQ(link.status, 200);
  EXPECT_EQ(link.text, index.text);
  auto script = api.client().Get("/js/app.js");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->status, 200);
  EXPECT_EQ(script->get_header_value("Content-Type"), "text/javascript");
  // Security headers on the files and on the API alike.
  for (const char* path : {"/", "/js/app.js", "/api/variants"}) {
    auto r = api.client().Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_NE(r->get_header_value("Content-Security-Policy").find("frame-ancestors 'none'"),
              std::string::npos)
        << path;
    EXPECT_EQ(r->get_header_value("X-Frame-Options"), "DENY") << path;
    EXPECT_EQ(r->get_header_value("X-Content-Type-Options"), "nosniff") << path;
    EXPECT_EQ(r->get_header_value("Referrer-Policy"), "no-referrer") << path;
  }
  EXPECT_EQ(api.get("/js/none.js").status, 404);
  EXPECT_EQ(api.get("/../server_process.h").status, 404);
  EXPECT_EQ(server.stop(), 0);
}

TEST_F(ApiTest, PlayLinkServesTheAppOr404) {
  Answer a = api_->get("/play/abc123");
  EXPECT_EQ(a.status, 404);  // this server has no web directory
  EXPECT_NE(a.text.find("index.html"), std::string::npos);
}

TEST_F(ApiPlay, UndoTakesBackTheMoveAndTheComputersReply) {
  json created = create({{"variant", "russian"},
                         {"opponent", {{"kind", "computer"}, {"level", 1}}},
                         {"side", "white"}});
  const std::string id = created["game"]["id"], key = created["keys"]["white"];
  Answer nothing = api_->post("/api/games/" + id + "/undo", json{{"key", key}});
  EXPECT_EQ(nothing.status, 409) << nothing.text;
  ASSERT_EQ(move(id, key, "c3-d4").status, 200);
  ASSERT_EQ(wait_for_computer(*api_, id)["moves"].size(), 2u);
  Answer undone = api_->post("/api/games/" + id + "/undo", json{{"key", key}});
  ASSERT_EQ(undone.status, 200) << undone.text;
  EXPECT_EQ(undone.body["moves"].size(), 0u);
  EXPECT_EQ(undone.body["to_move"], "white");
  EXPECT_EQ(undone.body["fen"], undone.body["start_fen"]);

  PersonGame g = people("russian");
  ASSERT_EQ(move(g.id, g.white, "c3-d4").status, 200);
  Answer between_people = api_->post("/api/games/" + g.id + "/undo", json{{"key", g.white}});
  EXPECT_EQ(between_people.status, 409) << between_people.text;
}

TEST_F(ApiPlay, DrawOfferDeclineAcceptAndClaim) {
  PersonGame g = people("russian");
  Answer claim = draw(g.id, g.white, "claim");
  EXPECT_EQ(claim.status, 409) << claim.text;
  EXPECT_NE(claim.text.find("claim"), std::string::npos);
  EXPECT_EQ(draw(g.id, g.black, "accept").status, 409);  // nothing offered

  Answer offered = draw(g.id, g.white, "offer");
  ASSERT_EQ(offered.status, 200) << offered.text;
  EXPECT_EQ(offered.body["draw_offer"], "white");
  EXPECT_EQ(draw(g.id, g.white, "accept").status, 409);  // not one's own offer
  Answer declined = draw(g.id, g.black, "decline");
  ASSERT_EQ(declined.status, 200) << declined.text;
  EXPECT_TRUE(declined.body["draw_offer"].is_null());

  ASSERT_EQ(draw(g.id, g.white, "offer").status, 200);
  Answer accepted = draw(g.id, g.black, "accept");
  ASSERT_EQ(accepted.status, 200) << accepted.text;
  EXPECT_EQ(accepted.body["result"]["outcome"], "draw");
  EXPECT_EQ(accepted.body["result"]["rule"], "agreement");
  EXPECT_EQ(accepted.body["result"]["text"], "1/2-1/2");
  EXPECT_TRUE(accepted.body["legal"].empty());
  EXPECT_EQ(move(g.id, g.white, "c3-d4").status, 409);

  // RULINGS §2: wolf and sheep has no draw.
  PersonGame w = people("wolf-sheep");
  EXPECT_EQ(draw(w.id, w.black, "offer").status, 409);
}

// Against the computer an offer is answered at once: accepted (a draw by agreement) or withdrawn.
TEST_F(ApiPlay, TheComputerAnswersADrawOffer) {
  json created = create({{"variant", "russian"},
                         {"opponent", {{"kind", "computer"}, {"level", 3}}},
                         {"side", "white"}});
  const std::string id = created["game"]["id"], key = created["keys"]["white"];
  Answer answered = draw(id, key, "offer");
  ASSERT_EQ(answered.status, 200) << answered.text;
  const json& game = answered.body;
  if (game["result"]["over"].get<bool>()) {
    EXPECT_EQ(game["result"]["rule"], "agreement");
  } else {
    EXPECT_TRUE(game["draw_offer"].is_null());
    EXPECT_EQ(move(id, key, "c3-d4").status, 200);
  }
}

// At the top level a draw offered at move 1 of a balanced game is declined (engine::accepts_draw).
TEST_F(ApiPlay, TheTopLevelDeclinesADrawAtMoveOne) {
  json created = create({{"variant", "russian"},
                         {"opponent", {{"kind", "computer"}, {"level", 10}}},
                         {"side", "white"}});
  const std::string id = created["game"]["id"], key = created["keys"]["white"];
  Answer answered = draw(id, key, "offer");
  ASSERT_EQ(answered.status, 200) << answered.text;
  EXPECT_FALSE(answered.body["result"]["over"].get<bool>()) << answered.text;
  EXPECT_TRUE(answered.body["draw_offer"].is_null()) << answered.text;
}

TEST_F(ApiPlay, ResignationLosesAndEndsTheGame) {
  PersonGame g = people("mill");
  Answer resigned = api_->post("/api/games/" + g.id + "/resign", json{{"key", g.black}});
  ASSERT_EQ(resigned.status, 200) << resigned.text;
  EXPECT_EQ(resigned.body["result"]["outcome"], "white_wins");
  EXPECT_EQ(resigned.body["result"]["rule"], "resignation");
  EXPECT_EQ(resigned.body["result"]["text"], "1-0");
  EXPECT_EQ(api_->post("/api/games/" + g.id + "/resign", json{{"key", g.white}}).status, 409);
  Answer list = api_->post("/api/games/mine", json{{"games", {{{"id", g.id}, {"key", g.white}}}}});
  EXPECT_EQ(list.body["games"][0]["result"]["outcome"], "white_wins");
}

TEST_F(ApiPlay, ExportPdnPgnFen) {
  PersonGame g = people("russian");
  ASSERT_EQ(move(g.id, g.white, "c3-d4").status, 200);
  Answer pdn = api_->get("/api/games/" + g.id + "/export?format=pdn");
  ASSERT_EQ(pdn.status, 200);
  EXPECT_NE(pdn.text.find("1. c3-d4"), std::string::npos) << pdn.text;
  EXPECT_NE(pdn.text.find("[GameType"), std::string::npos) << pdn.text;
  Answer fen = api_->get("/api/games/" + g.id + "/export?format=fen");
  EXPECT_EQ(fen.text, api_->get("/api/games/" + g.id).body["fen"].get<std::string>() + "\n");
  EXPECT_EQ(api_->get("/api/games/" + g.id + "/export?format=pgn").status, 400);
  EXPECT_EQ(api_->get("/api/games/" + g.id + "/export?format=doc").status, 400);

  PersonGame c = people("chess100");
  ASSERT_EQ(move(c.id, c.white, "e2e4").status, 200);
  Answer pgn = api_->get("/api/games/" + c.id + "/export?format=pgn");
  ASSERT_EQ(pgn.status, 200);
  EXPECT_NE(pgn.text.find("[Variant \"chess100\"]"), std::string::npos) << pgn.text;
  EXPECT_NE(pgn.text.find("1. e4"), std::string::npos) << pgn.text;
}

// The FEN of an earlier position: the game's first plies replayed; a ply it has not is refused
// with its code.
TEST_F(ApiPlay, ExportFenAtAPly) {
  PersonGame g = people("russian");
  const std::string start = api_->get("/api/games/" + g.id).body["fen"];
  ASSERT_EQ(move(g.id, g.white, "c3-d4").status, 200);
  const std::string after_one = api_->get("/api/games/" + g.id).body["fen"];
  ASSERT_EQ(move(g.id, g.black, "f6-g5").status, 200);
  const std::string base = "/api/games/" + g.id + "/export?format=fen&ply=";
  EXPECT_EQ(api_->get(base + "0").text, start + "\n");
  EXPECT_EQ(api_->get(base + "1").text, after_one + "\n");
  EXPECT_EQ(api_->get(base + "2").text,
            api_->get("/api/games/" + g.id).body["fen"].get<std::string>() + "\n");
  for (const char* bad : {"3", "-1", "x"}) {
    Answer refused = api_->get(base + bad);
    EXPECT_EQ(refused.status, 400) << bad;
    EXPECT_EQ(refused.body["code"], "bad_ply") << refused.text;
  }
  // chess100 too, through its own FEN.
  PersonGame c = people("chess100");
  const std::string chess_start = api_->get("/api/games/" + c.id).body["fen"];
  ASSERT_EQ(move(c.id, c.white, "e2e4").status, 200);
  EXPECT_EQ(api_->get("/api/games/" + c.id + "/export?format=fen&ply=0").text, chess_start + "\n");
}

TEST_F(ApiPlay, ImportPdnAndFen) {
  json from_pdn = create({{"variant", "russian"},
                          {"opponent", {{"kind", "person"}}},
                          {"pdn", "[Event \"club\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 *\n"}});
  EXPECT_EQ(from_pdn["game"]["moves"].size(), 2u);
  EXPECT_EQ(from_pdn["game"]["to_move"], "white");

  Answer bad = api_->post("/api/games", json{{"variant", "russian"}, {"pdn", "1. c3-d4 c3-d4 *"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.text.find("move 2"), std::string::npos) << bad.text;

  // A chess100 game exported as PGN and imported again arrives at the same position.
  PersonGame c = people("chess100");
  ASSERT_EQ(move(c.id, c.white, "e2e4").status, 200);
  ASSERT_EQ(move(c.id, c.black, "Nc8").status, 200);
  const std::string pgn = api_->get("/api/games/" + c.id + "/export?format=pgn").text;
  json again = create({{"variant", "chess100"}, {"pdn", pgn}});
  EXPECT_EQ(again["game"]["fen"], api_->get("/api/games/" + c.id).body["fen"]);

  json from_fen = create({{"variant", "russian"}, {"fen", "W:Wc3:Bd4,f6"}});
  ASSERT_EQ(from_fen["game"]["legal"].size(), 1u);
  const json& capture = from_fen["game"]["legal"][0];
  EXPECT_EQ(capture["path"], json({"c3", "e5", "g7"}));
  EXPECT_EQ(capture["captures"], json({"d4", "f6"}));
  EXPECT_EQ(from_fen["game"]["start_fen"], "W:Wc3:Bd4,f6");
}

TEST_F(ApiPlay, AnalysesAPositionOrAGame) {
  Answer a = api_->post("/api/analyse", json{{"variant", "russian"}, {"depth", 3}});
  ASSERT_EQ(a.status, 200) << a.text;
  EXPECT_FALSE(a.body["best"].get<std::string>().empty());
  EXPECT_EQ(a.body["score"]["kind"], "cp");
  EXPECT_FALSE(a.body["pv"].empty());
  // The start of mill is in its opening book; an analysis searches it all the same.
  Answer mill = api_->post("/api/analyse", json{{"variant", "mill"}, {"depth", 3}});
  ASSERT_EQ(mill.status, 200) << mill.text;
  EXPECT_GT(mill.body["nodes"].get<long long>(), 0) << mill.text;

  // A live game between two people is not analysed until it ends (fair play).
  PersonGame g = people("international");
  ASSERT_EQ(move(g.id, g.white, "32-28").status, 200);
  Answer refused = api_->post("/api/analyse", json{{"game", g.id}, {"depth", 2}});
  EXPECT_EQ(refused.status, 409) << refused.text;
  EXPECT_NE(refused.text.find("between two people"), std::string::npos) << refused.text;
  ASSERT_EQ(api_->post("/api/games/" + g.id + "/resign", json{{"key", g.black}}).status, 200);
  Answer by_game = api_->post("/api/analyse", json{{"game", g.id}, {"depth", 2}});
  ASSERT_EQ(by_game.status, 200) << by_game.text;
  EXPECT_EQ(by_game.body["fen"], api_->get("/api/games/" + g.id).body["fen"]);

  Answer bad = api_->post("/api/analyse", json{{"variant", "russian"}, {"moves", {"c3-c4"}}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.text.find("move 1"), std::string::npos) << bad.text;
  EXPECT_EQ(api_->post("/api/analyse", json{{"variant", "russian"}, {"time_ms", 99999}}).status,
            400);
}

TEST_F(ApiPlay, ClockRunsOutAndTheSideLosesOnTime) {
  PersonGame g = people("russian", {{"clock", {{"initial_s", 1}, {"increment_s", 0}}}});
  Answer first = move(g.id, g.white, "c3-d4");
  ASSERT_EQ(first.status, 200) << first.text;
  EXPECT_EQ(first.body["clock"]["running"], "black");
  json game;
  for (int i = 0; i < 600; ++i) {
    game = api_->get("/api/games/" + g.id).body;
    if (game["result"]["over"].get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(game["result"]["outcome"], "white_wins");
  EXPECT_EQ(game["result"]["rule"], "time");
  EXPECT_EQ(game["clock"]["black_ms"], 0);
  EXPECT_EQ(move(g.id, g.black, "f6-g5").status, 409);
}

TEST_F(ApiPlay, EventsDeliverTheGameAndItsChanges) {
  PersonGame g = people("russian");
  httplib::Client events("127.0.0.1", server_->port());
  events.set_read_timeout(std::chrono::seconds(60));
  std::string received;
  bool moved = false;
  std::thread mover;
  events.Get(("/api/games/" + g.id + "/events").c_str(), [&](const char* data, std::size_t length) {
    received.append(data, length);
    if (!moved && received.find("event: game") != std::string::npos) {
      moved = true;
      mover = std::thread([&] { move(g.id, g.white, "c3-d4"); });
    }
    // Two game events: on connect, and after the move.
    const auto at = received.find("event: game");
    return at == std::string::npos || received.find("event: game", at + 1) == std::string::npos;
  });
  if (mover.joinable()) mover.join();
  EXPECT_NE(received.find("\"c3-d4\""), std::string::npos) << received.substr(0, 300);
}

TEST_F(ApiPlay, RestartOnTheSameDatabaseContinuesTheGame) {
  const std::string db = temp_db("restart");
  PersonGame g;
  std::string agreed;
  {
    ServerProcess first(db);
    ASSERT_GT(first.port(), 0);
    Api api(first.port());
    json created = api.post("/api/games",
                            json{{"variant", "international"}, {"opponent", {{"kind", "person"}}}})
                       .body;
    g = PersonGame{created["game"]["id"], created["keys"]["white"], created["keys"]["black"]};
    ASSERT_EQ(
        api.post("/api/games/" + g.id + "/moves", json{{"key", g.white}, {"move", "32-28"}}).status,
        200);
    // A game drawn by agreement stays drawn.
    json drawn =
        api.post("/api/games", json{{"variant", "russian"}, {"opponent", {{"kind", "person"}}}})
            .body;
    agreed = drawn["game"]["id"];
    ASSERT_EQ(api.post("/api/games/" + agreed + "/draw",
                       json{{"key", drawn["keys"]["black"]}, {"action", "offer"}})
                  .status,
              200);
    ASSERT_EQ(api.post("/api/games/" + agreed + "/draw",
                       json{{"key", drawn["keys"]["white"]}, {"action", "accept"}})
                  .status,
              200);
    EXPECT_EQ(first.stop(), 0);
  }
  ServerProcess second(db);
  ASSERT_GT(second.port(), 0);
  Api api(second.port());
  Answer drawn = api.get("/api/games/" + agreed);
  EXPECT_EQ(drawn.body["result"]["rule"], "agreement");
  EXPECT_EQ(drawn.body["result"]["outcome"], "draw");
  EXPECT_TRUE(drawn.body["legal"].empty());
  Answer got = api.get("/api/games/" + g.id);
  ASSERT_EQ(got.status, 200) << got.text;
  EXPECT_EQ(got.body["moves"].size(), 1u);
  EXPECT_EQ(got.body["to_move"], "black");
  Answer moved =
      api.post("/api/games/" + g.id + "/moves", json{{"key", g.black}, {"move", "19-23"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  EXPECT_EQ(moved.body["moves"].size(), 2u);
  EXPECT_EQ(second.stop(), 0);
}

// The computer was thinking when the server stopped: after the restart it thinks again and moves.
TEST_F(ApiPlay, RestartResumesThePendingComputerMove) {
  const std::string db = temp_db("restart_pending");
  std::string id;
  {
    ServerProcess first(db);
    ASSERT_GT(first.port(), 0);
    Api api(first.port());
    json created = api.post("/api/games", json{{"variant", "international"},
                                               {"opponent", {{"kind", "computer"}, {"level", 10}}},
                                               {"side", "black"}})
                       .body;
    id = created["game"]["id"];
    EXPECT_TRUE(created["game"]["thinking"]);
    EXPECT_EQ(first.stop(), 0);
  }
  ServerProcess second(db);
  ASSERT_GT(second.port(), 0);
  Api api(second.port());
  const json game = wait_for_computer(api, id);
  ASSERT_EQ(game["moves"].size(), 1u) << game.dump().substr(0, 300);
  EXPECT_EQ(game["moves"][0]["side"], "white");
  EXPECT_EQ(game["to_move"], "black");
}

// Game review: every position searched in the background, the moves judged, a
// planted blunder marked, the review stored with the game and read back after a restart.
TEST(ApiReview, ReviewsAnEndedGameMarksTheBlunderAndKeepsItOverARestart) {
  const std::string db = temp_db("review");
  std::string id;
  json first_review;
  {
    ServerProcess server(db);
    ASSERT_GT(server.port(), 0);
    Api api(server.port());
    // White to move: e3-d4 is safe; e3-f4 gives the man on f4 to g5:e3.
    json created = api.post("/api/games", json{{"variant", "russian"},
                                               {"fen", "W:We3,a1:Bg5,h8"},
                                               {"opponent", {{"kind", "person"}}}})
                       .body;
    id = created["game"]["id"];
    const std::string white = created["keys"]["white"], black = created["keys"]["black"];
    // Between two people, no review while the game is played.
    EXPECT_EQ(api.post("/api/games/" + id + "/review", json::object()).status, 409);
    ASSERT_EQ(
        api.post("/api/games/" + id + "/moves", json{{"key", white}, {"move", "e3-f4"}}).status,
        200);
    ASSERT_EQ(
        api.post("/api/games/" + id + "/moves", json{{"key", black}, {"move", "g5:e3"}}).status,
        200);
    ASSERT_EQ(api.post("/api/games/" + id + "/resign", json{{"key", white}}).status, 200);
    EXPECT_EQ(api.post("/api/games/" + id + "/review", json{{"ms", 5}}).status, 400);
    Answer started = api.post("/api/games/" + id + "/review", json{{"ms", 200}});
    ASSERT_EQ(started.status, 202) << started.text;
    EXPECT_EQ(started.body["total"], 3);
    json review;
    for (int i = 0; i < 1200; ++i) {
      review = api.get("/api/games/" + id + "/review").body;
      if (review["state"] == "done") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_EQ(review["state"], "done") << review.dump();
    ASSERT_EQ(review["positions"].size(), 3u);
    for (const json& p : review["positions"]) {
      EXPECT_TRUE(p["score"].contains("kind")) << p.dump();
      EXPECT_GE(p["white"].get<double>(), 0.0);
      EXPECT_LE(p["white"].get<double>(), 1.0);
    }
    // The best move is any but the blunder, with its squares for the board's arrow.
    const json& start = review["positions"][0];
    EXPECT_NE(start["best"], "e3-f4") << review.dump();
    ASSERT_EQ(start["path"].size(), 2u);
    EXPECT_EQ(start["best"],
              start["path"][0].get<std::string>() + "-" + start["path"][1].get<std::string>());
    ASSERT_EQ(review["moves"].size(), 2u);
    EXPECT_EQ(review["moves"][0]["side"], "white");
    const std::string verdict =
        review["moves"][0]["class"].is_null() ? "" : review["moves"][0]["class"];
    EXPECT_TRUE(verdict == "blunder" || verdict == "mistake") << review.dump();
    EXPECT_TRUE(review["moves"][1]["class"].is_null()) << review.dump();  // the forced capture
    first_review = review;
    EXPECT_EQ(server.stop(), 0);
  }
  ServerProcess again(db);
  ASSERT_GT(again.port(), 0);
  Api api(again.port());
  json review = api.get("/api/games/" + id + "/review").body;
  EXPECT_EQ(review["state"], "done");
  EXPECT_EQ(review["positions"], first_review["positions"]);
  EXPECT_EQ(review["moves"], first_review["moves"]);
  EXPECT_EQ(api.get("/api/games/nosuch/review").status, 404);
  EXPECT_EQ(again.stop(), 0);
}

// The lobby: a seek listed for everyone, accepted by another, the game played with
// the keys each got; cancelling; refusals.
TEST_F(ApiTest, LobbySeekAcceptedStartsAGameForBoth) {
  EXPECT_EQ(api_->post("/api/seeks", json{{"variant", "russian"},
                                          {"opponent", {{"kind", "computer"}, {"level", 3}}}})
                .status,
            400);
  Answer made = api_->post("/api/seeks", json{{"variant", "russian"},
                                              {"side", "black"},
                                              {"clock", {{"initial_s", 180}, {"increment_s", 2}}}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string seek = made.body["seek"]["id"], seek_key = made.body["key"];
  json listed = api_->get("/api/seeks").body;
  ASSERT_EQ(listed["seeks"].size(), 1u);
  EXPECT_EQ(listed["seeks"][0]["id"], seek);
  EXPECT_EQ(listed["seeks"][0]["clock"]["initial_s"], 180);
  EXPECT_FALSE(listed["seeks"][0].contains("key"));
  EXPECT_EQ(api_->get("/api/seeks/" + seek + "?key=wrong").status, 403);
  EXPECT_EQ(api_->get("/api/seeks/" + seek + "?key=" + seek_key).body["state"], "open");

  Answer taken = api_->post("/api/seeks/" + seek + "/accept", json::object());
  ASSERT_EQ(taken.status, 201) << taken.text;
  EXPECT_EQ(taken.body["side"], "white");  // the creator took black
  const std::string game = taken.body["game"]["id"], white = taken.body["keys"]["white"];
  EXPECT_FALSE(taken.body["keys"].contains("black"));
  EXPECT_EQ(api_->post("/api/seeks/" + seek + "/accept", json::object()).status, 409);
  EXPECT_TRUE(api_->get("/api/seeks").body["seeks"].empty());
  json mine = api_->get("/api/seeks/" + seek + "?key=" + seek_key).body;
  ASSERT_EQ(mine["state"], "accepted") << mine.dump();
  EXPECT_EQ(mine["game"], game);
  EXPECT_EQ(mine["side"], "black");
  const std::string black = mine["key"];
  EXPECT_EQ(
      api_->post("/api/games/" + game + "/moves", json{{"key", white}, {"move", "c3-d4"}}).status,
      200);
  EXPECT_EQ(
      api_->post("/api/games/" + game + "/moves", json{{"key", black}, {"move", "f6-g5"}}).status,
      200);

  Answer other = api_->post("/api/seeks", json{{"variant", "mill"}});
  ASSERT_EQ(other.status, 201);
  const std::string id2 = other.body["seek"]["id"];
  EXPECT_EQ(api_->post("/api/seeks/" + id2 + "/cancel", json{{"key", "nope"}}).status, 403);
  EXPECT_EQ(api_->post("/api/seeks/" + id2 + "/cancel", json{{"key", other.body["key"]}}).status,
            200);
  EXPECT_EQ(api_->post("/api/seeks/" + id2 + "/accept", json::object()).status, 404);
  EXPECT_EQ(api_->post("/api/seeks", json{{"variant", "go"}}).status, 400);
}

// Between people: a take-back asked and accepted or declined; after the game, a
// rematch with the sides swapped and each player's key moved with them, the same one when both
// ask.
TEST_F(ApiPlay, TakebackBetweenPeopleAndRematch) {
  const PersonGame g = people("russian");
  auto takeback = [&](const std::string& key, const std::string& action) {
    return api_->post("/api/games/" + g.id + "/takeback", json{{"key", key}, {"action", action}});
  };
  EXPECT_EQ(takeback(g.white, "offer").status, 409);  // White has not moved
  ASSERT_EQ(move(g.id, g.white, "c3-d4").status, 200);
  ASSERT_EQ(move(g.id, g.black, "f6-g5").status, 200);
  EXPECT_EQ(takeback(g.black, "accept").status, 409);  // nothing asked
  Answer asked = takeback(g.white, "offer");
  ASSERT_EQ(asked.status, 200) << asked.text;
  EXPECT_EQ(asked.body["takeback_offer"], "white");
  EXPECT_EQ(takeback(g.white, "accept").status, 409);  // not one's own request
  Answer accepted = takeback(g.black, "accept");
  ASSERT_EQ(accepted.status, 200) << accepted.text;
  EXPECT_TRUE(accepted.body["moves"].empty());  // back before White's c3-d4
  EXPECT_TRUE(accepted.body["takeback_offer"].is_null());
  ASSERT_EQ(move(g.id, g.white, "e3-f4").status, 200);
  ASSERT_EQ(takeback(g.white, "offer").status, 200);
  Answer declined = takeback(g.black, "decline");
  ASSERT_EQ(declined.status, 200);
  EXPECT_EQ(declined.body["moves"].size(), 1u);
  EXPECT_EQ(takeback(g.white, "maybe").status, 400);

  EXPECT_EQ(api_->post("/api/games/" + g.id + "/rematch", json{{"key", g.white}}).status, 409);
  ASSERT_EQ(api_->post("/api/games/" + g.id + "/resign", json{{"key", g.black}}).status, 200);
  Answer again = api_->post("/api/games/" + g.id + "/rematch", json{{"key", g.black}});
  ASSERT_EQ(again.status, 201) << again.text;
  const std::string next = again.body["game"]["id"];
  EXPECT_EQ(again.body["side"], "white");
  EXPECT_EQ(api_->get("/api/games/" + g.id).body["rematch"], next);
  Answer same = api_->post("/api/games/" + g.id + "/rematch", json{{"key", g.white}});
  ASSERT_EQ(same.status, 201);
  EXPECT_EQ(same.body["game"]["id"], next);
  EXPECT_EQ(same.body["side"], "black");
  // Black's old key plays White now, and White's old key Black.
  EXPECT_EQ(move(next, g.white, "c3-d4").status, 409);  // it holds Black, not to move
  EXPECT_EQ(move(next, g.black, "c3-d4").status, 200);
  EXPECT_EQ(move(next, g.white, "f6-g5").status, 200);
  EXPECT_EQ(api_->post("/api/games/" + g.id + "/rematch", json{{"key", "k"}}).status, 403);
}

// Several best lines: each searched without the better ones, all different, with the
// squares of their first move.
TEST_F(ApiTest, AnalysisGivesSeveralLines) {
  Answer a = api_->post(
      "/api/analyse",
      json{{"variant", "international"}, {"fen", "W:W31-50:B1-20"}, {"depth", 6}, {"lines", 3}});
  ASSERT_EQ(a.status, 200) << a.text;
  ASSERT_EQ(a.body["lines"].size(), 3u);
  std::set<std::string> firsts;
  for (const json& line : a.body["lines"]) {
    firsts.insert(line["best"].get<std::string>());
    EXPECT_EQ(line["path"].size(), 2u);
    EXPECT_EQ(line["pv"][0], line["best"]);
  }
  EXPECT_EQ(firsts.size(), 3u);
  EXPECT_EQ(a.body["lines"][0]["best"], a.body["best"]);
  // Not more lines than moves: a position with two moves gives two.
  a = api_->post("/api/analyse",
                 json{{"variant", "russian"}, {"fen", "W:Wa1:Bh8"}, {"depth", 4}, {"lines", 5}});
  ASSERT_EQ(a.status, 200) << a.text;
  EXPECT_EQ(a.body["lines"].size(), 1u);  // a1-b2 only
  EXPECT_EQ(api_->post("/api/analyse", json{{"variant", "russian"}, {"lines", 6}}).status, 400);
}

}  // namespace
}  // namespace doska::test
