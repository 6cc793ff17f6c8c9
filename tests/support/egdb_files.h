// Helpers of the endgame table tests: files compared, one value of a file changed.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "egdb/retrograde.h"
#include "egdb/table_file.h"

namespace doska::test {

// Compares every file of folder `a` with the file of the same name in `b`; the number compared.
inline int same_files(const std::string& a, const std::string& b) {
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(a)) {
    const auto name = entry.path().filename().string();
    std::ifstream x(entry.path(), std::ios::binary);
    std::ifstream y(b + "/" + name, std::ios::binary);
    const std::string bx((std::istreambuf_iterator<char>(x)), {});
    const std::string by((std::istreambuf_iterator<char>(y)), {});
    EXPECT_EQ(bx, by) << a << " " << name;
    ++compared;
  }
  return compared;
}

// Changes one value of a table file and saves it again, a sound file with its checksum right:
// what `verify` must find (a damaged file is refused by its checksum before that). Sets the
// first entry that is a position holding a win or a loss (`position`), or the first
// that is no position (not `position`), to a draw.
inline void change_one_value(const std::string& path, bool position) {
  namespace code = doska::egdb::code;
  auto table = doska::egdb::Table::load(path, true);
  ASSERT_TRUE(table) << table.error();
  std::vector<std::uint8_t> bytes = (*table)->unpacked();
  const auto at = std::find_if(bytes.begin(), bytes.end(), [&](std::uint8_t b) {
    return position ? b != code::kNone && b != code::kDraw : b == code::kNone;
  });
  ASSERT_NE(at, bytes.end()) << path;
  *at = code::kDraw;
  const doska::egdb::Table changed((*table)->header(),
                                   doska::egdb::TableValues{bytes, (*table)->long_values()});
  ASSERT_TRUE(changed.save(path));
}

// Builds with `o` into `back` counting the wins of distance 1 backward, then into `forth`
// forward (egdb::solve_pair), with `build(o)`; the tables the first built, -1 on a failure.
template <class Options, class Build>
int build_both_ways(Options o, const std::string& back, const std::string& forth, Build&& build) {
  o.dir = back;
  o.win_count = doska::egdb::WinCount::backward;
  auto a = build(o);
  EXPECT_TRUE(a) << a.error();
  o.dir = forth;
  o.win_count = doska::egdb::WinCount::forward;
  auto b = build(o);
  EXPECT_TRUE(b) << b.error();
  if (!a || !b) return -1;
  EXPECT_EQ(a->longest, b->longest);
  return a->tables_built;
}

// Whether some problem a verify reported contains `text`.
inline bool names(const std::vector<std::string>& problems, const std::string& text) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const std::string& p) { return p.find(text) != std::string::npos; });
}

}  // namespace doska::test
