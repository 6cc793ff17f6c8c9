// Whole files in and out (src/common/files.h): a round trip, the errors that name the file, the
// size limit, a folder that cannot be made, a full disk, and a file replaced whole.
#include "common/files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/scratch_dir.h"

namespace doska::files_test {
namespace {

std::string scratch(const std::string& name) {
  const std::string dir = test::scratch_dir() + "files_test/";
  std::filesystem::create_directories(dir);
  return dir + name;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The file's bytes as read_whole_file gives them, or its error after "error: ".
std::string contents(const std::string& path) {
  auto bytes = read_whole_file(path, "test file");
  return bytes ? *bytes : "error: " + bytes.error();
}

TEST(Files, RoundTripKeepsEveryByte) {
  const std::string path = scratch("round_trip.bin");
  std::string bytes = "line\r\n";
  for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
  bytes += std::string(200'000, 'x');  // more than one read buffer
  ASSERT_TRUE(replace_file(path, bytes));
  EXPECT_EQ(contents(path), bytes);
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));

  ASSERT_TRUE(replace_file(path, ""));
  EXPECT_EQ(contents(path), "");
}

TEST(Files, MissingFileErrorNamesWhatAndPath) {
  const std::string path = scratch("no_such_file.txt");
  auto missing = read_whole_file(path, "opening book");
  ASSERT_FALSE(missing);
  EXPECT_TRUE(contains(missing.error(), "cannot read opening book " + path)) << missing.error();
  EXPECT_TRUE(contains(missing.error(), "No such file or directory")) << missing.error();

  auto unnamed = read_whole_file(path);
  ASSERT_FALSE(unnamed);
  EXPECT_TRUE(contains(unnamed.error(), "cannot read " + path)) << unnamed.error();
}

TEST(Files, SizeLimit) {
  const std::string path = scratch("limit.txt");
  ASSERT_TRUE(replace_file(path, "0123456789"));
  auto exact = read_whole_file(path, "list", 10);
  ASSERT_TRUE(exact) << exact.error();
  EXPECT_EQ(*exact, "0123456789");
  auto over = read_whole_file(path, "list", 9);
  ASSERT_FALSE(over);
  EXPECT_TRUE(contains(over.error(), path)) << over.error();
  EXPECT_TRUE(contains(over.error(), "too large")) << over.error();
  EXPECT_TRUE(contains(over.error(), "list")) << over.error();
}

TEST(Files, WriteWhereTheFolderCannotBeMadeFailsAndLeavesNoFile) {
  // A plain file where a folder of the path should be: no one can make the folder.
  const std::string blocker = scratch("blocker");
  std::ofstream(blocker) << "a file, not a folder";
  const std::string path = blocker + "/sub/out.txt";
  const Status written = replace_file(path, "bytes");
  ASSERT_FALSE(written);
  EXPECT_TRUE(contains(written.error(), path)) << written.error();
  EXPECT_TRUE(contains(written.error(), "cannot make the folder")) << written.error();
  std::error_code ec;
  EXPECT_FALSE(std::filesystem::exists(path, ec));
  EXPECT_FALSE(std::filesystem::exists(path + ".part", ec));
  EXPECT_FALSE(std::filesystem::exists(blocker + "/sub", ec));
}

TEST(Files, MakesAMissingParentFolder) {
  const std::string path = scratch("new/deeper/out.txt");
  ASSERT_TRUE(replace_file(path, "made"));
  EXPECT_EQ(contents(path), "made");
}

TEST(Files, ExistingFileIsReplacedWhole) {
  const std::string path = scratch("replaced.txt");
  ASSERT_TRUE(replace_file(path, std::string(5000, 'a')));
  ASSERT_TRUE(replace_file(path, "short"));
  EXPECT_EQ(contents(path), "short");  // nothing of the longer file is left after it
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));
}

TEST(Files, FullDiskIsAnErrorAndLeavesNoFile) {
  // The .part file made a link to /dev/full: every write to it fails as on a full disk.
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const std::string path = scratch("full.txt");
  std::filesystem::create_symlink("/dev/full", path + ".part");
  const Status written = replace_file(path, std::string(100'000, 'x'));
  ASSERT_FALSE(written);
  EXPECT_TRUE(contains(written.error(), "cannot write " + path + ".part")) << written.error();
  EXPECT_TRUE(contains(written.error(), "disk full?")) << written.error();
  std::error_code ec;
  EXPECT_FALSE(std::filesystem::exists(path, ec));
  EXPECT_FALSE(std::filesystem::is_symlink(path + ".part", ec));
}

TEST(Files, ReadingAFolderIsAnError) {
  const std::string dir = scratch("a_folder");
  std::filesystem::create_directories(dir);
  auto read = read_whole_file(dir, "test file");
  ASSERT_FALSE(read);
  EXPECT_TRUE(contains(read.error(), "cannot read test file " + dir)) << read.error();
}

}  // namespace
}  // namespace doska::files_test
