// The endgame explorer of the library (engine/tablebase.h): from a shelf, whose database it
// leaves there for the engines (opened once), and from a folder, reading only the tables it
// needs: the same answers; the misses named by kind.
#include "engine/tablebase.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "games/draughts/egdb.h"
#include "games/draughts/rules.h"
#include "games/mill/egdb.h"
#include "games/mill/rules.h"
#include "support/scratch_dir.h"

namespace doska::engine {
namespace {

std::string small_tables() {
  static const std::string dir = [] {
    const std::string d = test::scratch_dir() + "tablebase-lib";
    std::filesystem::remove_all(d);
    draughts::egdb::BuildOptions o;
    o.pieces = 3;
    o.dir = d;
    EXPECT_TRUE(draughts::egdb::build(draughts::kEnglish, o).ok());
    mill::egdb::BuildOptions m;
    m.pieces = 3;
    m.dir = d;
    EXPECT_TRUE(mill::egdb::build(mill::kMill, m).ok());
    return d;
  }();
  return dir;
}

std::string text(const TablebaseLookup& lookup) {
  std::string out = lookup.value.text();
  for (const TablebaseMove& m : lookup.moves) out += "; " + m.move + " " + m.value.text();
  return out;
}

TEST(Tablebase, TheShelfKeepsTheDatabaseForTheEngines) {
  TableShelf shelf(small_tables());
  const TablebaseLookup lookup = explore_tables(shelf, "english", "B:WK15:BK10");
  ASSERT_TRUE(lookup.ok()) << lookup.error;
  EXPECT_EQ(text(lookup), "win 1; 10x19 win 1");
  EXPECT_EQ(lookup.complete_pieces, 3);
  // Opened once: the engines' get finds it without opening anything.
  auto held = shelf.get<draughts::egdb::Database>(
      "english", []() -> Result<std::shared_ptr<draughts::egdb::Database>> {
        return make_error("opened a second time");
      });
  ASSERT_TRUE(held) << held.error();
  EXPECT_EQ((*held)->table_count(), 16u);
  // Mixed mill's lookups share the "mill" shelf entry.
  ASSERT_TRUE(explore_tables(shelf, "mill-mixed", "W:Wa1,a4,g7:Bg1,d2,f4:H0,0").ok());
  EXPECT_TRUE((shelf.get<mill::egdb::Database>(
      "mill", []() -> Result<std::shared_ptr<mill::egdb::Database>> {
        return make_error("opened a second time");
      })));
}

TEST(Tablebase, AFolderAndAShelfGiveTheSameAnswers) {
  TableShelf shelf(small_tables());
  for (const auto& [game, fen] :
       {std::pair{"english", "W:WK1,K2:BK32"}, std::pair{"english", "B:W9,K18:BK26"},
        std::pair{"english-giveaway", "W:WK1:BK32"},
        std::pair{"mill", "B:Wa1,a4,g7:Bg1,d2,f4:H0,0"},
        std::pair{"mill-ceylon", "W:Wa1,a4,g7:Bg1,d2,f4:H0,0"}}) {
    const TablebaseLookup a = explore_tables(shelf, game, fen);
    const TablebaseLookup b = explore_tables(small_tables(), game, fen);
    EXPECT_EQ(a.miss, b.miss) << game << " " << fen;
    EXPECT_EQ(text(a), text(b)) << game << " " << fen;
  }
}

TEST(Tablebase, MissesAreNamed) {
  TableShelf shelf(small_tables());
  EXPECT_EQ(explore_tables(shelf, "checkers", "W:WK1:BK32").miss, TablebaseMiss::unknown_game);
  const TablebaseLookup chess = explore_tables(shelf, "chess100", "x");
  EXPECT_EQ(chess.miss, TablebaseMiss::no_tables);
  EXPECT_NE(chess.error.find("has no endgame tables"), std::string::npos) << chess.error;
  EXPECT_EQ(explore_tables(shelf, "wolf-sheep", "x").miss, TablebaseMiss::no_tables);
  EXPECT_EQ(explore_tables(shelf, "english", "W:Wzz").miss, TablebaseMiss::bad_fen);
  EXPECT_EQ(explore_tables(shelf, "mill", "W:Wa1").miss, TablebaseMiss::bad_fen);
  const TablebaseLookup many = explore_tables(shelf, "english", "W:W21,22,23,24:B5,6,7");
  EXPECT_EQ(many.miss, TablebaseMiss::outside_tables);
  EXPECT_EQ(many.complete_pieces, 3);
  EXPECT_EQ(explore_tables(shelf, "russian", "W:WKc1:BKh2").miss, TablebaseMiss::outside_tables)
      << "no russian tables in the folder";
  EXPECT_FALSE(has_tables("chess100"));
  EXPECT_TRUE(has_tables("international-giveaway"));
  EXPECT_TRUE(has_tables("mill-ceylon"));
}

}  // namespace
}  // namespace doska::engine
