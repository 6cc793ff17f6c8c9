// The puzzles' room in this process (server/puzzles/), on SQLite and on PostgreSQL
// (storage_backends.h): a damaged file named in the log and its game left without puzzles, the
// ratings and the first attempt stored and read back after the database is opened again, and a
// player's rating history.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "server/api_error.h"
#include "server/db/db.h"
#include "server/puzzles/puzzles.h"
#include "server/storage.h"
#include "storage_backends.h"

namespace doska::server {
namespace {

const std::string kPuzzleRoomShipped = std::string(DOSKA_SOURCE_DIR) + "/data/puzzles";

class PuzzleRoomBackends : public test::StorageBackends {};

TEST_P(PuzzleRoomBackends, TheFirstAttemptMovesBothRatingsAndIsStored) {
  const std::string target_name = target("puzzles");
  auto all = puzzles::load_file(puzzles::file_for("russian", kPuzzleRoomShipped));
  ASSERT_TRUE(all) << all.error();
  const puzzles::Puzzle& p = all->front();
  const Viewer ann{7, "ann", ""};
  {
    auto storage = Storage::open(target_name);
    ASSERT_TRUE(storage) << storage.error();
    EXPECT_EQ((*storage)->schema_version(), 12);
    Puzzles room(**storage, PuzzlesOptions{kPuzzleRoomShipped, nullptr, false});
    std::vector<std::string> mine;
    for (std::size_t i = 0; i < p.line.size(); i += 2) mine.push_back(p.line[i]);
    const auto done = room.attempt(p.id, PuzzleAttemptRequest{mine}, ann, "127.0.0.1");
    EXPECT_EQ(done["result"], "solved");
    EXPECT_TRUE(done["rated"]);
    const auto again = room.attempt(p.id, PuzzleAttemptRequest{mine}, ann, "127.0.0.1");
    EXPECT_FALSE(again["rated"]);
  }
  auto storage = Storage::open(target_name);
  ASSERT_TRUE(storage) << storage.error();
  auto mine = (*storage)->player_puzzle_rating(ann.id, "russian");
  ASSERT_TRUE(mine) << mine.error();
  ASSERT_TRUE(*mine);
  EXPECT_GT((*mine)->rating, 1500);
  EXPECT_LT((*mine)->rd, 350);
  EXPECT_EQ((*mine)->plays, 1);
  auto theirs = (*storage)->puzzle_rating(p.id);
  ASSERT_TRUE(theirs) << theirs.error();
  ASSERT_TRUE(*theirs);
  EXPECT_LT((*theirs)->rating, p.rating);
  EXPECT_EQ((*theirs)->plays, 1);
  auto attempted = (*storage)->attempted_puzzles(ann.id, "russian");
  ASSERT_TRUE(attempted) << attempted.error();
  EXPECT_EQ(*attempted, std::vector<std::string>{p.id});
  auto none = (*storage)->attempted_puzzles(ann.id, "mill");
  ASSERT_TRUE(none) << none.error();
  EXPECT_TRUE(none->empty());
  // A second first attempt written directly: refused, nothing changed.
  auto second = (*storage)->record_puzzle_attempt({ann.id, p.id, "russian", false, 1}, {}, {});
  ASSERT_TRUE(second) << second.error();
  EXPECT_FALSE(*second);
  EXPECT_EQ((*(*storage)->player_puzzle_rating(ann.id, "russian"))->rating, (*mine)->rating);
}

// The history (migration 12): each rated attempt's rating after it, the last 200 oldest first,
// a game's own; an attempt stored before the migration (no rating) is left out.
TEST_P(PuzzleRoomBackends, TheRatingHistoryKeepsTheLastRatedAttemptsOldestFirst) {
  const std::string target_name = target("puzzle_history");
  auto storage = Storage::open(target_name);
  ASSERT_TRUE(storage) << storage.error();
  const std::int64_t ann = 7;
  for (int i = 1; i <= 205; ++i) {
    const PuzzleRatingRow after{1500.0 + i, 300, 0.06, i};
    const PuzzleAttemptRow row{ann, "russian-" + std::to_string(i), "russian", i % 2 == 0,
                               1000 + i};
    auto first = (*storage)->record_puzzle_attempt(row, after, PuzzleRatingRow{});
    ASSERT_TRUE(first && *first);
  }
  ASSERT_TRUE((*storage)->record_puzzle_attempt({ann, "mill-1", "mill", true, 5000},
                                                {1600, 300, 0.06, 1}, PuzzleRatingRow{}));
  ASSERT_TRUE((*storage)->record_puzzle_attempt({8, "russian-1", "russian", true, 5000},
                                                {1600, 300, 0.06, 1}, PuzzleRatingRow{}));
  auto points = (*storage)->puzzle_rating_history(ann, "russian", kPuzzleHistoryPoints);
  ASSERT_TRUE(points) << points.error();
  ASSERT_EQ(points->size(), 200u);
  EXPECT_EQ(points->front().at_ms, 1006);
  EXPECT_EQ(points->front().rating, 1506);
  EXPECT_EQ(points->front().puzzle_id, "russian-6");
  EXPECT_TRUE(points->front().solved);
  EXPECT_EQ(points->back().at_ms, 1205);
  EXPECT_FALSE(points->back().solved);
  // Through the room: the rating now and the same points, rounded.
  Puzzles room(**storage, PuzzlesOptions{kPuzzleRoomShipped, nullptr, false});
  const auto view = room.history("russian", Viewer{ann, "ann", ""});
  EXPECT_EQ(view["rating"], 1705);
  EXPECT_EQ(view["points"].size(), 200u);
  EXPECT_EQ(view["points"][0],
            (nlohmann::json{
                {"at_ms", 1006}, {"rating", 1506}, {"solved", true}, {"puzzle", "russian-6"}}));
  auto mill = (*storage)->puzzle_rating_history(ann, "mill", kPuzzleHistoryPoints);
  ASSERT_TRUE(mill) << mill.error();
  ASSERT_EQ(mill->size(), 1u);
  // An attempt of before the migration has no rating: not a point.
  {
    auto db = db::open(target_name);
    ASSERT_TRUE(db) << db.error();
    ASSERT_TRUE((*db)->exec("UPDATE puzzle_attempts SET rating_after = NULL WHERE game = 'mill'"));
  }
  mill = (*storage)->puzzle_rating_history(ann, "mill", kPuzzleHistoryPoints);
  ASSERT_TRUE(mill) << mill.error();
  EXPECT_TRUE(mill->empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, PuzzleRoomBackends,
                         ::testing::Values(test::Backend::sqlite, test::Backend::postgres),
                         test::backend_name);

// A file cut short and one changed in its middle: each named in the log with the reader's
// reason, its game without puzzles (404 no_puzzles), the other games' puzzles served.
TEST(PuzzleRoom, ADamagedFileIsLoggedAndItsGameHasNoPuzzles) {
  const std::string dir = test::temp_db("puzzle_room_damaged") + ".d";
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(puzzles::file_for("russian", kPuzzleRoomShipped),
                             puzzles::file_for("russian", dir),
                             std::filesystem::copy_options::overwrite_existing);
  for (const char* game : {"mill", "english"}) {
    std::ifstream in(puzzles::file_for(game, kPuzzleRoomShipped), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (std::string(game) == "mill")
      text.resize(text.size() / 2);  // cut short
    else
      text[text.size() / 2] = text[text.size() / 2] == '1' ? '2' : '1';  // one byte changed
    std::ofstream(puzzles::file_for(game, dir), std::ios::binary) << text;
  }
  auto storage = Storage::open(test::temp_db("puzzle_room_damaged"));
  ASSERT_TRUE(storage) << storage.error();
  std::vector<std::string> log;
  Puzzles room(**storage,
               PuzzlesOptions{dir, [&](const std::string& line) { log.push_back(line); }, false});
  ASSERT_EQ(log.size(), 2u);
  std::sort(log.begin(), log.end());
  for (const std::string& line : log) EXPECT_NE(line.find("no puzzles for"), std::string::npos);
  EXPECT_NE(log[0].find("english.txt"), std::string::npos) << log[0];
  EXPECT_NE(log[1].find("mill.txt"), std::string::npos) << log[1];
  for (const char* game : {"mill", "english"}) {
    try {
      room.next(game, std::nullopt, std::nullopt);
      ADD_FAILURE() << game << " has puzzles";
    } catch (const ApiError& e) {
      EXPECT_EQ(e.code, "no_puzzles");
      EXPECT_EQ(e.status, 404);
    }
  }
  EXPECT_EQ(room.next("russian", std::nullopt, std::nullopt)["game"], "russian");
  EXPECT_EQ(room.games()["games"].size(), 1u);
}

}  // namespace
}  // namespace doska::server
