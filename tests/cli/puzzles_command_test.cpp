// `doska puzzles build|verify`: a file built by the command verifies; a damaged file exits 2 with
// the reader's error; a puzzle that is not one is named and the status is 1.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "puzzles/puzzle.h"
#include "server/storage.h"
#include "support/doska_command.h"

namespace doska::test {
namespace {

TEST(PuzzlesCommand, ABuiltFileVerifies) {
  const std::string file = scratch_dir() + "english-puzzles.txt";
  const CommandRun built = run_doska({"puzzles", "build", "english", "--count", "2", "--seed", "3",
                                      "--nodes", "8000", "--out", file, "--egdb", "none"});
  ASSERT_EQ(built.status, 0) << built.err;
  EXPECT_NE(built.out.find("english: 2 puzzles"), std::string::npos) << built.out;
  const CommandRun checked = run_doska(
      {"puzzles", "verify", "english", "--file", file, "--nodes", "16000", "--egdb", "none"});
  EXPECT_EQ(checked.status, 0) << checked.out << checked.err;
  EXPECT_NE(checked.out.find("2 puzzles checked at 16000 nodes, 0 wrong"), std::string::npos)
      << checked.out;
}

TEST(PuzzlesCommand, SelfPlayAtTheLevelsGivenAndABadRangeNamed) {
  const std::string file = scratch_dir() + "low-level-puzzles.txt";
  const CommandRun built =
      run_doska({"puzzles", "build", "english", "--count", "1", "--seed", "5", "--levels", "1-2",
                 "--nodes", "8000", "--out", file, "--egdb", "none"});
  ASSERT_EQ(built.status, 0) << built.err;
  EXPECT_NE(built.out.find("english: 1 puzzles"), std::string::npos) << built.out;
  for (const char* bad : {"9-3", "0-4", "3-11", "5", "3-4x"})
    expect_error(run_doska({"puzzles", "build", "english", "--levels", bad, "--out", file}),
                 "--levels");
}

TEST(PuzzlesCommand, ADamagedFileIsRefusedWithExitStatus2) {
  const std::string file = scratch_dir() + "damaged-puzzles.txt";
  std::ofstream(file, std::ios::binary) << "doska-puzzles 1 english\nend 0 0000000000000000\n";
  expect_error(run_doska({"puzzles", "verify", "english", "--file", file}), "checksum");
}

TEST(PuzzlesCommand, APositionWithoutASingleWinningMoveIsNamed) {
  // The start: a well-formed file with a legal line, but no move there wins a man.
  puzzles::Puzzle p;
  p.id = "english-7";
  p.game = "english";
  p.fen = "B:W21-32:B1-12";
  p.line = {"11-15"};
  p.best = "cp 10";
  p.second = "cp 5";
  const std::string file = scratch_dir() + "not-a-puzzle.txt";
  std::ofstream(file, std::ios::binary) << puzzles::write_file("english", {p});
  const CommandRun run = run_doska(
      {"puzzles", "verify", "english", "--file", file, "--nodes", "4000", "--egdb", "none"});
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.out.find("puzzle english-7:"), std::string::npos) << run.out;
}

// russian-2 of data/puzzles/russian.txt: Black's only winning move is h8-g7, a man given for a
// shot that takes two and reaches h4 (h6:b4 a5:h4).
constexpr const char* kRecordedShotFen =
    "B:Wa1,c1,g1,b2,d2,h2,g3,e5,h6:Ba3,a5,c5,a7,c7,e7,b8,d8,h8";

TEST(PuzzlesCommand, APuzzleIsFoundInTheGamesOfAPdnFileAndABadGameIsNamed) {
  const std::string pdn = scratch_dir() + "recorded-russian.pdn";
  std::ofstream(pdn, std::ios::binary) << "[GameType \"25\"]\n[FEN \"" << kRecordedShotFen
                                       << "\"]\n\n1... h8-g7 2. h6:b4 a5:h4 *\n\n"
                                       << "[GameType \"25\"]\n\n1. c3-d4 f6-g5 2. d4-c3 *\n";
  const std::string file = scratch_dir() + "recorded-russian-puzzles.txt";
  const CommandRun run = run_doska({"puzzles", "build", "russian", "--pdn", pdn, "--recorded-only",
                                    "--count", "1", "--out", file, "--egdb", "none"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("game 2 (line 6) left out: move 3"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("1 games from"), std::string::npos) << run.err;
  auto built = puzzles::load_file(file);
  ASSERT_TRUE(built) << built.error();
  ASSERT_EQ(built->size(), 1u);
  EXPECT_EQ(built->front().fen, kRecordedShotFen);
  EXPECT_EQ(built->front().line.front(), "h8-g7");
}

TEST(PuzzlesCommand, APuzzleIsFoundInAServersStoredGames) {
  const std::string db = scratch_dir() + "recorded-games.sqlite";
  std::filesystem::remove(db);
  {
    auto storage = server::Storage::open(db);
    ASSERT_TRUE(storage) << storage.error();
    server::StoredGame g;
    g.id = "shot0001";
    g.variant = "russian";
    g.created = g.updated = "2026-11-29T12:00:00Z";
    g.start_fen = kRecordedShotFen;
    for (const char* m : {"h8-g7", "h6:b4", "a5:h4"}) g.moves.push_back({m, std::nullopt});
    ASSERT_TRUE((*storage)->save(g));
  }
  const std::string file = scratch_dir() + "stored-russian-puzzles.txt";
  const CommandRun run = run_doska({"puzzles", "build", "russian", "--db", db, "--recorded-only",
                                    "--count", "1", "--out", file, "--egdb", "none"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("1 games from"), std::string::npos) << run.err;
  auto built = puzzles::load_file(file);
  ASSERT_TRUE(built) << built.error();
  ASSERT_EQ(built->size(), 1u);
  EXPECT_EQ(built->front().fen, kRecordedShotFen);
}

}  // namespace
}  // namespace doska::test
