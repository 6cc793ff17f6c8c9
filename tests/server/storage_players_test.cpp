// The storage of the players' rooms and of reviews and rematches, on SQLite and on PostgreSQL
// (storage_backends.h): accounts, sessions, chat, a player's games and results.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/storage.h"
#include "storage_backends.h"

namespace doska::server {
namespace {

using test::Backend;

class ServerStoragePlayers : public test::StorageBackends {};

StoredGame between(const std::string& id, const std::string& white, const std::string& black,
                   const std::string& outcome, const std::string& created) {
  StoredGame g;
  g.id = id;
  g.variant = "russian";
  g.created = g.updated = created;
  g.start_fen = "W:Wa1:Bh8";
  g.outcome = outcome;
  g.white_player.name = white;
  g.black_player.name = black;
  g.rated = outcome != "ongoing";
  return g;
}

// Accounts by name regardless of case and by id; a password changed; a closed account keeps its
// name, loses its hash and its sessions.
TEST_P(ServerStoragePlayers, AccountsAndTheirSessions) {
  auto storage = Storage::open(target("players_accounts"));
  ASSERT_TRUE(storage) << storage.error();
  Storage& s = **storage;
  auto ann = s.create_user("Ann", "hash-1");
  ASSERT_TRUE(ann && *ann > 0) << (ann ? "taken" : ann.error());
  auto bob = s.create_user("bob", "hash-2");
  ASSERT_TRUE(bob && *bob > 0 && *bob != *ann);
  auto found = s.user_by_name("aNN");
  ASSERT_TRUE(found && *found);
  EXPECT_EQ((*found)->id, *ann);
  EXPECT_EQ((*found)->name, "Ann");
  ASSERT_TRUE(s.set_password(*ann, "hash-3"));
  auto by_id = s.user_by_id(*ann);
  ASSERT_TRUE(by_id && *by_id);
  EXPECT_EQ((*by_id)->password_hash, "hash-3");
  EXPECT_FALSE((*by_id)->closed);
  auto nobody = s.user_by_id(*bob + 100);
  ASSERT_TRUE(nobody);
  EXPECT_FALSE(*nobody);

  for (const char* digest : {"d1", "d2", "d3"})
    ASSERT_TRUE(s.create_session(SessionRow{digest, std::string("p") + digest, *ann,
                                            "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z", ""}));
  ASSERT_TRUE(s.touch_session("d2", "2026-01-03T00:00:00Z"));
  auto sessions = s.sessions(*ann);
  ASSERT_TRUE(sessions && sessions->size() == 3u);
  EXPECT_EQ((*sessions)[0].digest, "d2");  // the one seen last first
  auto one = s.session("d1");
  ASSERT_TRUE(one && *one);
  EXPECT_EQ((*one)->public_id, "pd1");
  ASSERT_TRUE(s.delete_session("d1"));
  auto gone = s.session("d1");
  ASSERT_TRUE(gone);
  EXPECT_FALSE(*gone);
  auto ended = s.delete_sessions(*ann, "d2");
  ASSERT_TRUE(ended);
  EXPECT_EQ(*ended, 1);  // d3; d2 stays

  ASSERT_TRUE(s.close_user(*ann));
  auto closed = s.user_by_id(*ann);
  ASSERT_TRUE(closed && *closed);
  EXPECT_TRUE((*closed)->closed);
  EXPECT_TRUE((*closed)->password_hash.empty());
  auto left = s.sessions(*ann);
  ASSERT_TRUE(left);
  EXPECT_TRUE(left->empty());
  auto closed_ids = s.closed_user_ids();
  ASSERT_TRUE(closed_ids);
  EXPECT_EQ(*closed_ids, std::vector<std::int64_t>{*ann});
}

// A chat room keeps its last lines, numbered on; the other room is apart.
TEST_P(ServerStoragePlayers, ChatKeepsTheLastLinesOfARoom) {
  auto storage = Storage::open(target("players_chat"));
  ASSERT_TRUE(storage) << storage.error();
  Storage& s = **storage;
  for (int i = 1; i <= 5; ++i) {
    ChatLine line{"g1", "players", 0,       "2026-01-01T00:00:00Z",
                  7,    "ann",     "white", "line " + std::to_string(i)};
    ASSERT_TRUE(s.add_chat_line(line, 3));
    EXPECT_EQ(line.n, i);
  }
  ChatLine watcher{"g1", "watchers", 0, "2026-01-01T00:00:00Z", 0, "", "", "hello"};
  ASSERT_TRUE(s.add_chat_line(watcher, 3));
  EXPECT_EQ(watcher.n, 1);
  auto lines = s.chat("g1", "players", 10);
  ASSERT_TRUE(lines) << lines.error();
  ASSERT_EQ(lines->size(), 3u);
  EXPECT_EQ((*lines)[0].text, "line 3");  // oldest first
  EXPECT_EQ((*lines)[2].text, "line 5");
  EXPECT_EQ((*lines)[2].user_id, 7);
  auto last = s.chat("g1", "players", 1);
  ASSERT_TRUE(last && last->size() == 1u);
  EXPECT_EQ((*last)[0].n, 5);
}

// A review entry is replaced by a later one of its ply; a rematch is recorded once asked.
TEST_P(ServerStoragePlayers, ReviewEntriesAndRematches) {
  auto storage = Storage::open(target("players_review"));
  ASSERT_TRUE(storage) << storage.error();
  Storage& s = **storage;
  ASSERT_TRUE(s.save(between("g1", "", "", "ongoing", "2026-01-01T00:00:00Z")));
  ASSERT_TRUE(s.save_review_entry("g1", 2, "W:W1:B2", R"({"best":"a"})"));
  ASSERT_TRUE(s.save_review_entry("g1", 1, "W:W1:B3", R"({"best":"b"})"));
  ASSERT_TRUE(s.save_review_entry("g1", 2, "W:W1:B4", R"({"best":"c"})"));
  auto review = s.review("g1");
  ASSERT_TRUE(review) << review.error();
  ASSERT_EQ(review->size(), 2u);
  EXPECT_EQ((*review)[0].ply, 1);
  EXPECT_EQ((*review)[1].fen, "W:W1:B4");
  EXPECT_EQ((*review)[1].entry, R"({"best":"c"})");
  // One ply read alone (a review heard from another server).
  auto one = s.review_entry("g1", 2);
  ASSERT_TRUE(one) << one.error();
  ASSERT_TRUE(*one);
  EXPECT_EQ((*one)->ply, 2);
  EXPECT_EQ((*one)->fen, "W:W1:B4");
  EXPECT_EQ((*one)->entry, R"({"best":"c"})");
  auto missing = s.review_entry("g1", 3);
  ASSERT_TRUE(missing) << missing.error();
  EXPECT_FALSE(*missing);

  auto none = s.rematch_of("g1");
  ASSERT_TRUE(none);
  EXPECT_EQ(*none, "");
  ASSERT_TRUE(s.set_rematch("g1", "g2"));
  ASSERT_TRUE(s.set_rematch("g1", "g3"));
  auto rematch = s.rematch_of("g1");
  ASSERT_TRUE(rematch);
  EXPECT_EQ(*rematch, "g3");
}

// A player's games filtered by result from the player's side, rated or not, and counted; the
// games between people in progress.
TEST_P(ServerStoragePlayers, APlayersGamesAndResults) {
  auto storage = Storage::open(target("players_games"));
  ASSERT_TRUE(storage) << storage.error();
  Storage& s = **storage;
  ASSERT_TRUE(s.save(between("w1", "Ann", "bob", "white_wins", "2026-01-01T00:00:01Z")));
  ASSERT_TRUE(s.save(between("l1", "Ann", "bob", "black_wins", "2026-01-01T00:00:02Z")));
  ASSERT_TRUE(s.save(between("w2", "bob", "ann", "black_wins", "2026-01-01T00:00:03Z")));
  ASSERT_TRUE(s.save(between("d1", "bob", "Ann", "draw", "2026-01-01T00:00:04Z")));
  ASSERT_TRUE(s.save(between("o1", "ANN", "bob", "ongoing", "2026-01-01T00:00:05Z")));
  ASSERT_TRUE(s.save(between("x1", "bob", "cid", "white_wins", "2026-01-01T00:00:06Z")));

  auto results = s.user_results("ann");
  ASSERT_TRUE(results) << results.error();
  EXPECT_EQ(results->games, 4);
  EXPECT_EQ(results->wins, 2);
  EXPECT_EQ(results->draws, 1);
  EXPECT_EQ(results->losses, 1);
  EXPECT_EQ(results->playing, 1);
  auto nobody = s.user_results("nobody");
  ASSERT_TRUE(nobody) << nobody.error();
  EXPECT_EQ(nobody->games, 0);
  EXPECT_EQ(nobody->wins, 0);

  UserGamesQuery q;
  q.name = "Ann";
  auto all = s.user_games(q);
  ASSERT_TRUE(all) << all.error();
  EXPECT_EQ(all->second, 5);
  ASSERT_EQ(all->first.size(), 5u);
  EXPECT_EQ(all->first[0].id, "o1");  // newest first
  q.result = "win";
  auto wins = s.user_games(q);
  ASSERT_TRUE(wins);
  EXPECT_EQ(wins->second, 2);
  q.result = "loss";
  q.rated = true;
  q.variant = "russian";
  auto losses = s.user_games(q);
  ASSERT_TRUE(losses) << losses.error();
  ASSERT_EQ(losses->first.size(), 1u);
  EXPECT_EQ(losses->first[0].id, "l1");
  q.result.reset();
  q.variant.reset();
  q.rated = false;
  q.limit = 1;
  auto casual = s.user_games(q);
  ASSERT_TRUE(casual);
  EXPECT_EQ(casual->second, 1);  // the game in progress
  q.rated.reset();
  q.offset = 4;
  auto last_page = s.user_games(q);
  ASSERT_TRUE(last_page && last_page->first.size() == 1u);
  EXPECT_EQ(last_page->first[0].id, "w1");

  auto playing = s.ongoing_between_people(10);
  ASSERT_TRUE(playing) << playing.error();
  ASSERT_EQ(playing->size(), 1u);
  EXPECT_EQ((*playing)[0].id, "o1");
}

// Ratings and their history in the order they came, with fractions kept exactly.
TEST_P(ServerStoragePlayers, RatingsAndTheirHistory) {
  auto storage = Storage::open(target("players_ratings"));
  ASSERT_TRUE(storage) << storage.error();
  Storage& s = **storage;
  auto ann = s.create_user("ann", "hash");
  ASSERT_TRUE(ann && *ann > 0);
  RatingRow row{"russian", "blitz", 1512.3456789012345, 187.25, 0.0599991, 1, 1000};
  ASSERT_TRUE(s.apply_rated_game("g1", {RatingUpdate{*ann, row}}));
  row.rating = 1498.5;
  row.games = 2;
  row.last_ms = 1000;  // the same moment: the order they came in decides
  ASSERT_TRUE(s.apply_rated_game("g2", {RatingUpdate{*ann, row}}));
  auto ratings = s.ratings(*ann);
  ASSERT_TRUE(ratings && ratings->size() == 1u);
  EXPECT_EQ((*ratings)[0].rating, 1498.5);
  EXPECT_EQ((*ratings)[0].rd, 187.25);
  EXPECT_EQ((*ratings)[0].volatility, 0.0599991);
  EXPECT_EQ((*ratings)[0].games, 2);
  auto history = s.rating_history(*ann);
  ASSERT_TRUE(history && history->size() == 2u);
  EXPECT_EQ((*history)[0].rating, 1512.3456789012345);
  EXPECT_EQ((*history)[1].rating, 1498.5);
}

INSTANTIATE_TEST_SUITE_P(Backends, ServerStoragePlayers,
                         ::testing::Values(Backend::sqlite, Backend::postgres), test::backend_name);

}  // namespace
}  // namespace doska::server
