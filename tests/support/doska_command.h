// The real doska program run as a command: its exit status, stdout and stderr (the command-line
// contract tests, and the commands that other tests drive).
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/scratch_dir.h"

namespace doska::test {

struct CommandRun {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Runs doska with the arguments (each one single-quoted for the shell).
inline CommandRun run_doska(const std::vector<std::string>& args, const std::string& input = "") {
  // ctest runs tests in parallel processes: each has files of its own.
  const std::string stem = scratch_dir() + "cli_";
  const std::string out = stem + "out.txt", err = stem + "err.txt", in = stem + "in.txt";
  std::ofstream(in, std::ios::binary) << input;
  std::string command = DOSKA_BINARY;
  for (const std::string& a : args) {
    std::string quoted = "'";
    for (char c : a) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    command += " " + quoted + "'";
  }
  command += " <" + in + " >" + out + " 2>" + err;
  const int raw = std::system(command.c_str());
  CommandRun run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.out = file_text(out);
  run.err = file_text(err);
  return run;
}

// Exit status 2, nothing on stdout, one line on stderr that begins "error: " and holds `words`.
inline void expect_error(const CommandRun& run, const std::string& words) {
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_EQ(run.err.rfind("error: ", 0), 0u) << run.err;
  EXPECT_NE(run.err.find(words), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

}  // namespace doska::test
