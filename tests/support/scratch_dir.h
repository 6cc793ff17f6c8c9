// The scratch folder of one test process: <TempDir>/doska_tests_<pid>/ (ctest runs the tests in
// parallel processes, each with a folder of its own). It is made on first use and removed with
// everything in it when the process's tests end, so that a test run leaves nothing in /tmp.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace doska::test {

// The folder's path, made or not.
inline std::string scratch_root() {
  return ::testing::TempDir() + "doska_tests_" + std::to_string(getpid()) + "/";
}

inline std::string scratch_dir() {
  const std::string dir = scratch_root();
  std::filesystem::create_directories(dir);
  return dir;
}

// Removes this process's scratch folder after the last test.
class ScratchCleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(scratch_root(), ignored);
  }
};

// Registered once for the whole test program, whichever test files include this header.
inline ::testing::Environment* const kScratchCleanup =
    ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

}  // namespace doska::test
