// The error answers of the API carry a stable code and its parameters beside the English text,
// so that the page can say the refusal in the player's language.
#include <algorithm>
#include <string>
#include <vector>

#include "server/api_fixture.h"
#include "server/error_codes.h"

namespace doska::test {
namespace {

bool known_code(const std::string& code) {
  return std::find(server::kErrorCodes.begin(), server::kErrorCodes.end(), code) !=
         server::kErrorCodes.end();
}

TEST_F(ApiPlay, MainRefusalsCarryTheirCodesAndParameters) {
  PersonGame g = people("russian");
  Answer illegal = move(g.id, g.white, "c3-b6");
  ASSERT_EQ(illegal.status, 400) << illegal.text;
  EXPECT_EQ(illegal.body["code"], "illegal_move");
  EXPECT_EQ(illegal.body["params"]["move"], "c3-b6");
  EXPECT_EQ(illegal.body["params"]["side"], "white");
  EXPECT_EQ(illegal.body["params"]["detail"], illegal.body["error"]);

  Answer turn = move(g.id, g.black, "f6-g5");
  ASSERT_EQ(turn.status, 409) << turn.text;
  EXPECT_EQ(turn.body["code"], "not_your_turn");
  EXPECT_EQ(turn.body["params"]["side"], "black");

  Answer key = move(g.id, "00ff", "c3-d4");
  ASSERT_EQ(key.status, 403) << key.text;
  EXPECT_EQ(key.body["code"], "bad_key");
  EXPECT_EQ(key.body["params"]["id"], g.id);

  PersonGame i = people("international");
  Answer early = draw(i.id, i.white, "offer");
  ASSERT_EQ(early.status, 409) << early.text;
  EXPECT_EQ(early.body["error"], "a draw may be offered only after 40 moves (000 §5.1)");
  EXPECT_EQ(early.body["code"], "draw_too_early");
  EXPECT_EQ(early.body["params"]["moves"], 40);
  EXPECT_EQ(early.body["params"]["rule"], "000 §5.1");

  Answer missing = api_->get("/api/games/nonexistent");
  ASSERT_EQ(missing.status, 404) << missing.text;
  EXPECT_EQ(missing.body["error"], "no game 'nonexistent'");
  EXPECT_EQ(missing.body["code"], "game_not_found");
  EXPECT_EQ(missing.body["params"]["id"], "nonexistent");

  Answer fen = api_->post("/api/games", json{{"variant", "russian"}, {"fen", "W:Wz9"}});
  ASSERT_EQ(fen.status, 400) << fen.text;
  EXPECT_EQ(fen.body["code"], "bad_fen");
  EXPECT_EQ(fen.body["params"]["detail"], fen.body["error"]);

  Answer pdn = api_->post("/api/games", json{{"variant", "russian"}, {"pdn", "1. c3-d4 c3-d4 *"}});
  ASSERT_EQ(pdn.status, 400) << pdn.text;
  EXPECT_EQ(pdn.body["code"], "bad_import");
  const std::string detail = pdn.body["params"]["detail"];
  EXPECT_EQ(detail.rfind("move 2", 0), 0u) << pdn.text;
  EXPECT_NE(pdn.body["error"].get<std::string>().find(detail), std::string::npos);

  PersonGame ended = people("russian");
  ASSERT_EQ(api_->post("/api/games/" + ended.id + "/resign", json{{"key", ended.black}}).status,
            200);
  Answer over = move(ended.id, ended.white, "c3-d4");
  ASSERT_EQ(over.status, 409) << over.text;
  EXPECT_EQ(over.body["code"], "game_over");
  EXPECT_FALSE(over.body["params"]["reason"].get<std::string>().empty());
}

// Every refusal, whoever answers it (a room, the request parser, the HTTP front), has a code from
// the list the page translates.
TEST_F(ApiPlay, EveryErrorBodyHasAKnownCode) {
  PersonGame g = people("russian");
  PersonGame w = people("wolf-sheep");
  const std::string game = "/api/games/" + g.id;
  std::vector<Answer> answers = {
      api_->post("/api/games", std::string("{\"variant\": ")),
      api_->post("/api/games", json{{"opponent", {{"kind", "person"}}}}),
      api_->post("/api/games", json{{"variant", "go"}}),
      api_->post("/api/games", json{{"variant", "russian"}, {"fen", "W:Wz9"}}),
      api_->post("/api/games", json{{"variant", "russian"}, {"pdn", "[Event"}}),
      api_->post("/api/games", json{{"variant", "mill"}, {"options", {{"huffing", true}}}}),
      api_->post("/api/games", std::string(2 << 20, '[')),
      api_->get("/api/games"),
      api_->get("/api/games/nosuchgame"),
      api_->get("/api/nothing"),
      api_->post("/api/variants", json::object()),
      api_->get("/api/games/abc/%zz"),
      api_->get("/api/games/" + std::string(20000, 'x')),
      move(g.id, g.white, "c3-b6"),
      move(g.id, g.white, "zz"),
      move(g.id, g.black, "f6-g5"),
      move(g.id, "00ff", "c3-d4"),
      draw(g.id, g.white, "claim"),
      draw(g.id, g.black, "accept"),
      draw(w.id, w.black, "offer"),
      api_->post(game + "/undo", json{{"key", g.white}}),
      api_->post(game + "/takeback", json{{"key", g.white}, {"action", "offer"}}),
      api_->post(game + "/takeback", json{{"key", g.white}, {"action", "accept"}}),
      api_->post(game + "/rematch", json{{"key", g.white}}),
      api_->get(game + "/export?format=pgn"),
      api_->post(game + "/review", json::object()),
      api_->get("/api/seeks/nosuchseek"),
      api_->post("/api/seeks/nosuchseek/accept", json::object()),
      api_->post("/api/analyse", json{{"variant", "russian"}, {"fen", "W:Wz9"}}),
      api_->post("/api/analyse", json{{"variant", "russian"}, {"moves", {"c3-b6"}}}),
      api_->post("/api/analyse", json{{"game", g.id}}),
  };
  for (std::size_t i = 0; i < answers.size(); ++i) {
    const Answer& a = answers[i];
    SCOPED_TRACE("request " + std::to_string(i) + ": " + a.text.substr(0, 200));
    EXPECT_GE(a.status, 400);
    ASSERT_TRUE(a.body.is_object());
    EXPECT_FALSE(a.body.value("error", "").empty());
    const std::string code = a.body.value("code", "");
    EXPECT_FALSE(code.empty());
    EXPECT_TRUE(known_code(code)) << code;
    EXPECT_TRUE(a.body["params"].is_object());
  }
}

}  // namespace
}  // namespace doska::test
