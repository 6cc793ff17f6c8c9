// The learned evaluation (games/draughts/pattern_eval.h): symmetry, the weights file, and the
// built-in weights.
#include "games/draughts/pattern_eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/draughts/movegen.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"
#include "support/draughts_positions.h"

namespace doska::draughts::pattern {
namespace {

// Random weights over every feature, so that every term counts in the symmetry test.
Weights random_weights(const Rules& rules, std::uint64_t seed) {
  Weights w;
  w.game = std::string(rules.id);
  w.board_size = rules.board_size;
  w.features = feature_count(rules.board_size);
  w.values.resize(2 * static_cast<std::size_t>(w.features));
  std::mt19937_64 rng(seed);
  for (auto& v : w.values) v = static_cast<std::int16_t>(static_cast<int>(rng() % 801) - 400);
  w.king_windows = has_king_windows(w);
  return w;
}

std::vector<Position> random_positions(const Rules& rules, int games, std::uint64_t seed) {
  return test::random_draughts_positions(rules, games, seed);
}

using test::colour_mirror;

class PatternEvalSymmetry : public ::testing::TestWithParam<const Rules*> {};

TEST_P(PatternEvalSymmetry, AColourMirrorGetsTheOppositeValueForWhite) {
  const Rules& rules = *GetParam();
  const Weights w = random_weights(rules, 7);
  const auto positions = random_positions(rules, 40, 3);
  ASSERT_GT(positions.size(), 1000u);
  for (const Position& pos : positions) {
    const Position mirror = colour_mirror(rules, pos);
    // From the side to move, both are the same position.
    const int here = evaluate(w, pos), there = evaluate(w, mirror);
    ASSERT_EQ(here, there) << to_fen(rules, pos);
    // For White, opposite values.
    const int white_here = pos.side == Side::white ? here : -here;
    const int white_there = mirror.side == Side::white ? there : -there;
    ASSERT_EQ(white_here, -white_there) << to_fen(rules, pos);
  }
}

INSTANTIATE_TEST_SUITE_P(Boards, PatternEvalSymmetry,
                         ::testing::Values(&kInternational, &kRussian, &kEnglish),
                         [](const auto& info) { return std::string(info.param->id); });

// The features a position visits, with their counts, in a fixed order.
using Visits = std::vector<std::pair<int, int>>;
template <int N, bool Fast>
Visits visits_of(const Position& pos, int& phase) {
  Visits v;
  auto collect = [&](int f, int n) { v.emplace_back(f, n); };
  phase = Fast ? visit_features_fast<N>(pos, collect) : visit_features<N>(pos, collect);
  std::sort(v.begin(), v.end());
  return v;
}

// The value evaluate gave by visit_features before it took the fast road.
template <int N>
int reference_value(const Weights& w, const Position& pos) {
  using L = Layout<N>;
  int opening = 0, endgame = 0;
  const int phase = visit_features<N>(pos, [&](int f, int n) {
    opening += n * w.values[2 * f];
    endgame += n * w.values[2 * f + 1];
  });
  int value = (opening * phase + endgame * (L::kMaxPieces - phase)) / (L::kMaxPieces * kUnit);
  if (lone_king(pos)) value /= w.lone_king_divisor;
  return pos.side == Side::white ? value : -value;
}

class PatternEvalFastRoad : public ::testing::TestWithParam<const Rules*> {};

TEST_P(PatternEvalFastRoad, VisitsTheFeaturesOfTheTrainingWithTheSameCounts) {
  const Rules& rules = *GetParam();
  const Weights w = random_weights(rules, 11);
  const auto positions = random_positions(rules, 200, 5);
  ASSERT_GT(positions.size(), 5000u);
  int kings = 0;
  for (const Position& pos : positions) {
    kings += pos.kings != 0;
    int slow_phase = 0, fast_phase = 0;
    if (rules.board_size == 10) {
      ASSERT_EQ((visits_of<10, false>(pos, slow_phase)), (visits_of<10, true>(pos, fast_phase)))
          << to_fen(rules, pos);
      ASSERT_EQ(evaluate(w, pos), reference_value<10>(w, pos)) << to_fen(rules, pos);
    } else {
      ASSERT_EQ((visits_of<8, false>(pos, slow_phase)), (visits_of<8, true>(pos, fast_phase)))
          << to_fen(rules, pos);
      ASSERT_EQ(evaluate(w, pos), reference_value<8>(w, pos)) << to_fen(rules, pos);
    }
    ASSERT_EQ(slow_phase, fast_phase) << to_fen(rules, pos);
  }
  EXPECT_GT(kings, 1000);  // the king squares are covered too
}

TEST_P(PatternEvalFastRoad, TheBuiltInWeightsGiveTheSameValues) {
  const Rules& rules = *GetParam();
  const Weights* w = builtin_patterns(rules.id);
  ASSERT_NE(w, nullptr);
  for (const Position& pos : random_positions(rules, 100, 9)) {
    if (rules.board_size == 10)
      ASSERT_EQ(evaluate(*w, pos), reference_value<10>(*w, pos)) << to_fen(rules, pos);
    else
      ASSERT_EQ(evaluate(*w, pos), reference_value<8>(*w, pos)) << to_fen(rules, pos);
  }
}

INSTANTIATE_TEST_SUITE_P(Boards, PatternEvalFastRoad,
                         ::testing::Values(&kInternational, &kRussian, &kEnglish),
                         [](const auto& info) { return std::string(info.param->id); });

TEST(PatternEval, WindowBytesGatherEveryPairOfEveryColumn) {
  std::mt19937_64 rng(13);
  for (unsigned pairs = 0; pairs < (1u << 16); ++pairs) {
    const int column = static_cast<int>(pairs % 4);
    // The pair of lane j (bits 2j, 2j + 1 of `pairs`) at bits 8j + column, 8j + column + 1 of the
    // lanes, among noise on every other bit.
    std::uint64_t lanes = rng() & ~(0x0303030303030303ULL << column);
    for (int j = 0; j < 8; ++j) lanes |= std::uint64_t{(pairs >> (2 * j)) & 3} << (8 * j + column);
    const WindowBytes bytes = window_bytes(lanes, column);
    ASSERT_EQ(bytes.white, pairs & 0xff) << pairs;
    ASSERT_EQ(bytes.black, pairs >> 8) << pairs;
  }
}

TEST(PatternEval, TheFeaturesOfTheStartCoverEveryManOnce) {
  // The window tables see each man of the start in 1, 2 or 4 windows; the man count sees it once.
  Weights w;
  w.game = "international";
  w.board_size = 10;
  w.features = feature_count(10);
  w.values.assign(2 * static_cast<std::size_t>(w.features), 0);
  using L = Layout<10>;
  w.values[2 * (L::kScalarBase + kMan)] = 100 * kUnit;
  w.values[2 * (L::kScalarBase + kMan) + 1] = 100 * kUnit;
  auto pos = parse_fen(kInternational, "W:W31-50,K30:B1-19");
  ASSERT_TRUE(pos);
  // 20 men against 19, plus a king that counts only as a king (weight 0 here).
  EXPECT_EQ(evaluate(w, *pos), 100);
}

TEST(PatternEval, TheWindowsTileTheBoard) {
  auto covered = [](auto layout) {
    using L = decltype(layout);
    Bitboard all = 0;
    for (const auto& rows : L::kWindowRows)
      for (int bit : rows) all |= Bitboard{3} << bit;
    return all == L::G::kBoard;
  };
  EXPECT_TRUE(covered(Layout<10>{}));
  EXPECT_TRUE(covered(Layout<8>{}));
}

TEST(PatternEvalFile, RoundTrips) {
  const Weights w = random_weights(kRussian, 1);
  auto back = parse(serialize(w), "test");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->game, "russian");
  EXPECT_EQ(back->board_size, 8);
  EXPECT_EQ(back->values, w.values);
  EXPECT_EQ(back->lone_king_divisor, w.lone_king_divisor);
}

// The bytes of a version 1 file (no king windows on 8x8) holding the weights of `w` outside them.
std::string version1_bytes(const Weights& w) {
  using L = Layout<8>;
  auto u32 = [](std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  };
  std::string out = "DOSKAEVL";
  u32(out, 1);
  u32(out, static_cast<std::uint32_t>(w.game.size()));
  out += w.game;
  u32(out, 8);
  const int skipped = L::kWindows * L::kKingConfigs;
  u32(out, static_cast<std::uint32_t>(w.features - skipped));
  u32(out, static_cast<std::uint32_t>(w.lone_king_divisor));
  for (int f = 0; f < w.features; ++f) {
    if (f >= L::kKingWindowBase && f < L::kKingBase) continue;
    for (int half = 0; half < 2; ++half) {
      const auto u = static_cast<std::uint16_t>(w.values[2 * static_cast<std::size_t>(f) + half]);
      out.push_back(static_cast<char>(u & 0xff));
      out.push_back(static_cast<char>(u >> 8));
    }
  }
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a, as the file format says
  for (unsigned char c : out) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((h >> (8 * i)) & 0xff));
  return out;
}

TEST(PatternEvalFile, AVersion1FileOf8x8ReadsWithItsKingWindowsZero) {
  using L = Layout<8>;
  Weights w = random_weights(kEnglish, 4);
  for (int f = L::kKingWindowBase; f < L::kKingBase; ++f)
    w.values[2 * static_cast<std::size_t>(f)] = w.values[2 * static_cast<std::size_t>(f) + 1] = 0;
  auto back = parse(version1_bytes(w), "old.weights");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->features, feature_count(8));
  EXPECT_EQ(back->values, w.values);
  EXPECT_FALSE(back->king_windows);
  // A version 1 file whose feature count is that of version 2 is refused by name.
  std::string wrong = serialize(w);
  wrong[8] = 1;
  auto refused = parse(wrong, "x");
  ASSERT_FALSE(refused);
}

// The king windows of 8x8 are read where an opposing king stands in a window, and only there.
TEST(PatternEval, TheKingWindowsSeeOpposingKingsAmongTheMen) {
  using L = Layout<8>;
  Weights w = random_weights(kEnglish, 6);
  Weights without = w;
  for (int f = L::kKingWindowBase; f < L::kKingBase; ++f)
    without.values[2 * static_cast<std::size_t>(f)] =
        without.values[2 * static_cast<std::size_t>(f) + 1] = 0;
  EXPECT_TRUE(w.king_windows);
  without.king_windows = has_king_windows(without);
  EXPECT_FALSE(without.king_windows);
  int with_kings = 0, differ = 0;
  for (const Position& pos : random_positions(kEnglish, 60, 21)) {
    if (!pos.kings) {
      ASSERT_EQ(evaluate(w, pos), evaluate(without, pos)) << to_fen(kEnglish, pos);
      continue;
    }
    ++with_kings;
    differ += evaluate(w, pos) != evaluate(without, pos);
  }
  ASSERT_GT(with_kings, 500);
  EXPECT_GT(differ, with_kings * 9 / 10);
  // A lone black king among white men: White's view reads it in every window holding it.
  auto pos = parse_fen(kEnglish, "W:W21,22,23:BK18");
  ASSERT_TRUE(pos);
  int king_windows = 0;
  visit_features<8>(
      *pos, [&](int f, int) { king_windows += f >= L::kKingWindowBase && f < L::kKingBase; });
  EXPECT_GE(king_windows, 1);
}

TEST(PatternEvalFile, DamageIsRefusedWithItsReason) {
  const std::string good = serialize(random_weights(kEnglish, 2));
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x10;
  auto r = parse(flipped, "x.weights");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("checksum"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("x.weights"), std::string::npos) << r.error();
  auto truncated = parse(good.substr(0, good.size() - 100), "x");
  ASSERT_FALSE(truncated);
  auto foreign = parse("PK\x03\x04 not weights at all", "x");
  ASSERT_FALSE(foreign);
  EXPECT_NE(foreign.error().find("not a doska weights file"), std::string::npos);
  auto empty = parse("", "x");
  ASSERT_FALSE(empty);
}

TEST(PatternEvalFile, AMissingFileIsAnError) {
  auto r = load("/nonexistent/dir/none.weights");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("/nonexistent/dir/none.weights"), std::string::npos);
}

TEST(PatternEval, EveryDraughtsGameHasSoundBuiltInWeights) {
  for (const Rules* rules : kAllRules) {
    auto sum = builtin_checksum(rules->id);
    ASSERT_TRUE(sum) << sum.error();
    const Weights* w = builtin(rules->id);
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->game, rules->id);
    EXPECT_EQ(w->board_size, rules->board_size);
    EXPECT_EQ(w->lone_king_divisor, lone_king_divisor(*rules)) << rules->id;
  }
}

// The codes' ending rules: with flying kings (000 §5.3-5.4, 002 §1.9.1.3-5) a lone king against
// at most three pieces is a draw or nearly; english (RULINGS §1.6) has no such rule, and two
// kings beat one; in giveaway (RULINGS §1.7) a lone king is no draw either.
TEST(PatternEval, TheLoneKingDivisorFollowsEachCodesEndingRules) {
  EXPECT_EQ(lone_king_divisor(kInternational), 8);
  EXPECT_EQ(lone_king_divisor(kRussian), 8);
  EXPECT_EQ(lone_king_divisor(kEnglish), 1);
  for (const Rules* rules : kAllRules) {
    if (rules->giveaway) {
      EXPECT_EQ(lone_king_divisor(*rules), 1) << rules->id;
    }
  }
}

// English: two kings against one is a win; the built-in weights are not divided towards a draw
// there (with the division they gave 9 centipawns).
TEST(PatternEval, EnglishTwoKingsAgainstOneAreNotScoredAsADraw) {
  auto pos = parse_fen(kEnglish, "W:WK22,K27:BK5");
  ASSERT_TRUE(pos) << pos.error();
  const Weights* w = builtin_patterns("english");
  ASSERT_NE(w, nullptr);
  EXPECT_GT(evaluate(*w, *pos), 50);
  // The built-in evaluation with its network (data/eval/english.net) too.
  const Weights* with_network = builtin("english");
  ASSERT_NE(with_network, nullptr);
  EXPECT_GT(evaluate(*with_network, *pos), 25);
}

}  // namespace
}  // namespace doska::draughts::pattern
