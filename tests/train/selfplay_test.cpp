// `doska selfplay` for the draughts games with endgame databases (`--egdb DIR`): the positions the
// tables hold get the tables' verdict as their search score, and a missing folder is refused.
// `doska rescore`: the same lines with the score of a new search, in order, from White's side.
#include "train/selfplay.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/draughts/egdb.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"
#include "support/scratch_dir.h"

namespace doska::train {
namespace {

std::string scratch(const std::string& name) {
  return test::scratch_dir() + "selfplay_" + name;
}

// The english tables of up to 3 pieces in a fresh folder `dir`.
void build_english_tables(const std::string& dir) {
  std::filesystem::remove_all(dir);
  draughts::egdb::BuildOptions build;
  build.dir = dir;
  build.pieces = 3;
  auto built = draughts::egdb::build(draughts::kEnglish, build);
  ASSERT_TRUE(built.ok()) << built.error();
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
  ASSERT_NO_FATAL_FAILURE(build_english_tables(dir));
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

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

struct Line {
  std::string fen, result;
  int score = 0;
};

Line parse_line(const std::string& text) {
  Line line;
  std::istringstream(text) >> line.fen >> line.result >> line.score;
  return line;
}

// White three kings against a lone man is won for White whoever moves; the mirror is won for
// Black: the new scores say so from White's side, the FEN and result columns stay, the order too.
TEST(Rescore, ScoresComeFromTheNewSearchFromWhitesSide) {
  const std::string data = scratch("rescore_in.txt");
  write_text(data,
             "W:WK1,K2,K3:B12 0.5 0\n"
             "B:WK1,K2,K3:B12 1 0\n"
             "W:W5:BK28,K29,K30 0 0\n"
             "B:W5:BK28,K29,K30 0.5 0\n");
  RescoreOptions o;
  o.game = "english";
  o.data = {data};
  o.out = scratch("rescore_out.txt");
  o.nodes = 20000;
  auto done = rescore(o, {});
  ASSERT_TRUE(done) << done.error();
  EXPECT_EQ(done->done, 4u);
  const auto in = read_lines(data), out = read_lines(o.out);
  ASSERT_EQ(out.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    const Line a = parse_line(in[i]), b = parse_line(out[i]);
    EXPECT_EQ(a.fen, b.fen);
    EXPECT_EQ(a.result, b.result);
    if (i < 2)
      EXPECT_GT(b.score, 150) << out[i];
    else
      EXPECT_LT(b.score, -150) << out[i];
  }
  std::filesystem::remove(data);
  std::filesystem::remove(o.out);
}

// --every K keeps lines 1, K+1, 2K+1, ... across all the inputs (--offset R: R+1, K+R+1, ...);
// one thread or two give the same file (each position is searched alone, with a seed of its own).
TEST(Rescore, EveryKthLineAndTheSameFileOnAnyNumberOfThreads) {
  const std::string a = scratch("every_a.txt"), b = scratch("every_b.txt");
  write_text(a,
             "B:W21-32:B1-12 0.5 0\n"
             "W:W21-32:B1-11,15 0.5 0\n"
             "B:W18,21,23-32:B1-11,15 0.5 0\n");
  write_text(b,
             "W:W21-32:B1-9,11,12,14 0.5 0\n"
             "B:W17,21,22,24-32:B1-9,11,12,14 0.5 0\n");
  RescoreOptions o;
  o.game = "english";
  o.data = {a, b};
  o.every = 2;
  o.nodes = 3000;
  o.threads = 1;
  o.out = scratch("every_1.txt");
  auto one = rescore(o, {});
  ASSERT_TRUE(one) << one.error();
  o.threads = 2;
  const std::string first = o.out;
  o.out = scratch("every_2.txt");
  auto two = rescore(o, {});
  ASSERT_TRUE(two) << two.error();
  const auto lines = read_lines(first);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(parse_line(lines[0]).fen, "B:W21-32:B1-12");
  EXPECT_EQ(parse_line(lines[1]).fen, "B:W18,21,23-32:B1-11,15");
  EXPECT_EQ(parse_line(lines[2]).fen, "B:W17,21,22,24-32:B1-9,11,12,14");
  EXPECT_EQ(lines, read_lines(o.out));
  // --offset 1 takes the lines that --offset 0 left: 2, 4, ...
  o.offset = 1;
  const std::string second = o.out;
  o.out = scratch("every_3.txt");
  auto rest = rescore(o, {});
  ASSERT_TRUE(rest) << rest.error();
  const auto others = read_lines(o.out);
  ASSERT_EQ(others.size(), 2u);
  EXPECT_EQ(parse_line(others[0]).fen, "W:W21-32:B1-11,15");
  EXPECT_EQ(parse_line(others[1]).fen, "W:W21-32:B1-9,11,12,14");
  o.offset = 2;
  auto beyond = rescore(o, {});
  ASSERT_FALSE(beyond);
  EXPECT_NE(beyond.error().find("--offset must be from 0 to --every - 1 (1)"), std::string::npos)
      << beyond.error();
  for (const auto& f : {a, b, first, second, o.out}) std::filesystem::remove(f);
}

// A stopped run leaves whole lines and maybe one cut short: --resume keeps the whole ones, drops
// the cut one and ends with the same file as a run that never stopped; the output of other data
// is refused by name.
TEST(Rescore, ResumeGoesOnAfterTheWholeLinesOfAStoppedRun) {
  const std::string data = scratch("resume_in.txt");
  write_text(data,
             "B:W21-32:B1-12 0.5 0\n"
             "W:W21-32:B1-11,15 0.5 0\n"
             "B:W18,21,23-32:B1-11,15 0.5 0\n"
             "W:W21-32:B1-9,11,12,14 0.5 0\n"
             "B:W17,21,22,24-32:B1-9,11,12,14 0.5 0\n");
  RescoreOptions o;
  o.game = "english";
  o.data = {data};
  o.nodes = 3000;
  o.out = scratch("resume_full.txt");
  ASSERT_TRUE(rescore(o, {}));
  const auto full = read_lines(o.out);
  ASSERT_EQ(full.size(), 5u);

  o.out = scratch("resume_cut.txt");
  write_text(o.out, full[0] + "\n" + full[1] + "\n" + full[2].substr(0, 10));
  o.resume = true;
  auto resumed = rescore(o, {});
  ASSERT_TRUE(resumed) << resumed.error();
  EXPECT_EQ(resumed->resumed, 2u);
  EXPECT_EQ(resumed->done, 5u);
  EXPECT_EQ(read_lines(o.out), full);
  auto again = rescore(o, {});  // nothing left to do
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(again->resumed, 5u);
  EXPECT_EQ(read_lines(o.out), full);

  write_text(o.out, "W:W21-32:B1-12 0.5 7\n");
  auto other = rescore(o, {});
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().find("not a run of this data"), std::string::npos) << other.error();
  EXPECT_EQ(read_lines(o.out).size(), 1u);  // refused, not overwritten
  for (const auto& f : {data, o.out, scratch("resume_full.txt")}) std::filesystem::remove(f);
}

TEST(Rescore, BadDataIsRefusedWithTheFileAndLineNamed) {
  const std::string data = scratch("bad.txt");
  RescoreOptions o;
  o.game = "english";
  o.data = {data};
  o.out = scratch("bad_out.txt");
  write_text(data, "B:W21-32:B1-12 0.5 0\nB:W21-32:B1-12 2 0\n");
  auto done = rescore(o, {});
  ASSERT_FALSE(done);
  EXPECT_NE(done.error().find("line 2"), std::string::npos) << done.error();
  write_text(data, "B:W21-32:B1-12 0.5 0\nW:W99:B1 1 0\n");
  done = rescore(o, {});
  ASSERT_FALSE(done);
  EXPECT_NE(done.error().find("line 2"), std::string::npos) << done.error();
  EXPECT_NE(done.error().find("not a english position"), std::string::npos) << done.error();
  o.data = {scratch("missing.txt")};
  done = rescore(o, {});
  ASSERT_FALSE(done);
  EXPECT_NE(done.error().find("missing.txt"), std::string::npos) << done.error();
  o.game = "chess100";
  o.data = {data};
  EXPECT_FALSE(rescore(o, {}));
  std::filesystem::remove(data);
  std::filesystem::remove(o.out);
}

// With the tables, a position they hold scores their verdict.
TEST(Rescore, WithDatabasesTheirPositionsScoreTheTablesVerdict) {
  const std::string dir = scratch("rescore_egdb");
  ASSERT_NO_FATAL_FAILURE(build_english_tables(dir));
  const std::string data = scratch("rescore_egdb.txt");
  // English, two kings against one (RULINGS: a win); the side to move either way.
  write_text(data, "W:WK14,K15:BK28 1 0\nB:WK14,K15:BK28 1 0\nB:WK5:BK27,K28 0 0\n");
  RescoreOptions o;
  o.game = "english";
  o.data = {data};
  o.out = scratch("rescore_egdb_out.txt");
  o.egdb = dir;
  o.nodes = 5000;
  auto done = rescore(o, {});
  ASSERT_TRUE(done) << done.error();
  const auto lines = read_lines(o.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(parse_line(lines[0]).score, 2000);
  EXPECT_EQ(parse_line(lines[1]).score, 2000);
  EXPECT_EQ(parse_line(lines[2]).score, -2000);
  o.egdb = scratch("no-such-tables");
  EXPECT_FALSE(rescore(o, {}));
  std::filesystem::remove_all(dir);
  std::filesystem::remove(data);
  std::filesystem::remove(o.out);
}

}  // namespace
}  // namespace doska::train
