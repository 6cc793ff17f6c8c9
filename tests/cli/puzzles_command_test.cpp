// `doska puzzles build|verify`: a file built by the command verifies; a damaged file exits 2 with
// the reader's error; a puzzle that is not one is named and the status is 1.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "puzzles/puzzle.h"
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

}  // namespace
}  // namespace doska::test
