// Endgame databases of the draughts family (games/draughts/egdb.h; docs/egdb.md): known results
// of the codes' endings, every stored value checked against its successors, damaged files
// refused, and the engine bringing a database win home.
#include "games/draughts/egdb.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <unistd.h>

#include "egdb/retrograde.h"
#include "engine/engine.h"
#include "games/draughts/game.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"
#include "support/scratch_dir.h"
#include "support/table_damage.h"

namespace doska::draughts::egdb {
namespace {

std::string fresh_dir(const std::string& name) {
  const std::string dir = test::scratch_dir() + "egdb_" + name;
  std::filesystem::remove_all(dir);
  return dir;
}

// Builds the tables `only` needs (all tables up to `pieces` when empty) and opens them.
std::shared_ptr<Database> built(const Rules& rules, const std::string& dir, int pieces,
                                std::vector<Material> only = {}) {
  BuildOptions o;
  o.dir = dir;
  o.pieces = pieces;
  o.only = std::move(only);
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

constexpr Material kKingKing{0, 1, 0, 1};
constexpr Material kTwoKingsKing{0, 2, 0, 1};
constexpr Material kThreeKingsKing{0, 3, 0, 1};

// 000 §5 (the kings' endings): one king cannot beat one king, nor can two kings beat one.
TEST(EgdbInternational, KingAgainstKingIsADraw_000_5) {
  auto db = built(kInternational, fresh_dir("intl_kk"), 4, {kTwoKingsKing});
  ASSERT_TRUE(db);
  EXPECT_EQ(probe_fen(kInternational, *db, "W:WK28:BK24").outcome, Outcome::draw);
  EXPECT_EQ(probe_fen(kInternational, *db, "B:WK28:BK24").outcome, Outcome::draw);
  EXPECT_EQ(probe_fen(kInternational, *db, "W:WK31,K33:BK3").outcome, Outcome::draw);
  EXPECT_EQ(probe_fen(kInternational, *db, "B:WK45,K36:BK3").outcome, Outcome::draw);
  // Unless a king can be taken: 28 takes 23 at once.
  EXPECT_EQ(probe_fen(kInternational, *db, "W:WK28:BK23"), (Value{Outcome::win, 1}));
}

// 000 §5.3-5.4 give three kings against a lone king 16 moves off the long diagonal and 5 on it.
// With flying kings on 10x10 the ending is usually a draw even off the long diagonal (the FMJD
// endgame course says so too): the database finds only tactical wins, within a few plies.
TEST(EgdbInternational, ThreeKingsAgainstOneWinOnlyByTactics_000_5_3) {
  auto db = built(kInternational, fresh_dir("intl_3k1k"), 4, {kThreeKingsKing});
  ASSERT_TRUE(db);
  EXPECT_EQ(probe_fen(kInternational, *db, "W:WK47,K48,K49:BK1").outcome, Outcome::draw);
  EXPECT_EQ(probe_fen(kInternational, *db, "B:WK46,K38,K49:BK3").outcome, Outcome::draw);
  // On the long diagonal 46-5: a draw.
  EXPECT_EQ(probe_fen(kInternational, *db, "W:WK1,K2,K3:BK28").outcome, Outcome::draw);
  // A king that can be taken at once is lost, the side to move or not.
  EXPECT_EQ(probe_fen(kInternational, *db, "W:WK31,K33,K35:BK18"), (Value{Outcome::win, 1}));
  // The lone king on 46 facing a king on 5 must move along its one diagonal and be taken.
  EXPECT_EQ(probe_fen(kInternational, *db, "W:WK46:BK5"), (Value{Outcome::loss, 2}));
}

// 002 §1.9.1.3: in russian draughts three kings beat a lone king off the long diagonal a1-h8
// (Petrov's triangle); the code gives them 15 moves, and the win takes fewer.
TEST(EgdbRussian, ThreeKingsAgainstOneOffTheLongDiagonalWin_002_1_9_1_3) {
  auto db = built(kRussian, fresh_dir("rus_3k1k"), 4, {kThreeKingsKing});
  ASSERT_TRUE(db);
  const Value v = probe_fen(kRussian, *db, "W:WKa1,Kc1,Ke1:BKh2");
  EXPECT_EQ(v.outcome, Outcome::win);
  EXPECT_LE(v.plies, 30);
  EXPECT_EQ(probe_fen(kRussian, *db, "B:WKa1,Kc1,Ke1:BKh2").outcome, Outcome::loss);
}

// RULINGS §1.3: two kings against one king win in english checkers (short kings).
TEST(EgdbEnglish, TwoKingsAgainstOneWin) {
  auto db = built(kEnglish, fresh_dir("eng_2k1k"), 3, {kTwoKingsKing});
  ASSERT_TRUE(db);
  EXPECT_EQ(probe_fen(kEnglish, *db, "W:WK1,K2:BK32").outcome, Outcome::win);
  EXPECT_EQ(probe_fen(kEnglish, *db, "B:WK1,K2:BK32").outcome, Outcome::loss);
  EXPECT_EQ(probe_fen(kEnglish, *db, "W:WK1:BK32").outcome, Outcome::draw);
}

// An engine may hold tables unpacked within a memory budget, fewest pieces first; the values do
// not change.
TEST(EgdbEnglish, TablesUnpackedWithinABudgetFewestPiecesFirst) {
  const std::string dir = fresh_dir("eng_unpack");
  auto packed = built(kEnglish, dir, 3);
  ASSERT_TRUE(packed);
  auto opened = Database::open(kEnglish, dir);
  ASSERT_TRUE(opened) << opened.error();
  Database& db = **opened;
  std::uint64_t two = 0;  // the bytes of the 2-piece tables
  for (const Material& m : materials(2))
    if (const auto* t = db.table(m)) two += t->header().entries;
  db.unpack_within(two);
  for (const Material& m : materials(3)) {
    const auto* t = db.table(m);
    ASSERT_TRUE(t) << m.name();
    EXPECT_EQ(t->packed(), m.pieces() == 3) << m.name();
    EXPECT_EQ(t->unpacked(), packed->table(m)->unpacked()) << m.name();
  }
  for (const char* fen : {"W:WK1,K2:BK32", "B:WK1,K2:BK32", "W:WK1:BK32", "W:W5:B28"})
    EXPECT_EQ(probe_fen(kEnglish, db, fen), probe_fen(kEnglish, *packed, fen)) << fen;
  db.unpack_within(0);  // nothing more: what is unpacked stays so
  EXPECT_FALSE(db.table(Material{0, 1, 0, 1})->packed());
}

// `doska egdb probe` opens only the tables of the position and its moves: the same values, the
// other files left unread (a damaged one among them does not stop it), and the count of complete
// pieces still that of the whole folder.
TEST(EgdbEnglish, OpeningOnlySomeTablesGivesTheSameValues) {
  const std::string dir = fresh_dir("eng_only");
  auto all = built(kEnglish, dir, 3);
  ASSERT_TRUE(all);
  const auto pos = parse_fen(kEnglish, "B:WK1,K2:BK32");
  ASSERT_TRUE(pos);
  const Material seen = material_of_table(kEnglish, *pos);
  EXPECT_EQ(seen, (Material{0, 1, 0, 2}));
  {  // a byte of a table the probe does not need, changed: its checksum no longer holds
    std::fstream file(table_path(kEnglish, dir, Material{1, 0, 1, 0}),
                      std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(100);
    file.put('\x5a');
  }
  ASSERT_FALSE(Database::open(kEnglish, dir));
  auto opened = Database::open_only(kEnglish, dir, {seen, seen.flipped()});
  ASSERT_TRUE(opened) << opened.error();
  const Database& db = **opened;
  EXPECT_EQ(db.table_count(), 2u);
  EXPECT_EQ(db.complete_pieces(), all->complete_pieces());
  EXPECT_EQ(db.complete_pieces(), 3);
  EXPECT_EQ(db.table(kKingKing), nullptr);
  for (const char* fen : {"W:WK1,K2:BK32", "B:WK1,K2:BK32", "B:WK1,K6:BK32"})
    EXPECT_EQ(probe_fen(kEnglish, db, fen), probe_fen(kEnglish, *all, fen)) << fen;
  auto pos2 = parse_fen(kEnglish, "W:WK1:BK32");
  ASSERT_TRUE(pos2);
  EXPECT_FALSE(db.probe(*pos2));  // its table was not opened
  std::filesystem::remove(table_path(kEnglish, dir, kKingKing));
  auto fewer = Database::open_only(kEnglish, dir, {seen});
  ASSERT_TRUE(fewer) << fewer.error();
  EXPECT_EQ((*fewer)->complete_pieces(), 0);
}

// A side with no move loses (RULINGS §1.3), and in giveaway wins (004 "Поддавки").
TEST(EgdbEnglish, NoMoveIsALossAndInGiveawayAWin) {
  auto db = built(kEnglish, fresh_dir("eng_blocked"), 3);
  auto give = built(kEnglishGiveaway, fresh_dir("engg_blocked"), 3);
  ASSERT_TRUE(db && give);
  // White's man on 29 has one square ahead, 25, held by a black man that 22 covers: no move.
  const std::string fen = "W:W29:B25,22";
  EXPECT_EQ(probe_fen(kEnglish, *db, fen), (Value{Outcome::loss, 0}));
  EXPECT_EQ(probe_fen(kEnglishGiveaway, *give, fen), (Value{Outcome::win, 0}));
  // Black must take White's last piece: that wins in english and loses in giveaway.
  EXPECT_EQ(probe_fen(kEnglish, *db, "B:WK15:BK10"), (Value{Outcome::win, 1}));
  EXPECT_EQ(probe_fen(kEnglishGiveaway, *give, "B:WK15:BK10"), (Value{Outcome::loss, 1}));
}

// Every stored value agrees with the values of its successors, for each family's move rules and
// giveaway, up to 3 pieces.
TEST(EgdbVerify, EveryValueAgreesWithItsSuccessors) {
  for (const Rules* rules : {&kRussian, &kEnglishGiveaway, &kInternationalGiveaway}) {
    const std::string dir = fresh_dir(std::string("verify_") + std::string(rules->id));
    ASSERT_TRUE(built(*rules, dir, 3)) << rules->id;
    BuildOptions o;
    o.dir = dir;
    auto report = verify(*rules, o);
    ASSERT_TRUE(report) << report.error();
    EXPECT_GT(report->tables, 0) << rules->id;
    EXPECT_EQ(report->wrong, 0u) << rules->id << ": "
                                 << (report->problems.empty() ? "" : report->problems.front());
  }
}

// A wrong value is found and named: a table saved again (a sound file, its checksum right) with
// one position's value changed, and a value stored where an index is no position.
TEST(EgdbVerify, AWrongValueIsFoundAndNamed) {
  const std::string dir = fresh_dir("verify_wrong");
  ASSERT_TRUE(built(kRussian, dir, 3));
  const std::string path = table_path(kRussian, dir, Material{2, 0, 1, 0});
  BuildOptions o;
  o.dir = dir;
  auto clean = verify(kRussian, o);
  ASSERT_TRUE(clean) << clean.error();
  ASSERT_EQ(clean->wrong, 0u);

  doska::test::change_one_value(path, true);
  auto one = verify(kRussian, o);
  ASSERT_TRUE(one) << one.error();
  EXPECT_GE(one->wrong, 1u);
  EXPECT_TRUE(doska::test::names(one->problems, ": stored draw, its moves give "));

  doska::test::change_one_value(path, false);
  auto two = verify(kRussian, o);
  ASSERT_TRUE(two) << two.error();
  EXPECT_GT(two->wrong, one->wrong);
  EXPECT_TRUE(doska::test::names(two->problems, "m2k0-m1k0 index ") &&
              doska::test::names(two->problems, ": a value where there is no position"));
}

// A verify of hours can be done in parts: --from starts at a table, in build order, and leaves
// out the tables before it; the progress names each table and the share of all done; a name that
// is not a table of the folder is refused.
TEST(EgdbVerify, FromATableOnInParts) {
  const std::string dir = fresh_dir("verify_from");
  ASSERT_TRUE(built(kRussian, dir, 3));
  BuildOptions o;
  o.dir = dir;
  std::vector<std::string> lines;
  o.progress = [&](const std::string& line) { lines.push_back(line); };
  auto all = verify(kRussian, o);
  ASSERT_TRUE(all) << all.error();
  std::vector<std::string> names;
  for (const auto& line : lines)
    if (line.rfind("verified ", 0) == 0) names.push_back(line.substr(9, line.find(' ', 9) - 9));
  ASSERT_EQ(static_cast<int>(names.size()), all->tables);
  EXPECT_NE(lines.back().find("all tables:"), std::string::npos) << lines.back();
  EXPECT_NE(lines.back().find("100%"), std::string::npos) << lines.back();

  const std::size_t half = names.size() / 2;
  o.from = names[half];
  lines.clear();
  auto rest = verify(kRussian, o);
  ASSERT_TRUE(rest) << rest.error();
  EXPECT_EQ(rest->tables, all->tables - static_cast<int>(half));
  EXPECT_LT(rest->positions, all->positions);
  EXPECT_EQ(rest->wrong, 0u);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front().rfind("verified " + names[half] + " ", 0), 0u) << lines.front();

  o.from = "m9k9-m0k0";
  auto none = verify(kRussian, o);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().find("m9k9-m0k0"), std::string::npos) << none.error();
}

// A resumed build keeps the tables that are there and sound.
// The index's renumbering of squares among the free ones: the processor's bit instructions (where
// the build has them) give the loops' bits, and expand undoes compress.
TEST(EgdbIndex, BitInstructionsAgreeWithTheLoops) {
  std::mt19937_64 next(7);
  for (int k = 0; k < 100000; ++k) {
    const std::uint64_t occupied = next() & next();  // about a quarter of the squares
    const std::uint64_t set = next() & next() & ~occupied;
    const std::uint64_t packed = doska::egdb::compress(set, occupied);
    ASSERT_EQ(packed, doska::egdb::compress_bits(set, occupied)) << set << " " << occupied;
    ASSERT_EQ(doska::egdb::expand(packed, occupied), set);
    ASSERT_EQ(doska::egdb::expand_bits(packed, occupied), set);
  }
}

TEST(EgdbIndex, UnrankByHalvingAgreesWithTheSteps) {
  for (int domain : {28, 32, 45, 50})
    for (int k = 1; k <= 4; ++k) {
      const std::uint64_t n = doska::egdb::choose(domain, k);
      for (std::uint64_t r = 0; r < n; r += 1 + r % 97) {
        const std::uint64_t set = doska::egdb::unrank(r, k, domain);
        ASSERT_EQ(set, doska::egdb::unrank_linear(r, k, domain)) << r << " " << k;
        ASSERT_EQ(doska::egdb::rank(set), r);
      }
      ASSERT_EQ(doska::egdb::unrank(n - 1, k, domain),
                doska::egdb::unrank_linear(n - 1, k, domain));
    }
  std::mt19937_64 next(11);
  for (int t = 0; t < 10000; ++t) {
    const std::uint64_t x = next();
    std::uint64_t slow = 0;
    for (int b = 0; b < 64; ++b) slow |= (x >> b & 1) << (63 - b);
    ASSERT_EQ(doska::egdb::reverse_bits(x), slow) << x;
  }
}

TEST(EgdbBuild, TheTimeLeftCountsOnlyTheTablesBuiltInThisRun) {
  // Half done in 10 s from nothing: 10 s more.
  EXPECT_NE(doska::egdb::progress_text(50, 100, 10).find("about 10 s left"), std::string::npos);
  // A resumed build found 50 and built 10 in 10 s: 40 left at 1 a second.
  EXPECT_NE(doska::egdb::progress_text(60, 100, 10, 50).find("about 40 s left"), std::string::npos);
  // Nothing built yet: no estimate.
  EXPECT_EQ(doska::egdb::progress_text(50, 100, 10, 50).find("left"), std::string::npos);
}

TEST(EgdbPasses, EightBytesAtATimeFindEveryByteOfTheDistance) {
  alignas(8) std::uint8_t bytes[8] = {};
  std::mt19937_64 next(3);
  for (int t = 0; t < 20000; ++t) {
    for (auto& b : bytes) b = static_cast<std::uint8_t>(next() % 6);
    const auto a = static_cast<std::uint8_t>(next() % 8), b = static_cast<std::uint8_t>(next() % 8);
    bool any = false;
    for (auto x : bytes) any = any || x == a || x == b;
    ASSERT_EQ(doska::egdb::has_byte(bytes, a, b), any) << t;
  }
}

// The half turn that puts the side to move at the bottom, against one written square by square.
template <int N>
void check_turns(const Rules& rules) {
  using G = Geometry<N>;
  auto turn = [](Bitboard b) {
    Bitboard r = 0;
    for (int s = 0; s < G::kSquares; ++s)
      if (b & G::mask_of(s)) r |= G::mask_of(G::kSquares - 1 - s);
    return r;
  };
  std::mt19937_64 next(N);
  for (int t = 0; t < 20000; ++t) {
    const Bitboard white = next() & next() & G::kBoard;
    const Bitboard black = next() & next() & G::kBoard & ~white;
    const Bitboard kings = next() & (white | black);
    const Position pos{white, black, kings, Side::black};
    const Position up = to_move_up(rules, pos);
    ASSERT_EQ(up.white, turn(black));
    ASSERT_EQ(up.black, turn(white));
    ASSERT_EQ(up.kings, turn(kings));
    ASSERT_EQ(up.side, Side::white);
  }
}

TEST(EgdbIndex, TheHalfTurnAgreesWithTheSquares) {
  check_turns<8>(kEnglish);
  check_turns<10>(kInternational);
}

TEST(EgdbBuild, ResumesWithTheTablesAlreadyBuilt) {
  const std::string dir = fresh_dir("resume");
  BuildOptions o;
  o.dir = dir;
  o.pieces = 3;
  auto first = build(kEnglish, o);
  ASSERT_TRUE(first) << first.error();
  EXPECT_GT(first->tables_built, 0);
  // An interrupted write leaves a .part file, never a file with the final name.
  std::ofstream(dir + "/english/m0k2-m0k1.egdb.part") << "half";
  std::filesystem::remove(table_path(kEnglish, dir, {0, 2, 0, 1}));
  auto second = build(kEnglish, o);
  ASSERT_TRUE(second) << second.error();
  EXPECT_EQ(second->tables_built, 2);  // the removed table and its twin
  EXPECT_EQ(second->tables_kept, first->tables_built - 2);
}

// Compares every table file of `a` with the file of the same name in `b`; the number compared.
int same_files(const Rules& rules, const std::string& a, const std::string& b) {
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(a + "/" + std::string(rules.id))) {
    const auto name = entry.path().filename().string();
    std::ifstream x(entry.path(), std::ios::binary);
    std::ifstream y(b + "/" + std::string(rules.id) + "/" + name, std::ios::binary);
    const std::string bx((std::istreambuf_iterator<char>(x)), {});
    const std::string by((std::istreambuf_iterator<char>(y)), {});
    EXPECT_EQ(bx, by) << rules.id << " " << name;
    ++compared;
  }
  return compared;
}

// A build that keeps the smaller tables packed (as 7-piece builds do) writes the same files as
// one that unpacks them, and `verify` reading them packed finds nothing wrong.
TEST(EgdbBuild, PackedBuildWritesTheSameTables) {
  for (const auto& [rules, pieces] : {std::pair{&kRussian, 3}, std::pair{&kEnglish, 4}}) {
    const std::string plain = fresh_dir(std::string("plain_") + std::string(rules->id));
    const std::string packed = fresh_dir(std::string("packed_") + std::string(rules->id));
    BuildOptions o;
    o.pieces = pieces;
    o.dir = plain;
    auto a = build(*rules, o);
    ASSERT_TRUE(a) << a.error();
    o.dir = packed;
    o.packed = true;
    auto b = build(*rules, o);
    ASSERT_TRUE(b) << b.error();
    EXPECT_EQ(a->tables_built, b->tables_built);
    EXPECT_EQ(a->positions, b->positions);
    EXPECT_EQ(a->longest, b->longest);
    EXPECT_EQ(same_files(*rules, plain, packed), a->tables_built);
    auto checked = verify(*rules, o);
    ASSERT_TRUE(checked) << checked.error();
    EXPECT_EQ(checked->wrong, 0u);
    EXPECT_EQ(checked->tables, a->tables_built);
  }
}

// English up to 4 pieces with the default options: what the budget tests compare with.
Result<doska::egdb::BuildReport> english_4(const std::string& dir) {
  BuildOptions o;
  o.pieces = 4;
  o.dir = dir;
  return build(kEnglish, o);
}

// A memory budget that holds only some of the tables (the smallest unpacked, the rest packed,
// both when a build resumes from the folder and as it adds the tables it builds) changes no file.
TEST(EgdbBuild, AMemoryBudgetChangesNoTable) {
  const std::string plain = fresh_dir("budget_plain");
  const std::string tight = fresh_dir("budget_tight");
  auto a = english_4(plain);
  ASSERT_TRUE(a) << a.error();
  BuildOptions o;
  o.dir = tight;
  o.memory_budget = 300'000;  // the 2- and 3-piece tables, not the 4-piece ones (millions)
  o.pieces = 3;
  auto b = build(kEnglish, o);
  ASSERT_TRUE(b) << b.error();
  o.pieces = 4;  // resumed: the 3-piece tables are read from the folder
  auto c = build(kEnglish, o);
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(b->tables_built + c->tables_built, a->tables_built);
  EXPECT_EQ(same_files(kEnglish, plain, tight), a->tables_built);
  auto checked = verify(kEnglish, o);
  ASSERT_TRUE(checked) << checked.error();
  EXPECT_EQ(checked->wrong, 0u);
  EXPECT_EQ(checked->tables, a->tables_built);
}

// A budget that holds the smaller tables and about one 4-piece table: the tables that a pair's
// promotions reach are unpacked in turn, others packed again to make room; the files stay the same.
TEST(EgdbBuild, TheTablesThatPromotionsReachAreUnpackedInTurn) {
  const std::string plain = fresh_dir("turn_plain");
  const std::string tight = fresh_dir("turn_tight");
  auto a = english_4(plain);
  ASSERT_TRUE(a) << a.error();
  BuildOptions o;
  o.pieces = 4;
  o.dir = tight;
  o.memory_budget = 1'500'000;
  std::vector<std::string> lines;
  o.progress = [&](const std::string& line) { lines.push_back(line); };
  auto b = build(kEnglish, o);
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(same_files(kEnglish, plain, tight), a->tables_built);
  const auto repacked = std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.find("packed again to make room") != std::string::npos;
  });
  EXPECT_GT(repacked, 0);
  auto checked = verify(kEnglish, o);
  ASSERT_TRUE(checked) << checked.error();
  EXPECT_EQ(checked->wrong, 0u);
}

// The passes by distance run on every thread, settling positions by compare-and-swap: one thread
// or four (more than the cores, so that they interleave) write the same files.
TEST(EgdbBuild, ThreadsDoNotChangeTheTables) {
  for (const auto& [rules, pieces] : {std::pair{&kRussian, 4}, std::pair{&kEnglish, 4}}) {
    const std::string one = fresh_dir(std::string("one_") + std::string(rules->id));
    const std::string four = fresh_dir(std::string("four_") + std::string(rules->id));
    BuildOptions o;
    o.pieces = pieces;
    o.dir = one;
    o.threads = 1;
    auto a = build(*rules, o);
    ASSERT_TRUE(a) << a.error();
    o.dir = four;
    o.threads = 4;
    auto b = build(*rules, o);
    ASSERT_TRUE(b) << b.error();
    EXPECT_EQ(a->positions, b->positions);
    EXPECT_EQ(a->longest, b->longest);
    EXPECT_EQ(same_files(*rules, one, four), a->tables_built);
  }
}

TEST(EgdbFiles, DamagedOrForeignFilesAreRefusedByName) {
  const std::string dir = fresh_dir("damaged");
  ASSERT_TRUE(built(kEnglish, dir, 2));
  const std::string path = table_path(kEnglish, dir, {0, 1, 0, 1});
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(60);
    f.put('\x5a');
  }
  auto db = Database::open(kEnglish, dir);
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find(path), std::string::npos) << db.error();
  EXPECT_NE(db.error().find("checksum"), std::string::npos) << db.error();

  std::filesystem::resize_file(path, 10);
  db = Database::open(kEnglish, dir);
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find("damaged"), std::string::npos) << db.error();

  // The russian tables under the english folder: refused, naming the game.
  const std::string other = fresh_dir("foreign");
  ASSERT_TRUE(built(kRussian, other, 2));
  std::filesystem::create_directories(other + "/english");
  std::filesystem::copy_file(table_path(kRussian, other, {0, 1, 0, 1}),
                             other + "/english/m0k1-m0k1.egdb");
  db = Database::open(kEnglish, other);
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find("is for russian"), std::string::npos) << db.error();

  // No folder: an empty database, and the engine plays without.
  auto none = Database::open(kEnglish, fresh_dir("none"));
  ASSERT_TRUE(none);
  EXPECT_EQ((*none)->table_count(), 0u);
}

TEST(EgdbFiles, TableRoundTrip) {
  std::vector<std::uint8_t> values(20000);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint8_t>(i * 7);
  doska::egdb::Table table({"english", kRulesVersion, {1, 2, 0, 1}, 0}, {values, {}});
  const std::string path = fresh_dir("roundtrip") + ".egdb";
  ASSERT_TRUE(table.save(path));
  for (bool unpack : {false, true}) {
    auto loaded = doska::egdb::Table::load(path, unpack);
    ASSERT_TRUE(loaded) << loaded.error();
    EXPECT_EQ((*loaded)->header().game, "english");
    EXPECT_EQ((*loaded)->header().entries, values.size());
    for (std::size_t i = 0; i < values.size(); i += 97) EXPECT_EQ((*loaded)->at(i), values[i]);
    EXPECT_EQ((*loaded)->unpacked(), values);
  }
  // Packed on several threads (more runs than blocks here, and a last short block): the same file.
  auto file = [](const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return std::vector<char>((std::istreambuf_iterator<char>(in)), {});
  };
  for (int threads : {2, 3, 16}) {
    const std::string again = path + "." + std::to_string(threads);
    ASSERT_TRUE(table.save(again, threads));
    EXPECT_EQ(file(again), file(path)) << threads;
  }
}

// Distances past what a byte holds: the byte says "long win" or "long loss" and the file's list
// gives the plies; the list is read back, and a list out of order is refused by name.
TEST(EgdbFiles, LongDistancesRoundTrip) {
  std::vector<std::uint8_t> values(5000, doska::egdb::code::kDraw);
  values[10] = doska::egdb::code::kLongWin;
  values[4000] = doska::egdb::code::kLongLoss;
  values[20] = Value{Outcome::win, 125}.encode();
  const std::vector<doska::egdb::LongValue> longs{{4000, 300}, {10, 126}};  // sorted on creation
  doska::egdb::Table table({"english", kRulesVersion, {1, 2, 0, 1}, 0}, {values, longs});
  const std::string path = fresh_dir("long") + ".egdb";
  ASSERT_TRUE(table.save(path));
  for (bool unpack : {false, true}) {
    auto loaded = doska::egdb::Table::load(path, unpack);
    ASSERT_TRUE(loaded) << loaded.error();
    EXPECT_EQ((*loaded)->value(10), (Value{Outcome::win, 126}));
    EXPECT_EQ((*loaded)->value(4000), (Value{Outcome::loss, 300}));
    EXPECT_EQ((*loaded)->value(20), (Value{Outcome::win, 125}));
    EXPECT_EQ((*loaded)->value(21), (Value{Outcome::draw, 0}));
    EXPECT_EQ((*loaded)->long_values().size(), 2u);
  }
  EXPECT_EQ(Value::decode(Value{Outcome::win, 126}.encode()).plies, 126);  // no list: at least

  // Swap the two entries' indexes (out of order), with a checksum that matches.
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
  const std::string marker(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  std::uint64_t first = 10, second = 4000;
  std::string a(8, '\0'), b(8, '\0');
  std::memcpy(a.data(), &first, 8);
  std::memcpy(b.data(), &second, 8);
  const std::size_t at = marker.find(a);
  ASSERT_NE(at, std::string::npos);
  ASSERT_EQ(marker.compare(at + 12, 8, b), 0);
  std::memcpy(bytes.data() + at, &second, 8);
  std::memcpy(bytes.data() + at + 12, &first, 8);
  const std::uint64_t sum = doska::egdb::fnv1a(bytes.data(), bytes.size() - 8);
  std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
  auto bad = doska::egdb::Table::parse(bytes, "swapped.egdb", false);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("swapped.egdb is damaged: long value"), std::string::npos)
      << bad.error();
}

// A table opened on demand (its blocks read from the file as probes need them) gives the values
// that a table read whole gives, with a header longer than the first read (many long values and
// blocks); a damaged file is refused by name, a damaged block reads as no value, never a wrong one.
TEST(EgdbFiles, OpenedOnDemandGivesTheSameValues) {
  namespace eg = doska::egdb;
  std::vector<std::uint8_t> values(700000);
  std::mt19937 random(7);
  for (auto& v : values) v = static_cast<std::uint8_t>(random() % 120);
  std::vector<eg::LongValue> longs;
  for (std::uint64_t i = 5; i < values.size(); i += 1000) {
    values[i] = i % 2 ? eg::code::kLongWin : eg::code::kLongLoss;
    longs.push_back({i, static_cast<std::uint32_t>(126 + i % 300)});
  }
  const eg::Table table({"english", kRulesVersion, {1, 2, 0, 1}, 0}, {values, longs});
  const std::string path = fresh_dir("ondemand") + ".egdb";
  ASSERT_TRUE(table.save(path));
  auto whole = eg::Table::load(path, false);
  auto opened = eg::Table::open(path);
  ASSERT_TRUE(whole) << whole.error();
  ASSERT_TRUE(opened) << opened.error();
  const eg::Table& t = **opened;
  EXPECT_TRUE(t.on_demand());
  EXPECT_FALSE((*whole)->on_demand());
  EXPECT_TRUE(t.packed());
  EXPECT_EQ(t.header().entries, values.size());
  EXPECT_EQ(t.header().material, (std::array<int, 4>{1, 2, 0, 1}));
  EXPECT_EQ(t.packed_bytes(), (*whole)->packed_bytes());
  EXPECT_EQ(t.long_values().size(), longs.size());
  for (std::uint64_t i = 0; i < values.size(); i += 331) EXPECT_EQ(t.value(i), (*whole)->value(i));
  EXPECT_EQ(t.value(5), (Value{Outcome::win, 131}));
  EXPECT_EQ(t.at(values.size()), eg::code::kNone);  // past the end
  EXPECT_EQ(t.unpacked(3), values);

  // A byte of the blocks changed: `load` refuses the file by its checksum; on demand the block
  // that holds it reads as no value (zlib checks each block; the test allows the rare change it
  // would not see).
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(0, std::ios::end);
    const auto size = static_cast<std::streamoff>(f.tellg());
    f.seekp(size - 100);
    f.put('\x5a');
    f.seekp(size - 99);
    f.put('\xa5');
  }
  auto refused = eg::Table::load(path, false);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("checksum"), std::string::npos) << refused.error();
  auto reopened = eg::Table::open(path);
  ASSERT_TRUE(reopened) << reopened.error();
  const std::uint64_t last = values.size() - 1;
  const std::uint8_t byte = (*reopened)->at(last);
  EXPECT_TRUE(byte == eg::code::kNone || byte == values[last]) << int(byte);

  // Cut short: the block table no longer matches the file's size.
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 1000);
  auto cut = eg::Table::open(path);
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().find(path + " is damaged: block offsets do not match the file size"),
            std::string::npos)
      << cut.error();
  std::filesystem::resize_file(path, 200);
  cut = eg::Table::open(path);
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().find("is damaged: truncated"), std::string::npos) << cut.error();
  std::filesystem::resize_file(path, 10);
  cut = eg::Table::open(path);
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().find("does not start with DOSKAEGB"), std::string::npos) << cut.error();
  auto missing = eg::Table::open(path + ".none");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cannot read endgame table"), std::string::npos);
  auto missing_whole = eg::Table::load(path + ".none", false);
  ASSERT_FALSE(missing_whole);
  EXPECT_NE(missing_whole.error().find("cannot read endgame table " + path +
                                       ".none: No such file or directory"),
            std::string::npos)
      << missing_whole.error();
}

// A folder's files above the size given are opened on demand, the others read whole; the
// database's values are the same either way.
TEST(EgdbFiles, LargeFilesOfAFolderAreOpenedOnDemand) {
  const std::string dir = fresh_dir("folder_on_demand");
  auto db = built(kEnglish, dir, 3);
  ASSERT_TRUE(db);
  for (std::uint64_t read_whole : {std::uint64_t{0}, std::uint64_t{1} << 40}) {
    int tables = 0, on_demand = 0;
    Status s = doska::egdb::read_folder(
        std::filesystem::path(dir) / "english", "english", kRulesVersion, false,
        [&](std::shared_ptr<doska::egdb::Table> t, const std::string&) -> std::string {
          ++tables;
          on_demand += t->on_demand() ? 1 : 0;
          return {};
        },
        [](const std::string&) { return true; }, read_whole);
    ASSERT_TRUE(s) << s.error();
    EXPECT_GT(tables, 3);
    EXPECT_EQ(on_demand, read_whole == 0 ? tables : 0);
  }
}

// A build that keeps every distance of 5 plies or more in the lists of long values gives every
// position the same value as one that keeps them in the bytes, and `verify` agrees.
TEST(EgdbBuild, LongValueListsGiveTheSameValues) {
  for (const auto& [rules, pieces] : {std::pair{&kEnglish, 4}, std::pair{&kRussian, 3}}) {
    const std::string bytes = fresh_dir(std::string("bytes_") + std::string(rules->id));
    const std::string lists = fresh_dir(std::string("lists_") + std::string(rules->id));
    BuildOptions o;
    o.pieces = pieces;
    o.dir = bytes;
    auto a = build(*rules, o);
    ASSERT_TRUE(a) << a.error();
    o.dir = lists;
    o.short_plies = 5;
    auto b = build(*rules, o);
    ASSERT_TRUE(b) << b.error();
    EXPECT_EQ(a->longest, b->longest);
    ASSERT_GT(a->longest, 5);
    auto x = Database::open(*rules, bytes);
    auto y = Database::open(*rules, lists);
    ASSERT_TRUE(x && y);
    std::size_t listed = 0;
    for (const Material& m : materials(pieces)) {
      const doska::egdb::Table* tx = (*x)->table(m);
      const doska::egdb::Table* ty = (*y)->table(m);
      ASSERT_TRUE(tx && ty) << m.name();
      EXPECT_TRUE(tx->long_values().empty());
      listed += ty->long_values().size();
      for (std::uint64_t i = 0; i < tx->header().entries; ++i)
        ASSERT_EQ(tx->value(i), ty->value(i)) << m.name() << " " << i;
    }
    EXPECT_GT(listed, 0u);
    auto checked = verify(*rules, o);
    ASSERT_TRUE(checked) << checked.error();
    EXPECT_EQ(checked->wrong, 0u);
  }
}

// The engine brings a database win home: from a won position, the engine on both sides (the
// winner fastest, the loser slowest) ends the game with the winner's victory within the
// distance the database gives (a capture of the last piece is the end here).
TEST(EgdbEngine, ConvertsADatabaseWinWithinItsDistance) {
  const std::string dir = fresh_dir("engine");
  auto db = built(kEnglish, dir, 3, {kTwoKingsKing});
  ASSERT_TRUE(db);
  const std::string fen = "W:WK1,K2:BK32";
  const Value start = probe_fen(kEnglish, *db, fen);
  ASSERT_EQ(start.outcome, Outcome::win);

  engine::Engine engine(4);
  engine.set_tables(std::make_shared<engine::TableShelf>(dir));
  Game game(kEnglish, *parse_fen(kEnglish, fen));
  std::vector<std::string> moves;
  int plies = 0;
  while (!game.over() && plies <= start.plies) {
    ASSERT_TRUE(engine.set_position("english", fen, moves));
    search::Limits limits;
    limits.depth = 3;
    const auto best = engine.search(limits);
    ASSERT_FALSE(best.move.empty());
    if (plies == 0) {
      EXPECT_TRUE(best.score.table);
      EXPECT_EQ(best.score.kind, search::Score::Kind::win);
      EXPECT_EQ(best.score.value, start.plies);
    }
    ASSERT_TRUE(game.play_text(best.move)) << best.move;
    moves.push_back(best.move);
    ++plies;
  }
  ASSERT_TRUE(game.over()) << "not over after " << plies << " plies";
  EXPECT_EQ(game.ending().outcome, draughts::Outcome::white_wins);
  EXPECT_EQ(plies, start.plies);

  // A drawn root is searched, and the draw is reported as exact.
  ASSERT_TRUE(engine.set_position("english", "W:WK1:BK32"));
  search::Limits limits;
  limits.depth = 4;
  EXPECT_EQ(engine.search(limits).score.text(), "draw egdb");
}

}  // namespace
}  // namespace doska::draughts::egdb
