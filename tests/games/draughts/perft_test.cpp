// Perft tables of REFERENCE.md. The cheap depths run by default; the deep ones carry "Deep" in
// their name (ctest label deep, `make test-deep`).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::draughts {
namespace {

// Sources: damforum.nl "Perft for all recognized draughts variants", BikDam, dctl.
const std::vector<std::uint64_t> kInternationalPerft = {
    9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398};
// Sources: shashki.com "Standard validation generator moves", damforum.nl t=2822.
const std::vector<std::uint64_t> kRussianPerft = {
    7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189};
// Sources: A. Bik, "Perft for Checkers"; dctl.
const std::vector<std::uint64_t> kEnglishPerft = {7,      49,     302,     1469,     7361,    36768,
                                                  179740, 845931, 3963680, 18391564, 85242128};

void check(const Rules& rules, const std::vector<std::uint64_t>& table, int from, int to) {
  const Position start = start_position(rules);
  for (int depth = from; depth <= to; ++depth)
    EXPECT_EQ(perft(rules, start, depth), table[depth - 1]) << rules.id << " depth " << depth;
}

TEST(Perft, InternationalStart) {
  check(kInternational, kInternationalPerft, 1, 8);
}
TEST(Perft, RussianStart) {
  check(kRussian, kRussianPerft, 1, 9);
}
TEST(Perft, EnglishStart) {
  check(kEnglish, kEnglishPerft, 1, 9);
}

// Giveaway games move exactly as their base game (REFERENCE.md).
TEST(Perft, GiveawaySameAsBase) {
  check(kInternationalGiveaway, kInternationalPerft, 1, 6);
  check(kRussianGiveaway, kRussianPerft, 1, 7);
  check(kEnglishGiveaway, kEnglishPerft, 1, 7);
}

TEST(PerftDeep, InternationalStart) {
  check(kInternational, kInternationalPerft, 9, 11);
}
TEST(PerftDeep, RussianStart) {
  check(kRussian, kRussianPerft, 10, 11);
}
TEST(PerftDeep, EnglishStart) {
  check(kEnglish, kEnglishPerft, 10, 11);
}

// The bulk count of the last ply agrees with playing every move.
TEST(Perft, BulkCountingAgreesWithPlayedMoves) {
  for (const Rules* rules : kAllRules) {
    const Position start = start_position(*rules);
    MoveList list;
    generate_moves(*rules, start, list);
    std::uint64_t total = 0;
    for (const Move& m : list) {
      Position next = start;
      play(next, m);
      MoveList replies;
      generate_moves(*rules, next, replies);
      for (const Move& r : replies) {
        Position after = next;
        play(after, r);
        total += perft(*rules, after, 2);
      }
    }
    EXPECT_EQ(total, perft(*rules, start, 4)) << rules->id;
  }
}

}  // namespace
}  // namespace doska::draughts
