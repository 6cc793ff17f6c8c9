// `doska selfplay` for the draughts games with endgame databases (`--egdb DIR`): the positions the
// tables hold get the tables' verdict as their search score, and a missing folder is refused.
#include "train/selfplay.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "games/draughts/egdb.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::train {
namespace {

std::string scratch(const std::string& name) {
  return ::testing::TempDir() + "doska_selfplay_" + std::to_string(getpid()) + "_" + name;
}

TEST(Selfplay, AMissingDatabaseFolderIsRefusedByName) {
  SelfplayOptions o;
  o.game = "english";
  o.games = 1;
  o.nodes = 100;
  o.egdb = scratch("no-such-folder");
  o.out = scratch("none.txt");
  auto done = selfplay(o, {});
  ASSERT_FALSE(done);
  EXPECT_NE(done.error().find("no-such-folder"), std::string::npos) << done.error();
}

// Games from a 5-piece ending: once 3 pieces are left the tables hold the position, and its score
// is the tables' verdict from White's side (2000 won, -2000 lost, 0 drawn).
TEST(Selfplay, WithDatabasesTheirPositionsScoreTheTablesVerdict) {
  const std::string dir = scratch("egdb");
  std::filesystem::remove_all(dir);
  draughts::egdb::BuildOptions build;
  build.dir = dir;
  build.pieces = 3;
  auto built = draughts::egdb::build(draughts::kEnglish, build);
  ASSERT_TRUE(built.ok()) << built.error();
  auto db = draughts::egdb::Database::open(draughts::kEnglish, dir, false);
  ASSERT_TRUE(db) << db.error();

  SelfplayOptions o;
  o.game = "english";
  o.games = 6;
  o.nodes = 2000;
  o.threads = 2;
  o.egdb = dir;
  o.out = scratch("ending.txt");
  o.start_fen = "B:W22,K18,27:B11,K14";
  o.min_random_plies = o.max_random_plies = 1;
  auto done = selfplay(o, {});
  ASSERT_TRUE(done) << done.error();
  std::ifstream in(o.out);
  std::string line;
  int held = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string fen, result;
    int score = 0;
    fields >> fen >> result >> score;
    auto pos = draughts::parse_fen(draughts::kEnglish, fen);
    ASSERT_TRUE(pos) << line;
    const auto value = (*db)->probe(*pos);
    if (!value) continue;
    ++held;
    int expected = value->outcome == egdb::Outcome::win    ? 2000
                   : value->outcome == egdb::Outcome::loss ? -2000
                                                           : 0;
    if (pos->side == draughts::Side::black) expected = -expected;
    EXPECT_EQ(score, expected) << line;
  }
  EXPECT_GT(held, 0);
  std::filesystem::remove_all(dir);
  std::filesystem::remove(o.out);
}

}  // namespace
}  // namespace doska::train
