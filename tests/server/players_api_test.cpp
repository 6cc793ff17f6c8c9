// The players' API against a real `doska serve` (docs/players-api.md): accounts and their rules,
// hashes in the database, sessions, same-origin refusals, login throttling, rated and casual
// seeks, quick pairing, ratings after a rated game, abort, profiles, chat and the games to watch.
#include <sqlite3.h>

#include <set>

#include "api_fixture.h"
#include "player_client.h"

namespace doska::test {
namespace {

class PlayersApi : public ApiTest {
 protected:
  std::unique_ptr<Player> player() { return std::make_unique<Player>(server_->port()); }
  std::string db_path() const {
    // temp_db's path, without its clearing of the file.
    return scratch_dir() + "server/" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db";
  }
  // A rated game of russian blitz between two new accounts, paired by quick pairing: the game's
  // id and each side's key.
  struct Paired {
    std::string id, white_key, black_key, white_name;
  };
  Paired pair_rated(Player& a, Player& b, bool rated = true) {
    const json seek = {{"variant", "russian"},
                       {"rated", rated},
                       {"clock", {{"initial_s", 180}, {"increment_s", 2}}}};
    Answer made = a.post("/api/seeks/quick", seek);
    EXPECT_EQ(made.status, 201) << made.text;
    EXPECT_TRUE(made.body.contains("seek")) << made.text;
    Answer joined = b.post("/api/seeks/quick", seek);
    EXPECT_EQ(joined.status, 201) << joined.text;
    EXPECT_TRUE(joined.body.contains("game")) << joined.text;
    Answer creator = a.get("/api/seeks/" + made.body["seek"]["id"].get<std::string>() +
                           "?key=" + made.body["key"].get<std::string>());
    EXPECT_EQ(creator.body.value("state", ""), "accepted") << creator.text;
    Paired p;
    p.id = joined.body["game"]["id"];
    const std::string b_side = joined.body["side"];
    (b_side == "white" ? p.white_key : p.black_key) = joined.body["keys"][b_side];
    (b_side == "white" ? p.black_key : p.white_key) = creator.body["key"];
    p.white_name = joined.body["game"]["players"]["white"]["name"];
    return p;
  }
  // Polls the game until the ratings' changes are in its view (the ratings room updates them
  // after the end; no time is asserted).
  json wait_for_diffs(const std::string& id) {
    json game;
    for (int i = 0; i < 3000; ++i) {  // a minute at most, for a loaded sanitizer build
      game = api_->get("/api/games/" + id).body;
      if (!game["players"]["white"]["diff"].is_null()) return game;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return game;
  }
};

TEST_F(PlayersApi, RegisterGivesAnHttpOnlySessionCookieAndTheAccount) {
  auto ann = player();
  Answer a = ann->register_as("Ann_1");
  ASSERT_EQ(a.status, 201) << a.text;
  EXPECT_EQ(a.body["account"]["name"], "Ann_1");
  EXPECT_NE(ann->last_set_cookie.find("doska_session="), std::string::npos);
  EXPECT_NE(ann->last_set_cookie.find("HttpOnly"), std::string::npos);
  EXPECT_NE(ann->last_set_cookie.find("SameSite=Lax"), std::string::npos);
  EXPECT_EQ(ann->last_set_cookie.find("Secure"), std::string::npos);  // plain http here
  const json& russian = a.body["account"]["ratings"]["russian"];
  EXPECT_EQ(russian["rating"], 1500);
  EXPECT_EQ(russian["rd"], 350.0);
  EXPECT_TRUE(russian["provisional"].get<bool>());
  EXPECT_EQ(a.body["account"]["ratings"].size(), 11u);  // every game id
  Answer me = ann->get("/api/account");
  ASSERT_EQ(me.status, 200) << me.text;
  EXPECT_EQ(me.body["name"], "Ann_1");
  EXPECT_EQ(api_->get("/api/account").status, 401);  // no cookie
  EXPECT_EQ(api_->get("/api/account").body["code"], "not_logged_in");
}

TEST_F(PlayersApi, NamesFollowTheRules) {
  auto p = player();
  for (const auto& [name, reason] :
       std::vector<std::pair<std::string, std::string>>{{"a", "length"},
                                                        {"abcdefghijklmnopqrstu", "length"},
                                                        {"ann smith", "characters"},
                                                        {"_ann", "characters"},
                                                        {"анна", "characters"},
                                                        {"<b>x</b>", "characters"},
                                                        {"Admin", "reserved"},
                                                        {"doska", "reserved"}}) {
    Answer a = p->register_as(name);
    EXPECT_EQ(a.status, 400) << name << ": " << a.text;
    EXPECT_EQ(a.body["code"], "bad_name") << name;
    EXPECT_EQ(a.body["params"]["reason"], reason) << name;
  }
  ASSERT_EQ(p->register_as("ann").status, 201);
  auto q = player();
  Answer taken = q->register_as("ANN");  // unique regardless of case
  EXPECT_EQ(taken.status, 409) << taken.text;
  EXPECT_EQ(taken.body["code"], "name_taken");
  Answer short_password = q->register_as("bob", "seven77");
  EXPECT_EQ(short_password.status, 400);
  EXPECT_EQ(short_password.body["code"], "bad_password");
  Answer missing = q->post("/api/account/register", json{{"name", "bob"}});
  EXPECT_EQ(missing.status, 400);
  EXPECT_EQ(missing.body["code"], "bad_request");
}

TEST_F(PlayersApi, PasswordsAreStoredAsArgon2idHashesOnly) {
  auto p = player();
  ASSERT_EQ(p->register_as("hasher", "a very secret phrase").status, 201);
  ASSERT_EQ(server_->stop(), 0);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(db_path().c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* q = nullptr;
  ASSERT_EQ(
      sqlite3_prepare_v2(db, "SELECT password FROM users WHERE name = 'hasher'", -1, &q, nullptr),
      SQLITE_OK);
  ASSERT_EQ(sqlite3_step(q), SQLITE_ROW);
  const std::string hash = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
  sqlite3_finalize(q);
  // Sessions are kept as digests, never the cookie's token.
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT digest FROM sessions", -1, &q, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(q), SQLITE_ROW);
  const std::string digest = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
  sqlite3_finalize(q);
  sqlite3_close(db);
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u) << hash;
  EXPECT_EQ(hash.find("a very secret phrase"), std::string::npos);
  EXPECT_EQ(digest.rfind("sha256:", 0), 0u);
  EXPECT_EQ(p->cookie().find(digest.substr(7)), std::string::npos);
  server_.reset();
}

TEST_F(PlayersApi, WrongPasswordAndUnknownNameGetTheSameAnswer) {
  auto p = player();
  ASSERT_EQ(p->register_as("carol").status, 201);
  auto q = player();
  Answer wrong = q->login("carol", "not the password");
  Answer unknown = q->login("nobody_here", "not the password");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(wrong.text, unknown.text);
  EXPECT_EQ(wrong.body["code"], "bad_login");
  Answer right = q->login("CAROL");  // any case
  ASSERT_EQ(right.status, 200) << right.text;
  EXPECT_EQ(right.body["account"]["name"], "carol");
  EXPECT_EQ(q->get("/api/account").body["name"], "carol");
}

TEST_F(PlayersApi, LoginsAreThrottledPerName) {
  auto p = player();
  ASSERT_EQ(p->register_as("dave").status, 201);
  auto q = player();
  for (int i = 0; i < 5; ++i) EXPECT_EQ(q->login("dave", "wrong password").status, 401);
  Answer blocked = q->login("dave");  // even the right password, until the window passes
  EXPECT_EQ(blocked.status, 429) << blocked.text;
  EXPECT_EQ(blocked.body["code"], "too_many_logins");
  EXPECT_FALSE(q->last_retry_after.empty());
  EXPECT_GT(std::stoi(q->last_retry_after), 0);
  // Another name from the same address is not blocked by dave's failures.
  Answer other = q->login("someone_else", "wrong password");
  EXPECT_EQ(other.status, 401);
}

TEST_F(PlayersApi, LoginsAreThrottledPerAddress) {
  auto q = player();
  int refused = 0;
  for (int i = 0; i < 25; ++i) {
    Answer a = q->login("name" + std::to_string(i), "wrong password");
    if (a.status == 429)
      ++refused;
    else
      EXPECT_EQ(a.status, 401);
  }
  EXPECT_EQ(refused, 5);  // 20 attempts an address in 10 minutes
}

TEST_F(PlayersApi, StateChangesWithASessionNeedTheServersOrigin) {
  auto p = player();
  ASSERT_EQ(p->register_as("erin").status, 201);
  const json seek = {{"variant", "russian"}, {"clock", {{"initial_s", 300}, {"increment_s", 3}}}};
  Answer none = p->post("/api/seeks", seek, false);
  EXPECT_EQ(none.status, 403) << none.text;
  EXPECT_EQ(none.body["code"], "cross_origin");
  Answer foreign = p->post_from("/api/seeks", seek, {{"Origin", "http://evil.example"}});
  EXPECT_EQ(foreign.status, 403);
  EXPECT_EQ(foreign.body["code"], "cross_origin");
  Answer lookalike =
      p->post_from("/api/seeks", seek,
                   {{"Origin", "http://127.0.0.1:" + std::to_string(server_->port()) + "0"}});
  EXPECT_EQ(lookalike.status, 403);
  Answer referer =
      p->post_from("/api/seeks", seek,
                   {{"Referer", "http://127.0.0.1:" + std::to_string(server_->port()) + "/lobby"}});
  EXPECT_EQ(referer.status, 201) << referer.text;
  Answer own = p->post("/api/seeks", seek);
  EXPECT_EQ(own.status, 201) << own.text;
  // Without a session the API stays open to scripts, as before.
  EXPECT_EQ(api_->post("/api/seeks", seek).status, 201);
  // Reading needs no origin.
  EXPECT_EQ(p->get("/api/account").status, 200);
}

TEST_F(PlayersApi, SessionsListEndOthersLogoutPasswordChangeAndClosing) {
  auto home = player();
  ASSERT_EQ(home->register_as("frank").status, 201);
  auto phone = player();
  ASSERT_EQ(phone->login("frank").status, 200);
  Answer list = home->get("/api/account/sessions");
  ASSERT_EQ(list.status, 200) << list.text;
  ASSERT_EQ(list.body["sessions"].size(), 2u);
  int current = 0;
  for (const json& s : list.body["sessions"]) current += s["current"].get<bool>() ? 1 : 0;
  EXPECT_EQ(current, 1);
  Answer ended = home->post("/api/account/sessions/end-others", json::object());
  EXPECT_EQ(ended.body["ended"], 1);
  EXPECT_EQ(phone->get("/api/account").status, 401);
  EXPECT_EQ(home->get("/api/account").status, 200);

  ASSERT_EQ(phone->login("frank").status, 200);
  Answer bad_change = home->post("/api/account/password",
                                 json{{"current", "not it at all"}, {"password", "new password"}});
  EXPECT_EQ(bad_change.status, 401);
  Answer change = home->post("/api/account/password",
                             json{{"current", "correct horse"}, {"password", "battery staple"}});
  ASSERT_EQ(change.status, 200) << change.text;
  EXPECT_EQ(phone->get("/api/account").status, 401);  // other sessions end
  EXPECT_EQ(home->get("/api/account").status, 200);
  auto later = player();
  EXPECT_EQ(later.get()->login("frank").status, 401);
  EXPECT_EQ(later.get()->login("frank", "battery staple").status, 200);

  Answer logout = later->post("/api/account/logout", json::object());
  EXPECT_EQ(logout.status, 200);
  EXPECT_NE(later->last_set_cookie.find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(later->get("/api/account").status, 401);

  Answer wrong_close = home->post("/api/account/close", json{{"password", "correct horse"}});
  EXPECT_EQ(wrong_close.status, 401);
  Answer close = home->post("/api/account/close", json{{"password", "battery staple"}});
  ASSERT_EQ(close.status, 200) << close.text;
  EXPECT_EQ(home->get("/api/account").status, 401);
  EXPECT_EQ(later->login("frank", "battery staple").status, 401);
  Answer again = later->register_as("Frank");
  EXPECT_EQ(again.status, 409);  // a closed name is not taken again
  Answer profile = api_->get("/api/users/frank");
  ASSERT_EQ(profile.status, 200);
  EXPECT_TRUE(profile.body["closed"].get<bool>());
}

TEST_F(PlayersApi, RatedSeeksNeedAccountsAClockAndTheNormalStart) {
  const json rated = {
      {"variant", "russian"}, {"rated", true}, {"clock", {{"initial_s", 300}, {"increment_s", 3}}}};
  Answer anonymous = api_->post("/api/seeks", rated);
  EXPECT_EQ(anonymous.status, 401);
  EXPECT_EQ(anonymous.body["code"], "login_required");
  auto g = player();
  ASSERT_EQ(g->register_as("gina").status, 201);
  json no_clock = rated;
  no_clock.erase("clock");
  EXPECT_EQ(g->post("/api/seeks", no_clock).body["code"], "rated_needs_clock");
  json from_fen = rated;
  from_fen["fen"] = "W:Wc3:Bf6";
  EXPECT_EQ(g->post("/api/seeks", from_fen).body["code"], "rated_from_position");
  json ranged = rated;
  ranged["rating_range"] = {1600, 2000};
  Answer made = g->post("/api/seeks", ranged);
  ASSERT_EQ(made.status, 201) << made.text;
  EXPECT_EQ(made.body["seek"]["player"]["name"], "gina");
  EXPECT_EQ(made.body["seek"]["player"]["rating"], 1500);
  EXPECT_EQ(made.body["seek"]["speed"], "blitz");  // 300 + 40 × 3 = 420 s, under 480
  const std::string id = made.body["seek"]["id"];
  EXPECT_EQ(g->post("/api/seeks/" + id + "/accept", json::object()).body["code"], "own_seek");
  EXPECT_EQ(api_->post("/api/seeks/" + id + "/accept", json::object()).body["code"],
            "login_required");
  auto h = player();
  ASSERT_EQ(h->register_as("hugo").status, 201);
  Answer out = h->post("/api/seeks/" + id + "/accept", json::object());
  EXPECT_EQ(out.status, 403) << out.text;
  EXPECT_EQ(out.body["code"], "out_of_range");
  Answer bad_range = g->post(
      "/api/seeks",
      json{{"variant", "russian"}, {"clock", {{"initial_s", 60}}}, {"rating_range", {2000, 1000}}});
  EXPECT_EQ(bad_range.status, 400);
  // A casual seek of an account is open to anyone, and names its creator.
  Answer casual = g->post("/api/seeks", json{{"variant", "english"}});
  ASSERT_EQ(casual.status, 201);
  Answer taken = api_->post(
      "/api/seeks/" + casual.body["seek"]["id"].get<std::string>() + "/accept", json::object());
  ASSERT_EQ(taken.status, 201) << taken.text;
  const json& players = taken.body["game"]["players"];
  EXPECT_FALSE(taken.body["game"]["rated"].get<bool>());
  EXPECT_TRUE(players["white"]["name"] == "gina" || players["black"]["name"] == "gina");
  EXPECT_TRUE(players["white"]["name"].is_null() || players["black"]["name"].is_null());
}

TEST_F(PlayersApi, ARatedGameChangesBothRatingsOnceAndShowsTheChange) {
  auto a = player();
  auto b = player();
  ASSERT_EQ(a->register_as("ivan").status, 201);
  ASSERT_EQ(b->register_as("olga").status, 201);
  const Paired game = pair_rated(*a, *b);
  Answer view = api_->get("/api/games/" + game.id);
  EXPECT_TRUE(view.body["rated"].get<bool>());
  EXPECT_EQ(view.body["speed"], "blitz");
  EXPECT_EQ(view.body["players"]["white"]["rating"], 1500);
  EXPECT_TRUE(view.body["players"]["white"]["diff"].is_null());
  ASSERT_EQ(api_->post("/api/games/" + game.id + "/moves",
                       json{{"key", game.white_key}, {"move", "c3-d4"}})
                .status,
            200);
  ASSERT_EQ(api_->post("/api/games/" + game.id + "/moves",
                       json{{"key", game.black_key}, {"move", "f6-g5"}})
                .status,
            200);
  Answer late_abort = api_->post("/api/games/" + game.id + "/abort", json{{"key", game.black_key}});
  EXPECT_EQ(late_abort.body["code"], "abort_too_late");
  ASSERT_EQ(api_->post("/api/games/" + game.id + "/resign", json{{"key", game.black_key}}).status,
            200);
  const json done = wait_for_diffs(game.id);
  const int white_diff = done["players"]["white"]["diff"].get<int>();
  const int black_diff = done["players"]["black"]["diff"].get<int>();
  EXPECT_GT(white_diff, 0);
  EXPECT_LT(black_diff, 0);
  EXPECT_EQ(white_diff, -black_diff);  // equal ratings and RDs: opposite changes

  const std::string winner = game.white_name;
  const std::string loser = winner == "ivan" ? "olga" : "ivan";
  const json win_profile = api_->get("/api/users/" + winner).body;
  const json lose_profile = api_->get("/api/users/" + loser).body;
  EXPECT_EQ(win_profile["ratings"]["russian"]["rating"], 1500 + white_diff);
  EXPECT_EQ(win_profile["ratings"]["russian"]["games"], 1);
  EXPECT_EQ(win_profile["ratings"]["russian"]["speed"], "blitz");
  EXPECT_EQ(win_profile["ratings"]["russian"]["speeds"]["blitz"]["games"], 1);
  EXPECT_TRUE(win_profile["ratings"]["russian"]["provisional"].get<bool>());
  EXPECT_LT(win_profile["ratings"]["russian"]["rd"].get<double>(), 350.0);
  EXPECT_EQ(lose_profile["ratings"]["russian"]["rating"], 1500 + black_diff);
  EXPECT_EQ(win_profile["ratings"]["english"]["games"], 0);
  EXPECT_EQ(win_profile["results"]["wins"], 1);
  EXPECT_EQ(lose_profile["results"]["losses"], 1);
  const json history = api_->get("/api/users/" + winner + "/history").body;
  ASSERT_EQ(history["history"]["russian"]["blitz"].size(), 1u);
  EXPECT_EQ(history["history"]["russian"]["blitz"][0][1], 1500 + white_diff);
  const json wins = api_->get("/api/users/" + winner + "/games?result=win&rated=true").body;
  ASSERT_EQ(wins["total"], 1);
  EXPECT_EQ(wins["games"][0]["id"], game.id);
  EXPECT_EQ(api_->get("/api/users/" + winner + "/games?result=loss").body["total"], 0);
  EXPECT_EQ(api_->get("/api/users/" + winner + "/games?variant=english").body["total"], 0);
  EXPECT_EQ(api_->get("/api/users/" + winner + "/games?rated=maybe").status, 400);
  EXPECT_EQ(api_->get("/api/users/nobody_at_all").status, 404);
  // The record names the players and their ratings.
  Answer pdn = api_->get("/api/games/" + game.id + "/export");
  EXPECT_NE(pdn.text.find("[White \"" + winner + "\"]"), std::string::npos) << pdn.text;
  EXPECT_NE(pdn.text.find("[WhiteElo \"1500\"]"), std::string::npos) << pdn.text;
  // The rematch is rated too: sides swapped, each with the rating it has now.
  Answer rematch = api_->post("/api/games/" + game.id + "/rematch", json{{"key", game.black_key}});
  ASSERT_EQ(rematch.status, 201) << rematch.text;
  const json& again = rematch.body["game"];
  EXPECT_TRUE(again["rated"].get<bool>());
  EXPECT_EQ(again["players"]["black"]["name"], winner);
  EXPECT_EQ(again["players"]["black"]["rating"], 1500 + white_diff);
  EXPECT_EQ(again["players"]["white"]["rating"], 1500 + black_diff);
}

TEST_F(PlayersApi, AnAbortedRatedGameChangesNothing) {
  auto a = player();
  auto b = player();
  ASSERT_EQ(a->register_as("petr").status, 201);
  ASSERT_EQ(b->register_as("rita").status, 201);
  const Paired game = pair_rated(*a, *b);
  ASSERT_EQ(api_->post("/api/games/" + game.id + "/moves",
                       json{{"key", game.white_key}, {"move", "c3-d4"}})
                .status,
            200);
  Answer aborted = api_->post("/api/games/" + game.id + "/abort", json{{"key", game.black_key}});
  ASSERT_EQ(aborted.status, 200) << aborted.text;
  EXPECT_EQ(aborted.body["result"]["outcome"], "aborted");
  EXPECT_TRUE(aborted.body["result"]["over"].get<bool>());
  EXPECT_EQ(aborted.body["result"]["text"], "*");
  // A later game between them is rated: its news comes after the abort's, so once its changes
  // are in, the abort's would have been too.
  const Paired next = pair_rated(*a, *b);
  api_->post("/api/games/" + next.id + "/moves", json{{"key", next.white_key}, {"move", "c3-d4"}});
  api_->post("/api/games/" + next.id + "/moves", json{{"key", next.black_key}, {"move", "f6-g5"}});
  api_->post("/api/games/" + next.id + "/draw", json{{"key", next.white_key}, {"action", "offer"}});
  Answer agreed = api_->post("/api/games/" + next.id + "/draw",
                             json{{"key", next.black_key}, {"action", "accept"}});
  ASSERT_EQ(agreed.status, 200) << agreed.text;
  const json drawn = wait_for_diffs(next.id);
  EXPECT_EQ(drawn["players"]["white"]["diff"], 0);
  const json profile = api_->get("/api/users/petr").body;
  EXPECT_EQ(profile["ratings"]["russian"]["games"], 1);  // the draw only
  EXPECT_TRUE(api_->get("/api/games/" + game.id).body["players"]["white"]["diff"].is_null());
  // A casual game changes nothing either.
  const Paired casual = pair_rated(*a, *b, false);
  EXPECT_FALSE(api_->get("/api/games/" + casual.id).body["rated"].get<bool>());
}

TEST_F(PlayersApi, ChatRoomsBoundsAndPlainText) {
  auto a = player();
  auto b = player();
  ASSERT_EQ(a->register_as("sasha").status, 201);
  ASSERT_EQ(b->register_as("tanya").status, 201);
  const Paired game = pair_rated(*a, *b, false);
  const std::string chat = "/api/games/" + game.id + "/chat";
  Answer line = api_->post(
      chat, json{{"room", "players"}, {"key", game.white_key}, {"text", "  <b>good luck</b>  "}});
  ASSERT_EQ(line.status, 201) << line.text;
  EXPECT_EQ(line.body["line"]["text"], "<b>good luck</b>");  // as typed: pages show it as text
  EXPECT_EQ(line.body["line"]["side"], "white");
  EXPECT_EQ(line.body["line"]["name"], game.white_name);
  EXPECT_EQ(api_->post(chat, json{{"room", "players"}, {"key", "wrong"}, {"text", "hi"}}).status,
            403);
  EXPECT_EQ(api_->post(chat, json{{"room", "watchers"}, {"text", "hi"}}).body["code"],
            "login_required");
  Answer watcher = a->post(chat, json{{"room", "watchers"}, {"text", "hello"}});
  EXPECT_EQ(watcher.status, 201) << watcher.text;
  EXPECT_EQ(a->post(chat, json{{"room", "watchers"}, {"text", std::string(141, 'x')}}).body["code"],
            "bad_chat");
  EXPECT_EQ(a->post(chat, json{{"room", "watchers"}, {"text", "   "}}).body["code"], "bad_chat");
  EXPECT_EQ(a->post(chat, json{{"room", "watchers"}, {"text", "two\nlines"}}).body["code"],
            "bad_chat");
  // 140 characters, not bytes: Cyrillic letters are two bytes each.
  std::string cyrillic;
  for (int i = 0; i < 140; ++i) cyrillic += "ж";
  EXPECT_EQ(a->post(chat, json{{"room", "watchers"}, {"text", cyrillic}}).status, 201);
  EXPECT_EQ(a->post(chat, json{{"room", "nowhere"}, {"text", "x"}}).status, 400);
  int fast = 0;
  for (int i = 0; i < 5; ++i) {
    Answer more = b->post(chat, json{{"room", "watchers"}, {"text", "line " + std::to_string(i)}});
    if (more.status == 429) {
      ++fast;
      EXPECT_EQ(more.body["code"], "chat_too_fast");
      EXPECT_FALSE(b->last_retry_after.empty());
    }
  }
  EXPECT_EQ(fast, 0);
  Answer sixth = b->post(chat, json{{"room", "watchers"}, {"text", "one too many"}});
  EXPECT_EQ(sixth.status, 429);
  // Watchers read the watchers' room only; a player reads both.
  const json public_view = api_->get(chat).body;
  EXPECT_FALSE(public_view.contains("players"));
  EXPECT_EQ(public_view["watchers"].size(), 7u);
  const json player_view = api_->get(chat + "?key=" + game.black_key).body;
  ASSERT_EQ(player_view["players"].size(), 1u);
  // Games against the computer have no chat.
  json computer =
      create({{"variant", "russian"}, {"opponent", {{"kind", "computer"}, {"level", 1}}}});
  const std::string cid = computer["game"]["id"];
  const std::string ckey = computer["keys"].begin().value();
  EXPECT_EQ(api_->post("/api/games/" + cid + "/chat",
                       json{{"room", "players"}, {"key", ckey}, {"text", "hi"}})
                .body["code"],
            "no_chat");
  // A closed account's lines are left out, once the chat has heard of the closing (the hub's
  // news comes on its own thread, just after the answer; no time is asserted).
  ASSERT_EQ(a->post("/api/account/close", json{{"password", "correct horse"}}).status, 200);
  auto sasha_lines = [&] {
    int n = 0;
    const json lines = api_->get(chat).body;  // kept: a loop over a temporary's member dangles
    for (const json& l : lines["watchers"]) n += l["name"] == "sasha" ? 1 : 0;
    return n;
  };
  int left = sasha_lines();
  for (int i = 0; i < 3000 && left > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    left = sasha_lines();
  }
  EXPECT_EQ(left, 0);
  EXPECT_EQ(api_->get(chat).body["watchers"].size(), 5u);  // tanya's five stay
}

TEST_F(PlayersApi, TheWatchPageListsGamesBetweenPeopleInProgress) {
  auto a = player();
  auto b = player();
  ASSERT_EQ(a->register_as("uma").status, 201);
  ASSERT_EQ(b->register_as("vlad").status, 201);
  const Paired game = pair_rated(*a, *b);
  create({{"variant", "russian"}, {"opponent", {{"kind", "computer"}, {"level", 1}}}});
  Answer tv = api_->get("/api/tv");
  ASSERT_EQ(tv.status, 200) << tv.text;
  ASSERT_EQ(tv.body["games"].size(), 1u);  // not the game against the computer
  const json& entry = tv.body["games"][0];
  EXPECT_EQ(entry["id"], game.id);
  EXPECT_EQ(entry["players"]["white"]["rating"], 1500);
  EXPECT_TRUE(entry.contains("watchers"));
  EXPECT_TRUE(entry["fen"].is_string());
  EXPECT_EQ(api_->get("/api/tv?variant=english").body["games"].size(), 0u);
  api_->post("/api/games/" + game.id + "/resign", json{{"key", game.white_key}});
  EXPECT_EQ(api_->get("/api/tv").body["games"].size(), 0u);
}

TEST_F(PlayersApi, AppPagesAreServedForProfilesLobbyAndTv) {
  // This server has no web folder: the pages answer 404 naming the missing app, not "no such
  // path" for the API.
  for (const char* path : {"/@/someone", "/lobby", "/tv", "/account", "/tables", "/editor"}) {
    Answer a = api_->get(path);
    EXPECT_EQ(a.status, 404) << path;
    EXPECT_NE(a.text.find("browser app"), std::string::npos) << path << ": " << a.text;
  }
}

}  // namespace
}  // namespace doska::test

namespace doska::test {
namespace {

TEST_F(PlayersApi, NewSeeksAreThrottled) {
  int refused = 0;
  for (int i = 0; i < 12; ++i) {
    Answer a = api_->post("/api/seeks", json{{"variant", "english"}});
    if (a.status == 429) {
      ++refused;
      EXPECT_EQ(a.body["code"], "too_many_seeks");
    } else {
      EXPECT_EQ(a.status, 201) << a.text;
    }
  }
  EXPECT_EQ(refused, 2);  // 10 a minute from one address without an account
  // An account has its own bound.
  auto p = player();
  ASSERT_EQ(p->register_as("wanda").status, 201);
  EXPECT_EQ(p->post("/api/seeks", json{{"variant", "english"}}).status, 201);
}

}  // namespace
}  // namespace doska::test
