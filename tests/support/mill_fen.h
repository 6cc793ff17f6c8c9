// A mill position from its FEN for the mill tests: a FEN that does not parse fails the test (with
// the parser's reason) and gives the empty board.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "games/mill/notation.h"

namespace doska::test {

inline mill::Position mill_fen(const mill::Rules& rules, std::string_view text) {
  auto pos = mill::parse_fen(rules, text);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : mill::Position{};
}

}  // namespace doska::test
