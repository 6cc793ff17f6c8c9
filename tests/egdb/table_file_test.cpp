// The reader of endgame table files (egdb/table_file.h; docs/egdb.md, "Files"): a header whose
// counts cannot be right is refused by name, whole or opened on demand, before any probe; no
// count in a file can make a probe read outside what was allocated for it.
#include "egdb/table_file.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "games/draughts/egdb.h"
#include "games/draughts/rules.h"
#include "games/mill/egdb.h"
#include "support/scratch_dir.h"

namespace doska::egdb {
namespace {

// The fuzz target's finding (fuzz/corpus/fuzz_egdb_table/huge_entry_count): a header whose entry
// count is near 2^64, so that the rounded-up block count overflowed to 1 and a probe read past the
// one-block table.
constexpr unsigned char kHugeEntryCount[] = {
    0x44, 0x4f, 0x53, 0x4b, 0x41, 0x45, 0x47, 0x42, 0x01, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00,
    0x65, 0x6e, 0x67, 0x6c, 0x69, 0x67, 0x6c, 0x69, 0x73, 0x68, 0x01, 0x75, 0x00, 0x00, 0x00, 0x00,
    0x31, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x70, 0x00, 0x4f};

std::string write_file(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const std::string path = test::scratch_dir() + name;
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  return path;
}

template <class T>
void put(std::vector<std::uint8_t>& out, T value) {
  unsigned char raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  out.insert(out.end(), raw, raw + sizeof(T));
}

// A file of format version 1 with the counts given, one empty block for each block it says it
// has, and its checksum right: only the counts can be wrong.
std::vector<std::uint8_t> file_with(std::uint64_t entries, std::uint32_t block_entries,
                                    std::uint64_t blocks) {
  std::vector<std::uint8_t> out{'D', 'O', 'S', 'K', 'A', 'E', 'G', 'B'};
  put(out, std::uint32_t{1});
  put(out, std::uint32_t{7});
  for (char c : std::string("english")) out.push_back(static_cast<std::uint8_t>(c));
  put(out, std::int32_t{1});
  for (std::int32_t m : {0, 1, 0, 1}) put(out, m);
  put(out, entries);
  put(out, block_entries);
  put(out, blocks);
  for (std::uint64_t b = 0; b <= blocks && b < 4; ++b) put(out, std::uint64_t{0});
  put(out, fnv1a(out.data(), out.size()));
  return out;
}

void expect_refused(const std::vector<std::uint8_t>& bytes, const std::string& name,
                    const std::string& why) {
  const std::string path = write_file(name, bytes);
  auto opened = Table::open(path);
  ASSERT_FALSE(opened) << name << " opened on demand";
  EXPECT_NE(opened.error().find("endgame table " + path + " is damaged: " + why), std::string::npos)
      << opened.error();
  for (bool unpack : {false, true}) {
    auto read = Table::load(path, unpack);
    ASSERT_FALSE(read) << name << " read whole";
    EXPECT_NE(read.error().find(path + " is damaged"), std::string::npos) << read.error();
  }
}

TEST(EgdbTableFile, AnEntryCountNearTwoToTheSixtyFourIsRefused) {
  const std::vector<std::uint8_t> found(std::begin(kHugeEntryCount), std::end(kHugeEntryCount));
  const std::string path = write_file("huge_entry_count.egdb", found);
  auto opened = Table::open(path);
  ASSERT_FALSE(opened);
  EXPECT_NE(opened.error().find(path + " is damaged: entry count 18446744073709551615 is more "
                                       "than any table has"),
            std::string::npos)
      << opened.error();
  // Read whole, its checksum is wrong before any count is read.
  auto read = Table::parse(found, "huge", false);
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().find("huge is damaged"), std::string::npos) << read.error();

  // The same counts with the checksum right: refused by the count, whole and on demand.
  expect_refused(file_with(~std::uint64_t{0}, 256, 1), "huge_checked.egdb",
                 "entry count 18446744073709551615");
  expect_refused(file_with(Table::kMaxEntries + 1, 65536, (Table::kMaxEntries >> 16) + 1),
                 "just_over.egdb", "entry count");
}

TEST(EgdbTableFile, ABlockCountThatDoesNotMatchTheEntriesIsRefused) {
  expect_refused(file_with(1000, 256, 3), "short_block_count.egdb",
                 "block count 3 does not match the entry count 1000");
  expect_refused(file_with(1000, 256, 5), "long_block_count.egdb",
                 "block count 5 does not match the entry count 1000");
  expect_refused(file_with(0, 256, 1), "empty_one_block.egdb",
                 "block count 1 does not match the entry count 0");
}

// A sound file of many blocks: every index answers as the values say, and an index past the
// entries, however large, is no value (the bounds check in `at` behind the header's).
TEST(EgdbTableFile, ProbesPastTheEndAreNoValue) {
  std::vector<std::uint8_t> values(5000);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint8_t>(i % 200);
  const Table table({"english", 1, {0, 1, 0, 1}, 0}, {values, {}});
  const std::string path = test::scratch_dir() + "probes_past_the_end.egdb";
  ASSERT_TRUE(table.save(path));
  auto opened = Table::open(path);
  auto read = Table::load(path, false);
  ASSERT_TRUE(opened) << opened.error();
  ASSERT_TRUE(read) << read.error();
  for (const Table* t : {opened->get(), read->get()}) {
    for (std::size_t i = 0; i < values.size(); i += 97) EXPECT_EQ(t->at(i), values[i]);
    for (std::uint64_t i : {std::uint64_t{5000}, std::uint64_t{1} << 40, ~std::uint64_t{0}}) {
      EXPECT_EQ(t->at(i), code::kNone) << i;
      EXPECT_FALSE(t->value(i)) << i;
    }
  }
}

// The bound is above every table a game has: no sound file is refused by it.
TEST(EgdbTableFile, EveryMaterialFitsUnderTheEntryBound) {
  for (const draughts::Rules* rules : draughts::kAllRules)
    for (const draughts::egdb::Material& m : draughts::egdb::materials(draughts::egdb::kMaxPieces))
      EXPECT_LE(draughts::egdb::table_size(*rules, m), Table::kMaxEntries) << m.name();
  for (const mill::Rules* rules : mill::kAllRules)
    for (const mill::egdb::Material& m : mill::egdb::materials(*rules, mill::egdb::kMaxPieces))
      EXPECT_LE(mill::egdb::table_size(m), Table::kMaxEntries) << m.name();
}

}  // namespace
}  // namespace doska::egdb
