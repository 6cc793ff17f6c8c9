// `doska solve`: the last line is "bestmove <move> score <win N|loss N>"; a finished position says
// so and gives "bestmove (none) score win 0 | loss 0"; bad input exits 2 with one "error:" line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/commands.h"

namespace doska::cli {
namespace {

struct SolveRun {
  int status = 0;
  std::string out;
  std::string err;

  std::string last_line() const {
    std::string text = out;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text.substr(text.rfind('\n') + 1);
  }
};

SolveRun solve(const std::vector<std::string>& words) {
  SolveRun run;
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  run.status = run_solve(words);
  run.out = ::testing::internal::GetCapturedStdout();
  run.err = ::testing::internal::GetCapturedStderr();
  return run;
}

TEST(SolveCommand, FromTheStartTheWolfLoses) {
  const SolveRun run = solve({"wolf-sheep"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.last_line(), "bestmove b8 score loss 44");
  EXPECT_NE(run.out.find("position B:Wa1,c1,e1,g1:B\n"), std::string::npos) << run.out;
}

TEST(SolveCommand, AfterMovesTheSheepWin) {
  const SolveRun run = solve({"wolf-sheep", "--moves", "d8"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.last_line(), "bestmove a1-b2 score win 43");
}

TEST(SolveCommand, FromAFen) {
  const SolveRun run = solve({"wolf-sheep", "--fen", "B:Wa3,c5,e5,g5:Bd4"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.last_line(), "bestmove d4-c3 score win 1");
}

TEST(SolveCommand, AFinishedPositionSaysSo) {
  SolveRun run = solve({"wolf-sheep", "--fen", "B:Wb6,b8,a1,c1:Ba7"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("the game is over: the wolf cannot move"), std::string::npos) << run.out;
  EXPECT_EQ(run.last_line(), "bestmove (none) score loss 0");
  // The wolf past the sheep with the wolf to move: the side to move has won.
  run = solve({"wolf-sheep", "--fen", "W:Wa3,c5,e5,g5:Bh4", "--moves", "a3-b4"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("the wolf is past the sheep"), std::string::npos) << run.out;
  EXPECT_EQ(run.last_line(), "bestmove (none) score win 0");
}

TEST(SolveCommand, BadInputIsOneErrorLineAndStatus2) {
  const std::vector<std::vector<std::string>> cases = {
      {},
      {"russian"},
      {"chess"},
      {"wolf-sheep", "--fen", "W:Wa1:B"},
      {"wolf-sheep", "--moves", "d8 a1-a2"},
      {"wolf-sheep", "--moves", "d8 c1-d2 d8-d7"},
      {"wolf-sheep", "--depth", "3"},
  };
  for (const auto& words : cases) {
    const SolveRun run = solve(words);
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(run.out.empty()) << run.out;
    EXPECT_EQ(run.err.rfind("error: ", 0), 0u) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
  }
}

}  // namespace
}  // namespace doska::cli
