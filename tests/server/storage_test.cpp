// SQLite storage: migrations from an empty database, games written and read back, reopening.
#include "server/storage.h"

#include <gtest/gtest.h>

#include <sqlite3.h>
#include <atomic>
#include <filesystem>
#include <thread>
#include <vector>

#include "server_process.h"

namespace doska::server {
namespace {

StoredGame sample(const std::string& id, const std::string& created) {
  StoredGame g;
  g.id = id;
  g.variant = "russian";
  g.created = g.updated = created;
  g.start_fen = "W:Wa1:Bh8";
  g.key_white = "aa";
  g.initial_ms = 60000;
  g.white_ms = 59000;
  g.black_ms = 60000;
  g.moves = {{"a1-b2", 1000}, {"h8-g7", std::nullopt}};
  g.days_per_move = 3;  // migration 5: correspondence
  g.move_deadline_ms = 1795000000000;
  return g;
}

TEST(ServerStorage, MigratesAnEmptyDatabaseAndReopens) {
  const std::string path = test::temp_db("storage_migrate");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage) << storage.error();
    EXPECT_EQ((*storage)->schema_version(), 6);
    ASSERT_TRUE((*storage)->save(sample("g1", "2026-01-01T00:00:00Z")));
  }
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  EXPECT_EQ((*storage)->schema_version(), 6);
  auto loaded = (*storage)->load("g1");
  ASSERT_TRUE(loaded) << loaded.error();
  ASSERT_TRUE(*loaded);
  const StoredGame& g = **loaded;
  EXPECT_EQ(g.variant, "russian");
  EXPECT_EQ(g.key_white, "aa");
  EXPECT_EQ(g.white_ms, 59000);
  EXPECT_EQ(g.days_per_move, 3);
  EXPECT_EQ(g.move_deadline_ms, 1795000000000);
  ASSERT_EQ(g.moves.size(), 2u);
  EXPECT_EQ(g.moves[0].text, "a1-b2");
  EXPECT_EQ(g.moves[0].ms, 1000);
  EXPECT_FALSE(g.moves[1].ms);
}

// The database and its WAL are readable and writable by their owner only: they hold
// the games' keys. A game is found by a key of either side, and by no other key.
TEST(ServerStorage, OwnerOnlyFilesAndGamesFoundByKey) {
  const std::string path = test::temp_db("storage_private");
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  ASSERT_TRUE((*storage)->save(sample("g1", "2026-01-01T00:00:00Z")));
  namespace fs = std::filesystem;
  const auto others = fs::perms::group_all | fs::perms::others_all;
  EXPECT_EQ(fs::status(path).permissions() & others, fs::perms::none);
  if (fs::exists(path + "-wal")) {
    EXPECT_EQ(fs::status(path + "-wal").permissions() & others, fs::perms::none);
  }
  StoredGame g = sample("g2", "2026-01-01T00:00:00Z");
  g.key_black = "bb";
  ASSERT_TRUE((*storage)->save(g));
  for (const std::string& key : {g.key_white, g.key_black}) {
    auto held = (*storage)->held("g2", key);
    ASSERT_TRUE(held) << held.error();
    ASSERT_TRUE(*held) << key;
    EXPECT_EQ((*held)->id, "g2");
  }
  // The sample's Black is the computer's: no key, and an empty key finds nothing.
  for (const std::string& key : {std::string("zz"), std::string()}) {
    auto held = (*storage)->held("g1", key);
    ASSERT_TRUE(held) << held.error();
    EXPECT_FALSE(*held) << key;
  }
}

// Migration 2 replaces the keys a database of schema 1 kept as they were by their
// digests; a side nobody holds stays empty.
TEST(ServerStorage, MigrationTwoKeepsDigestsOfTheKeys) {
  const std::string path = test::temp_db("storage_digests");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage) << storage.error();
    ASSERT_TRUE((*storage)->save(sample("g1", "2026-01-01T00:00:00Z")));
  }
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    // Back to schema 1: plain keys, and without the columns later migrations add.
    ASSERT_EQ(sqlite3_exec(db,
                           "UPDATE games SET key_white = 'plainkey', key_black = ''; "
                           "DROP INDEX games_by_white_name; DROP INDEX games_by_black_name; "
                           "DROP INDEX games_by_outcome; "
                           "ALTER TABLE games DROP COLUMN rated; "
                           "ALTER TABLE games DROP COLUMN speed; "
                           "ALTER TABLE games DROP COLUMN white_name; "
                           "ALTER TABLE games DROP COLUMN black_name; "
                           "ALTER TABLE games DROP COLUMN seats; "
                           "DROP TABLE chat_lines; DROP TABLE rated_games; "
                           "DROP TABLE rating_history; DROP TABLE ratings; DROP TABLE sessions; "
                           "DROP TABLE users; "
                           "ALTER TABLE games DROP COLUMN days_per_move; "
                           "ALTER TABLE games DROP COLUMN move_deadline_ms; "
                           "UPDATE schema_version SET version = 1",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  EXPECT_EQ((*storage)->schema_version(), 6);
  auto loaded = (*storage)->load("g1");
  ASSERT_TRUE(loaded && *loaded);
  EXPECT_EQ((*loaded)->key_white, key_digest("plainkey"));
  EXPECT_EQ((*loaded)->key_black, "");
  EXPECT_EQ(key_digest("plainkey").rfind("sha256:", 0), 0u);
  auto held = (*storage)->held("g1", key_digest("plainkey"));
  ASSERT_TRUE(held && *held);
}

// A save appends the plies played since the last one, deletes the plies taken back, and rewrites
// the list when it differs otherwise: what is loaded is always what was saved.
TEST(ServerStorage, SaveAppendsTakesBackAndRewritesMoves) {
  auto storage = Storage::open(test::temp_db("storage_append"));
  ASSERT_TRUE(storage) << storage.error();
  Storage& s = **storage;
  StoredGame g = sample("m", "2026-01-01T00:00:00Z");
  const auto moves_of = [&]() {
    std::vector<std::string> texts;
    auto loaded = s.load("m");
    EXPECT_TRUE(loaded && *loaded);
    if (loaded && *loaded)
      for (const StoredMove& m : (*loaded)->moves) texts.push_back(m.text);
    return texts;
  };
  const auto texts_of = [](const StoredGame& game) {
    std::vector<std::string> texts;
    for (const StoredMove& m : game.moves) texts.push_back(m.text);
    return texts;
  };
  g.moves = {{"c3-d4", 10}};
  ASSERT_TRUE(s.save(g));
  EXPECT_EQ(moves_of(), texts_of(g));
  g.moves.push_back({"f6-e5", 20});
  g.moves.push_back({"d4xf6", std::nullopt});
  ASSERT_TRUE(s.save(g));  // two plies appended
  EXPECT_EQ(moves_of(), texts_of(g));
  g.moves.pop_back();
  ASSERT_TRUE(s.save(g));  // one taken back
  EXPECT_EQ(moves_of(), texts_of(g));
  g.moves = {{"a3-b4", 5}, {"h6-g5", 6}};
  ASSERT_TRUE(s.save(g));  // another list of the same length
  EXPECT_EQ(moves_of(), texts_of(g));
  g.moves.clear();
  ASSERT_TRUE(s.save(g));
  EXPECT_TRUE(moves_of().empty());
}

TEST(ServerStorage, SaveReplacesTheMovesAndListsNewestFirst) {
  auto storage = Storage::open(test::temp_db("storage_list"));
  ASSERT_TRUE(storage) << storage.error();
  Storage& s = **storage;
  StoredGame a = sample("a", "2026-01-01T00:00:00Z");
  ASSERT_TRUE(s.save(a));
  ASSERT_TRUE(s.save(sample("b", "2026-01-02T00:00:00Z")));
  a.moves.pop_back();
  a.outcome = "white_wins";
  ASSERT_TRUE(s.save(a));
  auto list = s.list(10, 0);
  ASSERT_TRUE(list);
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].id, "b");
  EXPECT_EQ((*list)[1].plies, 1);
  EXPECT_EQ(*s.count(), 2);
  auto unfinished = s.unfinished();
  ASSERT_TRUE(unfinished);
  EXPECT_EQ(*unfinished, std::vector<std::string>{"b"});
  auto missing = s.load("zzz");
  ASSERT_TRUE(missing);
  EXPECT_FALSE(*missing);
}

TEST(ServerStorage, RefusesADatabaseFromANewerProgram) {
  const std::string path = test::temp_db("storage_newer");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage);
  }
  {
    // A later program migrated it further.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "UPDATE schema_version SET version = 99", nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  auto storage = Storage::open(path);
  ASSERT_FALSE(storage);
  EXPECT_NE(storage.error().find("newer"), std::string::npos) << storage.error();
  EXPECT_FALSE(Storage::open("/proc/no/such/dir/x.db"));
}

// Group commit: saves from many threads at once share transactions; each returns only once its
// game is stored, and every one is read back whole after the database is opened again.
TEST(ServerStorage, SavesFromManyThreadsAreAllCommitted) {
  const std::string path = test::temp_db("storage_group");
  constexpr int kThreads = 16, kPlies = 30;
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage) << storage.error();
    std::vector<std::thread> threads;
    std::atomic<int> failed{0};
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        StoredGame g = sample("group" + std::to_string(t), "2026-01-01T00:00:00Z");
        g.moves.clear();
        for (int ply = 1; ply <= kPlies; ++ply) {
          g.moves.push_back({"m" + std::to_string(t) + "-" + std::to_string(ply), ply});
          g.version = ply;
          if (!(*storage)->save(g)) ++failed;
        }
      });
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(failed.load(), 0);
  }
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  for (int t = 0; t < kThreads; ++t) {
    auto loaded = (*storage)->load("group" + std::to_string(t));
    ASSERT_TRUE(loaded && *loaded) << t;
    const StoredGame& g = **loaded;
    ASSERT_EQ(g.moves.size(), static_cast<std::size_t>(kPlies)) << t;
    EXPECT_EQ(g.version, kPlies);
    for (int ply = 1; ply <= kPlies; ++ply)
      EXPECT_EQ(g.moves[ply - 1].text, "m" + std::to_string(t) + "-" + std::to_string(ply));
  }
}

}  // namespace
}  // namespace doska::server

namespace doska::server {
namespace {

// Migration 6: a game's players (names, ratings as it began, their changes) and whether it is
// rated are stored and read back; a game of schema 5 reads as one without accounts.
TEST(ServerStorage, KeepsAGamesPlayersAndRatings) {
  const std::string path = test::temp_db("storage_players");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage) << storage.error();
    StoredGame g = sample("p1", "2026-01-01T00:00:00Z");
    g.rated = true;
    g.speed = "blitz";
    g.white_player = Seat{"Ann", 1512, true, 9};
    g.black_player = Seat{"boris", 1650, false, std::nullopt};
    ASSERT_TRUE((*storage)->save(g));
    ASSERT_TRUE((*storage)->save(sample("p2", "2026-01-02T00:00:00Z")));
  }
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage);
  auto loaded = (*storage)->load("p1");
  ASSERT_TRUE(loaded && *loaded);
  const StoredGame& g = **loaded;
  EXPECT_TRUE(g.rated);
  EXPECT_EQ(g.speed, "blitz");
  EXPECT_EQ(g.white_player.name, "Ann");
  EXPECT_EQ(g.white_player.rating, 1512);
  EXPECT_TRUE(g.white_player.provisional);
  EXPECT_EQ(g.white_player.diff, 9);
  EXPECT_EQ(g.black_player.rating, 1650);
  EXPECT_FALSE(g.black_player.provisional);
  EXPECT_FALSE(g.black_player.diff);
  auto plain = (*storage)->load("p2");
  ASSERT_TRUE(plain && *plain);
  EXPECT_FALSE((*plain)->rated);
  EXPECT_TRUE((*plain)->white_player.name.empty());
  EXPECT_FALSE((*plain)->white_player.rating);
  // A player's games by name, regardless of case.
  UserGamesQuery q;
  q.name = "ANN";
  auto mine = (*storage)->user_games(q);
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->second, 1);
  ASSERT_EQ(mine->first.size(), 1u);
  EXPECT_EQ(mine->first[0].id, "p1");
}

// A rated game's ratings are applied once, however often its end is heard.
TEST(ServerStorage, AppliesARatedGameOnce) {
  const std::string path = test::temp_db("storage_rated_once");
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage);
  auto id = (*storage)->create_user("ann", "$argon2id$not-a-real-hash");
  ASSERT_TRUE(id && *id > 0);
  auto twice = (*storage)->create_user("ANN", "$argon2id$other");
  ASSERT_TRUE(twice);
  EXPECT_EQ(*twice, 0);  // the name is taken regardless of case
  RatingRow row{"russian", "blitz", 1600, 200, 0.06, 1, 1000};
  auto first = (*storage)->apply_rated_game("g1", {RatingUpdate{*id, row}});
  ASSERT_TRUE(first);
  EXPECT_TRUE(*first);
  row.rating = 1700;
  auto again = (*storage)->apply_rated_game("g1", {RatingUpdate{*id, row}});
  ASSERT_TRUE(again);
  EXPECT_FALSE(*again);
  auto ratings = (*storage)->ratings(*id);
  ASSERT_TRUE(ratings);
  ASSERT_EQ(ratings->size(), 1u);
  EXPECT_EQ((*ratings)[0].rating, 1600);
  auto history = (*storage)->rating_history(*id);
  ASSERT_TRUE(history);
  EXPECT_EQ(history->size(), 1u);
}

}  // namespace
}  // namespace doska::server
