// `doska egdb build|verify|probe` (docs/egdb.md): a build prints its figures and resumes, verify
// says 0 wrong, probe prints the value and each move's; bad input exits 2 with one "error:" line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/commands.h"
#include "support/scratch_dir.h"

namespace doska::cli {
namespace {

struct EgdbRun {
  int status = 0;
  std::string out;
  std::string err;
};

EgdbRun egdb(const std::vector<std::string>& words) {
  EgdbRun run;
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  run.status = run_egdb(words);
  run.out = ::testing::internal::GetCapturedStdout();
  run.err = ::testing::internal::GetCapturedStderr();
  return run;
}

// One folder per test and process: ctest runs the tests of this file side by side.
std::string fresh_dir() {
  const std::string dir = test::scratch_dir() + "egdb_cli_" +
                          ::testing::UnitTest::GetInstance()->current_test_info()->name();
  std::filesystem::remove_all(dir);
  return dir;
}

TEST(EgdbCommand, BuildVerifyProbe) {
  const std::string dir = fresh_dir();
  EgdbRun run = egdb({"build", "english", "--pieces", "3", "--dir", dir, "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("english: 16 tables built, 0 kept"), std::string::npos) << run.out;
  run = egdb({"build", "english", "--pieces", "3", "--dir", dir, "--quiet"});
  EXPECT_NE(run.out.find("0 tables built, 16 kept"), std::string::npos) << run.out;

  run = egdb({"verify", "english", "--dir", dir, "--quiet"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("english: 16 tables"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" 0 wrong"), std::string::npos) << run.out;

  run = egdb({"probe", "english", "--dir", dir, "--fen", "B:WK15:BK10"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "value win 1\nmove 10x19 win 1\n");
}

TEST(EgdbCommand, BadInputIsNamed) {
  const std::string dir = fresh_dir();
  EgdbRun run = egdb({"build", "chess100", "--dir", dir});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("error: no endgame database for game 'chess100'"), std::string::npos)
      << run.err;
  run = egdb({"grow", "english"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("unknown egdb action 'grow'"), std::string::npos) << run.err;
  run = egdb({"build", "english", "--pieces", "12", "--dir", dir});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--pieces"), std::string::npos) << run.err;
  run = egdb({"probe", "english", "--dir", dir});
  EXPECT_NE(run.err.find("needs --fen"), std::string::npos) << run.err;
  run = egdb({"probe", "english", "--dir", dir, "--fen", "W:WK1,K2,K3:BK32"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("no table holds this position"), std::string::npos) << run.err;
  run = egdb({"verify", "mill", "--dir", dir});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("no tables of mill"), std::string::npos) << run.err;
  run = egdb({"build", "mill", "--packed", "--dir", dir});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--packed and --memory are for the draughts tables"), std::string::npos)
      << run.err;
  run = egdb({"build", "mill", "--from", "p3-p3", "--dir", dir});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--from is for egdb verify"), std::string::npos) << run.err;
  run = egdb({"build", "english", "--from", "m1k0-m1k0", "--dir", dir});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--from is for egdb verify"), std::string::npos) << run.err;
  run = egdb({"build", "english", "--memory", "0", "--dir", dir});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("bad --memory '0': give 1 to 4096 GB"), std::string::npos) << run.err;
  run = egdb({"build", "english", "--memory", "lots", "--dir", dir});
  EXPECT_NE(run.err.find("bad --memory 'lots'"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace doska::cli
