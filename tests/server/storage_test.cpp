// SQLite storage: migrations from an empty database, games written and read back, reopening.
#include "server/storage.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

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
  return g;
}

TEST(ServerStorage, MigratesAnEmptyDatabaseAndReopens) {
  const std::string path = test::temp_db("storage_migrate");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage) << storage.error();
    EXPECT_EQ((*storage)->schema_version(), 1);
    ASSERT_TRUE((*storage)->save(sample("g1", "2026-01-01T00:00:00Z")));
  }
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  EXPECT_EQ((*storage)->schema_version(), 1);
  auto loaded = (*storage)->load("g1");
  ASSERT_TRUE(loaded) << loaded.error();
  ASSERT_TRUE(*loaded);
  const StoredGame& g = **loaded;
  EXPECT_EQ(g.variant, "russian");
  EXPECT_EQ(g.key_white, "aa");
  EXPECT_EQ(g.white_ms, 59000);
  ASSERT_EQ(g.moves.size(), 2u);
  EXPECT_EQ(g.moves[0].text, "a1-b2");
  EXPECT_EQ(g.moves[0].ms, 1000);
  EXPECT_FALSE(g.moves[1].ms);
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

}  // namespace
}  // namespace doska::server
