// The storage on SQLite and on PostgreSQL (storage_backends.h): migrations from an empty
// database, games written and read back, reopening.
#include "server/storage.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <stdexcept>
#include <thread>
#include <vector>

#include "server/db/db.h"
#include "storage_backends.h"

namespace doska::server {
namespace {

using test::Backend;

class ServerStorage : public test::StorageBackends {};

// Runs SQL on the database as another program would.
void run_sql(const std::string& target, const std::string& sql) {
  auto db = db::open(target);
  ASSERT_TRUE(db) << db.error();
  Status done = (*db)->exec(sql);
  ASSERT_TRUE(done) << done.error();
}

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
  g.turn_started_ms = 1794000000000;  // migration 8: the turn's start
  g.black_berserk = true;             // migration 12: an arena's berserk
  return g;
}

TEST_P(ServerStorage, MigratesAnEmptyDatabaseAndReopens) {
  const std::string path = target("storage_migrate");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage) << storage.error();
    EXPECT_EQ((*storage)->schema_version(), 12);
    ASSERT_TRUE((*storage)->save(sample("g1", "2026-01-01T00:00:00Z")));
  }
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  EXPECT_EQ((*storage)->schema_version(), 12);
  auto loaded = (*storage)->load("g1");
  ASSERT_TRUE(loaded) << loaded.error();
  ASSERT_TRUE(*loaded);
  const StoredGame& g = **loaded;
  EXPECT_EQ(g.variant, "russian");
  EXPECT_EQ(g.key_white, "aa");
  EXPECT_EQ(g.white_ms, 59000);
  EXPECT_EQ(g.days_per_move, 3);
  EXPECT_EQ(g.move_deadline_ms, 1795000000000);
  EXPECT_EQ(g.turn_started_ms, 1794000000000);
  EXPECT_FALSE(g.white_berserk);
  EXPECT_TRUE(g.black_berserk);
  ASSERT_EQ(g.moves.size(), 2u);
  EXPECT_EQ(g.moves[0].text, "a1-b2");
  EXPECT_EQ(g.moves[0].ms, 1000);
  EXPECT_FALSE(g.moves[1].ms);
}

// The database and its WAL are readable and writable by their owner only: they hold
// the games' keys. A game is found by a key of either side, and by no other key.
TEST_P(ServerStorage, OwnerOnlyFilesAndGamesFoundByKey) {
  const std::string path = target("storage_private");
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  ASSERT_TRUE((*storage)->save(sample("g1", "2026-01-01T00:00:00Z")));
  if (GetParam() == Backend::sqlite) {  // PostgreSQL keeps its files to itself
    namespace fs = std::filesystem;
    const auto others = fs::perms::group_all | fs::perms::others_all;
    EXPECT_EQ(fs::status(path).permissions() & others, fs::perms::none);
    if (fs::exists(path + "-wal")) {
      EXPECT_EQ(fs::status(path + "-wal").permissions() & others, fs::perms::none);
    }
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

// Migration 12 gives the games stored before it no berserk: each side keeps its increment.
TEST_P(ServerStorage, MigrationTwelveLeavesOlderGamesTheirIncrement) {
  const std::string path = target("storage_berserk");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage) << storage.error();
    ASSERT_TRUE((*storage)->save(sample("g1", "2026-01-01T00:00:00Z")));
  }
  run_sql(path,
          "ALTER TABLE games DROP COLUMN white_berserk; "
          "ALTER TABLE games DROP COLUMN black_berserk; "
          "DROP INDEX puzzle_attempts_by_time; "
          "ALTER TABLE puzzle_attempts DROP COLUMN rating_after; "
          "UPDATE schema_version SET version = 11");
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  EXPECT_EQ((*storage)->schema_version(), 12);
  auto loaded = (*storage)->load("g1");
  ASSERT_TRUE(loaded && *loaded);
  EXPECT_FALSE((*loaded)->white_berserk);
  EXPECT_FALSE((*loaded)->black_berserk);
}

// Migration 2 replaces the keys a database of schema 1 kept as they were by their
// digests; a side nobody holds stays empty.
TEST_P(ServerStorage, MigrationTwoKeepsDigestsOfTheKeys) {
  const std::string path = target("storage_digests");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage) << storage.error();
    ASSERT_TRUE((*storage)->save(sample("g1", "2026-01-01T00:00:00Z")));
  }
  {
    // Back to schema 1: plain keys, and without the columns later migrations add.
    run_sql(path,
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
            "ALTER TABLE games DROP COLUMN takeback_offer; "
            "ALTER TABLE games DROP COLUMN turn_started_ms; "
            "DROP TABLE leases; DROP TABLE seeks; "
            "ALTER TABLE games DROP COLUMN white_berserk; "
            "ALTER TABLE games DROP COLUMN black_berserk; "
            "DROP TABLE puzzle_attempts; "
            "UPDATE schema_version SET version = 1");
  }
  auto storage = Storage::open(path);
  ASSERT_TRUE(storage) << storage.error();
  EXPECT_EQ((*storage)->schema_version(), 12);
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
TEST_P(ServerStorage, SaveAppendsTakesBackAndRewritesMoves) {
  auto storage = Storage::open(target("storage_append"));
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

TEST_P(ServerStorage, SaveReplacesTheMovesAndListsNewestFirst) {
  auto storage = Storage::open(target("storage_list"));
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

// The ids of the games a filter keeps, newest first: by game, finished (not going on, not
// aborted), with enough plies, created since a time, the newest few.
TEST_P(ServerStorage, GameIdsByFilter) {
  auto storage = Storage::open(target("storage_ids"));
  ASSERT_TRUE(storage) << storage.error();
  Storage& s = **storage;
  const auto game = [&](const std::string& id, const std::string& variant,
                        const std::string& outcome, int plies, const std::string& day) {
    StoredGame g = sample(id, "2026-01-" + day + "T00:00:00Z");
    g.variant = variant;
    g.outcome = outcome;
    g.moves.resize(plies, StoredMove{"a1-b2", std::nullopt});
    ASSERT_TRUE(s.save(g));
  };
  game("a", "russian", "white_wins", 5, "01");
  game("b", "russian", "ongoing", 5, "02");
  game("c", "mill", "draw", 1, "03");
  game("d", "russian", "aborted", 0, "04");
  game("e", "russian", "black_wins", 1, "05");
  const auto ids = [&](const GameIdFilter& f) {
    auto out = s.game_ids(f);
    EXPECT_TRUE(out) << out.error();
    return out ? *out : std::vector<std::string>{};
  };
  using Ids = std::vector<std::string>;
  GameIdFilter f;
  EXPECT_EQ(ids(f), (Ids{"e", "d", "c", "b", "a"}));
  f.finished = true;
  EXPECT_EQ(ids(f), (Ids{"e", "c", "a"}));
  f.since = "2026-01-03T00:00:00Z";
  EXPECT_EQ(ids(f), (Ids{"e", "c"}));
  f = GameIdFilter{};
  f.variant = "russian";
  f.limit = 2;
  EXPECT_EQ(ids(f), (Ids{"e", "d"}));
  f.limit = 0;
  f.min_plies = 2;
  EXPECT_EQ(ids(f), (Ids{"b", "a"}));
  f.variant = "chess100";
  EXPECT_EQ(ids(f), Ids{});
}

// A transaction commits what its work wrote, and writes nothing when the work fails or throws.
TEST_P(ServerStorage, ATransactionCommitsOrRollsBack) {
  auto db = db::open(target("storage_transaction"));
  ASSERT_TRUE(db) << db.error();
  db::Connection& c = **db;
  ASSERT_TRUE(c.exec("CREATE TABLE notes (n INTEGER NOT NULL)"));
  const auto insert = [&](int n) {
    return c.exec("INSERT INTO notes VALUES (" + std::to_string(n) + ")");
  };
  const auto notes = [&] {
    db::Statement q = c.prepare("SELECT COUNT(*) FROM notes");
    return q.step() == db::Step::row ? q.integer(0) : -1;
  };
  ASSERT_TRUE(c.transaction("a note", [&] { return insert(1); }));
  EXPECT_EQ(notes(), 1);
  Status failed = c.transaction("a note", [&]() -> Status {
    if (Status s = insert(2); !s) return s;
    return make_error("the work failed");
  });
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error(), "the work failed");
  EXPECT_EQ(notes(), 1);
  Status bad_sql = c.transaction("a note", [&]() -> Status {
    if (Status s = insert(3); !s) return s;
    return c.exec("INSERT INTO no_such_table VALUES (1)");
  });
  EXPECT_FALSE(bad_sql);
  EXPECT_EQ(notes(), 1);
  EXPECT_THROW((void)c.transaction("a note",
                                   [&]() -> Status {
                                     (void)insert(4);
                                     throw std::runtime_error("thrown");
                                   }),
               std::runtime_error);
  EXPECT_EQ(notes(), 1);
  // The connection is usable after each.
  ASSERT_TRUE(c.transaction("a note", [&] { return insert(5); }));
  EXPECT_EQ(notes(), 2);
}

TEST_P(ServerStorage, RefusesADatabaseFromANewerProgram) {
  const std::string path = target("storage_newer");
  {
    auto storage = Storage::open(path);
    ASSERT_TRUE(storage);
  }
  {
    // A later program migrated it further.
    run_sql(path, "UPDATE schema_version SET version = 99");
  }
  auto storage = Storage::open(path);
  ASSERT_FALSE(storage);
  EXPECT_NE(storage.error().find("newer"), std::string::npos) << storage.error();
}

// A file in a folder that cannot be made, a database the server does not have: an error that
// names it, not a crash.
TEST_P(ServerStorage, RefusesADatabaseItCannotOpen) {
  std::string where = "/proc/no/such/dir/x.db", named = "/proc/no/such/dir";
  if (GetParam() == Backend::postgres) {
    const std::string cluster = target("storage_missing");
    named = "no_such_database";
    where = cluster.substr(0, cluster.rfind('/') + 1) + named;
  }
  auto storage = Storage::open(where);
  ASSERT_FALSE(storage);
  EXPECT_NE(storage.error().find(named), std::string::npos) << storage.error();
}

// Games made in the same second are listed in the order they were made, newest first (SQLite's
// rowid; a column of its own in PostgreSQL).
TEST_P(ServerStorage, ListsTheGamesOfOneSecondNewestFirst) {
  auto storage = Storage::open(target("storage_same_second"));
  ASSERT_TRUE(storage) << storage.error();
  for (const char* id : {"m", "c", "x", "a"})
    ASSERT_TRUE((*storage)->save(sample(id, "2026-01-01T00:00:00Z")));
  // Saved again (an upsert): its place stays.
  ASSERT_TRUE((*storage)->save(sample("c", "2026-01-01T00:00:00Z")));
  auto list = (*storage)->list(10, 0);
  ASSERT_TRUE(list) << list.error();
  std::vector<std::string> ids;
  for (const GameSummary& g : *list) ids.push_back(g.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"a", "x", "c", "m"}));
  auto page = (*storage)->list(2, 1);
  ASSERT_TRUE(page && page->size() == 2u);
  EXPECT_EQ((*page)[0].id, "x");
}

// What the command line is told that is not a database: a bad address, a server that does not
// answer, each named in one message; a password in the address is never shown.
TEST(ServerStorageOpen, NamesABadAddressAndAServerThatDoesNotAnswer) {
  auto bad = Storage::open("postgresql://doska@127.0.0.1:notaport/games");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("notaport"), std::string::npos) << bad.error();
  auto unparsable = Storage::open("postgresql://doska:secret@[::1/games");
  ASSERT_FALSE(unparsable);
  EXPECT_NE(unparsable.error().find("bad database address postgresql://doska:***@[::1/games"),
            std::string::npos)
      << unparsable.error();
  EXPECT_EQ(unparsable.error().find("secret"), std::string::npos) << unparsable.error();
  auto refused = Storage::open("postgresql://doska:secret@127.0.0.1:1/games?password=secret");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("cannot open the database postgresql://doska:***@127.0.0.1:1/"),
            std::string::npos)
      << refused.error();
  EXPECT_NE(refused.error().find("127.0.0.1"), std::string::npos) << refused.error();
  EXPECT_EQ(refused.error().find("secret"), std::string::npos) << refused.error();
  EXPECT_EQ(refused.error().find('\n'), std::string::npos) << refused.error();
  auto empty = Storage::open("");
  EXPECT_FALSE(empty);
}

// Group commit: saves from many threads at once share transactions; each returns only once its
// game is stored, and every one is read back whole after the database is opened again.
TEST_P(ServerStorage, SavesFromManyThreadsAreAllCommitted) {
  const std::string path = target("storage_group");
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

// Migration 6: a game's players (names, ratings as it began, their changes) and whether it is
// rated are stored and read back; a game of schema 5 reads as one without accounts.
TEST_P(ServerStorage, KeepsAGamesPlayersAndRatings) {
  const std::string path = target("storage_players");
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
TEST_P(ServerStorage, AppliesARatedGameOnce) {
  const std::string path = target("storage_rated_once");
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

INSTANTIATE_TEST_SUITE_P(Backends, ServerStorage,
                         ::testing::Values(Backend::sqlite, Backend::postgres), test::backend_name);

}  // namespace
}  // namespace doska::server
