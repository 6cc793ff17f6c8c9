// The mill evaluation's terms (src/games/mill/search_traits.h, docs/engine.md).
#include <gtest/gtest.h>

#include "games/mill/notation.h"
#include "games/mill/rules.h"
#include "games/mill/search_traits.h"

namespace doska::mill {
namespace {

template <const Rules& R>
search::Value eval_of(const char* fen) {
  auto pos = parse_fen(R, fen);
  EXPECT_TRUE(pos) << fen;
  return pos ? evaluate<R>(*pos) : 0;
}

// A running mill: d1 stands in the mill a1-d1-g1 and d1-d2 closes b2-d2-f2, so every second turn
// closes a mill and removes a piece (004; in Ceylon with an extra turn too). The same men with f4
// for f2 have no such piece.
TEST(MillEval, RunningMillIsWorthMoreThanItsPieces) {
  const char* running = "W:Wa1,d1,g1,b2,f2:Ba7,d7,g4,f6:H0,0";
  const char* plain = "W:Wa1,d1,g1,b2,f4:Ba7,d7,g4,f6:H0,0";
  EXPECT_GE(eval_of<kMill>(running) - eval_of<kMill>(plain), kMillEval.running_mill);
  EXPECT_GE(eval_of<kMillCeylon>(running) - eval_of<kMillCeylon>(plain), kMillEval.running_mill);
}

// An open mill whose empty point an own piece can reach is a threat; one that no piece can reach
// in the moving phase is only an open mill. White: d7 and g7 with a7 empty; a4 reaches a7 in the
// first position, not in the second (a4 stands on b4 instead, not next to a7).
TEST(MillEval, ClosableOpenMillCountsMore) {
  const char* closable = "W:Wd7,g7,a4,g1:Bb2,d2,f2,c5:H0,0";
  const char* unreachable = "W:Wd7,g7,b4,g1:Bb2,d2,f2,c5:H0,0";
  EXPECT_GT(eval_of<kMill>(closable), eval_of<kMill>(unreachable));
}

// The evaluation is from the side to move: the same position with the other side to move scores
// the negation.
TEST(MillEval, SideToMoveNegates) {
  EXPECT_EQ(eval_of<kMill>("W:Wa1,d1,g1,b2,f2:Ba7,d7,g4,f6:H0,0"),
            -eval_of<kMill>("B:Wa1,d1,g1,b2,f2:Ba7,d7,g4,f6:H0,0"));
}

}  // namespace
}  // namespace doska::mill
