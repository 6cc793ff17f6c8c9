// Tables added to a shelf's folder while engines hold it (the server's background build,
// docs/egdb.md "A server's tables"): an engine takes them before its next search, and a search
// that began before keeps the database it had.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "engine/engine.h"
#include "engine/table_shelf.h"
#include "games/mill/egdb.h"
#include "games/mill/rules.h"
#include "support/scratch_dir.h"

namespace doska::engine {
namespace {

// Three against three in the moving phase (both hands empty): the table p3-p3 holds it.
constexpr const char* kThreeEach = "W:Wa1,g7,d2:Bg1,a7,f4:H0,0";

BestMove search_three_each(Engine& engine) {
  EXPECT_TRUE(engine.set_position("mill", kThreeEach).ok());
  search::Limits limits;
  limits.depth = 2;
  limits.book = false;
  return engine.search(limits);
}

TEST(TableShelf, EnginesTakeATableBuiltAfterTheyStarted) {
  const std::string dir = test::scratch_dir() + "table-refresh";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto shelf = std::make_shared<TableShelf>(dir);
  Engine engine(4);
  engine.set_tables(shelf);
  const BestMove before = search_three_each(engine);
  EXPECT_FALSE(before.score.table) << before.score.text();

  mill::egdb::BuildOptions options;
  options.pieces = 3;
  options.dir = dir;
  options.threads = 1;
  ASSERT_TRUE(mill::egdb::build(mill::kMill, options).ok());

  // Nothing changes until the shelf is told: the database opened stays the engine's.
  EXPECT_FALSE(search_three_each(engine).score.table);
  const auto generation = shelf->generation();
  shelf->refresh("mill");
  EXPECT_EQ(shelf->generation(), generation + 1);
  const BestMove after = search_three_each(engine);
  EXPECT_TRUE(after.score.table) << after.score.text();
  // The same game on a mixed-mill engine: the two share the "mill" tables.
  Engine mixed(4);
  mixed.set_tables(shelf);
  ASSERT_TRUE(mixed.set_position("mill-mixed", kThreeEach).ok());
  search::Limits limits;
  limits.depth = 2;
  EXPECT_TRUE(mixed.search(limits).score.table);
}

}  // namespace
}  // namespace doska::engine
