// Changes one value of an endgame table file and saves it again, a sound file with its checksum
// right: what `verify` must find (a damaged file is refused by its checksum before that).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "egdb/table_file.h"

namespace doska::test {

// Sets the first entry that is a position holding a win or a loss (`position`), or the first
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

// Whether some problem a verify reported contains `text`.
inline bool names(const std::vector<std::string>& problems, const std::string& text) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const std::string& p) { return p.find(text) != std::string::npos; });
}

}  // namespace doska::test
