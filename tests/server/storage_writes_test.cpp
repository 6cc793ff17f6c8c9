// How a game is written (storage.cpp), on SQLite and on PostgreSQL (storage_backends.h): over a
// known version, in batches where one game's conflict or failure leaves the others, the moves
// stored always exactly the game's list. On PostgreSQL a batch is one round trip (the games'
// statements and the COMMIT sent together), and the moves the writer knows are stored (from its
// own write or a read) are not sent again.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "server/storage.h"
#include "storage_backends.h"

namespace doska::server {
namespace {

using test::Backend;

class StorageWrites : public test::StorageBackends {
 protected:
  // A second server on the same database.
  std::unique_ptr<Storage> open_storage(const std::string& path) {
    auto storage = Storage::open(path);
    EXPECT_TRUE(storage) << storage.error();
    return storage ? std::move(*storage) : nullptr;
  }
  // Two servers on one new database: a and b.
  void open_two(const std::string& name) {
    const std::string path = target(name);
    a = open_storage(path);
    b = open_storage(path);
    ASSERT_TRUE(a && b);
  }
  std::unique_ptr<Storage> a, b;
  // The round trips of one save of a game whose statements are prepared: one on PostgreSQL.
  std::int64_t one_exchange() const { return GetParam() == Backend::postgres ? 1 : 0; }
};

StoredGame writes_game(const std::string& id, std::vector<StoredMove> moves) {
  StoredGame g;
  g.id = id;
  g.variant = "russian";
  g.created = g.updated = "2026-03-01T00:00:00Z";
  g.start_fen = "W:Wa1:Bh8";
  g.moves = std::move(moves);
  g.version = 1;
  return g;
}

// The moves as stored, each as text/ms ("-" without a time), and the version: "v2 c3-d4/10 ...".
std::string stored_as_text(Storage& s, const std::string& id) {
  auto loaded = s.load(id);
  if (!loaded) return "error: " + loaded.error();
  if (!*loaded) return "none";
  std::string out = "v" + std::to_string((*loaded)->version);
  for (const StoredMove& m : (*loaded)->moves)
    out += " " + m.text + "/" + (m.ms ? std::to_string(*m.ms) : "-");
  return out;
}

// What a save answered, as text: "ok", "conflict" or its error.
std::string answer(const Result<Storage::Saved>& saved) {
  if (!saved) return "error: " + saved.error();
  return *saved == Storage::Saved::ok ? "ok" : "conflict";
}

// Writes `g` as its next version over the one it has.
Result<Storage::Saved> next_version(Storage& s, StoredGame& g) {
  const std::int64_t before = g.version;
  ++g.version;
  return s.save_over(g, before);
}

// Moves appended, taken back and played again, each save over the version before: what is
// stored is the list saved, times included; on PostgreSQL each save is one round trip.
TEST_P(StorageWrites, TakesBackAfterAWriteOverAKnownVersion) {
  const std::string path = target("writes_takeback");
  auto s = open_storage(path);
  ASSERT_TRUE(s);
  StoredGame g = writes_game("t", {{"c3-d4", 10}, {"f6-e5", std::nullopt}});
  g.version = 1;
  ASSERT_EQ(answer(s->save_over(g, 0)), "ok");  // a new game
  EXPECT_EQ(stored_as_text(*s, "t"), "v1 c3-d4/10 f6-e5/-");
  g.moves.push_back({"d4xf6", 30});
  g.moves.push_back({"g7xe5", 40});
  ASSERT_EQ(answer(next_version(*s, g)), "ok");
  EXPECT_EQ(stored_as_text(*s, "t"), "v2 c3-d4/10 f6-e5/- d4xf6/30 g7xe5/40");
  const std::int64_t before = s->round_trips();
  g.moves.resize(1);  // three plies taken back
  ASSERT_EQ(answer(next_version(*s, g)), "ok");
  EXPECT_EQ(s->round_trips() - before, one_exchange());
  EXPECT_EQ(stored_as_text(*s, "t"), "v3 c3-d4/10");
  g.moves.push_back({"b6-a5", 50});  // another reply than the one taken back
  ASSERT_EQ(answer(next_version(*s, g)), "ok");
  EXPECT_EQ(stored_as_text(*s, "t"), "v4 c3-d4/10 b6-a5/50");
  g.moves.back().ms = 55;  // the same move with another time
  ASSERT_EQ(answer(next_version(*s, g)), "ok");
  EXPECT_EQ(stored_as_text(*s, "t"), "v5 c3-d4/10 b6-a5/55");
  g.moves.clear();
  ASSERT_EQ(answer(next_version(*s, g)), "ok");
  EXPECT_EQ(stored_as_text(*s, "t"), "v6");
  // Reopened (nothing known): the same.
  s.reset();
  s = open_storage(path);
  ASSERT_TRUE(s);
  EXPECT_EQ(stored_as_text(*s, "t"), "v6");
}

// Another server changes the moves (a take-back, a move and a time rewritten); a server that did
// not read them writes its own list over that version: the stored moves are exactly its list.
// A write over the version before is refused and changes nothing.
TEST_P(StorageWrites, RewritesTheMovesAfterAnotherServersWrite) {
  open_two("writes_other");
  StoredGame g = writes_game("o", {{"c3-d4", 10}, {"f6-e5", 20}, {"d4xf6", 30}});
  ASSERT_EQ(answer(a->save_over(g, 0)), "ok");
  // b writes version 2 over 1 without reading: it does not know what is stored.
  StoredGame other = writes_game("o", {{"c3-d4", 11}, {"h6-g5", 21}});
  other.version = 2;
  ASSERT_EQ(answer(b->save_over(other, 1)), "ok");
  EXPECT_EQ(stored_as_text(*b, "o"), "v2 c3-d4/11 h6-g5/21");  // a reads nothing
  // a writes over 2 what it holds (it read neither): every move is sent.
  StoredGame mine = writes_game("o", {{"c3-d4", 12}, {"f6-e5", 22}, {"g3-h4", 32}});
  mine.version = 3;
  ASSERT_EQ(answer(a->save_over(mine, 2)), "ok");
  EXPECT_EQ(stored_as_text(*b, "o"), "v3 c3-d4/12 f6-e5/22 g3-h4/32");
  // b's knowledge (version 2) is stale: its write over 2 is refused and writes nothing.
  other.moves.push_back({"e3-f4", 41});
  other.version = 3;
  EXPECT_EQ(answer(b->save_over(other, 2)), "conflict");
  EXPECT_EQ(stored_as_text(*b, "o"), "v3 c3-d4/12 f6-e5/22 g3-h4/32");
  // b reads the game, then writes over what it read: only its new move is sent, one round trip.
  auto read = b->load("o");
  ASSERT_TRUE(read && *read);
  StoredGame next = **read;
  next.moves.push_back({"b6-a5", 42});
  ASSERT_EQ(answer(next_version(*b, next)), "ok");
  const std::int64_t before = b->round_trips();
  next.moves.push_back({"h4-g5", 52});
  ASSERT_EQ(answer(next_version(*b, next)), "ok");
  EXPECT_EQ(b->round_trips() - before, one_exchange());
  EXPECT_EQ(stored_as_text(*a, "o"), "v5 c3-d4/12 f6-e5/22 g3-h4/32 b6-a5/42 h4-g5/52");
}

// Three games written in one transaction; another server changed the second meanwhile: it is
// refused and keeps the other server's moves, the first and third are written.
TEST_P(StorageWrites, ABatchWithAConflictWritesTheOtherGames) {
  open_two("writes_batch");
  std::vector<StoredGame> games;
  for (const char* id : {"x", "y", "z"}) {
    games.push_back(writes_game(id, {{"c3-d4", 10}}));
    ASSERT_EQ(answer(a->save_over(games.back(), 0)), "ok");
  }
  StoredGame theirs = writes_game("y", {{"c3-d4", 10}, {"h6-g5", 20}});
  theirs.version = 2;
  ASSERT_EQ(answer(b->save_over(theirs, 1)), "ok");
  for (StoredGame& g : games) {
    g.moves.push_back({"f6-e5", 30});
    g.version = 2;
  }
  const std::int64_t before = a->round_trips();
  const auto saved = a->save_over_together({{&games[0], 1}, {&games[1], 1}, {&games[2], 1}});
  EXPECT_EQ(a->round_trips() - before, one_exchange());
  ASSERT_EQ(saved.size(), 3u);
  EXPECT_EQ(answer(saved[0]), "ok");
  EXPECT_EQ(answer(saved[1]), "conflict");
  EXPECT_EQ(answer(saved[2]), "ok");
  EXPECT_EQ(stored_as_text(*b, "x"), "v2 c3-d4/10 f6-e5/30");
  EXPECT_EQ(stored_as_text(*b, "y"), "v2 c3-d4/10 h6-g5/20");
  EXPECT_EQ(stored_as_text(*b, "z"), "v2 c3-d4/10 f6-e5/30");
  // The refused game written again over what is stored.
  games[1] = theirs;
  games[1].moves.push_back({"d4-e5", 40});
  ASSERT_EQ(answer(next_version(*a, games[1])), "ok");
  EXPECT_EQ(stored_as_text(*b, "y"), "v3 c3-d4/10 h6-g5/20 d4-e5/40");
}

// A game the database refuses in the middle of a batch (a trigger fails its new move): on
// PostgreSQL its statement fails inside the batch's one exchange and the statements after it do
// not run; the batch is written again a game at a time. The other games are written, the
// refused one keeps its stored version and moves whole, and is written later as usual.
TEST_P(StorageWrites, AGameThatFailsInABatchLeavesNoPartOfItAndTheOthersWritten) {
  const std::string path = target("writes_failure");
  auto s = open_storage(path);
  ASSERT_TRUE(s);
  std::vector<StoredGame> games;
  for (const char* id : {"p", "q", "r"}) {
    games.push_back(writes_game(id, {{"c3-d4", 10}, {"f6-e5", 20}}));
    ASSERT_EQ(answer(s->save_over(games.back(), 0)), "ok");
  }
  {
    auto db = db::open(path);
    ASSERT_TRUE(db) << db.error();
    const std::string trigger =
        GetParam() == Backend::sqlite
            ? "CREATE TRIGGER boom BEFORE INSERT ON moves WHEN NEW.text = 'boom' "
              "BEGIN SELECT RAISE(ABORT, 'boom'); END"
            : "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS "
              "$$BEGIN IF NEW.text = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; "
              "END$$; CREATE TRIGGER boom BEFORE INSERT OR UPDATE ON moves FOR EACH ROW "
              "EXECUTE FUNCTION boom()";
    Status made = (*db)->exec(trigger);
    ASSERT_TRUE(made) << made.error();
  }
  for (StoredGame& g : games) {
    g.moves.resize(1);  // a take-back, then a move: both in one write
    g.moves.push_back({"h6-g5", 30});
    g.version = 2;
  }
  games[1].moves.push_back({"boom", 40});
  const auto saved = s->save_over_together({{&games[0], 1}, {&games[1], 1}, {&games[2], 1}});
  ASSERT_EQ(saved.size(), 3u);
  EXPECT_EQ(answer(saved[0]), "ok");
  EXPECT_FALSE(saved[1]);
  EXPECT_EQ(answer(saved[2]), "ok");
  EXPECT_EQ(stored_as_text(*s, "p"), "v2 c3-d4/10 h6-g5/30");
  EXPECT_EQ(stored_as_text(*s, "q"), "v1 c3-d4/10 f6-e5/20");
  EXPECT_EQ(stored_as_text(*s, "r"), "v2 c3-d4/10 h6-g5/30");
  // Alone, the same: refused whole.
  EXPECT_FALSE(s->save_over(games[1], 1));
  EXPECT_EQ(stored_as_text(*s, "q"), "v1 c3-d4/10 f6-e5/20");
  // Without the refused move it is written, and the others go on.
  games[1].moves.pop_back();
  ASSERT_EQ(answer(s->save_over(games[1], 1)), "ok");
  EXPECT_EQ(stored_as_text(*s, "q"), "v2 c3-d4/10 h6-g5/30");
  games[0].moves.push_back({"b6-a5", 50});
  ASSERT_EQ(answer(next_version(*s, games[0])), "ok");
  EXPECT_EQ(stored_as_text(*s, "p"), "v3 c3-d4/10 h6-g5/30 b6-a5/50");
}

INSTANTIATE_TEST_SUITE_P(Backends, StorageWrites,
                         ::testing::Values(Backend::sqlite, Backend::postgres), test::backend_name);

}  // namespace
}  // namespace doska::server
