// Endgame databases of the mill family (games/mill/egdb.h; docs/egdb.md): known results of the
// moving phase, every value checked against its successors, Ceylon's extra turn, and the engine
// bringing a database win home.
#include "games/mill/egdb.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine/engine.h"
#include "games/mill/book.h"
#include "games/mill/egdb_index.h"
#include "games/mill/game.h"
#include "games/mill/notation.h"
#include "support/scratch_dir.h"
#include "support/table_damage.h"

namespace doska::mill::egdb {
namespace {

std::string fresh_dir(const std::string& name) {
  const std::string dir = test::scratch_dir() + "mill_egdb_" + name;
  std::filesystem::remove_all(dir);
  return dir;
}

std::shared_ptr<Database> built(const Rules& rules, const std::string& dir, int pieces,
                                int max_total = 0) {
  BuildOptions o;
  o.dir = dir;
  o.pieces = pieces;
  o.max_total = max_total;
  auto report = build(rules, o);
  EXPECT_TRUE(report) << (report ? "" : report.error());
  auto db = Database::open(rules, dir);
  EXPECT_TRUE(db) << (db ? "" : db.error());
  return db ? *db : nullptr;
}

Value probe_fen(const Rules& rules, const Database& db, const std::string& fen) {
  auto pos = parse_fen(rules, fen);
  EXPECT_TRUE(pos) << fen;
  auto v = db.probe(*pos);
  EXPECT_TRUE(v) << fen;
  return v ? *v : Value{};
}

// The index by the board's 16 symmetries (egdb_index.h): every image of a position has the
// position's slot, and the slot gives back one of the images.
TEST(EgdbMillIndex, EveryImageOfAPositionHasItsSlot) {
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 20000; ++trial) {
    const int own_count = 3 + static_cast<int>(random() % 7),
              opp_count = 3 + static_cast<int>(random() % 7);
    Bitboard own = 0, opp = 0;
    while (count(own) < own_count) own |= bit(static_cast<int>(random() % kPoints));
    while (count(opp) < opp_count) {
      const Bitboard b = bit(static_cast<int>(random() % kPoints));
      if (!(b & own)) opp |= b;
    }
    const std::uint64_t slot = symmetric_index(own_count, opp_count, own, opp);
    ASSERT_LT(slot, symmetric_size(own_count, opp_count));
    for (int s = 0; s < kSymmetryCount; ++s) {
      ASSERT_EQ(apply_symmetry(s, own), transform(s, own)) << s;
      ASSERT_EQ(
          symmetric_index(own_count, opp_count, apply_symmetry(s, own), apply_symmetry(s, opp)),
          slot);
    }
    Bitboard back_own = 0, back_opp = 0;
    ASSERT_TRUE(symmetric_decode(own_count, opp_count, slot, back_own, back_opp));
    bool an_image = false;
    for (int s = 0; s < kSymmetryCount; ++s)
      an_image |= apply_symmetry(s, own) == back_own && apply_symmetry(s, opp) == back_opp;
    EXPECT_TRUE(an_image) << trial;
  }
}

// Every position of four against three lands on a slot that decodes, and every slot that decodes
// is some position's: the slots that are no position's are exactly the ones the table leaves out.
TEST(EgdbMillIndex, SlotsAreTheClassesOfPositions) {
  const int own_count = 4, opp_count = 3;
  const std::uint64_t size = symmetric_size(own_count, opp_count);
  std::vector<bool> hit(size);
  std::uint64_t positions = 0;
  // Sets of n points in increasing order as numbers (Gosper).
  const auto next_set = [](Bitboard set) {
    const Bitboard low = set & (~set + 1), ripple = set + low;
    return ripple | (((set ^ ripple) >> 2) / low);
  };
  for (Bitboard own = (1u << own_count) - 1; own <= kAllPoints; own = next_set(own))
    for (Bitboard opp = (1u << opp_count) - 1; opp <= kAllPoints; opp = next_set(opp)) {
      if (opp & own) continue;
      ++positions;
      hit[symmetric_index(own_count, opp_count, own, opp)] = true;
    }
  EXPECT_EQ(positions, 10626u * 1140u);  // C(24, 4) * C(20, 3)
  std::uint64_t used = 0;
  for (std::uint64_t i = 0; i < size; ++i) {
    Bitboard own = 0, opp = 0;
    const bool position = symmetric_decode(own_count, opp_count, i, own, opp);
    EXPECT_EQ(position, static_cast<bool>(hit[i])) << i;
    used += position;
  }
  // About a sixteenth of the positions (more: symmetric positions have fewer images).
  EXPECT_GT(used, positions / 16);
  EXPECT_LT(used, positions / 14);
}

// Three against three, both flying (RULINGS §3.2): a mill closed at once wins (the opponent is
// left with two); most positions are won by the side to move, a few are drawn.
TEST(EgdbMill, ThreeAgainstThree_RULINGS_3_2) {
  const std::string dir = fresh_dir("3v3");
  auto db = built(kMill, dir, 3);
  ASSERT_TRUE(db);
  // White flies d1 to a7: a1-a4-a7, and Black is down to two.
  EXPECT_EQ(probe_fen(kMill, *db, "W:Wa1,d1,a4:Bf6,d6,b4:H0,0"), (Value{Outcome::win, 1}));
  EXPECT_EQ(probe_fen(kMill, *db, "W:Wa1,g7,d2:Bg1,a7,f4:H0,0").outcome, Outcome::win);
  EXPECT_EQ(probe_fen(kMill, *db, "W:Wg7,d2,f6:Bg4,f4,d6:H0,0").outcome, Outcome::draw);
  EXPECT_EQ(probe_fen(kMill, *db, "W:Wb2,f6,c3:Bd2,d3,c4:H0,0").outcome, Outcome::draw);
  // The images of a position under the board's symmetries have its value.
  auto pos = parse_fen(kMill, "W:Wa1,g7,d2:Bg1,a7,f4:H0,0");
  ASSERT_TRUE(pos);
  for (int s = 0; s < kSymmetries; ++s)
    EXPECT_EQ(db->probe(transform(s, *pos)), db->probe(*pos)) << s;
  // Mixed mill plays the same moving phase and reads the same tables.
  auto mixed = Database::open(kMillMixed, dir);
  ASSERT_TRUE(mixed) << mixed.error();
  EXPECT_EQ((*mixed)->table_count(), 1u);
  EXPECT_EQ(probe_fen(kMillMixed, **mixed, "W:Wa1,d1,a4:Bf6,d6,b4:H0,0"), (Value{Outcome::win, 1}));
}

// Every value agrees with its successors.
TEST(EgdbMill, EveryValueAgreesWithItsSuccessors) {
  for (const Rules* rules : {&kMill, &kMillCeylon}) {
    const std::string dir = fresh_dir(std::string("verify_") + std::string(rules->id));
    ASSERT_TRUE(built(*rules, dir, 3));
    BuildOptions o;
    o.dir = dir;
    auto report = verify(*rules, o);
    ASSERT_TRUE(report) << report.error();
    EXPECT_EQ(report->tables, 1);
    EXPECT_EQ(report->wrong, 0u) << (report->problems.empty() ? "" : report->problems.front());
  }
}

// An engine may hold tables unpacked within a memory budget, most pieces first (where the
// placement's searches end); the values do not change.
TEST(EgdbMill, TablesUnpackedWithinABudgetMostPiecesFirst) {
  const std::string dir = fresh_dir("unpack");
  auto packed = built(kMill, dir, 4, 7);
  ASSERT_TRUE(packed);
  auto opened = Database::open(kMill, dir);
  ASSERT_TRUE(opened) << opened.error();
  Database& db = **opened;
  const std::uint64_t four = table_size({4, 3}) + table_size({3, 4});
  db.unpack_within(four);
  EXPECT_FALSE(db.table({4, 3})->packed());
  EXPECT_FALSE(db.table({3, 4})->packed());
  EXPECT_TRUE(db.table({3, 3})->packed());
  for (const Material m : {Material{4, 3}, Material{3, 4}})
    EXPECT_EQ(db.table(m)->unpacked(), packed->table(m)->unpacked()) << m.name();
  for (const char* fen : {"W:Wa1,d1,g1,a4:Bf6,d6,b4:H0,0", "B:Wa1,d1,g1,a4:Bf6,d6,b4:H0,0",
                          "W:Wa1,g7,d2:Bg1,a7,f4:H0,0"})
    EXPECT_EQ(probe_fen(kMill, db, fen), probe_fen(kMill, *packed, fen)) << fen;
}

// `doska egdb probe` opens only the tables of the position and its moves: the same values, the
// other files left unread, and the count of complete pieces still that of the whole folder.
TEST(EgdbMill, OpeningOnlySomeTablesGivesTheSameValues) {
  const std::string dir = fresh_dir("only");
  auto all = built(kMill, dir, 4, 7);
  ASSERT_TRUE(all);
  auto pos = parse_fen(kMill, "W:Wa1,d1,g1,a4:Bf6,d6,b4:H0,0");
  ASSERT_TRUE(pos);
  EXPECT_EQ(material_of_table(*pos), (Material{4, 3}));
  auto opened = Database::open_only(kMill, dir, {Material{4, 3}, Material{3, 4}});
  ASSERT_TRUE(opened) << opened.error();
  const Database& db = **opened;
  EXPECT_EQ(db.table_count(), 2u);
  EXPECT_EQ(db.complete_pieces(), all->complete_pieces());
  EXPECT_EQ(db.complete_pieces(), 3);
  EXPECT_EQ(db.table({3, 3}), nullptr);
  for (const char* fen : {"W:Wa1,d1,g1,a4:Bf6,d6,b4:H0,0", "B:Wa1,d1,g1,a4:Bf6,d6,b4:H0,0"})
    EXPECT_EQ(probe_fen(kMill, db, fen), probe_fen(kMill, *all, fen)) << fen;
  auto three = parse_fen(kMill, "W:Wa1,g7,d2:Bg1,a7,f4:H0,0");
  ASSERT_TRUE(three);
  EXPECT_FALSE(db.probe(*three));  // its table was not opened
  std::filesystem::remove(table_path(kMill, dir, Material{3, 3}));
  auto fewer = Database::open_only(kMill, dir, {Material{4, 3}});
  ASSERT_TRUE(fewer) << fewer.error();
  EXPECT_EQ((*fewer)->complete_pieces(), 0);
}

// A verify can start at a table (build order) and says how far it is; a table the folder does not
// hold is refused by name.
TEST(EgdbMill, VerifyFromATableOn) {
  const std::string dir = fresh_dir("verify_from");
  ASSERT_TRUE(built(kMill, dir, 3));
  BuildOptions o;
  o.dir = dir;
  o.from = "p3-p3";
  std::vector<std::string> lines;
  o.progress = [&](const std::string& line) { lines.push_back(line); };
  auto report = verify(kMill, o);
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->tables, 1);
  EXPECT_EQ(report->wrong, 0u);
  // One line for the table; before it, on a slow or busy machine, the table's own progress
  // lines (one every 2 s).
  ASSERT_GE(lines.size(), 1u);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    EXPECT_EQ(lines[i].rfind("p3-p3 verify: ", 0), 0u) << lines[i];
  const std::string& last = lines.back();
  EXPECT_EQ(last.rfind("verified p3-p3 (0 wrong so far)", 0), 0u) << last;
  EXPECT_NE(last.find("all tables:"), std::string::npos) << last;
  EXPECT_NE(last.find("100%"), std::string::npos) << last;
  o.from = "p4-p3";
  auto none = verify(kMill, o);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().find("no table 'p4-p3' of mill"), std::string::npos) << none.error();
}

// A wrong value is found and named (docs/egdb.md, verify): a table saved again with one
// position's value changed, then with a value where a slot is no position's.
TEST(EgdbMill, VerifyFindsAWrongValue) {
  const std::string dir = fresh_dir("verify_wrong");
  ASSERT_TRUE(built(kMill, dir, 3));
  BuildOptions o;
  o.dir = dir;
  const std::string path = table_path(kMill, dir, Material{3, 3});
  doska::test::change_one_value(path, true);
  auto one = verify(kMill, o);
  ASSERT_TRUE(one) << one.error();
  EXPECT_GE(one->wrong, 1u);
  EXPECT_TRUE(doska::test::names(one->problems, ": stored draw, its moves give "));
  doska::test::change_one_value(path, false);
  auto two = verify(kMill, o);
  ASSERT_TRUE(two) << two.error();
  EXPECT_GT(two->wrong, one->wrong);
  EXPECT_TRUE(doska::test::names(two->problems, "p3-p3 index "));
}

// In Ceylon mill a removal gives another turn (004 "Цейлонская"; RULINGS §3.4), which changes
// values from four pieces against three (a minute of building: a deep test).
TEST(EgdbMillDeep, CeylonExtraTurnChangesValues_RULINGS_3_4) {
  auto mill = built(kMill, fresh_dir("deep_mill"), 4, 7);
  auto ceylon = built(kMillCeylon, fresh_dir("deep_ceylon"), 4, 7);
  ASSERT_TRUE(mill && ceylon);
  // White's mill a1-d1-g1 stands; after d1-d2 Black, in Ceylon, removes and moves again.
  const std::string fen = "W:Wa1,d1,g1,a4:Bf6,d6,b4:H0,0";
  EXPECT_EQ(probe_fen(kMill, *mill, fen).outcome, Outcome::draw);
  EXPECT_EQ(probe_fen(kMillCeylon, *ceylon, fen).outcome, Outcome::loss);
}

// A table of rules version 1 (every position, before the index by symmetry classes) is set
// aside by the build, not deleted, and built again.
TEST(EgdbMill, AVersionOneTableIsSetAsideAndBuiltAgain) {
  const std::string dir = fresh_dir("version1");
  std::filesystem::create_directories(dir + "/mill");
  const std::string path = table_path(kMill, dir, {3, 3});
  doska::egdb::Table old(doska::egdb::TableHeader{"mill", 1, {3, 3, 0, 0}, 16},
                         doska::egdb::TableValues{std::vector<std::uint8_t>(16, 0), {}});
  ASSERT_TRUE(old.save(path));
  ASSERT_FALSE(Database::open(kMill, dir));  // refused by the engines: "build it again"
  auto db = built(kMill, dir, 3);
  ASSERT_TRUE(db);
  EXPECT_TRUE(std::filesystem::exists(path + ".v1"));
  EXPECT_EQ(probe_fen(kMill, *db, "W:Wa1,d1,a4:Bf6,d6,b4:H0,0"), (Value{Outcome::win, 1}));
}

TEST(EgdbMill, DamagedFileIsRefusedByName) {
  const std::string dir = fresh_dir("damaged");
  ASSERT_TRUE(built(kMill, dir, 3));
  const std::string path = table_path(kMill, dir, {3, 3});
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 3);
  auto db = Database::open(kMill, dir);
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find(path), std::string::npos) << db.error();
}

// The engine converts a database win: both sides played by the engine with the tables, the
// game ends with the winner's victory within the distance.
TEST(EgdbMill, EngineConvertsADatabaseWin) {
  const std::string dir = fresh_dir("engine");
  auto db = built(kMill, dir, 3);
  ASSERT_TRUE(db);
  const std::string fen = "W:Wa1,g7,d2:Bg1,a7,f4:H0,0";
  const Value start = probe_fen(kMill, *db, fen);
  ASSERT_EQ(start.outcome, Outcome::win);
  engine::Engine engine(4);
  engine.set_tables(std::make_shared<engine::TableShelf>(dir));
  Game game(kMill, *parse_fen(kMill, fen));
  std::vector<std::string> moves;
  int plies = 0;
  while (!game.over() && plies <= start.plies) {
    ASSERT_TRUE(engine.set_position("mill", fen, moves));
    search::Limits limits;
    limits.depth = 2;
    const auto best = engine.search(limits);
    ASSERT_FALSE(best.move.empty());
    if (plies == 0) {
      EXPECT_EQ(best.score.text(), "win " + std::to_string(start.plies) + " egdb");
    }
    ASSERT_TRUE(game.play_text(best.move)) << best.move;
    moves.push_back(best.move);
    ++plies;
  }
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.ending().outcome, mill::Outcome::white_wins);
  EXPECT_EQ(plies, start.plies);
}

}  // namespace
}  // namespace doska::mill::egdb
